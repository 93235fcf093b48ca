"""The FIMJ and European settings added for docs/rules.md §4.1, §4.3, §4.6 (§6.7), edited on the
"Scoring settings" page that the rule set builds."""

from django.urls import reverse

from tournament.rulesets import ruleset_for

FIMJ_DEFAULTS = {
    "starting_points": "1000",
    "limit": "1000",
    "rounds": "4",
    "penalty_unit": "1",
    "limit_hand_value": "0",
    "limit_tier_1": "1000",
    "limit_tier_2": "2000",
    "limit_tier_3": "3000",
}


def test_fimj_limit_tiers_and_multiple_win_setting_on_the_settings_page(
    director_client, make_tournament
):
    fimj = make_tournament(name="Coppa FIMJ", slug="coppa-fimj", ruleset="fimj")
    url = reverse("scoring-settings", args=[fimj.slug])
    page = director_client.get(url).content.decode()
    for name in ("limit_tier_1", "limit_tier_2", "limit_tier_3", "winners_settle_difference"):
        assert f'name="{name}"' in page
    assert 'name="washout_keeps_deal"' not in page  # European only
    response = director_client.post(
        url, {**FIMJ_DEFAULTS, "limit_tier_2": "4000", "winners_settle_difference": "on"}
    )
    assert response.status_code == 302
    fimj.refresh_from_db()
    assert fimj.scoring_options == {"limit_tier_2": 4000, "winners_settle_difference": True}
    assert ruleset_for(fimj).options.tier_values() == (1000, 4000, 3000)
    # out of range: refused with a message, nothing stored
    response = director_client.post(url, {**FIMJ_DEFAULTS, "limit_tier_3": "0"})
    assert response.status_code == 200
    assert "greater than or equal to 10" in response.content.decode()
    fimj.refresh_from_db()
    assert fimj.scoring_options == {"limit_tier_2": 4000, "winners_settle_difference": True}


def test_european_washout_setting_on_the_settings_page(director_client, make_tournament):
    european = make_tournament(name="Euro Cup", slug="euro-cup", ruleset="european")
    url = reverse("scoring-settings", args=[european.slug])
    page = director_client.get(url).content.decode()
    assert 'name="washout_keeps_deal"' in page and 'name="limit_tier_1"' not in page
    response = director_client.post(
        url,
        {
            "starting_points": "1000",
            "limit": "500",
            "rounds": "4",
            "penalty_unit": "1",
            "limit_hand_value": "0",
            "washout_keeps_deal": "on",
        },
    )
    assert response.status_code == 302
    european.refresh_from_db()
    assert european.scoring_options == {"washout_keeps_deal": True}
    assert ruleset_for(european).options.washout_keeps_deal is True
