"""The weights of the seating draw: what seating two players together costs (pure Python).

Players are the indices ``0 .. n-1``; a session is a list of tables, a table a list of four
indices. Who should sit apart is a matrix ``apart`` (``apart_costs``): ``apart[a][b]`` is what
seating a and b together costs each time, 0 for two strangers, the sum of the weights of the
groups they share (a club, a team, ...). The quality of a draw is one number, computed from a
*weight matrix* ``K``::

    K[a][b] = REPEAT_WEIGHT * (times a and b met so far) + apart[a][b]

Seating a and b together once more costs ``K[a][b]``; the total cost of a draw is::

    REPEAT_WEIGHT * sum over pairs of C(meetings, 2)  +  sum over pairs of apart * meetings

``C(m, 2)`` counts a pair meeting twice once, three times three times: the searches spread the
unavoidable repeats (no pair meets three times when two suffice). A swap of two players changes
the clashes by at most six, so with a group weight of ``REPEATS_FIRST`` (1) one repeat less
always wins over clashes: repeats first, then group clashes. Over a whole search many clashes
could still outweigh a repeat, so the searches (``seating.relabel``, ``seating.search``) move by
this cost but keep as best the schedule of the lowest ``rank``: the cost without the *light*
clashes (those weighing less than a repeat) first, then the light clashes (docs/rules.md §8.3).
A weight of ``APART_FIRST`` makes one clash outweigh several repeats: club-mates apart first,
then repeats (the director's choice, docs/rules.md §8).
"""

from __future__ import annotations

from collections.abc import Sequence

from tournament.seating.base import Round

REPEAT_WEIGHT = 7
REPEATS_FIRST = 1  # a group clash weighs less than any repeat
APART_FIRST = 50  # a group clash weighs as much as seven repeated meetings


def apart_costs(n: int, layers: Sequence[tuple[Sequence[int], int]]) -> list[list[int]]:
    """The ``apart`` matrix of groups: ``layers`` holds ``(group_of, weight)`` pairs, where
    ``group_of[p]`` is p's group number (``-1`` for none); two players of one group cost
    ``weight`` each time they share a table, the weights of several shared groups add up."""
    apart = [[0] * n for _ in range(n)]
    for group_of, weight in layers:
        members: dict[int, list[int]] = {}
        for p, group in enumerate(group_of):
            if group >= 0:
                members.setdefault(group, []).append(p)
        for mates in members.values():
            for a in mates:
                row = apart[a]
                for b in mates:
                    if b != a:
                        row[b] += weight
    return apart


def base_weights(n: int, history: list[Round], apart: list[list[int]]) -> list[list[int]]:
    """The weight matrix ``K`` of the history and of who should sit apart."""
    weights = [row[:] for row in apart] if apart else [[0] * n for _ in range(n)]
    for session in history:
        add_session(weights, session, 1)
    return weights


def add_session(weights: list[list[int]], session: Round, sign: int) -> None:
    """Count (sign=1) or uncount (sign=-1) the meetings of one session in ``weights``."""
    step = REPEAT_WEIGHT * sign
    for table in session:
        for i, a in enumerate(table):
            row = weights[a]
            for b in table[i + 1 :]:
                row[b] += step
                weights[b][a] += step


def total_cost(weights: list[list[int]], apart: list[list[int]]) -> int:
    """Cost of everything counted in ``weights`` (see the module docstring)."""
    cost = 0
    for a, row in enumerate(weights):
        kept = apart[a] if apart else None
        for b in range(a + 1, len(row)):
            same = kept[b] if kept else 0
            met = (row[b] - same) // REPEAT_WEIGHT
            cost += REPEAT_WEIGHT * met * (met - 1) // 2 + same * met
    return cost


def light_clashes(weights: list[list[int]], apart: list[list[int]]) -> int:
    """The cost of the *light* clashes counted in ``weights``: those of pairs whose ``apart``
    weighs less than a repeat (club-mates when repeats come first)."""
    light = 0
    for a, kept in enumerate(apart):
        row = weights[a]
        for b in range(a + 1, len(kept)):
            same = kept[b]
            if 0 < same < REPEAT_WEIGHT:
                light += same * ((row[b] - same) // REPEAT_WEIGHT)
    return light


def rank(weights: list[list[int]], apart: list[list[int]]) -> tuple[int, int]:
    """``(cost without the light clashes, light clashes)`` of everything counted in ``weights``:
    the order in which the searches keep their best schedule (see the module docstring)."""
    cost = total_cost(weights, apart)
    light = light_clashes(weights, apart) if apart else 0
    return cost - light, light
