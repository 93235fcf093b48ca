"""Which Chromium the browser tests drive (tests/browser/chromium.py): Debian's headless shell
when it is installed (lighter: the same engine without the browser's windows), its binary
itself, which chromedriver ends when it quits; else the whole browser, run headless."""

import shutil

from tests.browser import chromium


def installed(*names):
    return lambda name: f"/usr/bin/{name}" if name in names else None


def test_the_headless_shell_first(monkeypatch, tmp_path):
    shell = tmp_path / "chromium-headless-shell"
    shell.touch()
    monkeypatch.setattr(chromium, "HEADLESS_SHELLS", (tmp_path / "elsewhere", shell))
    monkeypatch.setattr(shutil, "which", installed("chromium", "chromedriver"))
    assert chromium.binaries() == (str(shell), "/usr/bin/chromedriver")


def test_the_whole_browser_without_it(monkeypatch, tmp_path):
    monkeypatch.setattr(chromium, "HEADLESS_SHELLS", (tmp_path / "chromium-headless-shell",))
    monkeypatch.setattr(shutil, "which", installed("chromium", "chromedriver"))
    assert chromium.binaries() == ("/usr/bin/chromium", "/usr/bin/chromedriver")


def test_none_without_either(monkeypatch, tmp_path):
    monkeypatch.setattr(chromium, "HEADLESS_SHELLS", ())
    monkeypatch.setattr(shutil, "which", installed("chromedriver"))
    assert chromium.binaries() == (None, "/usr/bin/chromedriver")
