"""The shapes of a classic hand: its sets, its pair and what it waits on (docs/rules.md §7.3).

Pure tile combinatorics for the counters of the classic games (European, FIMJ, Faentino), which
score every player's sets, not only the winner's. Tiles are the notation's strings (``"5p"``,
``"1z"`` East ... ``"7z"`` Red, :mod:`rules.tiles`).

- :func:`readings` gives every way the concealed tiles split into pungs, chows and, for a winning
  hand, exactly one pair; for a hand that did not go out the tiles left over are kept apart.
- :func:`winning_readings` adds, for a winning hand, which group the winning tile completed.
- :func:`waits` gives the tiles that would complete a 13-tile hand, leaving out the tiles the
  player already holds four of (seed 004: the pieces "in mano al giocatore stesso" are out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rules.tiles import CHOW, CONCEALED_KONG, KONG, PUNG, Hand

PAIR = "pair"
SUITS = "mps"
DRAGONS = ("5z", "6z", "7z")
WINDS = ("1z", "2z", "3z", "4z")
#: every kind of tile, in the notation's order: 1m..9m, 1p..9p, 1s..9s, 1z..7z
KINDS = tuple(f"{n}{s}" for s in SUITS for n in range(1, 10)) + tuple(f"{n}z" for n in range(1, 8))


def is_honour(tile: str) -> bool:
    return tile[1] == "z"


def is_terminal(tile: str) -> bool:
    return tile[1] != "z" and tile[0] in "19"


def is_head(tile: str) -> bool:
    """A terminal or an honour: the "Teste" of the Italian texts."""
    return is_honour(tile) or is_terminal(tile)


def is_dragon(tile: str) -> bool:
    return tile in DRAGONS


def wind_of(tile: str) -> int | None:
    """0..3 for the East..North wind tiles, None for any other tile."""
    return WINDS.index(tile) if tile in WINDS else None


@dataclass(frozen=True)
class Group:
    """A set or the pair of a reading.

    ``tile`` is the lowest tile of a chow and the tile of the others; ``concealed``: formed
    without a discard (counts as "coperto"); ``declared``: laid on the table during play (an
    exposed meld or a concealed kong), which no reading can take apart."""

    kind: str
    tile: str
    concealed: bool
    declared: bool = False

    @property
    def tiles(self) -> tuple[str, ...]:
        if self.kind == CHOW:
            number, suit = int(self.tile[0]), self.tile[1]
            return tuple(f"{number + step}{suit}" for step in range(3))
        size = {PAIR: 2, PUNG: 3, KONG: 4}[self.kind]
        return (self.tile,) * size

    @property
    def is_set(self) -> bool:
        """A pung, a kong or a chow (the pair is not a set)."""
        return self.kind != PAIR

    @property
    def is_pung(self) -> bool:
        """A pung or a kong."""
        return self.kind in (PUNG, KONG)

    def text(self) -> str:
        """The group in the notation: ``111z``, ``456p``."""
        return "".join(tile[0] for tile in self.tiles) + self.tile[1]


def declared_groups(hand: Hand) -> tuple[Group, ...]:
    """The hand's melds as groups: exposed melds and concealed kongs."""
    groups = []
    for meld in hand.melds:
        kind = {CHOW: CHOW, PUNG: PUNG, KONG: KONG, CONCEALED_KONG: KONG}[meld.kind]
        groups.append(
            Group(kind, meld.tiles[0], concealed=meld.kind == CONCEALED_KONG, declared=True)
        )
    return tuple(groups)


def _next(tile: str, step: int) -> str:
    return f"{int(tile[0]) + step}{tile[1]}"


def _split(
    counts: Counter[str], *, pair_wanted: bool, loose_allowed: bool
) -> Iterator[tuple[list[Group], list[str]]]:
    """Every split of ``counts`` into concealed groups (and loose tiles when allowed)."""
    present = sorted((tile for tile, n in counts.items() if n), key=KINDS.index)
    if not present:
        if not pair_wanted:
            yield [], []
        return
    tile = present[0]
    options: list[tuple[Group | None, list[str]]] = []
    if counts[tile] >= 3:
        options.append((Group(PUNG, tile, concealed=True), [tile] * 3))
    if not is_honour(tile) and int(tile[0]) <= 7:
        chow = [tile, _next(tile, 1), _next(tile, 2)]
        if all(counts[t] for t in chow):
            options.append((Group(CHOW, tile, concealed=True), chow))
    if pair_wanted and counts[tile] >= 2:
        options.append((Group(PAIR, tile, concealed=True), [tile] * 2))
    if loose_allowed:
        options.append((None, [tile]))
    for group, used in options:
        for t in used:
            counts[t] -= 1
        still_wanted = pair_wanted and not (group is not None and group.kind == PAIR)
        for groups, loose in _split(counts, pair_wanted=still_wanted, loose_allowed=loose_allowed):
            if group is None:
                yield groups, [tile, *loose]
            else:
                yield [group, *groups], loose
        for t in used:
            counts[t] += 1


@dataclass(frozen=True)
class Reading:
    """One way to read a hand: its groups (the declared ones first), the concealed tiles in no
    group (a hand that did not go out), and for a winning hand the index of the group the
    winning tile completed (None for a special hand read as a whole)."""

    groups: tuple[Group, ...]
    loose: tuple[str, ...] = ()
    completed: int | None = None
    special: str = ""

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(group for group in self.groups if group.is_set)

    @property
    def pairs(self) -> tuple[Group, ...]:
        return tuple(group for group in self.groups if group.kind == PAIR)


