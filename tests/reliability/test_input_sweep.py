"""Issue 13, point 1: no typed value answers 500, on any page, for any role.

Every page of the matrix in `test_attacks` is opened by every role that may open it. Each query
parameter the page reads is set to each hostile value; each form the page shows (parsed from its
HTML, hidden fields and named submit buttons included) is posted once per field and hostile value,
the other fields keeping the values the page gave them. Any answer is accepted but a 500: a
refusal with a message, a redirect, a 404. One tournament, one pass: it stays fast.
"""

import re
from pathlib import Path

import lxml.html
import pytest
from django.test import Client
from django.urls import resolve, reverse

from common.numbers import OutOfRange, bounded_int, parse_int
from rules import get_ruleset
from rules.limits import INT32_MAX, MAX_PENALTY_UNIT, MAX_SESSIONS, MAX_SWISS_BAND, MAX_UMA
from rules.registry import RULESET_CODES
from scoring.access import Actor
from scoring.models import Penalty
from tests.reliability.test_attacks import AUDIENCE, clients, concrete_urls, database_state
from tests.reliability.test_attacks import world as world  # the shared fixture
from tournament.models import Tournament

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


def role_pages(world, director_client):
    """(role, client, {name: url}) for every role and the pages it may open."""
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


def test_no_value_typed_anywhere_answers_500(world, director_client):
    failures, seen_forms = [], set()
    for role, client, pages in role_pages(world, director_client):
        for name, url in pages.items():
            sweep_page(client, role, name, url, seen_forms, failures)
    assert failures == []


def test_every_query_parameter_read_by_a_view_is_swept():
    """A view that starts reading a query parameter must list it in QUERY_PARAMETERS."""
    root = Path(__file__).resolve().parents[2]
    read = set()
    for folder in ("common", "desk", "exports", "scoring", "tournament"):
        for path in (root / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            read |= set(re.findall(r"GET\.get\(\s*[\"'](\w+)[\"']", text))
            read |= set(re.findall(r"GET\[\s*[\"'](\w+)[\"']\s*\]", text))
            read |= set(re.findall(r"query_int\(\s*\w+\s*,\s*[\"'](\w+)[\"']", text))
    swept = {name for names in QUERY_PARAMETERS.values() for name in names}
    assert read and read <= swept, read - swept


@pytest.mark.parametrize("amount", ["9223372036854775808", str(10**30), "-5", "²", "1" * 5000])
def test_a_referee_decision_beyond_the_range_is_refused_and_the_table_still_closes(world, amount):
    """The issue's case: a huge referee's decision from a table link, then "close the table"."""
    table = world["table"]
    holder = Client()
    page = reverse("link:penalty", kwargs={"token": table.token})
    assert holder.get(page).status_code == 200
    registration = table.seats.get(wind=1).registration
    before = database_state()
    table.refresh_from_db()
    response = holder.post(
        page,
        {
            "revision": table.revision,
            "registration": registration.pk,
            "kind": "referee_decision",
            "amount": amount,
            "reason": "shouting",
            "confirmed": "True",
            "seen": "0",
        },
    )
    assert response.status_code in (200, 302, 400)
    assert database_state() == before
    assert not Penalty.objects.filter(kind="referee_decision").exists()
    table.refresh_from_db()
    closing = holder.post(
        reverse("link:close", kwargs={"token": table.token}), {"revision": table.revision}
    )
    assert closing.status_code in (200, 302)


def test_the_penalty_service_refuses_an_amount_out_of_range(world, director):
    """A service called from a command or a script refuses too, with the limit in the message."""
    from scoring.services.penalties import give_penalty
    from scoring.services.tables import TableError

    table = world["table"]
    table.refresh_from_db()
    registration = table.seats.get(wind=1).registration
    before = database_state()
    for amount in (2**63, 10**30, -1):
        with pytest.raises(TableError, match=r"at most|at least"):
            give_penalty(
                table.session,
                registration,
                "referee_decision",
                actor=Actor(user=director),
                table=table,
                revision=table.revision,
                amount=amount,
                reason="x",
            )
    with pytest.raises(TableError, match="hand"):
        give_penalty(
            table.session,
            registration,
            "tile_not_shown",
            actor=Actor(user=director),
            table=table,
            revision=table.revision,
            hand_number=10**20,
        )
    assert database_state() == before


# -- the ranges themselves ---------------------------------------------------------------------


@pytest.mark.parametrize("code", RULESET_CODES)
def test_every_number_setting_of_every_rule_set_has_a_ceiling_the_service_enforces(
    code, tournament
):
    """Scoring settings accepted 10^30 for the penalty unit, the starting points and the limits."""
    from tournament.services.tournaments import TournamentError, update_scoring_options

    numbers = [f for f in get_ruleset(code).option_fields() if f.kind in ("int", "int_tuple")]
    Tournament.objects.filter(pk=tournament.pk).update(ruleset=code)
    tournament.refresh_from_db()
    for field in numbers:
        if field.kind == "int":
            assert field.max_value is not None and field.max_value <= INT32_MAX, field.name
            huge = 10**30
        else:
            huge = (10**30, 0, 0, -(10**30))
        with pytest.raises(TournamentError):
            update_scoring_options(tournament, {field.name: huge})
    tournament.refresh_from_db()
    assert tournament.scoring_options == {}


def test_the_settings_page_names_the_limit_and_keeps_the_settings(director_client, tournament):
    url = reverse("scoring-settings", args=[tournament.slug])
    Tournament.objects.filter(pk=tournament.pk).update(ruleset="riichi2016")
    page = director_client.get(url)
    data = {
        name: value
        for _m, _a, values, _n in form_specs(page.content, url)
        for name, value in values.items()
    }
    response = director_client.post(url, {**data, "penalty_unit": str(10**30)})
    assert response.status_code == 200
    assert f"less than or equal to {MAX_PENALTY_UNIT}" in response.content.decode()
    response = director_client.post(url, {**data, "uma": "9000000, 3000, -3000, -9000000"})
    assert str(MAX_UMA) in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.scoring_options == {}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12", 12),
        (" +7 ", 7),
        ("-60", -60),
        ("0", None),
        ("121", None),
        ("²", None),
        ("١٢", None),
        ("1_0", None),
        ("1\x00", None),
        ("9" * 10_000, None),
        (str(2**63), None),
        ("", None),
    ],
)
def test_parse_int_reads_only_plain_whole_numbers_in_range(text, expected):
    low, high = (-60, 120) if text.strip().startswith("-") else (1, 120)
    assert parse_int(text, minimum=low, maximum=high) == expected


