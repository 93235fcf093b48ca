"""The fewest table re-visits any numbering of a shipped design's tables can have (issue 33).

Run from the repository root::

    .venv/bin/python bench/numbering_floor.py 44x12 52x15    # designs searched for mixing
    .venv/bin/python bench/numbering_floor.py --all 44x12     # every session as the reference

``numbers.revisit_bound`` counts a player who sits more often than there are table numbers;
this floor looks at the numbers instead (docs/rules.md §8.1). A table number gathers one
table of every session, and the re-visits at that number are its sittings minus the players
it holds. So for each table ``t`` of a reference session, the most players one table per
session can hold together with ``t`` (an exact branch and bound, counted in nodes) gives
the fewest re-visits of t's number, and their sum is a floor for any numbering: when it is
above the count a numbering is after, no numbering of these tables reaches it. Offline only
(seconds to minutes a size); the draw does not run it.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournament.seating.designs import DATA_FILE  # noqa: E402
from tournament.seating.numbers import revisit_bound, table_revisits  # noqa: E402

NODES = 50_000_000  # branch-and-bound nodes one table of the reference session may visit


class OutOfNodes(Exception):
    """The search of one table ran out of its nodes: no floor."""


def most_held(masks: Sequence[Sequence[int]], first: int, nodes: int = NODES) -> int:
    """Most players that ``first`` and one table of each other session hold together.

    ``masks[s]`` are the tables of session s as bit masks of players (session 0 is the
    reference and is skipped: ``first`` is its table). Branch and bound: a choice is
    abandoned when even the table of each later session with the most players not yet
    held cannot beat the best found."""
    best = 0
    budget = nodes
    seats = max(m.bit_count() for session in masks for m in session)  # the largest table

    def search(s: int, held: int) -> None:
        nonlocal best, budget
        budget -= 1
        if budget < 0:
            raise OutOfNodes
        size = held.bit_count()
        if s == len(masks):
            best = max(best, size)
            return
        if size + sum(max((m & ~held).bit_count() for m in later) for later in masks[s:]) <= best:
            return
        for gain, mask in sorted(((m & ~held).bit_count(), m) for m in masks[s])[::-1]:
            if size + gain + seats * (len(masks) - s - 1) <= best:
                break
            search(s + 1, held | mask)

    search(1, first)
    return best


def class_floor(
    rounds: Sequence[Sequence[Sequence[int]]], reference: int = 0, nodes: int = NODES
) -> int | None:
    """Fewest re-visits of any numbering of ``rounds`` (sessions of equally many tables), by
    the number classes of session ``reference``'s tables; None when a search ran out."""
    order = [reference, *(s for s in range(len(rounds)) if s != reference)]
    masks = [[sum(1 << p for p in table) for table in rounds[s]] for s in order]
    sittings = sum(len(rounds[s][0]) for s in order)
    try:
        return sum(sittings - most_held(masks, first, nodes) for first in masks[0])
    except OutOfNodes:
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="+", help="sizes of the designs searched for mixing")
    parser.add_argument("--all", action="store_true", help="every session as the reference")
    args = parser.parse_args(argv)
    mixing = json.loads(DATA_FILE.read_text())["mixing"]
    for size in args.sizes:
        rounds = mixing[size]["rounds"]
        references = range(len(rounds)) if args.all else range(1)
        floors = [class_floor(rounds, r) for r in references]
        known = [f for f in floors if f is not None]
        floor = max(known) if known else "out of nodes"
        print(
            f"{size}: {table_revisits(rounds)} re-visits as shipped, counting bound"
            f" {revisit_bound(rounds)}, floor by table numbers {floor}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
