"""Every page a Chromium test opens is checked on its way, whatever the test itself asserts:

- axe-core (the pinned copy of tests/browser/axe-core.lock, fetched by bin/fetch-axe and handed
  to the page by the test, never loaded from the network) finds no violation of WCAG 2.0, 2.1
  and 2.2 A and AA, at the test's own width (360 or 1280 px) and language;
- the page breaks no rule of its Content-Security-Policy: a listener installed before any of the
  page's own scripts runs collects every `securitypolicyviolation` event, and the browser's log
  is read for the refusals that reach no document (a blocked frame, a worker).

The `browser` fixture wraps its driver in Selenium's EventFiringWebDriver with a `PageAudit`
(`AuditedDriver`): before each command that may leave or change the document (open, reload,
back, forward, click, type, script, close) one script looks at the document in the window and
audits it the first time it is seen complete, so pages reached by a click or a form are audited
as well as those opened by address; the page a test leaves by opening another address (or a
reload) and the page it ends on are audited again if a script changed them since. Looking for
elements or reading them changes no document and costs no audit (keys pressed through the bare
driver's ActionChains are not seen: the next command audits the page they lead to). axe-core
is handed to Chromium once per test (`on_every_page`) and run only when an audit is due. What
is found is kept, and the test fails at its end with the whole list (tests/browser/conftest.py).
`audit_again(browser)` audits the current state once more (after a page changed itself).

DESK_AXE_LOG=path appends one JSON line per audit (address, width, language, rules and nodes in
violation): the figures of the accessibility report (docs/accessibility.md).
"""

import json
import os
import subprocess
from pathlib import Path

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.support.event_firing_webdriver import (
    AbstractEventListener,
    EventFiringWebDriver,
)

from tests.browser.helpers import complete, navigating, until_settled

ROOT = Path(__file__).resolve().parents[2]
LOCK = Path(__file__).with_name("axe-core.lock")
#: The WCAG levels axe checks: A and AA of WCAG 2.0, 2.1 and 2.2 (target size, 2.5.8).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]

#: Installed in every new document before its own scripts: collects the policy's refusals.
CSP_LISTENER = """
window.__deskCsp = [];
document.addEventListener('securitypolicyviolation', function (event) {
  window.__deskCsp.push(event.effectiveDirective + ' refused ' + (event.blockedURI || 'inline')
    + ' at ' + (event.sourceFile || location.pathname) + ':' + event.lineNumber
    + (event.sample ? ' "' + event.sample + '"' : ''));
}, true);
"""

#: One script, one round trip: the document in the window (its address, width and language),
#: the policy's refusals since the last look and, when an audit is due, axe's violations. An
#: audit is due the first time the document is seen complete, when asked again (`arguments[1]`),
#: and when the test leaves it (`arguments[2]`) after a script changed its content's size since
#: it was audited. The violations are null when no audit was due (or the document is no HTML
#: page, or is not loaded yet), "missing" when axe is not in the page (a document that began
#: before the browser was handed it).
AUDIT = """
const done = arguments[arguments.length - 1];
const [tags, again, leaving] = arguments;
const size = document.body ? document.body.innerHTML.length : 0;
const audited = window.__deskAudited || null;
const state = [location.pathname + location.search, window.innerWidth,
               document.documentElement.lang, (window.__deskCsp || []).splice(0)];
const html = ['http:', 'https:'].includes(location.protocol)
  && document.contentType === 'text/html' && document.readyState === 'complete';
const due = audited === null || again || (leaving && audited !== size);
if (!html || !due) { done([state, null]); return; }
if (typeof window.axe !== 'object' && typeof window.__deskAxe === 'function') window.__deskAxe();
if (typeof window.axe !== 'object') { done([state, 'missing']); return; }
window.__deskAudited = size;
axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations'],
                   rules: {'label-content-name-mismatch': {enabled: true}},
                   // axe reads no stylesheet itself: it would copy an @import-ed one into a
                   // <style> of its own, which the page's policy (rightly) refuses
                   preload: false})
  .then(function (result) {
    done([state, result.violations.map(function (rule) {
      return {id: rule.id, impact: rule.impact, help: rule.help,
              nodes: rule.nodes.map(function (node) { return node.target.join(' '); })};
    })]);
  })
  .catch(function (error) { done([state, [{id: 'axe-error', impact: 'error',
                                           help: String(error), nodes: []}]]); });
"""


#: The same look at the document without waiting for a promise (a synchronous script costs
#: chromedriver less than an asynchronous one, and most looks find no audit due): its state, or
#: null when an audit is due, which AUDIT then runs (and reads the state itself).
LOOK = """
const [again, leaving] = arguments;
const size = document.body ? document.body.innerHTML.length : 0;
const audited = window.__deskAudited || null;
const html = ['http:', 'https:'].includes(location.protocol)
  && document.contentType === 'text/html' && document.readyState === 'complete';
if (html && (audited === null || again || (leaving && audited !== size))) return null;
return [location.pathname + location.search, window.innerWidth,
        document.documentElement.lang, (window.__deskCsp || []).splice(0)];
"""


