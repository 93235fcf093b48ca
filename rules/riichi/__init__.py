"""EMA Riichi (docs/rules.md §3): payments, edition presets, and the rule set that runs
a table.

- `rules.riichi.payments`: a hand's base points and what each player pays (pure functions);
- `rules.riichi.presets`: one frozen preset per edition (2008, 2016) instead of `if edition`;
- `rules.riichi.table`: `RiichiRuleSet`, a session's hands, counters, deposits and uma;
- `rules.riichi.wins`: a ron or a tsumo checked (han and fu, two yaku, pao) and settled.

The payment functions are re-exported here, so `rules.riichi.ron_payment(...)` keeps working.
"""

from rules.riichi.hands import HanFu, count_han_fu
from rules.riichi.payments import (
    HONBA_RON,
    HONBA_TSUMO,
    LIMITS,
    MAX_HAN,
    NOTEN_TOTAL,
    RIICHI_STAKE,
    VALID_FU,
    base_points,
    base_points_for,
    check_value,
    chombo_deltas,
    chombo_payments,
    final_scores,
    noten_payments,
    ron_amount,
    ron_payment,
    round_up_100,
    tsumo_amounts,
    tsumo_payments,
    uma,
    uma_for,
)
from rules.riichi.presets import EDITIONS, EMA_2008, EMA_2016, RiichiOptions, edition_preset

__all__ = [
    "EDITIONS",
    "EMA_2008",
    "EMA_2016",
    "HONBA_RON",
    "HONBA_TSUMO",
    "LIMITS",
    "MAX_HAN",
    "NOTEN_TOTAL",
    "RIICHI_STAKE",
    "VALID_FU",
    "HanFu",
    "RiichiOptions",
    "base_points",
    "base_points_for",
    "check_value",
    "chombo_deltas",
    "chombo_payments",
    "count_han_fu",
    "edition_preset",
    "final_scores",
    "noten_payments",
    "ron_amount",
    "ron_payment",
    "round_up_100",
    "tsumo_amounts",
    "tsumo_payments",
    "uma",
    "uma_for",
]
