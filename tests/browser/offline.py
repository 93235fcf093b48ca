"""A referee's phone without connection, in Chromium: the network cut (page and service worker),
the page kept by the service worker, a hand typed as a referee does, the queue read back
(tests/browser/test_offline_queue.py, test_offline_logout.py, test_on_the_day.py)."""

from django.urls import reverse

from tests.browser.helpers import open_page

#: The requests the page's scripts make (the queue's saves and reports).
HELD = {"urlPattern": "*", "resourceType": "Fetch", "requestStage": "Request"}


def wait(browser, condition, seconds=20):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(browser, seconds, poll_frequency=0.2).until(condition)


def offline(browser, off=True):
    """The page and its service worker without (or with) connection (DevTools' network
    conditions). The page's conditions do not reach the service worker's own fetches: the
    worker's target gets the same conditions through a session of its own."""
    import json

    conditions = {
        "offline": off,
        "latency": 0,
        "downloadThroughput": -1,
        "uploadThroughput": -1,
    }
    # The page's own CDP session keeps the conditions across reloads (chromedriver's
    # set_network_conditions re-applies them after each navigation, too late for a script
    # that sends at load).
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.emulateNetworkConditions", conditions)
    # Whatever the page's scripts believe (navigator.onLine is set in the page's renderer, and a
    # new document may run before it is), no request of theirs reaches the desk while offline:
    # each is held and never continued. Navigations are not held: they fail, as offline.
    if off:
        browser.execute_cdp_cmd("Fetch.enable", {"patterns": [HELD]})
    else:
        browser.execute_cdp_cmd("Fetch.disable", {})
    workers = [
        target
        for target in browser.execute_cdp_cmd("Target.getTargets", {})["targetInfos"]
        if target["type"] == "service_worker"
    ]
    sessions = browser.__dict__.setdefault("worker_sessions", {})
    for worker in workers:
        if worker["targetId"] not in sessions:  # one session per worker: its conditions hold
            sessions[worker["targetId"]] = browser.execute_cdp_cmd(
                "Target.attachToTarget", {"targetId": worker["targetId"], "flatten": False}
            )["sessionId"]
        session = sessions[worker["targetId"]]
        for number, (method, params) in enumerate(
            (("Network.enable", {}), ("Network.emulateNetworkConditions", conditions)), 1
        ):
            browser.execute_cdp_cmd(
                "Target.sendMessageToTarget",
                {
                    "sessionId": session,
                    "message": json.dumps({"id": number, "method": method, "params": params}),
                },
            )
    return len(workers)


def kept_on_the_phone(browser):
    """True once the service worker controls nothing yet but has kept this page's copy."""
    return browser.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "caches.keys().then(names => Promise.all(names.map(n => caches.open(n)"
        ".then(c => c.match(location.href, {ignoreVary: true})))))"
        ".then(hits => done(hits.some(Boolean))).catch(() => done(false));"
    )


def open_table(browser, live_server, table):
    url = live_server.url + reverse("link:table", kwargs={"token": table.token})
    open_page(browser, url)
    wait(browser, lambda b: kept_on_the_phone(b))
    return url


def type_hand(browser, entry):
    """Tap the outcome, the seats and type the fan, as a referee does, then save."""
    script = """
    const [entry] = arguments;
    const form = document.querySelector('form.hand-form');
    const tap = (name, value) => form.querySelector(`input[name="${name}"][value="${value}"]`).click();
    tap('outcome', entry.outcome);
    if (entry.winner !== undefined) tap('winner', entry.winner);
    if (entry.discarder !== undefined) tap('discarder', entry.discarder);
    if (entry.fan !== undefined) {
      const fan = form.querySelector('input[name="fan"]');
      fan.value = entry.fan;
      fan.dispatchEvent(new Event('input', {bubbles: true}));
    }
    form.querySelector('button.save').click();
    """
    browser.execute_script(script, entry)


def queue_items(browser):
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('#desk-queue .queue-item'))"
        ".map(li => [li.dataset.state, li.querySelector('.queue-description').textContent]);"
    )


def stored_kinds(browser):
    """The kinds of the saves the phone's storage holds, every table's queue together."""
    return browser.execute_script(
        "return Object.keys(localStorage).filter(k => k.startsWith('desk-queue:'))"
        ".flatMap(k => JSON.parse(localStorage.getItem(k)).map(item => item.kind));"
    )