def readings(hand: Hand, tiles: tuple[str, ...], *, winning: bool) -> Iterator[Reading]:
    """Every reading of a hand whose concealed tiles are ``tiles`` (the winning tile included
    for a winning hand). A winning reading has four sets and a pair; any other keeps its loose
    tiles."""
    declared = declared_groups(hand)
    for groups, loose in _split(Counter(tiles), pair_wanted=winning, loose_allowed=not winning):
        if winning and len(declared) + len(groups) != 5:
            continue
        yield Reading(declared + tuple(groups), tuple(loose))


def winning_readings(hand: Hand, win: str, *, self_drawn: bool) -> Iterator[Reading]:
    """Every reading of a winning hand with the group its winning tile completed. On a discard a
    pung so completed is not concealed (seed 004: "combinazione completata raccogliendo uno
    scarto avversario" is exposed)."""
    tiles = (*hand.closed_tiles(win), win)
    seen = set()
    for reading in readings(hand, tiles, winning=True):
        for index, group in enumerate(reading.groups):
            if group.declared or win not in group.tiles or (group, reading.groups) in seen:
                continue
            seen.add((group, reading.groups))
            groups = list(reading.groups)
            if not self_drawn:
                groups[index] = Group(group.kind, group.tile, concealed=False)
            yield Reading(tuple(groups), completed=index)


def is_standard_win(hand: Hand, tiles: tuple[str, ...]) -> bool:
    """True when the concealed ``tiles`` complete four sets and a pair with the hand's melds."""
    return any(True for _reading in readings(hand, tiles, winning=True))


def waits(
    hand: Hand, closed: tuple[str, ...], complete: Callable[[tuple[str, ...]], bool]
) -> tuple[str, ...]:
    """The tiles that complete the hand whose concealed tiles are ``closed`` (13 counting the
    melds as 3), by ``complete``; a tile the player already holds four of cannot come."""
    held = Counter(closed) + Counter(tile for meld in hand.melds for tile in meld.tiles)
    return tuple(tile for tile in KINDS if held[tile] < 4 and complete((*closed, tile)))


# -- special hands: no four sets and a pair -----------------------------------------------------


def seven_pairs(tiles: tuple[str, ...]) -> tuple[str, ...] | None:
    """The seven different pairs of 14 concealed tiles, or None."""
    counts = Counter(tiles)
    if len(tiles) == 14 and len(counts) == 7 and set(counts.values()) == {2}:
        return tuple(sorted(counts, key=KINDS.index))
    return None


def thirteen_orphans(tiles: tuple[str, ...]) -> bool:
    """One of each terminal and honour and a second of one of them."""
    heads = {tile for tile in KINDS if is_head(tile)}
    return len(tiles) == 14 and set(tiles) == heads


def nine_gates(tiles: tuple[str, ...]) -> bool:
    """1112345678999 of one suit and one more of that suit, all concealed."""
    counts = Counter(tiles)
    suits = {tile[1] for tile in tiles}
    if len(tiles) != 14 or len(suits) != 1 or "z" in suits:
        return False
    suit = suits.pop()
    need = {1: 3, 9: 3} | dict.fromkeys(range(2, 9), 1)
    return all(counts[f"{n}{suit}"] >= k for n, k in need.items())


def little_snake(tiles: tuple[str, ...]) -> bool:
    """seed 001 "Piccolo serpente": 1 to 9 of one suit, the four winds and one dragon."""
    counts = Counter(tiles)
    suits = {tile[1] for tile in tiles} - {"z"}
    if len(tiles) != 14 or len(suits) != 1 or max(counts.values()) != 1:
        return False
    suit = suits.pop()
    dragons = [tile for tile in tiles if is_dragon(tile)]
    return (
        all(f"{n}{suit}" in counts for n in range(1, 10))
        and all(wind in counts for wind in WINDS)
        and len(dragons) == 1
    )


def siamese_snakes(tiles: tuple[str, ...]) -> bool:
    """seed 001 "Serpenti siamesi": 1 to 7 of two different suits."""
    counts = Counter(tiles)
    suits = {tile[1] for tile in tiles}
    return (
        len(tiles) == 14
        and len(suits) == 2
        and "z" not in suits
        and all(f"{n}{s}" in counts for s in suits for n in range(1, 8))
    )


def dragon_snake(tiles: tuple[str, ...], pair_winds: tuple[int, ...]) -> bool:
    """seed 001 "Serpente dei draghi": 1-4-7 of a suit, 2-5-8 of another, 3-6-9 of the third,
    one of each dragon and a pair of one of ``pair_winds`` (the seat and the prevalent wind)."""
    counts = Counter(tiles)
    if len(tiles) != 14 or any(counts[dragon] != 1 for dragon in DRAGONS):
        return False
    winds = [tile for tile in tiles if wind_of(tile) is not None]
    if len(winds) != 2 or len(set(winds)) != 1 or wind_of(winds[0]) not in pair_winds:
        return False
    suited = sorted((tile for tile in tiles if not is_honour(tile)), key=KINDS.index)
    if len(suited) != 9 or len(set(suited)) != 9:
        return False
    by_suit: dict[str, set[int]] = {}
    for tile in suited:
        by_suit.setdefault(tile[1], set()).add(int(tile[0]))
    knits = [{1, 4, 7}, {2, 5, 8}, {3, 6, 9}]
    return len(by_suit) == 3 and sorted(by_suit.values(), key=min) == knits
