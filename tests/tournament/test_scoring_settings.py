"""The rule set's settings on the tournament: built from `rules`, validated by `rules`."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tournament.rulesets import ruleset_for
from tournament.services.tournaments import TournamentError, update_tournament


@pytest.fixture
def riichi(make_tournament):
    return make_tournament(name="Riichi Open", slug="riichi-open", ruleset="riichi2016")


def test_settings_form_is_built_from_the_rule_set(director_client, riichi):
    page = director_client.get(reverse("scoring-settings", args=[riichi.slug])).content.decode()
    assert 'name="uma"' in page and 'value="15000, 5000, -5000, -15000"' in page
    assert 'name="penalty_unit"' in page


def test_director_changes_the_uma_and_only_changes_are_stored(director_client, riichi):
    response = director_client.post(
        reverse("scoring-settings", args=[riichi.slug]),
        {
            "uma": "20000, 10000, -10000, -20000",
            "leftover_deposits_to_first": "on",
            "penalty_unit": "100",
        },
    )
    assert response.status_code == 302
    riichi.refresh_from_db()
    assert riichi.scoring_options == {"uma": [20000, 10000, -10000, -20000]}
    assert ruleset_for(riichi).options.uma == (20000, 10000, -10000, -20000)


def test_bad_setting_is_refused_with_a_message(director_client, riichi):
    response = director_client.post(
        reverse("scoring-settings", args=[riichi.slug]),
        {
            "uma": "20000, 10000, -10000",
            "penalty_unit": "100",
        },
    )
    assert "Write exactly 4 numbers." in response.content.decode()
    riichi.refresh_from_db()
    assert riichi.scoring_options == {}


def test_rules_refuse_an_uma_that_does_not_sum_to_zero(director_client, riichi):
    response = director_client.post(
        reverse("scoring-settings", args=[riichi.slug]),
        {
            "uma": "20000, 10000, -10000, -10000",
            "penalty_unit": "100",
        },
    )
    assert response.status_code == 200
    assert "form-errors" in response.content.decode()
    riichi.refresh_from_db()
    assert riichi.scoring_options == {}


def test_mcr_rank_before_penalties(director_client, tournament):
    director_client.post(
        reverse("scoring-settings", args=[tournament.slug]), {"rank_before_penalties": "on"}
    )
    tournament.refresh_from_db()
    assert tournament.scoring_options == {"rank_before_penalties": True}
    assert ruleset_for(tournament).options.rank_before_penalties is True


def test_model_validation_names_the_valid_settings(tournament):
    tournament.scoring_options = {"uma": [1, 2, 3, -6]}
    with pytest.raises(ValidationError, match="Unknown setting uma for MCR"):
        tournament.full_clean()


def test_changing_the_rule_set_drops_settings_that_no_longer_apply(riichi):
    riichi.scoring_options = {"uma": [20000, 10000, -10000, -20000]}
    riichi.save()
    riichi = update_tournament(riichi, ruleset="mcr")
    assert riichi.scoring_options == {}
    assert ruleset_for(riichi).code == "mcr"


def test_rule_set_cannot_change_once_hands_exist(tournament, register):
    from scoring.models import Hand
    from tournament.models import Table

    table = Table.objects.create(session=tournament.sessions.first(), number=1)
    Hand.objects.create(
        table=table,
        number=1,
        outcome="washout",
        change_east=0,
        change_south=0,
        change_west=0,
        change_north=0,
    )
    with pytest.raises(TournamentError, match="can no longer change"):
        update_tournament(tournament, ruleset="riichi2008")


def test_scoring_settings_page_is_for_directors(client, plain_user, tournament):
    url = reverse("scoring-settings", args=[tournament.slug])
    client.force_login(plain_user)
    assert client.get(url).status_code == 403
    assert client.post(url, {"rank_before_penalties": "on"}).status_code == 403


def test_director_chooses_the_tie_breakers(director_client, tournament):
    director_client.post(
        reverse("scoring-settings", args=[tournament.slug]),
        {
            "tie_break_1": "best_session",
            "tie_break_2": "",
            "tie_break_3": "hands_won",
        },
    )
    tournament.refresh_from_db()
    assert tournament.tie_breaks == ["best_session", "hands_won"]
    page = director_client.get(reverse("scoring-settings", args=[tournament.slug]))
    assert '<option value="best_session" selected>' in page.content.decode()
