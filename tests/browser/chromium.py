"""The Chromiums the browser tests share: one per window size in each test process, started
when a test first asks for that size (starting one takes longer than many tests), and made to
forget each test before the next (`forget`, then `set_up`): no test sees what another left."""

import contextlib
import shutil
from pathlib import Path

from tests.browser.audit import CSP_LISTENER, on_every_page
from tests.browser.helpers import APPEAR_SECONDS

#: Where Debian puts the headless shell's binary (package chromium-headless-shell).
HEADLESS_SHELLS = (Path("/usr/lib/chromium/chromium-headless-shell"),)
#: The window of a test that names no size.
LAPTOP = (1280, 800)
#: chromedriver's timeouts but the script's: the audit's axe takes up to a minute on a big page.
TIMEOUTS = {"implicit_wait": APPEAR_SECONDS, "page_load": 300, "script": 60}


def binaries():
    """Debian's Chromium and chromedriver, or None for each that is not installed.

    Chromium's headless shell (Debian's chromium-headless-shell: the same Blink, V8 and
    DevTools, without the browser's windows) when it is there: the browser tests took 18 % less
    CPU and 14 % less time with it than with the whole browser run headless (73 tests: 292
    against 355 busy CPU-seconds, 172 against 201 s; docs/testing.md). The binary itself, not
    Debian's /usr/bin/chromium-headless-shell: that script starts it as a child rather than in
    its own place, so chromedriver, quitting, would end the script and leave the shell running."""
    browser = (
        next((str(path) for path in HEADLESS_SHELLS if path.exists()), None)
        or shutil.which("chromium")
        or shutil.which("chromium-browser")
    )
    driver = shutil.which("chromedriver")
    return browser, driver


def start(binary, driver, size):
    """A headless Chromium with a window of `size` (width, height)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

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
        f"--window-size={width},{height}",
    ):
        options.add_argument(flag)
    options.binary_location = binary
    # The browser's log: what the Content-Security-Policy refused (read by the audit).
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(driver), options=options)


def set_up(driver, size, axe):
    """The tab of `driver` (a new one, see `forget`) made as every test expects: the window's
    size, the device metrics (a phone's below 600 px), the audit's two scripts in every new
    document, chromedriver's implicit wait and timeouts, no network conditions of chromedriver's
    own."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.timeouts import Timeouts

    width, height = size
    with contextlib.suppress(WebDriverException):  # none were set
        driver.delete_network_conditions()
    driver.set_window_size(width, height)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_LISTENER})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": on_every_page(axe)})
    driver.timeouts = Timeouts(**TIMEOUTS)


def forget(driver, origins):
    """Everything a test may have left in `driver` gone, as in a browser just started.

    Its windows and tabs are closed for a new, blank tab: with them go their pages and dialogs,
    their history and sessionStorage, and what DevTools set on them (network conditions, held
    requests, scripts added to new documents, device metrics). What the pages of `origins` stored
    is deleted: localStorage, IndexedDB, the Cache API's caches and the service workers (with
    them goes whatever a test attached to them). So are every site's cookies and the HTTP cache,
    and the browser's log is read out."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support.ui import WebDriverWait

    with contextlib.suppress(WebDriverException):  # a dialog open answers no command
        driver.switch_to.alert.dismiss()
    old = driver.window_handles
    driver.switch_to.new_window("tab")
    blank = driver.current_window_handle
    for handle in old:
        driver.switch_to.window(handle)
        try:
            driver.close()
        except WebDriverException:  # a dialog open: answered, then closed
            driver.switch_to.alert.dismiss()
            driver.close()
    driver.switch_to.window(blank)
    driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
    driver.execute_cdp_cmd("Network.clearBrowserCache", {})
    for origin in origins:
        driver.execute_cdp_cmd(
            "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"}
        )
    WebDriverWait(driver, 10, poll_frequency=0.05).until(lambda d: not workers(d))
    driver.get_log("browser")


def workers(driver):
    """The service and shared workers running in `driver`'s browser."""
    targets = driver.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]
    return [target for target in targets if target["type"] in ("service_worker", "shared_worker")]


def quit_quietly(driver):
    with contextlib.suppress(Exception):  # gone already
        driver.quit()


class Chromiums:
    """One Chromium per window size, started on first use and again if one went away."""

    def __init__(self, binary, driver, axe):
        self.binary, self.driver, self.axe = binary, driver, axe
        self.running = {}

    def ready(self, size):
        """The Chromium of `size`, set up for a test."""
        if size in self.running:
            try:
                set_up(self.running[size], size, self.axe)
                return self.running[size]
            except Exception:  # it crashed, or its chromedriver did: another one
                quit_quietly(self.running.pop(size))
        self.running[size] = start(self.binary, self.driver, size)
        set_up(self.running[size], size, self.axe)
        return self.running[size]

    def forget(self, size, origins):
        """`forget` in the Chromium of `size`; one that cannot is quit (the next test that
        asks for its size starts another)."""
        try:
            forget(self.running[size], origins)
        except Exception:  # it crashed, or its chromedriver did
            quit_quietly(self.running.pop(size))

    def quit(self):
        for driver in self.running.values():
            quit_quietly(driver)
        self.running.clear()
