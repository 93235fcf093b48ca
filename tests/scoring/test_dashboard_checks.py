"""The dashboard helps before confirming (issue 14, point 6), and one way to publish with one
line of state per session (point 5)."""

import copy
import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring import dashboard
from scoring.access import Actor
from scoring.models import SeatResult
from scoring.services import clock, closing
from tests.factories import build_played, mcr_entry, play
from tournament.models import Session


@pytest.fixture
def actor(director):
    return Actor(user=director)


@pytest.fixture(scope="module")
def module_cup(module_db, module_director):
    with module_db():
        return build_played("cup", Actor(user=module_director), confirmed=1, seat_next=True)


@pytest.fixture
def cup(db, module_cup):
    """Session 1 played, confirmed and published; session 2 seated (built once for the
    module)."""
    return copy.deepcopy(module_cup)


def dashboard_page(client, cup, number):
    return client.get(reverse("session-dashboard", args=[cup.slug, number])).content.decode()


def test_closed_tables_show_their_results_and_a_table_that_is_not_zero_sum_is_flagged(
    cup, director_client
):
    session = cup.sessions.get(number=1)
    page = dashboard_page(director_client, cup, 1)
    assert page.count('class="desk-table compact dashboard-results"') == 4
    for result in SeatResult.objects.filter(session=session).select_related("registration__player"):
        assert result.registration.player.full_name in page
    assert "Not zero-sum" not in page
    wrong = SeatResult.objects.filter(table__session=session, table__number=2).first()
    SeatResult.objects.filter(pk=wrong.pk).update(hand_points=wrong.hand_points + 5)
    page = dashboard_page(director_client, cup, 1)
    assert page.count("Not zero-sum: the hand points and transfers add up to 5 instead of 0") == 1
    assert page.count("not-zero-sum") == 1


def test_a_table_far_behind_the_others_is_marked_late(cup, actor, director_client):
    session = cup.sessions.get(number=2)
    tables = list(session.tables.order_by("number"))
    for table in tables[:3]:
        play(table, [mcr_entry(n) for n in range(1, 5)], actor)
    play(tables[3], [mcr_entry(1)], actor)
    page = dashboard_page(director_client, cup, 2)
    assert page.count("Late: 3 hands behind the middle table (1 of 4)") == 1
    assert page.count(" is-late") == 1
    play(tables[3], [mcr_entry(2)], actor)  # two behind: within the margin
    assert "Late:" not in dashboard_page(director_client, cup, 2)


def test_open_tables_are_late_once_their_time_is_up(cup, actor, director_client):
    session = cup.sessions.get(number=2)
    clock.start_clock(session, actor=actor)
    assert "Late:" not in dashboard_page(director_client, cup, 2)
    long_ago = timezone.now() - dt.timedelta(minutes=cup.session_minutes + 1)
    Session.objects.filter(pk=session.pk).update(clock_started_at=long_ago)
    page = dashboard_page(director_client, cup, 2)
    assert page.count("Late: time is up and the table is still open") == 4


def test_the_clock_stops_by_itself_when_every_table_has_closed(cup, actor, director_client):
    session = cup.sessions.get(number=2)
    clock.start_clock(session, actor=actor)
    session.refresh_from_db()
    later = timezone.now() + dt.timedelta(minutes=10)
    running = clock.clock_state(session)
    assert running.running and clock.clock_state(session, now=later).remaining < running.remaining
    tables = list(session.tables.order_by("number"))
    for table in tables[:3]:
        table.refresh_from_db()
        closing.close_table(table, actor=actor)
    assert clock.clock_state(session).running  # one table still open
    tables[3].refresh_from_db()
    closing.close_table(tables[3], actor=actor)
    stopped = clock.clock_state(session)
    assert stopped.stopped and not stopped.running and stopped.ends_at is None
    # computed from the tables' closing times: the same figure later, in any process
    assert clock.clock_state(session, now=later).remaining == stopped.remaining
    assert clock.clock_state(Session.objects.get(pk=session.pk), now=later) == stopped
    assert stopped.as_dict()["stopped"] is True
    page = dashboard_page(director_client, cup, 2)
    assert "Stopped: every table is closed" in page
    assert 'value="pause"' not in page


def test_the_late_margin_is_explained_on_the_page(cup, director_client):
    page = dashboard_page(director_client, cup, 2)
    assert f"{dashboard.LATE_MARGIN} or more hands fewer than the middle table" in page


