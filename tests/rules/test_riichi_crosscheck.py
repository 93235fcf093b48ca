"""Cross-check of the riichi payments against the `mahjong` package (a test dependency).

For han 1..13, every fu from 20 to 110, dealer and non-dealer, ron and tsumo, 0 to 3 counters,
the package's ScoresCalculator configured as EMA (no kiriage mangan; 13+ han a counted yakuman in
2008, sanbaiman in 2016) must agree with rules.riichi. Yakuman hands (single, and the 2008
double) are checked too.
"""

import pytest
from mahjong.constants import EAST, SOUTH
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import ScoresCalculator

from rules import riichi

FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
HAN = range(1, 14)
HONBA = range(4)
KAZOE = {"2008": HandConstants.KAZOE_LIMITED, "2016": HandConstants.KAZOE_SANBAIMAN}


def package(han, fu, *, dealer, tsumo, honba, edition, yakuman=False):
    """What the package says: (ron payment) or (each non-dealer, dealer) on tsumo."""
    config = HandConfig(
        is_tsumo=tsumo,
        player_wind=EAST if dealer else SOUTH,
        tsumi_number=honba,
        options=OptionalRules(kiriage=False, kazoe_limit=KAZOE[edition], has_double_yakuman=True),
    )
    result = ScoresCalculator.calculate_scores(han=han, fu=fu, config=config, is_yakuman=yakuman)
    if not tsumo:
        return result["main"] + result["main_bonus"]
    return (
        result["additional"] + result["additional_bonus"],
        result["main"] + result["main_bonus"],
    )


def test_package_is_configured_as_ema():
    # 30 fu 4 han is 7700, not a mangan, only without kiriage mangan
    assert package(4, 30, dealer=False, tsumo=False, honba=0, edition="2008") == 7700
    assert package(13, 30, dealer=False, tsumo=False, honba=0, edition="2016") == 24000


@pytest.mark.parametrize("edition", ["2008", "2016"])
@pytest.mark.parametrize("dealer", [True, False])
@pytest.mark.parametrize("tsumo", [True, False])
def test_payments_agree_with_the_mahjong_package(edition, dealer, tsumo):
    compute = riichi.tsumo_payments if tsumo else riichi.ron_payment
    checked = 0
    mismatches = []
    for han in HAN:
        for fu in FU:
            for honba in HONBA:
                ours = compute(han, fu, dealer=dealer, honba=honba, edition=edition)
                theirs = package(han, fu, dealer=dealer, tsumo=tsumo, honba=honba, edition=edition)
                checked += 1
                if ours != theirs:
                    mismatches.append((han, fu, honba, ours, theirs))
    assert checked == 13 * 11 * 4
    assert mismatches == []


@pytest.mark.parametrize(("edition", "multiple"), [("2008", 1), ("2008", 2), ("2016", 1)])
@pytest.mark.parametrize("dealer", [True, False])
@pytest.mark.parametrize("tsumo", [True, False])
@pytest.mark.parametrize("honba", HONBA)
def test_yakuman_hands_agree_with_the_mahjong_package(edition, multiple, dealer, tsumo, honba):
    compute = riichi.tsumo_payments if tsumo else riichi.ron_payment
    ours = compute(0, dealer=dealer, honba=honba, edition=edition, yakuman=multiple)
    theirs = package(
        13 * multiple, 30, dealer=dealer, tsumo=tsumo, honba=honba, edition=edition, yakuman=True
    )
    assert ours == theirs
