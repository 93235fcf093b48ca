"""The draw in the desk: precheck, preview, publish, re-draw after changes, the command."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from draw.errors import DrawError
from draw.planning import plan_draw
from draw.writing import write_draw
from tournament.models import Registration, Seat, Session, Table
from tournament.services.registrations import register_player
from tournament.services.seating_report import current_report, session_tables


@pytest.fixture
def sixteen(tournament, register):
    register(16)
    return tournament


def seats_of(session):
    return sorted(
        Seat.objects.filter(session=session).values_list("table__number", "wind", "registration_id")
    )


def check_valid(tournament, players=16):
    for session in tournament.sessions.exclude(status="draft"):
        tables = session_tables(session)
        assert len(tables) == players // 4
        seated = [r.pk for table in tables for r in table]
        assert len(seated) == len(set(seated)) == players


def test_publishing_writes_every_session_with_its_seed(sixteen):
    plan = write_draw(sixteen, seed=42)
    assert [s.number for s in plan.scope] == [1, 2, 3, 4]
    check_valid(sixteen)
    sessions = sixteen.sessions.all()
    assert {s.status for s in sessions} == {"seated"} and {s.draw_seed for s in sessions} == {42}
    assert Table.objects.filter(session__tournament=sixteen).count() == 16


def test_same_seed_same_draw(sixteen, make_tournament):
    first = plan_draw(sixteen, seed=5)
    again = plan_draw(sixteen, seed=5)
    assert [[tuple(r.pk for r in t) for t in s] for s in first.schedule] == [
        [tuple(r.pk for r in t) for t in s] for s in again.schedule
    ]


def test_sixteen_players_four_sessions_never_meet_twice(sixteen):
    plan = write_draw(sixteen, seed=1)
    assert plan.report["repeats"] == 0 and plan.report["max_meetings"] == 1
    assert plan.report["wind_spread"] <= 1
    assert current_report(sixteen)["repeats"] == 0


@pytest.mark.parametrize(
    ("count", "message"),
    [
        (15, "15 players registered: register 1 more substitute to make full tables of four."),
        (14, "14 players registered: register 2 more substitutes"),
        (0, "No player is registered yet."),
    ],
)
def test_precheck_refuses_incomplete_tables(tournament, register, count, message):
    register(count)
    with pytest.raises(DrawError, match=message):
        plan_draw(tournament)
    assert not Table.objects.exists()


def test_substitutes_fill_the_last_table_in_number_order(tournament, register):
    register(14)
    for name in ("Sub1", "Sub2", "Sub3"):
        register_player(tournament, first_name=name, last_name="S", is_substitute=True)
    plan = plan_draw(tournament, seed=1)
    seated = {r.player.first_name for table in plan.schedule[0] for r in table}
    assert {"Sub1", "Sub2"} <= seated and "Sub3" not in seated
    assert [r.player.first_name for r in plan.left_out] == ["Sub3"]


def test_played_sessions_stay_and_count_as_history(sixteen):
    write_draw(sixteen, seed=3)
    first = sixteen.sessions.get(number=1)
    before = seats_of(first)
    first.status = Session.Status.CONFIRMED
    first.save()
    # A player withdraws; a substitute takes the place; the rest is drawn again.
    registration = Registration.objects.get(tournament=sixteen, number=16)
    registration.status = Registration.Status.WITHDRAWN
    registration.save()
    substitute = register_player(sixteen, first_name="Late", last_name="Sub", is_substitute=True)
    plan = write_draw(sixteen, seed=4)
    assert [s.number for s in plan.scope] == [2, 3, 4]
    assert seats_of(first) == before
    later = Seat.objects.filter(session__number__gt=1, session__tournament=sixteen)
    assert not later.filter(registration=registration).exists()
    assert later.filter(registration=substitute).count() == 3


def test_a_played_session_cannot_be_drawn_again(sixteen):
    write_draw(sixteen, seed=3)
    Session.objects.filter(tournament=sixteen, number=2).update(status="confirmed")
    with pytest.raises(DrawError, match="Session 2 has already been played"):
        plan_draw(sixteen, session_number=1)


def test_drawing_one_session_clears_later_draws(sixteen):
    write_draw(sixteen, seed=3)
    plan = write_draw(sixteen, session_number=2, seed=9)
    assert [s.number for s in plan.cleared] == [3, 4]
    statuses = dict(sixteen.sessions.values_list("number", "status"))
    assert statuses == {1: "seated", 2: "seated", 3: "draft", 4: "draft"}


def test_a_fixed_session_that_does_not_match_is_refused(sixteen):
    write_draw(sixteen, seed=3)
    Seat.objects.filter(session__number=1, table__number=1, wind=3).delete()
    with pytest.raises(DrawError, match="Session 1, table 1 does not have four players"):
        plan_draw(sixteen, session_number=2)


def test_a_changed_registration_list_refuses_the_previewed_draw(sixteen):
    plan = plan_draw(sixteen, seed=11)
    for n in range(4):
        register_player(sixteen, first_name=f"New{n}", last_name="Late")
    with pytest.raises(DrawError, match="changed since this preview"):
        write_draw(sixteen, seed=11, fingerprint=plan.fingerprint)
    assert not Table.objects.exists()


def test_changed_clubs_refuse_the_previewed_draw(tournament):
    """The preview kept clubs apart; if the clubs change, what was previewed is not what would
    be published."""
    from tournament.models import Player

    tournament.seating_groups = "club"
    tournament.save()
    for n in range(16):
        register_player(tournament, first_name=f"P{n}", last_name="Club", club=f"C{n % 4}")
    plan = plan_draw(tournament, seed=7)
    Player.objects.update(club="")
    with pytest.raises(DrawError, match="changed since this preview"):
        write_draw(tournament, seed=7, fingerprint=plan.fingerprint)
    assert not Table.objects.exists()
    again = plan_draw(tournament, seed=7)
    assert write_draw(tournament, seed=7, fingerprint=again.fingerprint).schedule == again.schedule


def test_clubs_are_kept_apart_when_possible(tournament):
    clubs = ["Red", "Blue", "Green", "Gold"]
    for n in range(16):
        register_player(tournament, first_name=f"P{n}", last_name="X", club=clubs[n % 4])
    plan = write_draw(tournament, seed=2)
    assert plan.report["group_clashes"] == 0


def test_draw_page_preview_then_publish(director_client, sixteen):
    url = reverse("draw", args=[sixteen.slug])
    page = director_client.get(url).content.decode()
    assert "16 players sit at 4 tables in each session." in page
    preview = director_client.post(url, {"scope": "remaining", "seed": "77"})
    text = preview.content.decode()
    assert "Preview (seed 77)" in text and "Repeated meetings" in text
    assert not Table.objects.exists()
    fingerprint = preview.context["plan"].fingerprint
    response = director_client.post(
        reverse("draw-publish", args=[sixteen.slug]),
        {"scope": "remaining", "seed": "77", "fingerprint": fingerprint},
    )
    assert response.status_code == 302
    assert set(sixteen.sessions.values_list("draw_seed", flat=True)) == {77}
    seating = director_client.get(reverse("seating", args=[sixteen.slug, 1])).content.decode()
    assert "Table 4" in seating and "Player1 Test1" in seating and "Alphabetical" in seating


def test_draw_page_shows_the_precheck_message(director_client, tournament, register):
    register(13)
    page = director_client.get(reverse("draw", args=[tournament.slug])).content.decode()
    assert "13 players registered: register 3 more substitutes" in page


def test_draw_pages_are_for_directors(client, plain_user, sixteen):
    client.force_login(plain_user)
    assert client.get(reverse("draw", args=[sixteen.slug])).status_code == 403
    assert (
        client.post(
            reverse("draw-publish", args=[sixteen.slug]),
            {"scope": "remaining", "seed": 1, "fingerprint": "x"},
        ).status_code
        == 403
    )
    assert not Table.objects.exists()


def test_draw_command(sixteen, capsys):
    call_command("draw", sixteen.slug, "--seed", "8")
    out = capsys.readouterr().out
    assert "Drew session(s) 1, 2, 3, 4 of test-open with seed 8." in out
    assert "repeats 0" in out
    call_command("draw", sixteen.slug, "--session", "4", "--seed", "9")
    assert sixteen.sessions.get(number=4).draw_seed == 9
    with pytest.raises(CommandError, match="There is no session 7"):
        call_command("draw", sixteen.slug, "--session", "7")
    with pytest.raises(CommandError, match="No tournament 'nope'"):
        call_command("draw", "nope")
    with pytest.raises(CommandError, match="from 0 to"):
        call_command("draw", sixteen.slug, "--seed", str(2**63))


def test_a_swiss_session_seats_by_the_standings(db, director):
    from scoring.access import Actor
    from scoring.standings.ranking import compute_standings
    from tests.factories import build, play_session

    cup = build(players=32, slug="swiss")
    play_session(cup, 1, Actor(user=director))
    session = cup.sessions.get(number=2)
    session.is_swiss = True
    session.save()
    plan = write_draw(cup, session_number=2, seed=3)
    order = [row.registration for row in compute_standings(cup).rows]
    first_table = set(plan.schedule[0][0])
    # The leaders sit together at table 1, unless they already met (then a neighbour moves up).
    assert len(first_table & set(order[:8])) == 4
    assert plan.report["repeats"] == 0  # nobody meets a session-1 opponent again


def test_a_swiss_session_waits_for_the_session_before_it(sixteen):
    session = sixteen.sessions.get(number=2)
    session.is_swiss = True
    session.save()
    write_draw(sixteen, session_number=1, seed=1)
    with pytest.raises(
        DrawError,
        match="Session 2 is Swiss: it can be drawn only when every session before it is confirmed",
    ):
        plan_draw(sixteen, session_number=2)


def test_drawing_every_session_stops_before_a_swiss_one(sixteen):
    """Sessions 1-3 drawn together (no repeats, balanced winds); Swiss session 4 waits."""
    sixteen.sessions.filter(number=4).update(is_swiss=True)
    plan = write_draw(sixteen, seed=5)
    assert [s.number for s in plan.scope] == [1, 2, 3]
    assert plan.report["repeats"] == 0 and plan.report["wind_spread"] <= 1
    statuses = dict(sixteen.sessions.values_list("number", "status"))
    assert statuses == {1: "seated", 2: "seated", 3: "seated", 4: "draft"}


def test_a_substitution_keeps_the_other_players_tables(sixteen):
    write_draw(sixteen, seed=3)
    sixteen.sessions.filter(number=1).update(status=Session.Status.CONFIRMED)
    before = {
        n: {frozenset(r.pk for r in t) for t in session_tables(sixteen.sessions.get(number=n))}
        for n in (2, 3, 4)
    }
    leaver = Registration.objects.get(tournament=sixteen, number=5)
    leaver.status = Registration.Status.WITHDRAWN
    leaver.save()
    substitute = register_player(sixteen, first_name="New", last_name="Comer", is_substitute=True)
    plan = write_draw(sixteen, seed=4)
    assert plan.report["repeats"] == 0
    for number in (2, 3, 4):
        after = {
            frozenset(r.pk for r in t) for t in session_tables(sixteen.sessions.get(number=number))
        }
        swapped = {
            frozenset(pk if pk != leaver.pk else substitute.pk for pk in table)
            for table in before[number]
        }
        assert after == swapped  # the newcomer took the leaver's seat, nothing else moved


def test_a_session_with_penalties_cannot_be_drawn_again(sixteen, director):
    """Redrawing would delete its tables, and a penalty is cancelled, never deleted."""
    from scoring.access import Actor
    from scoring.services.penalties import give_penalty

    write_draw(sixteen, session_number=1, seed=3)
    session = sixteen.sessions.get(number=1)
    late = session.tables.get(number=1).seats.get(wind=0).registration
    give_penalty(session, late, "late_arrival", actor=Actor(user=director), minutes=5)
    with pytest.raises(DrawError, match="Penalties were already given"):
        write_draw(sixteen, session_number=1, seed=4)
    assert session.penalties.count() == 1 and session.tables.count() == 4
