"""A real headless Chromium (Debian's chromium and chromium-driver) driven by Selenium.

`make test` installs the two packages when they are missing (bin/ensure-packages). Only when
they still cannot be found are these tests skipped, with a message that says so.

Every page a test opens is audited on its way (tests/browser/audit.py): axe-core finds no WCAG
A/AA violation and the page breaks no rule of its Content-Security-Policy, or the test fails
with the list.

A test process starts one Chromium per window size and hands it to test after test, made to
forget the one before (cookies, storage, service workers, tabs, network conditions, the window:
tests/browser/chromium.py).
"""

import base64
import os
from pathlib import Path

import pytest

SCREENSHOTS = Path(os.environ.get("DESK_SCREENSHOTS", "/tmp/desk-screenshots"))


@pytest.fixture(scope="session")
def axe():
    from tests.browser.audit import axe_source

    return axe_source()


@pytest.fixture(scope="session")
def chromiums(axe):
    """The test process's Chromiums, one per window size (tests/browser/chromium.py)."""
    from tests.browser.chromium import Chromiums, binaries

    binary, driver = binaries()
    if not (binary and driver):
        pytest.skip(
            "Chromium and chromedriver are not installed (Debian packages chromium "
            "and chromium-driver; `make test` installs them when it can)."
        )
    running = Chromiums(binary, driver, axe)
    yield running
    running.quit()


@pytest.fixture
def browser(request, chromiums, axe):
    """The Chromium of the test's window size (`request.param`; 1280 x 800 unless the test
    says), as new, and audited (tests/browser/audit.py): the test fails at its end with whatever
    the audit found on the pages it opened. Then the browser forgets everything the test left
    (tests/browser/chromium.py), before the next test."""
    from tests.browser.audit import AuditedDriver, PageAudit
    from tests.browser.chromium import LAPTOP

    size = tuple(getattr(request, "param", LAPTOP))
    driver = chromiums.ready(size)
    audit = PageAudit(axe)
    # the live server is one for the test process: one origin whose storage is deleted
    origins = (
        {request.getfixturevalue("live_server").url}
        if "live_server" in request.fixturenames
        else set()
    )
    try:
        yield AuditedDriver(driver, audit)
        audit.audit(driver, leaving=True)  # the page the test ends on
    finally:
        chromiums.forget(size, origins)
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

    def take(name, *, whole=False):
        """The window's screenshot saved as `name`; `whole`: the whole page instead, as a
        person scrolls down it."""
        path = SCREENSHOTS / f"{name}.png"
        if whole:
            options = {"format": "png", "captureBeyondViewport": True}
            shot = browser.execute_cdp_cmd("Page.captureScreenshot", options)
            path.write_bytes(base64.b64decode(shot["data"]))
        else:
            browser.save_screenshot(str(path))
        return path

    return take
