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


def test_the_count_from_tiles_settings_where_the_seeds_are_silent(director_client, make_tournament):
    """docs/rules.md §7.3 (decisions 8, 17, 18) and §3.10: the settings of the count from tiles."""
    faentino = make_tournament(name="Coppa Faenza", slug="faenza", ruleset="faentino")
    url = reverse("scoring-settings", args=[faentino.slug])
    page = director_client.get(url).content.decode()
    for name in ("pung_points", "pair_points", "bonus_points", "wind_pung_doubles"):
        assert f'name="{name}"' in page
    response = director_client.post(
        url,
        {
            "starting_points": "2000",
            "limit": "200",
            "rounds": "3",
            "penalty_unit": "1",
            "pung_points": "1",
            "pair_points": "0",
            "bonus_points": "4",
            "wind_pung_doubles": "on",
        },
    )
    assert response.status_code == 302
    faentino.refresh_from_db()
    options = ruleset_for(faentino).options
    assert (options.pung_points, options.pair_points, options.wind_pung_doubles) == (1, 0, True)
    european = make_tournament(name="Euro Tiles", slug="euro-tiles", ruleset="european")
    page = director_client.get(reverse("scoring-settings", args=[european.slug])).content
    assert b'name="shape_doubles_for_all"' in page
    riichi = make_tournament(name="Riichi", slug="riichi-08", ruleset="riichi2008")
    page = director_client.get(reverse("scoring-settings", args=[riichi.slug])).content
    assert b'name="five_counters_two_yaku"' in page
