"""Count from tiles (docs/rules.md §7): the tiles a referee picked or an operator typed, counted
by the rule set's counter, kept with the hand beside the referee's own figures.

The referee's figures are what count. The calculation is stored with the hand version it was
made for, with whether the figures matched it, so a director can see where a table disagreed
with the calculator and the desk can rank the best hands.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

import rules
from common.i18n import translate_error, translate_message
from scoring.services.tables import TableError

MAX_FLAGS = 10


@dataclass(frozen=True)
class TilesInput:
    """What the hand form sends about the tiles: the notation, the winner it belongs to (None:
    the hand's only winner), the conditions ticked, and riichi's dora indicators."""

    text: str = ""
    winner: int | None = None
    flags: tuple[str, ...] = ()
    dora: str = ""
    ura: str = ""

    def __bool__(self):
        return bool(self.text.strip())

    @classmethod
    def from_hand(cls, hand):
        """The input a stored hand was counted from (to count it again after a correction)."""
        count = hand.tile_count if isinstance(hand.tile_count, dict) else {}
        winner = count.get("winner")
        return cls(
            text=hand.tiles or "",
            winner=winner if isinstance(winner, int) and 0 <= winner < 4 else None,
            flags=tuple(flag for flag in count.get("flags") or () if isinstance(flag, str)),
            dora=str(count.get("dora") or ""),
            ura=str(count.get("ura") or ""),
        )


def counter_of(ruleset):
    """The rule set's counter, or a TableError saying why tiles cannot be counted here."""
    counter = ruleset.tile_counter()
    if counter is None:
        raise TableError(_("This rule set does not count hands from tiles."))
    missing = counter.missing()
    if missing is not None:
        raise TableError(translate_message(missing.template, missing.params))
    return counter


def why_no_count(ruleset):
    """Why the referee's page offers no "Count from tiles" (None when it does)."""
    try:
        counter_of(ruleset)
    except TableError as exc:
        return str(exc)
    return None


def count_tiles(ruleset, entry, state, tiles, seat_names=None):
    """Count `tiles` for the hand `entry` (already cleaned by the rules) in `state`.

    Returns the calculation (a JSON-ready mapping with the winner's starting seat) and whether
    the entry's figures matched it; raises TableError with the reason when the tiles do not
    read or do not fit the hand.
    """
    counter = counter_of(ruleset)
    if len(tiles.flags) > MAX_FLAGS:
        raise TableError(_("Too many conditions."))
    try:
        winner, count = counter.count_entry(
            entry,
            state,
            tiles.text,
            winner=tiles.winner,
            flags=tiles.flags,
            dora=tiles.dora,
            ura=tiles.ura,
        )
    except rules.RuleError as exc:
        raise TableError(
            _("Tiles: %(error)s") % {"error": translate_error(exc, seat_names)}
        ) from exc
    calculation = {**count.as_json(), "winner": winner}
    return calculation, counter.matches(entry, winner, count)


def hand_tile_fields(ruleset, entry, state, tiles, seat_names=None, previous=None):
    """The `Hand` fields for `tiles` (empty values when no tiles were given).

    `previous` is the hand version being replaced: when its tiles are kept and the counter's
    library is missing here, its calculation is kept rather than refusing the correction."""
    if not tiles:
        return {"tiles": "", "tile_count": None, "tiles_matched": None}
    if (
        previous is not None
        and previous.tiles
        and tiles == TilesInput.from_hand(previous)
        and why_no_count(ruleset) is not None
    ):
        return {
            "tiles": previous.tiles,
            "tile_count": previous.tile_count,
            "tiles_matched": previous.tiles_matched,
        }
    calculation, matched = count_tiles(ruleset, entry, state, tiles, seat_names)
    return {"tiles": calculation["tiles"], "tile_count": calculation, "tiles_matched": matched}