def test_bounded_int_names_the_range():
    with pytest.raises(OutOfRange, match="Minutes must be a whole number from -60 to 120"):
        bounded_int("²", "Minutes", minimum=-60, maximum=120)


def test_a_bad_session_in_an_export_address_is_a_400_naming_the_range(world, director_client):
    url = reverse("export", args=[world["a"].slug, "scoresheets", "pdf"])
    for value in ("²", str(10**30), "-1", "abc"):
        response = director_client.get(url, {"session": value})
        assert response.status_code == 400, value
        assert f"from 1 to {MAX_SESSIONS}" in response.content.decode()


def test_find_my_seat_with_unicode_digits_finds_nobody_and_a_number_still_works(world):
    url = reverse("find-seat", args=[world["a"].slug])
    for value in ("²", "١", str(10**30)):
        response = Client().get(url, {"q": value})
        assert response.status_code == 200
    assert Client().get(url, {"q": "1"}).status_code == 200


def test_clock_minutes_out_of_range_are_refused_and_change_nothing(world, director_client):
    table = world["table"]
    session = table.session
    url = reverse("session-clock", args=[world["a"].slug, session.number])
    for minutes in ("²", str(10**30), "121", "-61", "abc"):
        response = director_client.post(url, {"action": "extend", "minutes": minutes})
        assert response.status_code == 302, minutes
    for table_value in ("abc", str(10**30)):
        response = director_client.post(
            url, {"action": "extend", "minutes": "5", "table": table_value}
        )
        assert response.status_code == 404
    session.refresh_from_db()
    table.refresh_from_db()
    assert session.clock_extra_minutes == 0 and table.extra_minutes == 0
    director_client.post(url, {"action": "extend", "minutes": "5"})
    session.refresh_from_db()
    assert session.clock_extra_minutes == 5


def test_a_page_number_or_size_from_the_address_never_breaks_the_list(client, db):
    for name in ("page", "per_page"):
        for value in ("0", "-1", str(10**30), "²"):
            assert client.get(reverse("home"), {name: value}).status_code == 200


def test_a_huge_number_in_an_address_is_not_a_500(world, director_client):
    """The numbers in the path (session, table, player, penalty): 2^63 and 10^30 find nothing."""
    director_client.raise_request_exception = False
    failures, tried = [], 0
    for name, url in concrete_urls(world).items():
        if AUDIENCE[name] in ("login", "i18n"):
            continue
        for match in re.finditer(r"/(\d+)(?=[/.])", url):
            for value in (str(2**63), str(10**30)):
                address = url[: match.start(1)] + value + url[match.end(1) :]
                status = director_client.get(address).status_code
                tried += 1
                if status == 500:
                    failures.append((name, address))
    assert tried > 20 and failures == []


def test_a_swiss_band_beyond_the_limit_is_refused_on_any_database(world, director_client):
    """SQLite would store 40,000 in a small integer and PostgreSQL would not: the form says no."""
    session = world["a"].sessions.get(number=3)
    url = reverse("session-settings", args=[world["a"].slug, session.number])
    response = director_client.post(url, {"is_swiss": "on", "swiss_band": "40000"})
    assert response.status_code == 200
    assert f"at most {MAX_SWISS_BAND} players" in response.content.decode()
    session.refresh_from_db()
    assert session.swiss_band is None


def test_an_ema_id_of_other_scripts_digits_is_refused_by_the_player_import(tournament):
    """ "²²²²²²²²" and Arabic-Indic digits pass str.isdigit(): they are not an EMA id."""
    from tournament.models import Player
    from tournament.services.player_import import import_players

    text = (
        "First name,Last name,EMA id,Country,Club\n"
        "Anna,Rossi,²²²²²²²²,ITA,\n"
        "Marco,Verdi,٠٤٠٠٠١٢٥,ITA,\n"
        "Luca,Neri,04000126,ITA,\n"
    )
    result = import_players(tournament, "players.csv", text.encode())
    assert [error.line for error in result.errors] == [2, 3]
    assert all("is not 8 digits" in str(error) for error in result.errors)
    assert Player.objects.count() == 0


def test_the_clock_service_refuses_minutes_out_of_range(world, director):
    """A command or a script calling the service directly is refused like the page."""
    from scoring.services.clock import extend_clock
    from scoring.services.tables import TableError

    session = world["table"].session
    for minutes in ("²", "5", 10**30, -(10**20), 121, -61, 0, True, None):
        with pytest.raises(TableError):
            extend_clock(session, minutes, actor=Actor(user=director))
    session.refresh_from_db()
    assert session.clock_extra_minutes == 0
