"""A real headless Chromium (Debian's chromium and chromium-driver) driven by Selenium.

`make test` installs the two packages when they are missing (bin/ensure-packages). Only when
they still cannot be found are these tests skipped, with a message that says so.
"""

import os
import shutil
from pathlib import Path

import pytest

SCREENSHOTS = Path(os.environ.get("DESK_SCREENSHOTS", "/tmp/desk-screenshots"))


def _binaries():
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return browser, driver


@pytest.fixture
def browser(request):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    binary, driver = _binaries()
    if not (binary and driver):
        pytest.skip(
            "Chromium and chromedriver are not installed (Debian packages chromium "
            "and chromium-driver; `make test` installs them when it can)."
        )
    width, height = getattr(request, "param", (1280, 800))
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
    driver_ = webdriver.Chrome(service=Service(driver), options=options)
    driver_.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver_.implicitly_wait(5)
    yield driver_
    driver_.quit()


@pytest.fixture
def screenshot(browser):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(name):
        path = SCREENSHOTS / f"{name}.png"
        browser.save_screenshot(str(path))
        return path

    return take
