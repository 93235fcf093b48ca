"""What each rule set tells the desk to show and print (no database)."""

import pytest

from rules import RULESET_CODES, get_ruleset
from rules.base import SCORE_SHEET_FIMJ_MCR, SCORE_SHEET_GENERIC, SCORE_SHEETS, ScoreFormat

RIICHI = ("riichi2008", "riichi2016")
RACK = ("european", "fimj", "faentino")


@pytest.mark.parametrize(
    ("code", "shows_final", "label", "shape", "value_fields", "sheet", "ema_tp"),
    [
        ("mcr", False, "Score", ScoreFormat(), ("fan",), SCORE_SHEET_FIMJ_MCR, True),
        *[
            (
                code,
                True,
                "Final score",
                ScoreFormat(1000, 1, True),
                ("han", "fu"),
                SCORE_SHEET_GENERIC,
                False,
            )
            for code in RIICHI
        ],
        *[(code, False, "Score", ScoreFormat(), (), SCORE_SHEET_GENERIC, False) for code in RACK],
    ],
)
def test_the_facts_of_every_rule_set(code, shows_final, label, shape, value_fields, sheet, ema_tp):
    ruleset = get_ruleset(code)
    assert ruleset.shows_final_score is shows_final
    assert ruleset.total_label == label
    assert ruleset.final_score_format == shape
    assert ruleset.hand_value_fields == value_fields
    assert ruleset.score_sheet == sheet
    assert ruleset.ema_table_points is ema_tp


def test_every_rule_set_is_covered_and_names_a_known_form():
    assert set(RULESET_CODES) == {"mcr", *RIICHI, *RACK}
    for code in RULESET_CODES:
        assert get_ruleset(code).score_sheet in SCORE_SHEETS


@pytest.mark.parametrize(
    ("code", "values", "text"),
    [
        ("mcr", {"fan": 24}, "24"),
        ("mcr", {"fan": None}, ""),
        ("riichi2016", {"han": 3, "fu": 40}, "3/40"),
        ("riichi2016", {"han": 6, "fu": None}, "6"),
        ("riichi2008", {"han": 13, "fu": 0}, "13"),
        ("riichi2008", {"han": None, "fu": None}, ""),
        ("european", {"fan": 8, "han": 2, "fu": 30}, ""),
        ("faentino", {}, ""),
    ],
)
def test_how_a_hand_value_reads(code, values, text):
    assert get_ruleset(code).hand_value_text(values) == text
