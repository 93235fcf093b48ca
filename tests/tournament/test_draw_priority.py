"""The director's choice between repeated opponents and club-mates apart (issue 17, item 3;
docs/rules.md §8): the preview shows the other priority's figures and previews it on request,
and the tournament keeps the choice for its next draws."""

import pytest
from django.urls import reverse

from bench.seating import clubs  # every player in a club of 4 to 6, as the bench draws them
from draw.planning import plan_draw
from draw.writing import write_draw
from tournament.services.registrations import register_player
from tournament.services.seating_report import session_tables


@pytest.fixture
def club_cup(make_tournament):
    tournament = make_tournament(slug="club-cup", session_count=7, seating_groups="club")
    for number, club in clubs(32, 3).items():
        register_player(
            tournament, first_name=f"Player{number}", last_name="Test", club=f"Club {club}"
        )
    return tournament


def test_the_preview_weighs_both_priorities(director_client, club_cup):
    plan = plan_draw(club_cup, seed=3)
    other = plan.report.alternative
    assert plan.report.repeats == 0 and plan.report.group_clashes > 0
    assert other.apart_first and other.group_clashes < plan.report.group_clashes
    url = reverse("draw", args=[club_cup.slug])
    page = director_client.post(url, {"scope": "remaining", "seed": "3"}).content.decode()
    assert "The other choice, keep them apart first:" in page
    assert f"{other.repeats} repeated meeting" in page
    assert 'name="priority" value="apart"' in page

    # the director previews the other choice: same seed, the announced figures, and the
    # tournament keeps the choice
    response = director_client.post(url, {"scope": "remaining", "seed": "3", "priority": "apart"})
    shown = response.context["plan"].report
    assert (shown.repeats, shown.group_clashes) == (other.repeats, other.group_clashes)
    assert shown.alternative.apart_first is False
    assert shown.alternative.group_clashes == plan.report.group_clashes
    club_cup.refresh_from_db()
    assert club_cup.seating_priority == "apart"
    assert "The other choice, avoid repeated opponents first:" in response.content.decode()

    # what is published is what was previewed
    fingerprint = response.context["plan"].fingerprint
    publish = director_client.post(
        reverse("draw-publish", args=[club_cup.slug]),
        {"scope": "remaining", "seed": "3", "fingerprint": fingerprint},
    )
    assert publish.status_code == 302
    previewed = response.context["plan"].schedule
    assert [session_tables(s) for s in club_cup.sessions.order_by("number")] == previewed


def test_an_unknown_priority_is_refused_and_changes_nothing(director_client, club_cup):
    url = reverse("draw", args=[club_cup.slug])
    response = director_client.post(url, {"scope": "remaining", "seed": "3", "priority": "x"})
    assert response.status_code == 200 and "plan" not in response.context
    assert response.context["form"].errors["priority"]
    club_cup.refresh_from_db()
    assert club_cup.seating_priority == "repeats"


def test_without_groups_the_choice_is_not_offered(director_client, make_tournament):
    tournament = make_tournament(slug="plain", seating_groups="none")
    page = director_client.get(reverse("draw", args=[tournament.slug])).content.decode()
    assert 'name="priority"' not in page


def test_the_setting_drives_the_service_draw(club_cup):
    club_cup.seating_priority = "apart"
    club_cup.save()
    written = write_draw(club_cup, seed=3).report
    assert written.alternative.apart_first is False  # the other choice is repeats first
    assert written.group_clashes < written.alternative.group_clashes
    assert written.repeats > written.alternative.repeats == 0


def test_the_command_prints_the_other_choice(club_cup, capsys):
    from django.core.management import call_command

    other = plan_draw(club_cup, seed=3).report.alternative  # what the preview announces
    call_command("draw", club_cup.slug, "--seed", "3")
    out = capsys.readouterr().out
    assert "The other choice (keep them apart first" in out
    assert f"repeats {other.repeats}, group clashes {other.group_clashes}." in out


def test_a_refused_preview_does_not_change_the_priority(director_client, make_tournament):
    empty = make_tournament(slug="empty-cup", seating_groups="club")
    url = reverse("draw", args=[empty.slug])
    response = director_client.post(url, {"scope": "remaining", "priority": "apart"})
    assert "No player is registered yet." in response.content.decode()
    empty.refresh_from_db()
    assert empty.seating_priority == "repeats"
