"""The demo tournament and the `setup_desk` command that `make run` calls, on an empty desk.

`setup_desk` loads both demos (two tournaments played through the services): it runs once for
the module, and every test reads the desk it made (`module_db`, tests/conftest.py), each in a
savepoint of its own. `setup_desk` on a desk that already has accounts or tournaments:
`test_setup_desk.py`."""

import io

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.core.management import call_command

from desk.demo import DEMO_SLUG
from tournament.models import Player, Tournament


@pytest.fixture(scope="module")
def first_setup(module_db):
    """`setup_desk` on an empty desk: what it printed, and its data folder."""
    out = io.StringIO()
    with module_db():
        call_command("setup_desk", stdout=out)
        return out.getvalue(), django_settings.DATA_DIR


def test_setup_desk_creates_the_director_and_loads_the_demo(db, first_setup):
    out, data_dir = first_setup
    password = (data_dir / "director_password.txt").read_text().strip()
    assert f"Director login: director / {password}" in out
    director = get_user_model().objects.get(username="director")
    assert director.is_staff and director.check_password(password)

    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    assert tournament.ruleset == "mcr" and tournament.published
    assert tournament.sessions.count() == tournament.session_count == 6
    assert all(s.scheduled_start for s in tournament.sessions.all())
    players = tournament.registrations.filter(is_substitute=False)
    assert players.count() == 32
    assert tournament.registrations.filter(is_substitute=True).count() == 2
    assert len(set(players.values_list("player__club", flat=True))) >= 10
    assert len(set(players.values_list("player__country", flat=True))) >= 10
    numbers = sorted(tournament.registrations.values_list("number", flat=True))
    assert numbers == list(range(1, 35))
    assert Player.objects.get(ema_id="14000601").first_name == "Łukasz"


def test_setup_desk_does_not_reload_the_demo_or_recreate_the_director(db, settings, first_setup):
    settings.DATA_DIR = first_setup[1]
    call_command("setup_desk")  # the second time
    assert Tournament.objects.count() == 2  # the MCR demo and the riichi team demo
    assert get_user_model().objects.count() == 1


def test_the_demo_page_is_served(client, db, first_setup):
    page = client.get(f"/t/{DEMO_SLUG}/").content.decode()
    assert "Demo Open" in page and "Wiśniewski" in page and "Dvořák" in page


def test_the_demo_has_two_sessions_played_and_a_third_seated(db, first_setup):
    from scoring.models import Hand, Penalty, SeatResult
    from scoring.services.tables import snapshot
    from scoring.standings.ranking import compute_standings

    tournament = Tournament.objects.get(slug=DEMO_SLUG)
    statuses = list(tournament.sessions.order_by("number").values_list("status", flat=True))
    assert statuses == ["confirmed", "confirmed", "seated", "seated", "seated", "seated"]
    assert all(s.draw_seed is not None for s in tournament.sessions.all())
    for session in tournament.sessions.filter(status="confirmed"):
        for table in session.tables.all():
            snap = snapshot(table)  # replays every hand against the rules
            assert snap.hands_played == 16 and sum(snap.totals) == 0
            assert table.is_closed
            assert sum(r.table_points for r in SeatResult.objects.filter(table=table)) == 7
    kinds = set(Penalty.objects.values_list("kind", flat=True))
    assert {"late_arrival", "false_hu", "infraction"} <= kinds
    ladder = Penalty.objects.filter(kind="infraction").order_by("occurrence")
    assert [(p.occurrence, p.points) for p in ladder] == [(1, 0), (2, -5)]
    assert Hand.objects.filter(is_current=False).exists()  # a corrected hand
    standings = compute_standings(tournament)
    assert standings.through == 2 and len(standings.rows) == 32
    assert sum(row.table_points for row in standings.rows) == 2 * 8 * 7