def on_every_page(axe):
    """axe-core handed to Chromium once, for every new top-level document
    (`Page.addScriptToEvaluateOnNewDocument`), rather than sent with each audit (650 kB a page):
    wrapped in a function that the audit calls when it is due, since running axe's source costs
    as much as sending it, and many documents (a redirect, a page left at once) are never
    audited."""
    return "if (window === window.top) {\nwindow.__deskAxe = function () {\n" + axe + "\n};\n}"


def axe_source():
    """The pinned axe.min.js, fetched on first use by the project's own script."""
    lock = dict(
        line.split("=", 1)
        for line in LOCK.read_text().splitlines()
        if "=" in line and not line.startswith("#")
    )
    path = ROOT / ".cache" / f"axe-core-{lock['version']}" / "axe.min.js"
    if not path.exists():
        subprocess.run([str(ROOT / "bin" / "fetch-axe")], check=True)
    return path.read_text()


class PageAudit(AbstractEventListener):
    def __init__(self, axe):
        self.axe = axe
        self.findings = []
        self.audited = []
        self._busy = False

    def audit(self, driver, leaving=False, again=False):
        """Audit the document in the window the first time it is seen complete; when the test
        leaves it (opens another address, ends), again if a script changed it since."""
        if self._busy:
            return
        self._busy = True
        try:
            for _ in range(3):
                try:
                    self._audit(driver, leaving, again)
                    return
                except WebDriverException as error:
                    # The page navigated while it was audited (a form sent, a script that moves
                    # on): the document the test now sees is audited once it has loaded.
                    if not navigating(error):
                        raise
                    until_settled(driver, complete, 60)
                    leaving, again = False, False
        finally:
            self._busy = False

    def _audit(self, driver, leaving, again):
        try:
            state, violations = driver.execute_script(LOOK, again, leaving), None
            if state is None:
                state, violations = driver.execute_async_script(AUDIT, TAGS, again, leaving)
            if violations == "missing":  # a document that began before axe was handed over
                driver.execute_script(self.axe + "\n;return true;")
                first = state  # its policy refusals were taken out of the page: kept
                state, violations = driver.execute_async_script(AUDIT, TAGS, again, leaving)
                state = [*state[:3], first[3] + state[3]]
        except WebDriverException as error:
            if navigating(error):
                raise  # audited once the next document has loaded (`audit`)
            # no window, or a dialog open: nothing to audit now
            if not leaving:
                return
            state, violations = None, None
        if state is not None:
            path, width, language, refused = state
            where = f"{path} [{width} px, {language or '?'}]"
            self.findings += [f"{where} Content-Security-Policy: {line}" for line in refused]
        if leaving or again:
            self._read_log(driver)  # the browser keeps its log until read: nothing is missed
        if violations is None:
            return
        self.audited.append(where)
        for rule in violations:
            nodes = ", ".join(rule["nodes"][:5])
            self.findings.append(
                f"{where} axe {rule['id']} ({rule['impact']}): {rule['help']}"
                f" - {len(rule['nodes'])} element(s): {nodes}"
            )
        log = os.environ.get("DESK_AXE_LOG")
        if log:
            record = {
                "path": path,
                "width": width,
                "language": language,
                "rules": [rule["id"] for rule in violations],
                "nodes": sum(len(rule["nodes"]) for rule in violations),
            }
            with open(log, "a") as out:
                out.write(json.dumps(record) + "\n")

    def _read_log(self, driver):
        try:
            entries = driver.get_log("browser")
        except Exception:
            return
        for entry in entries:
            if "Content Security Policy" in entry.get("message", ""):
                self.findings.append(f"browser log: {entry['message']}")

    # Before every command the test gives, and after an address is opened.
    def before_navigate_to(self, url, driver):
        self.audit(driver, leaving=True)

    def after_navigate_to(self, url, driver):
        self.audit(driver)

    def before_navigate_back(self, driver):
        self.audit(driver, leaving=True)

    def before_navigate_forward(self, driver):
        self.audit(driver, leaving=True)

    def before_click(self, element, driver):
        self.audit(driver)

    def before_change_value_of(self, element, driver):
        self.audit(driver)

    def before_execute_script(self, script, driver):
        self.audit(driver)

    def before_close(self, driver):
        self.audit(driver, leaving=True)

    def before_quit(self, driver):
        self.audit(driver, leaving=True)


class AuditedDriver(EventFiringWebDriver):
    """Selenium's EventFiringWebDriver, and a reload leaves the document as opening an address
    does (audited again first if a script changed it; the new one once it has loaded)."""

    def refresh(self):
        self._listener.audit(self._driver, leaving=True)
        self._driver.refresh()
        self._listener.audit(self._driver)


def audit_again(browser):
    """Audit the page in `browser` once more, as it is now (it changed itself)."""
    browser._listener.audit(browser.wrapped_driver, again=True)


def audited_pages(browser):
    """The pages `browser` has audited so far ("/path [width px, language]"), in order."""
    return browser._listener.audited
