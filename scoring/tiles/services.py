"""Count from tiles (docs/rules.md §7): the tiles a referee picked or an operator typed, counted
by the rule set's counter, kept with the hand beside the referee's own figures.

The referee's figures are what count. The calculation is stored with the hand version it was
made for, with whether the figures matched it, so a director can see where a table disagreed
with the calculator and the desk can rank the best hands. In the classic games (European, FIMJ,
Faentino) every player's hand is counted: the calculation then keeps one count per player
(`players`) and matched means that every counted player's figures matched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

import rules
from common.i18n import translate_error, translate_message
from rules.tile_count import POINTS
from scoring.services.tables import TableError
from tournament.models import WIND_LETTERS

MAX_FLAGS = 10
SEATS = (0, 1, 2, 3)


@dataclass(frozen=True)
class PlayerTiles:
    """One player's tiles in the classic games: the starting seat, the notation, and the numbers
    (1-4) of the flowers and seasons held."""

    seat: int
    text: str
    flowers: tuple[int, ...] = ()
    seasons: tuple[int, ...] = ()


@dataclass(frozen=True)
class TilesInput:
    """What the hand form sends about the tiles: the notation, the winner it belongs to (None:
    the hand's only winner; in the classic games the player to count now), the conditions
    ticked, riichi's dora indicators, and in the classic games every player's tiles."""

    text: str = ""
    winner: int | None = None
    flags: tuple[str, ...] = ()
    dora: str = ""
    ura: str = ""
    players: tuple[PlayerTiles, ...] = ()

    def __bool__(self):
        return bool(self.text.strip()) or any(p.text.strip() for p in self.players)

    @classmethod
    def from_hand(cls, hand):
        """The input a stored hand was counted from (to count it again after a correction)."""
        count = hand.tile_count if isinstance(hand.tile_count, dict) else {}
        winner = count.get("winner")
        flags = tuple(flag for flag in count.get("flags") or () if isinstance(flag, str))
        players = count.get("players")
        if isinstance(players, list):
            return cls(flags=flags, players=tuple(_stored_player(p) for p in players if _fits(p)))
        return cls(
            text=hand.tiles or "",
            winner=winner if isinstance(winner, int) and 0 <= winner < 4 else None,
            flags=flags,
            dora=str(count.get("dora") or ""),
            ura=str(count.get("ura") or ""),
        )


def _numbers(values):
    if not isinstance(values, list):
        return ()
    return tuple(
        n for n in values if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 4
    )


def _fits(player):
    return (
        isinstance(player, dict)
        and player.get("seat") in SEATS
        and not isinstance(player.get("seat"), bool)
        and isinstance(player.get("tiles"), str)
    )


def _stored_player(player):
    return PlayerTiles(
        player["seat"],
        player["tiles"],
        _numbers(player.get("flowers")),
        _numbers(player.get("seasons")),
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


def _counted(counter, entry, state, text, tiles, seat_names, **more):
    """One counter call with the rule's refusal said as a TableError."""
    if len(tiles.flags) > MAX_FLAGS:
        raise TableError(_("Too many conditions."))
    try:
        return counter.count_entry(
            entry, state, text, flags=tiles.flags, dora=tiles.dora, ura=tiles.ura, **more
        )
    except rules.RuleError as exc:
        raise TableError(
            _("Tiles: %(error)s") % {"error": translate_error(exc, seat_names)}
        ) from exc


def count_tiles(ruleset, entry, state, tiles, seat_names=None):
    """Count `tiles` for the hand `entry` (already cleaned by the rules) in `state`.

    Returns the calculation (a JSON-ready mapping with the winner's starting seat) and whether
    the entry's figures matched it; raises TableError with the reason when the tiles do not
    read or do not fit the hand. In the classic games this counts the player `tiles.winner`.
    """
    counter = counter_of(ruleset)
    if counter.kind == POINTS:
        given = next((p for p in tiles.players if p.seat == tiles.winner), None)
        if given is None:
            raise TableError(_("Choose whose tiles to count and pick them first."))
        return _player_count(counter, entry, state, given, tiles, seat_names)
    winner, count = _counted(
        counter, entry, state, tiles.text, tiles, seat_names, winner=tiles.winner
    )
    calculation = {**count.as_json(), "winner": winner}
    return calculation, counter.matches(entry, winner, count)


def _player_count(counter, entry, state, given, tiles, seat_names):
    seat, count = _counted(
        counter,
        entry,
        state,
        given.text,
        tiles,
        seat_names,
        winner=given.seat,
        flowers=given.flowers,
        seasons=given.seasons,
    )
    matched = counter.matches(entry, seat, count)
    calculation = {
        **count.as_json(),
        "winner": seat,
        "wind": state.seat_winds[seat],
        "matched": matched,
    }
    return calculation, matched


def players_calculation(ruleset, entry, state, tiles, seat_names=None):
    """Every given player's count (the classic games): the calculation kept with the hand, and
    whether every player's figures matched theirs."""
    counter = counter_of(ruleset)
    players = []
    for given in sorted(tiles.players, key=lambda p: p.seat):
        if given.text.strip():
            players.append(_player_count(counter, entry, state, given, tiles, seat_names)[0])
    text = " · ".join(f"{WIND_LETTERS[p['wind']]}: {p['tiles']}" for p in players)
    calculation: dict[str, Any] = {
        "tiles": text,
        "flags": list(tiles.flags),
        "fills": {},
        "items": [],
        "verdict": next((p["verdict"] for p in players if p["verdict"] != "valid"), "valid"),
        "players": players,
    }
    return calculation, all(p["matched"] for p in players)


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
    if counter_of(ruleset).kind == POINTS:
        calculation, matched = players_calculation(ruleset, entry, state, tiles, seat_names)
    else:
        calculation, matched = count_tiles(ruleset, entry, state, tiles, seat_names)
    return {"tiles": calculation["tiles"], "tile_count": calculation, "tiles_matched": matched}
