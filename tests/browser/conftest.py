"""A real headless Chromium (Debian's chromium and chromium-driver) driven by Selenium.

`make test` installs the two packages when they are missing (bin/ensure-packages). Only when
they still cannot be found are these tests skipped, with a message that says so.

Every page a test opens is audited on its way (tests/browser/audit.py): axe-core finds no WCAG
A/AA violation and the page breaks no rule of its Content-Security-Policy, or the test fails
with the list.
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


@pytest.fixture(scope="session")
def axe():
    from tests.browser.audit import axe_source

    return axe_source()


@pytest.fixture
def browser(request):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.support.event_firing_webdriver import EventFiringWebDriver

    from tests.browser.audit import CSP_LISTENER, PageAudit

    binary, driver = _binaries()
    if not (binary and driver):
        pytest.skip(
            "Chromium and chromedriver are not installed (Debian packages chromium "
            "and chromium-driver; `make test` installs them when it can)."
        )
    axe = request.getfixturevalue("axe")
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
    # The browser's log: what the Content-Security-Policy refused (read by the audit).
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver_ = webdriver.Chrome(service=Service(driver), options=options)
    driver_.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    driver_.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": CSP_LISTENER})
    driver_.implicitly_wait(5)
    audit = PageAudit(axe)
    audited = EventFiringWebDriver(driver_, audit)
    try:
        yield audited
        audit.audit(driver_, leaving=True)  # the page the test ends on
    finally:
        driver_.quit()
    findings = list(dict.fromkeys(audit.findings))
    if findings:
        pytest.fail(
            f"{len(findings)} problem(s) on the pages this test opened "
            f"({len(audit.audited)} audited):\n" + "\n".join(findings),
            pytrace=False,
        )


@pytest.fixture
def screenshot(browser):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    def take(name):
        path = SCREENSHOTS / f"{name}.png"
        browser.save_screenshot(str(path))
        return path

    return take
