"""A riichi hand as the referee enters it: the outcomes and the fields of each edition
(docs/rules.md §3), read by `RiichiRuleSet.hand_fields`."""

from __future__ import annotations

from typing import Any

from rules.base import OPTIONAL_SEAT, OUTCOME, PER_SEAT_INT, SEAT, SEATS_KIND, EntryField
from rules.i18n import _
from rules.riichi import payments as riichi

RON = "ron"
TSUMO = "tsumo"
DRAW = "draw"
ABORTIVE_DRAW = "abortive_draw"
CHOMBO = "chombo"
WINS = (RON, TSUMO)


def hand_fields(options: Any) -> tuple[EntryField, ...]:
    """The fields of a riichi hand in this edition (`options`: the preset)."""
    outcomes = [
        (RON, _("Ron (win on a discard)")),
        (TSUMO, _("Tsumo (self-drawn win)")),
        (DRAW, _("Exhaustive draw")),
    ]
    if options.abortive_draws:
        outcomes.append((ABORTIVE_DRAW, _("Abortive draw")))
    outcomes.append((CHOMBO, _("Chombo")))
    played = tuple(code for code, _label in outcomes if code != CHOMBO)
    zeros = (0, 0, 0, 0)
    return (
        EntryField("outcome", OUTCOME, _("Outcome"), choices=tuple(outcomes)),
        EntryField(
            "winners",
            SEATS_KIND,
            _("Winners"),
            _("One winner on tsumo; up to three on ron."),
            min_value=1,
            max_value=3,
            outcomes=WINS,
        ),
        EntryField(
            "discarder",
            SEAT,
            _("Discarder"),
            _("Robbing a kong: the player who added the tile."),
            outcomes=(RON,),
        ),
        EntryField(
            "han",
            PER_SEAT_INT,
            _("Han"),
            _("For each winner; 0 for the others and for yakuman hands."),
            min_value=0,
            max_value=riichi.MAX_HAN,
            outcomes=WINS,
        ),
        EntryField(
            "fu",
            PER_SEAT_INT,
            _("Fu"),
            _("For each winner below 5 han, rounded up (25 for seven pairs); otherwise 0."),
            required=False,
            min_value=0,
            max_value=max(riichi.VALID_FU),
            outcomes=WINS,
            default=zeros,
        ),
        EntryField(
            "yakuman",
            PER_SEAT_INT,
            _("Yakuman"),
            yakuman_help(options),
            required=False,
            min_value=0,
            max_value=options.max_yakuman,
            outcomes=WINS,
            default=zeros,
        ),
        EntryField(
            "liable",
            OPTIONAL_SEAT,
            _("Liable player (pao)"),
            _("Who fed the last set of Big Three Dragons or Big Four Winds, if anyone."),
            required=False,
            outcomes=WINS,
        ),
        EntryField(
            "riichi",
            SEATS_KIND,
            _("Riichi declared"),
            _("Players who declared riichi in this hand; each puts 1000 on the table."),
            required=False,
            outcomes=played,
            default=(),
        ),
        EntryField(
            "tenpai",
            SEATS_KIND,
            _("Tenpai"),
            _(
                "Players tenpai at the draw. At an abortive draw the dealer keeps the deal "
                "only when tenpai."
            ),
            required=False,
            outcomes=(DRAW, ABORTIVE_DRAW),
            default=(),
        ),
        EntryField("offender", SEAT, _("Offender"), outcomes=(CHOMBO,)),
    )


def yakuman_help(options: Any) -> str:
    """What the yakuman field takes in this edition (EMA 2008 §4.2: yakuman do not add up,
    Big Four Winds alone is worth 2)."""
    if options.max_yakuman > 1:
        return _(
            "1 for a yakuman hand (yakuman do not add up); 2 only for Big Four Winds. Otherwise 0."
        )
    return _("1 for a yakuman hand (never more in this edition); otherwise 0.")
