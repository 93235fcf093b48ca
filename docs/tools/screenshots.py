"""The screenshots of the documentation, made from the running desk.

    .venv/bin/python docs/tools/screenshots.py [--force] [--database FILE]

Starts the desk as `make serve` does (waitress, DEBUG off) on a throwaway SQLite database in a
temporary folder, with the two demo tournaments (`manage.py setup_desk`), and drives Debian's
headless Chromium through it as the director (1280 px wide) and as a referee on a phone
(360 px): every picture in the guides is taken from what the desk shows today. The pictures go
to docs/screenshots/ (git-ignored), with a fingerprint of everything that shapes the pages
(the apps' code, templates, static files, translations, demo lists, these scripts): `make docs` calls this
script, which does nothing while the fingerprint is unchanged, and takes every picture again
when it is not (or with --force). `--database FILE` starts from a copy of a database the demo
was loaded into (quicker while writing a guide).
"""

import argparse
import base64
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "docs" / "screenshots"
FINGERPRINT = OUT / ".fingerprint"
#: What does not shape the pages (everything else does: a change to it takes the pictures again).
NOT_INPUTS = {
    ".ci",
    ".gitignore",
    ".pre-commit-config.yaml",
    "bench",
    "deploy",
    "docs",
    "Makefile",
    "mkdocs.yml",
    "pyproject.toml",
    "README.md",
    "requirements-dev.txt",
    "tests",
}
#: ... except the two files that take the pictures.
SCRIPTS = ("docs/tools/screenshots.py", "docs/tools/scenes.py")
DESKTOP, PHONE = (1280, 800), (360, 740)
#: The address the referee links and QR codes carry in the pictures (a laptop on a venue's LAN).
PUBLIC_URL = "http://192.168.1.20:8000"
PASSWORD = "docs-screenshots"
#: Where the running desk writes its messages (it has no mail server): the sign-up's scenes
#: follow the links in them, as a player follows an e-mail's.
MAIL: dict[str, Path] = {}
#: The tallest picture of a whole page, in pixels (a long page is cut there).
TALLEST = 1500


