"""The demo tournament and the `setup_desk` command that `make run` calls."""

from django.contrib.auth import get_user_model
from django.core.management import call_command

from desk.demo import DEMO_SLUG
from tournament.models import Player, Tournament


def test_setup_desk_creates_the_director_and_loads_the_demo(db, settings, tmp_path, capsys):
    settings.DATA_DIR = tmp_path
    call_command("setup_desk")
    out = capsys.readouterr().out
    password = (tmp_path / "director_password.txt").read_text().strip()
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


def test_setup_desk_does_not_reload_the_demo_or_recreate_the_director(
    db, settings, tmp_path, capsys
):
    settings.DATA_DIR = tmp_path
    call_command("setup_desk")
    call_command("setup_desk")
    assert Tournament.objects.count() == 2  # the MCR demo and the riichi team demo
    assert get_user_model().objects.count() == 1


def test_setup_desk_leaves_a_desk_with_tournaments_alone(db, settings, tmp_path, tournament):
    settings.DATA_DIR = tmp_path
    call_command("setup_desk")
    assert not Tournament.objects.filter(slug=DEMO_SLUG).exists()


def test_changed_password_is_not_printed(db, settings, tmp_path, capsys):
    settings.DATA_DIR = tmp_path
    call_command("setup_desk", "--no-demo")
    director = get_user_model().objects.get(username="director")
    director.set_password("something-else-entirely")
    director.save()
    capsys.readouterr()
    call_command("setup_desk", "--no-demo")
    assert "password changed" in capsys.readouterr().out


def test_the_demo_page_is_served(client, db, settings, tmp_path):
    settings.DATA_DIR = tmp_path
    call_command("setup_desk")
    page = client.get(f"/t/{DEMO_SLUG}/").content.decode()
    assert "Demo Open" in page and "Wiśniewski" in page and "Dvořák" in page


def test_the_demo_has_two_sessions_played_and_a_third_seated(db, settings, tmp_path):
    from scoring.models import Hand, Penalty, SeatResult
    from scoring.services.tables import snapshot
    from scoring.standings.ranking import compute_standings

    settings.DATA_DIR = tmp_path
    call_command("setup_desk")
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