# -- point 5: one way to publish, one line of state ----------------------------------------


def test_a_session_s_state_in_one_line_through_its_steps(cup, actor):
    session = cup.sessions.get(number=2)
    assert cup.sessions.get(number=3).state_label == "Not drawn yet"
    assert session.state_label == "Drawn · seating not public yet"
    Session.objects.filter(pk=session.pk).update(seating_published=True)
    assert Session.objects.get(pk=session.pk).state_label == "Drawn · seating public"
    tables = list(session.tables.order_by("number"))
    for table in tables[:1]:
        closing.close_table(table, actor=actor)
    assert (
        Session.objects.get(pk=session.pk).state_label
        == "Playing · 1 of 4 tables closed · seating public"
    )
    for table in tables[1:]:
        closing.close_table(table, actor=actor)
    assert Session.objects.get(pk=session.pk).state_label == (
        "All tables closed · waiting for confirmation · seating public"
    )
    closing.confirm_session(session, actor=actor)
    assert Session.objects.get(pk=session.pk).state_label == "Confirmed · results not public yet"
    assert cup.sessions.get(number=1).state_label == "Confirmed · results public"


def test_the_same_state_line_on_the_tournament_page_the_draw_page_and_the_dashboard(
    cup, director_client
):
    pages = [
        director_client.get(reverse("tournament", args=[cup.slug])).content.decode(),
        director_client.get(reverse("draw", args=[cup.slug])).content.decode(),
    ]
    for number, label in ((1, "Confirmed · results public"), (2, "Drawn · seating not public yet")):
        dashboard_html = dashboard_page(director_client, cup, number)
        for page in [*pages, dashboard_html]:
            assert label in page, label
    assert "Not drawn yet" in pages[0] and "Not drawn yet" in pages[1]


@pytest.fixture
def sixteen(tournament, register):
    register(16)
    return tournament


def publish_draw(client, tournament, **extra):
    url = reverse("draw", args=[tournament.slug])
    preview = client.post(url, {"scope": "remaining", "seed": "7"})
    plan = preview.context["plan"]
    assert "Make the seating of session 1 public now" in preview.content.decode()
    return client.post(
        reverse("draw-publish", args=[tournament.slug]),
        {"scope": "remaining", "seed": "7", "fingerprint": plan.fingerprint, **extra},
        follow=True,
    )


def test_saving_a_draw_can_make_the_first_seating_public_and_says_exactly_that(
    director_client, sixteen
):
    page = publish_draw(director_client, sixteen, publish_seating="1").content.decode()
    assert "The seating of session 1 is now public" in page
    published = list(
        sixteen.sessions.order_by("number").values_list("seating_published", flat=True)
    )
    assert published == [True] + [False] * (len(published) - 1)
    assert "The seating has not been published yet" not in page


def test_saving_a_draw_without_making_it_public_says_players_do_not_see_it(
    director_client, sixteen
):
    page = publish_draw(director_client, sixteen).content.decode()
    assert "Players do not see it yet" in page
    assert not sixteen.sessions.filter(seating_published=True).exists()


def test_making_the_seating_public_is_proposed_only_for_the_next_session_to_play(
    cup, actor, director_client
):
    url = reverse("draw", args=[cup.slug])
    checkbox = '<input type="checkbox" name="publish_seating" value="1" checked>'
    page = director_client.post(url, {"scope": "remaining", "seed": "5"}).content.decode()
    assert "Make the seating of session 2 public now" in page and checkbox in page
    play(cup.sessions.get(number=2).tables.get(number=1), [mcr_entry(1)], actor)
    page = director_client.post(url, {"scope": "remaining", "seed": "5"}).content.decode()
    assert "Make the seating of session 3 public now" in page  # session 2 is being played
    assert 'name="publish_seating" value="1">' in page and checkbox not in page


def test_the_seating_page_says_whether_players_see_it_and_makes_it_public(cup, director_client):
    url = reverse("seating", args=[cup.slug, 2])
    page = director_client.get(url).content.decode()
    assert "Drawn · seating not public yet" in page and "Make this seating public" in page
    publish = reverse("session-publish", args=[cup.slug, 2])
    assert f'action="{publish}"' in page
    director_client.post(publish, {"seating": "1"})
    page = director_client.get(url).content.decode()
    assert "Drawn · seating public" in page and "Make this seating public" not in page