def _inputs() -> list[Path]:
    """Every file of the tree that shapes the pages: git's list (what is tracked, and what is
    new but not ignored), or the folders themselves outside a git clone."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            check=True,
        ).stdout.decode()
        paths = [ROOT / name for name in listed.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        tops = [top for top in ROOT.iterdir() if not top.name.startswith(".")]
        tops = [top for top in tops if top.name not in {"data", "site", "staticfiles"}]
        paths = [path for top in tops for path in ([top] if top.is_file() else top.rglob("*"))]
    return sorted(
        path
        for path in paths
        if path.is_file()
        and path.relative_to(ROOT).parts[0] not in NOT_INPUTS
        and "__pycache__" not in path.parts
        and path.suffix not in (".pyc", ".mo")
    ) + [ROOT / name for name in SCRIPTS]


def fingerprint() -> str:
    digest = hashlib.sha256()
    for path in _inputs():
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


# -- the desk --------------------------------------------------------------------------------


def _deployment() -> Any:
    """deploy/on_this_machine.py: the desk process as the systemd unit starts it."""
    spec = importlib.util.spec_from_file_location(
        "on_this_machine", ROOT / "deploy" / "on_this_machine.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _manage(env: dict[str, str], *command: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", *command], cwd=ROOT, env=env, capture_output=True, text=True
    )
    if done.returncode:
        raise SystemExit(f"manage.py {' '.join(command)} failed:\n{done.stdout}{done.stderr}")


@contextmanager
def running_desk(database: Path | None) -> Iterator[str]:
    """The desk with the demo tournaments on a free port; yields its address."""
    deployment = _deployment()
    folder = Path(tempfile.mkdtemp(prefix="desk-docs-"))
    MAIL["folder"] = folder / "mail"
    env = {
        **os.environ,
        "DESK_DATA_DIR": str(folder),
        "DATABASE_URL": f"sqlite:///{folder / 'desk.sqlite3'}",
        "DESK_SECRET_KEY": "docs-screenshots-" + "x" * 40,
        "DESK_DEBUG": "0",
        "DESK_ALLOWED_HOSTS": "127.0.0.1",
        "DESK_PUBLIC_URL": PUBLIC_URL,
        "DESK_DIRECTOR_PASSWORD": PASSWORD,
        "DESK_BACKUP_MINUTES": "0",
        "DESK_LANGUAGE": "en",
        "DJANGO_SETTINGS_MODULE": "desk.settings",
    }
    for name in (
        "DESK_CACHE_URL",
        "DESK_HTTPS",
        "DESK_STATIC_ROOT",
        "DESK_TRUSTED_PROXIES",
        "DESK_EMAIL_HOST",
    ):
        env.pop(name, None)
    process = None
    try:
        if database:
            shutil.copy(database, folder / "desk.sqlite3")
            _manage(env, "migrate", "--noinput", "-v", "0")
        else:
            print("Loading the demo tournaments into a new desk ...", flush=True)
            _manage(env, "migrate", "--noinput", "-v", "0")
            _manage(env, "createcachetable")
            _manage(env, "setup_desk")
        _manage(env, "collectstatic", "--noinput", "-v", "0")
        (port,) = deployment.free_ports(1)
        process = deployment.start_desk(port, env=env, log_path=folder / "desk.log", threads=8)
        yield f"http://127.0.0.1:{port}"
    finally:
        if process is not None:
            deployment.stop(process)
        shutil.rmtree(folder, ignore_errors=True)


# -- the browser ------------------------------------------------------------------------------


@contextmanager
def chromium(size: tuple[int, int]) -> Iterator[Any]:
    """Debian's headless Chromium at `size` (a phone below 600 px: touch, mobile layout)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not (binary and driver):
        raise SystemExit(
            "The screenshots need Chromium and chromedriver (Debian packages chromium and "
            "chromium-driver; bin/ensure-packages installs them)."
        )
    width, height = size
    options = webdriver.ChromeOptions()
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        "--lang=en",
        f"--window-size={width},{height}",
    ):
        options.add_argument(flag)
    options.binary_location = binary
    browser = webdriver.Chrome(service=Service(driver), options=options)
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    browser.implicitly_wait(5)
    try:
        yield browser
    finally:
        browser.quit()


