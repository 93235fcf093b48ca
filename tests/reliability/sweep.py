"""The input sweep (issue 13, point 1): no typed value answers 500, on any page, for any role.

Every page of the matrix (tests/reliability/matrix.py) is opened by every role that may open it.
Each query parameter the page reads is set to each hostile value; each form the page shows
(parsed from its HTML, hidden fields and named submit buttons included) is posted once per field
and hostile value, the other fields keeping the values the page gave them. Any answer is accepted
but a 500: a refusal with a message, a redirect, a 404.

The sweep runs in parts (`PARTS`, one test module `test_input_sweep_<part>.py` each), so that
the test processes share it; `test_input_sweep.py` checks that the parts cover every page.
"""

import lxml.html
from django.test import Client
from django.urls import resolve, reverse

from tests.reliability.matrix import AUDIENCE, clients, concrete_urls

#: What people (and scripts) type where a number is expected.
HOSTILE = (
    "9223372036854775808",  # 2^63: one more than the largest 64-bit integer
    str(10**30),
    "-1",
    "-" + str(10**20),
    "abc",
    "²",  # str.isdigit() says yes, int() says no
    "١٢",  # Arabic-Indic digits: int() reads 12
    "1\x00",
    "9" * 10_000,
    "x" * 10_000,
)

#: What can get through a form's own cleaning and reach a service: numbers `int()` reads (huge,
#: negative, other scripts' digits) and long text. Each field gets these alone, the others valid;
#: every value of HOSTILE is also posted in every field at once (a crash while cleaning a field).
REACHES_THE_SERVICE = (
    str(10**30),  # first: SQLite stores -2**63 in a penalty, and the next save is then stale
    "9223372036854775808",
    "-1",
    "-" + str(10**20),
    "١٢",
    "x" * 10_000,
)

#: The query parameters each page reads (besides those of the forms on the page), by URL name.
#: `test_every_query_parameter_read_by_a_view_is_swept` keeps this in step with the views.
QUERY_PARAMETERS = {
    "find-seat": ("q",),
    "standings": ("sort", "view"),
    "standings-after": ("sort", "view"),
    "projector": ("view",),
    "seat-substitute": ("seat",),
    "export": ("session", "through", "blank", "provisional", "player", "group"),
    "export-scoresheets": ("session", "blank"),
    "draw": ("scope",),
    "home": ("page", "per_page", "sort"),  # the django-tables2 list
    "team-list": ("page", "per_page", "sort"),
    "category-list": ("page", "per_page", "sort"),
}

#: Forms the sweep does not post: they end the role's session (logout).
NOT_POSTED = ("logout",)
SKIPPED_INPUTS = ("submit", "button", "reset", "file", "image")


#: A field shown only for some choices says so (`data-kinds="referee_decision"` on the penalty
#: form, `data-outcomes` on the hand form): it is swept with that choice made.
SHOWN_FOR = {"data-kinds": "kind", "data-outcomes": "outcome"}


def form_specs(html, page_url):
    """(method, action, baseline, {name: choices it needs}) for every form, one per named button."""
    document = lxml.html.fromstring(html)
    specs = []
    for form in document.forms:
        action = form.get("action") or page_url
        method = (form.get("method") or "get").lower()
        baseline, names = {}, {}
        for element in form.xpath(".//input|.//select|.//textarea"):
            name = element.get("name")
            if not name:
                continue
            kind = (element.get("type") or "text").lower() if element.tag == "input" else ""
            if kind in SKIPPED_INPUTS:
                continue
            needs = names.setdefault(name, {})
            for attribute, chooser in SHOWN_FOR.items():
                if element.get(attribute):
                    needs[chooser] = element.get(attribute).split()[0]
            if kind in ("checkbox", "radio"):
                if element.checked or (kind == "radio" and name not in baseline):
                    baseline[name] = element.get("value", "on")
            elif element.tag == "select":
                options = element.xpath(".//option")
                chosen = [o for o in options if o.get("selected") is not None] or options[:1]
                baseline[name] = chosen[0].get("value", chosen[0].text or "") if chosen else ""
            elif name == "confirmed":  # the second step of a two-step form: save it
                baseline[name] = "True"
            else:
                # A written reason where one is needed, so that the numbers reach the service.
                filler = "sweep" if element.tag == "textarea" else ""
                baseline.setdefault(name, (element.value or "").strip() or filler)
        buttons = [
            (button.get("name"), button.get("value", ""))
            for button in form.xpath(".//button[@name]|.//input[@type='submit'][@name]")
        ]
        for button in buttons or [None]:
            data = dict(baseline)
            if button:
                data[button[0]] = button[1]
            specs.append((method, action, data, names))
    return specs


