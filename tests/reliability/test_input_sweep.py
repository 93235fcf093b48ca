"""Issue 13, point 1: no typed value answers 500, on any page, for any role.

The sweep of every page and form (tests/reliability/sweep.py) runs in parts, one module each
(`test_input_sweep_<part>.py`); here, that the parts cover every page, and the ranges of the
numbers one types, page by page and service by service.
"""

import copy
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from common.numbers import OutOfRange, bounded_int, parse_int
from rules import get_ruleset
from rules.limits import INT32_MAX, MAX_PENALTY_UNIT, MAX_SESSIONS, MAX_SWISS_BAND, MAX_UMA
from rules.registry import RULESET_CODES
from scoring.access import Actor
from scoring.models import Penalty
from tests.reliability.matrix import AUDIENCE, concrete_urls, database_state
from tests.reliability.sweep import PARTS, QUERY_PARAMETERS, form_specs, part_of
from tournament.models import Tournament


@pytest.fixture
def director(db, module_director):
    """The director who built `world` (tests/reliability/conftest.py)."""
    return copy.deepcopy(module_director)


def test_every_part_of_the_sweep_has_its_module_and_its_pages():
    """Every page is in a part of the sweep; every part sweeps pages, in a module of its own."""
    modules = Path(__file__).parent.glob("test_input_sweep_*.py")
    assert {module.stem.removeprefix("test_input_sweep_") for module in modules} == set(PARTS)
    assert {part_of(name) for name in AUDIENCE} == set(PARTS)


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
    players = Player.objects.count()  # the module's tournaments (tests/reliability/conftest.py)
    result = import_players(tournament, "players.csv", text.encode())
    assert [error.line for error in result.errors] == [2, 3]
    assert all("is not 8 digits" in str(error) for error in result.errors)
    assert Player.objects.count() == players


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
