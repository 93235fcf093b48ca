"""Issue 31, point 7: finals seated session by session, and a preview that names who meets again.

A final of two sessions seated by the standings, drawn at the cut, keeps its tables: the same
four play again, and the preview said only "most meetings 3". Now the preview says plainly
which players meet again (and that a final drawn at once keeps its tables); the director can
choose, on the tournament's settings, to seat each final session by the standings after the
one before (`Tournament.final_reseat`): each final session is then drawn alone, once the one
before it is confirmed, in the order of the final ranking then."""

import pytest
from django.urls import reverse

from draw.errors import DrawError
from draw.planning import plan_draw
from draw.writing import write_draw
from scoring.access import Actor
from scoring.stages.services import final_order, make_cut
from tests.factories import build, mcr_entry, play, play_session, settings_form
from tournament.models import Tournament

SAME_FOUR = "the same four players as at a table of session 4"
KEEPS_TABLES = "The final sessions drawn together keep the same tables"


@pytest.fixture
def actor(director):
    return Actor(user=director)


def finals_ready(slug, actor, **settings):
    """16 players, 5 sessions: 3 qualifying played and confirmed, a final of 2 sessions for 8
    finalists seated by the standings; the cut made."""
    tournament = build(players=16, sessions=5, slug=slug)
    Tournament.objects.filter(pk=tournament.pk).update(
        final_sessions=2, finalists=8, final_seating="standings", **settings
    )
    tournament.refresh_from_db()
    for number in (1, 2, 3):
        play_session(tournament, number, actor)
    make_cut(tournament, actor=actor)
    tournament.refresh_from_db()
    return tournament


def preview(client, tournament, scope="remaining"):
    response = client.post(reverse("draw", args=[tournament.slug]), {"scope": scope, "seed": "4"})
    return " ".join(response.content.decode().split()), response.context.get("plan")


def test_the_preview_says_plainly_when_the_same_players_meet_again(director_client, actor):
    tournament = finals_ready("together", actor)
    page, plan = preview(director_client, tournament)
    assert [s.number for s in plan.scope] == [4, 5]
    assert KEEPS_TABLES in page
    # every finalists' table of session 5 repeats one of session 4, named
    repeats = [item for item in plan.again if item.session == 5 and item.same_as == 4]
    assert len(repeats) == 2
    for item in repeats:
        names = ", ".join(item.names)
        assert f"Session 5, table {item.table}: {SAME_FOUR} ({names})." in page
    # the finalists met in the qualifying stage too: those pairs are named with their sessions
    assert "sat together before, in session" in page


def test_each_final_session_can_be_seated_after_the_one_before(director_client, actor):
    tournament = finals_ready("one-by-one", actor)
    url = reverse("tournament-edit", args=[tournament.slug])
    form = settings_form(
        tournament,
        final_sessions="2",
        finalists="8",
        final_seating="standings",
        final_carry="full",
        final_reseat="on",
    )
    assert director_client.post(url, form).status_code == 302
    tournament.refresh_from_db()
    assert tournament.final_reseat
    page, plan = preview(director_client, tournament)
    assert [s.number for s in plan.scope] == [4]  # one final session at a time
    assert KEEPS_TABLES not in page and SAME_FOUR not in page
    write_draw(tournament, seed=4)
    # session 5 waits for session 4's confirmation: it is seated by the standings after it
    with pytest.raises(DrawError, match="draw it once session 4 is confirmed"):
        plan_draw(tournament, session_number=5)
    table = tournament.sessions.get(number=4).tables.get(number=1)
    play(table, [{"outcome": "washout"}], actor)  # session 4 is being played
    page, _plan = preview(director_client, tournament)
    assert "draw it once session 4 is confirmed" in page
    for other in tournament.sessions.get(number=4).tables.exclude(pk=table.pk):
        play(other, [{"outcome": "washout"}], actor)
    play_session(tournament, 4, actor, entries=[mcr_entry(n) for n in range(1, 16)])
    tournament.refresh_from_db()
    page, plan = preview(director_client, tournament)
    assert [s.number for s in plan.scope] == [5]
    finalists = list(tournament.registrations.filter(finalist=True))
    order = final_order(tournament, finalists)  # the final ranking after session 4
    tables = plan.schedule[0][:2]
    assert [set(table) for table in tables] == [set(order[:4]), set(order[4:8])]
    # whoever meets again is named, and the final is not said to keep its tables
    assert KEEPS_TABLES not in page
    for item in plan.again:
        assert f"Session 5, table {item.table}: " in page
        assert ", ".join(item.names) in page


def test_the_setting_is_on_the_tournaments_form_and_explained(director_client, actor):
    tournament = build(players=16, sessions=5, slug="form-reseat")
    page = director_client.get(reverse("tournament-edit", args=[tournament.slug])).content
    text = page.decode()
    assert 'name="final_reseat"' in text
    assert "Seat each final session after the one before" in text
    assert "once the one before it is confirmed" in text