def is_html(response):
    return response.status_code == 200 and response["Content-Type"].startswith("text/html")


def sweep_page(client, role, name, url, seen_forms, failures):
    """GET the page with every bad query value, then post every form field with every bad value."""
    client.raise_request_exception = False  # a 500 is recorded, and the sweep goes on
    response = client.get(url)
    if response.status_code == 500:
        failures.append((role, name, "GET", url, "", ""))
        return
    specs = form_specs(response.content, url) if is_html(response) else []
    parameters = list(QUERY_PARAMETERS.get(name, ()))
    for method, action, _data, names in specs:
        if method == "get" and action.split("?")[0] == url.split("?")[0]:
            parameters += [n for n in names if n not in parameters]
    for parameter in parameters:
        for value in HOSTILE:
            got = client.get(url, {parameter: value})
            if got.status_code == 500:
                failures.append((role, name, "GET", url, parameter, value[:30]))
    for method, action, data, names in specs:
        if method != "post" or any(word in action for word in NOT_POSTED):
            continue
        # The same form of the same view is swept once (a table's page by its link or by its
        # referee account is one form), the penalty form once more for the director, who may
        # give other penalties.
        view = resolve(action.split("?")[0]).url_name
        director = role == "director" and view == "penalty"
        key = (director, view, tuple(sorted(names)), data.get("action"), data.get("kind"))
        if key in seen_forms:
            continue
        seen_forms.add(key)
        fields = {field: needs for field, needs in names.items() if field != "csrfmiddlewaretoken"}
        for value in HOSTILE:
            got = client.post(action, {**data, **dict.fromkeys(fields, value)})
            if got.status_code == 500:
                failures.append((role, name, "POST", action, "every field", value[:30]))
        for field, needs in fields.items():
            for value in REACHES_THE_SERVICE:
                got = client.post(action, {**data, **needs, field: value})
                if got.status_code == 500:
                    failures.append((role, name, "POST", action, field, value[:30]))


def role_pages(world, director):
    """(role, client, {name: url}) for every role and the pages it may open; `director` is the
    site administrator who built `world`."""
    urls = concrete_urls(world)
    urls["export-scoresheets"] = reverse("export", args=[world["a"].slug, "scoresheets", "pdf"])
    # The table's own referee account opens its table (the matrix points at another table).
    own = {
        f"account:{name}": reverse(
            f"account:{name}", kwargs={"table_id": world["table"].pk, **extra}
        )
        for name, extra in (("table", {}), ("penalty", {}), ("history", {}), ("close", {}))
    }
    referee = Client()
    referee.force_login(world["referee_a"])
    director_client = Client()
    director_client.force_login(director)
    others = clients(world)

    def audience(*kinds):
        return {
            name: url
            for name, url in urls.items()
            if AUDIENCE.get(name, "director") in kinds and name not in ("logout",)
        }

    return [
        ("anonymous", others["anonymous"], audience("public", "site-admin", "director", "account")),
        (
            "director of another tournament",
            others["director of another tournament"],
            audience("director", "account"),
        ),
        ("link holder", others["link holder of another table"], audience("link", "public")),
        ("table referee", referee, {**own, **audience("user", "public")}),
        (
            "director",
            director_client,
            audience("public", "site-admin", "director", "account", "user", "i18n"),
        ),
    ]


#: The parts of the sweep, each swept by its own test module `test_input_sweep_<part>.py`: a page
#: belongs to the first part whose test accepts its URL name ("pages" takes every other page).
#: A form shown in two parts is swept in both.
PARTS = {
    "tournament": lambda name: name.startswith("tournament-") or name == "scoring-settings",
    "tables": lambda name: name.startswith(("link:", "account:")) or name == "referee-home",
    "pages": lambda name: True,
}


def part_of(name):
    return next(part for part, accepts in PARTS.items() if accepts(name))


def sweep_part(part, world, director):
    """Sweeps every page of `part` for every role that may open it; the failures (a 500 each:
    role, page, method, address, field, value)."""
    failures, seen_forms = [], set()
    for role, client, pages in role_pages(world, director):
        for name, url in pages.items():
            if part_of(name) == part:
                sweep_page(client, role, name, url, seen_forms, failures)
    return failures
