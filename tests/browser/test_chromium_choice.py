"""Which Chromium the browser tests drive (tests/browser/chromium.py): Debian's headless shell
when it is installed (lighter: the same engine without the browser's windows), else the whole
browser, run headless; chromedriver drives either."""

import shutil

from tests.browser import chromium


def installed(*names):
    return lambda name: f"/usr/bin/{name}" if name in names else None


def test_the_headless_shell_first(monkeypatch):
    monkeypatch.setattr(
        shutil, "which", installed("chromium-headless-shell", "chromium", "chromedriver")
    )
    assert chromium.binaries() == ("/usr/bin/chromium-headless-shell", "/usr/bin/chromedriver")


def test_the_whole_browser_without_it(monkeypatch):
    monkeypatch.setattr(shutil, "which", installed("chromium", "chromedriver"))
    assert chromium.binaries() == ("/usr/bin/chromium", "/usr/bin/chromedriver")


def test_none_without_either(monkeypatch):
    monkeypatch.setattr(shutil, "which", installed("chromedriver"))
    assert chromium.binaries() == (None, "/usr/bin/chromedriver")
