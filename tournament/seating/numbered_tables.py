"""Back to a numbered design where the searched tables cannot be numbered (pure Python).

With groups to keep apart, the tabu search (``seating.search``) swaps players between tables
to remove the last clashes, and the tables it leaves may admit no numbering without a return to
a table number (docs/rules.md §8.1). A design that comes numbered (``designs.column_design``:
nobody at one table number twice) keeps both its zero repeats and its zero re-visits whatever
player takes which point; only the clashes change. ``plan.plan_tables`` asks here for such a
design's tables: before the search, a labelling without any clash (``without_clashes``, by the
exact cover of ``seating.apart_cover``; it makes the search needless); after it, where its
tables cannot be numbered without a re-visit, the same cover with a larger budget or an
iterated relabelling (``numbered_instead``), taken only when no worse on team-mates, repeats
and clashes, each counted alone.

Budgeted in sets, nodes and relabelling runs, so the result is the same on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournament.seating.apart_cover import COVER_WORK, SET_WORK, apart_labelling
from tournament.seating.base import Round, SafetyClock
from tournament.seating.designs import column_design
from tournament.seating.numbered_relabel import figures, relabel_numbered
from tournament.seating.numbers import (
    EXACT_TABLES,
    number_tables,
    numbers_without_revisits,
    table_revisits,
)


def numbered_columns(n: int, count: int, layers: Sequence[Sequence[int]]) -> list[Round]:
    """The column design when it comes numbered for ``count`` sessions (nobody at one table
    number twice), in rooms where a numbering without re-visits can be told
    (``numbers.EXACT_TABLES``) and with a group to keep apart; else none."""
    if n > 4 * EXACT_TABLES or not any(group >= 0 for layer in layers for group in layer):
        return []
    columns = column_design(n, limit=max(count, 16), need=count)
    return columns if len(columns) >= count and not table_revisits(columns) else []


def without_clashes(
    n: int,
    count: int,
    layers: Sequence[Sequence[int]],
    rng: random.Random,
    budget: int,
    most_sets: int,
    covers: dict[tuple[int, int], None] | None = None,
) -> list[Round] | None:
    """Sessions of the numbered column design with no repeat and no clash (``apart_cover``,
    with one kind of group to keep apart; ``budget`` sets looked at, ``most_sets``
    enumerated), or None when none was found."""
    grouped = [layer for layer in layers if any(group >= 0 for group in layer)]
    columns = numbered_columns(n, count, layers)
    if len(grouped) != 1 or not columns:
        return None
    if covers is not None and (count, budget) in covers:
        return None  # the same cover found nothing for this draw before
    own = random.Random(f"{rng.getstate()[1][:4]}/apart")
    found = apart_labelling(n, columns, count, grouped[0], own, budget, most_sets)
    if found is None and covers is not None:
        covers[count, budget] = None
    return found


def numbered_instead(
    n: int,
    count: int,
    sessions: list[Round],
    weights: list[list[int]],
    rng: random.Random,
    layers: Sequence[Sequence[int]],
    clock: SafetyClock | None,
    steps: int,
    covers: dict[tuple[int, int], None] | None = None,
) -> list[Round]:
    """The searched ``sessions``, or sessions of the numbered column design when the searched
    tables cannot be numbered without a return to a table number and the design's are no worse
    on team-mates, repeats and clashes, each counted alone (docs/rules.md §8.1): while the
    searched tables have a clash, an iterated relabelling (``numbered_relabel``); where they
    have none, a labelling without any clash (``without_clashes``, tried before the search
    with a smaller budget)."""
    columns = numbered_columns(n, count, layers)
    if not columns or numbers_without_revisits(sessions):
        return sessions
    if not table_revisits(number_tables(sessions, searches=False)):
        return sessions  # the assignments number them without a re-visit
    searched = figures(n, sessions, layers)
    if not (searched[0] or any(searched[2:])):
        # no clash: the cover tried before the search, with a larger budget (48x7, 48x8);
        # a relabelling rarely has no clash too
        apart_tables = without_clashes(n, count, layers, rng, COVER_WORK, SET_WORK, covers)
        return sessions if apart_tables is None else apart_tables
    own = random.Random(f"{rng.getstate()[1][:4]}/numbered")
    found = relabel_numbered(n, columns, count, weights, own, steps, layers, clock)
    if found is None or not all(x <= y for x, y in zip(found[0], searched, strict=True)):
        return sessions
    return found[1]
