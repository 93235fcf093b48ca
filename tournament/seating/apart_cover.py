"""Club-mates apart on a numbered design, by an exact cover (pure Python, no database).

A design that comes numbered (``designs.column_design``: no repeat, nobody at one table number
twice) keeps both whatever player takes which point. Its points that never meet form
*independent sets*; every club of m members kept apart is one of size m, so a labelling
without a single clash is a cover of the points by independent sets of the clubs' sizes (the
players of no club by single points). ``apart_labelling`` enumerates those sets and searches
the cover depth-first (the point with the fewest sets left first), on the picks of the design's
sessions with the most such sets, each pick all of the design's sessions but one (or the draw's
count, when larger): the draw takes its sessions from the pick, and any of them keep the clubs
apart too. Where these have no cover and the draw wants fewer sessions, after the tabu search
(where its tables cannot be numbered without a re-visit), picks of exactly its count, which
hold fewer meetings, so more such sets (36x6, 44x7, 44x8 with clubs of 4 to 6): one pick of
each kind (told apart by their triples of points that never meet), those with the most sets
searched, with a budget of their own.

Where the tabu search (``seating.search``) leaves tables without a clash that cannot be numbered
without a return to a table number (docs/rules.md §8.1: 40x7, 40x8 with every player in a club
of 4 to 6), such a cover gives the same repeats and clashes with none. Budgeted in sets and
nodes, so the result is the same on any machine.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence

from tournament.seating.base import Round, on_players

PICKS = 3  # picks of the design's sessions searched, those with the most independent sets
COVER_WORK = 300_000  # sets looked at by the cover searches of one draw, at most
QUICK_WORK = 50_000  # the same, for a cover tried before the tabu search (it is tried often)
QUICK_SETS = 20_000  # and the sets it enumerates
SET_WORK = 120_000  # independent sets enumerated for one draw, at most
KIND_WORK = 100_000  # pairs of points looked at to tell the kinds of picks of the draw's count


def apart_labelling(
    n: int,
    design: Sequence[Round],
    count: int,
    group_of: Sequence[int],
    rng: random.Random,
    budget: int = COVER_WORK,
    most_sets: int = SET_WORK,
    of_count: bool = False,
) -> list[Round] | None:
    """``count`` sessions of ``design`` on players ``0 .. n-1`` with no two players of one
    group (``group_of[p] >= 0``) at a table, or None when none was found in the ``budget`` of
    sets looked at (and ``most_sets`` enumerated); ``of_count``: picks of exactly ``count``
    sessions too (``clash_free_cover``)."""
    found = clash_free_cover(n, design, count, group_of, budget, most_sets, of_count)
    if found is None:
        return None
    keep, placed = found
    point_of = [0] * n
    for mates, mask in placed:
        points = [x for x in range(n) if mask >> x & 1]
        rng.shuffle(points)
        for p, x in zip(mates, points, strict=True):
            point_of[p] = x
    order = list(keep)
    rng.shuffle(order)
    return on_players([design[r] for r in order[:count]], point_of)


def clash_free_cover(
    n: int,
    design: Sequence[Round],
    count: int,
    group_of: Sequence[int],
    budget: int = COVER_WORK,
    most_sets: int = SET_WORK,
    of_count: bool = False,
) -> tuple[tuple[int, ...], list[tuple[list[int], int]]] | None:
    """The cover of ``apart_labelling`` (no random choice in it): the pick of the design's
    sessions and, for each group (a player of no group alone), its members and the bit mask
    of the points they take; or None. With ``of_count``, where the picks of all sessions but
    one have none, picks of exactly ``count`` sessions next (the draw asks for them only
    after the tabu search, whose tables are kept where they can be numbered: a cover on fewer
    sessions can mix the field less, docs/rules.md §8.4)."""
    members: dict[int, list[int]] = {}
    for p, group in enumerate(group_of):
        members.setdefault(group if group >= 0 else -1 - p, []).append(p)
    groups = sorted(members.values(), key=lambda mates: (-len(mates), mates[0]))
    need: dict[int, int] = {}
    for mates in groups:
        need[len(mates)] = need.get(len(mates), 0) + 1
    size = min(len(design), max(count, len(design) - 1))
    # the picks of all of the design's sessions but one first; then, where the draw wants
    # fewer, picks of exactly its count (fewer meetings, so more sets: 36x6, 44x7, 44x8),
    # each kind of pick with the whole budget
    for exact in (False, True):
        if exact and (count >= size or not of_count):
            break
        work = [budget]
        if exact:
            picks = _of_count(n, design, count, need, most_sets)
        else:
            picks = _largest(n, design, size, need, most_sets)
        for keep, sets in picks:
            chosen = cover(n, sets, need, work)
            if chosen is not None:
                by_size: dict[int, list[int]] = {}
                for mask in chosen:
                    by_size.setdefault(mask.bit_count(), []).append(mask)
                return keep, [(mates, by_size[len(mates)].pop()) for mates in groups]
            if work[0] <= 0:
                break
    return None


def _largest(
    n: int,
    design: Sequence[Round],
    size: int,
    need: dict[int, int],
    most_sets: int,
) -> list[tuple[tuple[int, ...], dict[int, list[int]]]]:
    """The ``PICKS`` picks of ``size`` of the design's sessions with the most independent sets
    of the sizes needed, each with its sets (at most ``most_sets`` sets enumerated)."""
    return _richest(n, design, itertools.combinations(range(len(design)), size), need, most_sets)


def _of_count(
    n: int,
    design: Sequence[Round],
    count: int,
    need: dict[int, int],
    most_sets: int,
) -> list[tuple[tuple[int, ...], dict[int, list[int]]]]:
    """The ``PICKS`` picks of exactly ``count`` of the design's sessions with the most
    independent sets, among one pick of each kind: picks are told apart by their triples of
    points that never meet (counted for at most ``KIND_WORK`` pairs of points, the picks in
    the order of ``itertools.combinations``), and the first pick of each kind has its sets
    enumerated (at most ``most_sets`` in all)."""
    kinds: dict[int, tuple[int, ...]] = {}
    pairs = n * (n - 1) // 2
    for looked, keep in enumerate(itertools.combinations(range(len(design)), count)):
        if looked * pairs >= KIND_WORK:
            break
        apart = _apart(n, design, keep)
        triples = 0
        for x in range(n):
            rest = apart[x] & ~((2 << x) - 1)
            while rest:
                low = rest & -rest
                rest ^= low
                triples += (apart[x] & apart[low.bit_length() - 1] & ~((low << 1) - 1)).bit_count()
        kinds.setdefault(triples, keep)
    return _richest(n, design, sorted(kinds.values()), need, most_sets)


def _richest(
    n: int,
    design: Sequence[Round],
    keeps: Iterable[tuple[int, ...]],
    need: dict[int, int],
    most_sets: int,
) -> list[tuple[tuple[int, ...], dict[int, list[int]]]]:
    """Of the picks ``keeps`` (in order), the ``PICKS`` with the most independent sets of the
    sizes needed, each with its sets: at most ``most_sets`` sets enumerated in all, the pick
    that reaches it left out (its sets are not all there)."""
    enumerated = 0
    picks = []
    for keep in keeps:
        sets = independent_sets(n, _apart(n, design, keep), list(need), most_sets - enumerated)
        found = sum(len(masks) for masks in sets.values())
        enumerated += found
        if enumerated >= most_sets:
            break
        picks.append((-found, keep, sets))
    picks.sort(key=lambda pick: pick[:2])
    return [(keep, sets) for _found, keep, sets in picks[:PICKS]]


def _apart(n: int, design: Sequence[Round], keep: Sequence[int]) -> list[int]:
    """For each point, the bit mask of the points it never meets in the sessions ``keep``."""
    meet = _meetings(n, [design[i] for i in keep])
    everyone = (1 << n) - 1
    return [everyone & ~meet[x] & ~(1 << x) for x in range(n)]


def _meetings(n: int, sessions: Sequence[Round]) -> list[int]:
    """For each point, the bit mask of the points it meets in ``sessions``."""
    meet = [0] * n
    for session in sessions:
        for table in session:
            mask = 0
            for x in table:
                mask |= 1 << x
            for x in table:
                meet[x] |= mask
    return meet


def independent_sets(
    n: int, apart: list[int], sizes: Sequence[int], cap: int
) -> dict[int, list[int]]:
    """For each of ``sizes``, the sets of that many points no two of which meet (``apart[x]``:
    the bit mask of the points that never meet x), as bit masks, found in one pass (a set of
    k points extends one of k - 1); at most ``cap`` sets in all (enumeration stops there)."""
    found: dict[int, list[int]] = {size: [] for size in sizes}
    top = max(sizes, default=0)
    larger = [min((k for k in sizes if k > depth), default=top + 1) for depth in range(top + 1)]
    total = [0]

    def grow(mask: int, candidates: int, depth: int) -> bool:
        if depth in found:
            found[depth].append(mask)
            total[0] += 1
            if total[0] >= cap:
                return False
        if depth == top:
            return True
        wanted = larger[depth] - depth  # points still to add for the next size asked
        while candidates:
            if candidates.bit_count() < wanted:
                return True
            low = candidates & -candidates
            candidates ^= low
            if not grow(mask | low, candidates & apart[low.bit_length() - 1], depth + 1):
                return False
        return True

    for x in range(n):
        if not grow(1 << x, apart[x] & ~((2 << x) - 1), 1):
            break
    return found


def cover(
    n: int, sets: dict[int, list[int]], need: dict[int, int], work: list[int]
) -> list[int] | None:
    """``need[k]`` disjoint sets of each size k from ``sets[k]`` covering the points ``0 ..
    n-1`` (their bit masks), or None when there is none or the search used up ``work[0]``
    (sets looked at, lowered as it goes: the budget of several searches)."""
    holding: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for k, masks in sets.items():
        work[0] -= len(masks)
        for mask in masks:
            rest = mask
            while rest:
                low = rest & -rest
                rest ^= low
                holding[low.bit_length() - 1].append((mask, k))
    left = [0] * (1 + max(need, default=0))
    for k, wanted in need.items():
        left[k] = wanted
    chosen: list[int] = []
    everyone = (1 << n) - 1

    def search(covered: int) -> bool | None:
        if covered == everyone:
            return True
        if work[0] < 0:
            return None
        # the free point with the fewest sets left (counting stops at the fewest so far)
        point, fewest = -1, 1 << 62  # any free point has fewer sets than this
        free = everyone & ~covered
        while free:
            low = free & -free
            free ^= low
            x = low.bit_length() - 1
            options = looked = 0
            for mask, k in holding[x]:
                looked += 1
                if not mask & covered and left[k]:
                    options += 1
                    if options >= fewest:
                        break
            work[0] -= looked
            if options < fewest:
                point, fewest = x, options
                if options <= 1:
                    break
        if not fewest:
            return False
        for mask, k in holding[point]:
            if mask & covered or not left[k]:
                continue
            left[k] -= 1
            chosen.append(mask)
            found = search(covered | mask)
            if found:
                return True
            left[k] += 1
            chosen.pop()
            if found is None:
                return None
        return False

    return chosen if search(0) else None