class Camera:
    """One browser on the desk at `base`: opens pages, taps, waits, and takes pictures."""

    def __init__(self, browser: Any, base: str, taken: list[str]):
        self.browser, self.base, self.taken = browser, base, taken

    def open(self, path: str) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        self.browser.get(self.base + path)
        WebDriverWait(self.browser, 30).until(
            lambda b: b.execute_script(
                "return document.readyState === 'complete' && !!document.body"
                " && document.body.innerText.trim().length > 0"
            )
        )

    def wait(self, condition: Callable[[Any], Any], seconds: float = 30) -> Any:
        """Until `condition(browser)` holds; a page that is being replaced meanwhile (an
        element gone stale, a script run between two documents) is asked again."""
        from selenium.common.exceptions import JavascriptException, StaleElementReferenceException
        from selenium.webdriver.support.ui import WebDriverWait

        waiting = WebDriverWait(
            self.browser,
            seconds,
            poll_frequency=0.2,
            ignored_exceptions=(StaleElementReferenceException, JavascriptException),
        )
        return waiting.until(condition)

    def expect(self, text: str) -> None:
        """Stop unless the page says `text` (a step that did not do what the guide shows)."""
        if text not in self.browser.find_element("css selector", "body").text:
            raise RuntimeError(f"{self.browser.current_url} does not say {text!r}")

    def find(self, css: str) -> Any:
        return self.browser.find_element("css selector", css)

    def button(self, text: str, within: str = "main") -> Any:
        """The button (or link styled as one) whose text is `text`."""
        for element in self.browser.find_elements("css selector", f"{within} button, {within} a"):
            if element.text.strip() == text:
                return element
        raise LookupError(f"no button {text!r} on {self.browser.current_url}")

    def submit(self, element: Any) -> None:
        """Click `element` and wait for the page it leads to."""
        old = self.browser.find_element("css selector", "html")
        self.browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
        self.wait(lambda b: old.id != b.find_element("css selector", "html").id)
        self.wait(lambda b: b.execute_script("return document.readyState === 'complete';"))

    def choose(self, name: str, value: object) -> None:
        """Tap the big button of a choice (its radio is invisible under the label)."""
        field = self.find(f'input[name="{name}"][value="{value}"]')
        self.browser.execute_script("arguments[0].click()", field)
        self.wait(lambda b: field.is_selected())

    def type(self, name: str, text: str) -> None:
        field = self.browser.find_element("name", name)
        field.clear()
        field.send_keys(text)

    def log_in(self, username: str, password: str) -> None:
        self.open("/accounts/login/")
        self.type("username", username)
        self.type("password", password)
        form = self.browser.find_element("xpath", "//form[.//input[@name='password']]")
        self.submit(form.find_element("css selector", "button[type=submit]"))

    def scroll_to(self, css: str) -> None:
        element = self.find(css)
        self.browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", element)
        self.browser.execute_script("window.scrollBy(0, -8)")

    def shoot(self, name: str, *, whole: bool = False, element: str | None = None) -> None:
        """docs/screenshots/<name>.png: the window, the whole page (cut at TALLEST pixels) or
        one element."""
        path = OUT / f"{name}.png"
        self.browser.execute_script(
            "document.activeElement && document.activeElement.blur && document.activeElement.blur()"
        )
        if element:
            self.find(element).screenshot(str(path))
        elif whole:
            width, height = self.browser.execute_script(
                "return [document.documentElement.clientWidth,"
                " document.documentElement.scrollHeight];"
            )
            clip = {"x": 0, "y": 0, "width": width, "height": min(height, TALLEST), "scale": 1}
            shot = self.browser.execute_cdp_cmd(
                "Page.captureScreenshot",
                {"format": "png", "captureBeyondViewport": True, "clip": clip},
            )
            path.write_bytes(base64.b64decode(shot["data"]))
        else:
            self.browser.save_screenshot(str(path))
        self.taken.append(path.name)
        print(f"  {path.relative_to(ROOT)}", flush=True)

    def link_path(self, url: str) -> str:
        """The path of a link the desk wrote with its public address (DESK_PUBLIC_URL)."""
        return urllib.parse.urlsplit(url).path


def take_all(base: str) -> list[str]:
    from scenes import director_scenes, referee_scenes, season_scenes, signup_scenes

    taken: list[str] = []
    with chromium(DESKTOP) as desktop, chromium(PHONE) as phone:
        director, referee = Camera(desktop, base, taken), Camera(phone, base, taken)
        try:
            director.log_in("director", PASSWORD)
            links = director_scenes(director)
            signup_scenes(director, referee, MAIL["folder"])
            season_scenes(director, referee)
            referee_scenes(referee, director, links)
        except Exception:
            # What each browser showed when it went wrong, for whoever reads the error.
            for camera, name in ((director, "failed-director"), (referee, "failed-phone")):
                camera.browser.save_screenshot(str(OUT / f"{name}.png"))
                print(f"{name}: {camera.browser.current_url} (docs/screenshots/{name}.png)")
            raise
    return taken


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--force", action="store_true", help="take the pictures even if current")
    parser.add_argument("--database", type=Path, help="start from a copy of this database")
    args = parser.parse_args()
    current = fingerprint()
    if not args.force and FINGERPRINT.exists() and FINGERPRINT.read_text() == current:
        print("docs/screenshots: current")
        return
    started = time.monotonic()
    sys.path.insert(0, str(Path(__file__).parent))
    OUT.mkdir(exist_ok=True)
    FINGERPRINT.unlink(missing_ok=True)
    for old in OUT.glob("*.png"):
        old.unlink()
    with running_desk(args.database) as base:
        taken = take_all(base)
    FINGERPRINT.write_text(current)
    print(f"docs/screenshots: {len(taken)} pictures in {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    main()
