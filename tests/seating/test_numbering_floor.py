"""Table numbers by number classes: the floor of re-visits any numbering can have
(bench/numbering_floor.py) and the numbering built number by number (docs/rules.md §8.1)."""

from __future__ import annotations

import random

from bench.numbering_floor import class_floor, most_held
from tournament.seating.number_classes import number_by_classes
from tournament.seating.numbers import revisit_bound, table_revisits


def affine_plane_16() -> list[list[list[int]]]:
    """Four parallel classes of the affine plane of order 4 (16 players, lines of four):
    any two tables of different sessions share exactly one player."""
    add = [[a ^ b for b in range(4)] for a in range(4)]
    mul = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]]  # GF(4)
    sessions = [[[4 * x + y for y in range(4)] for x in range(4)]]  # the vertical lines
    for slope in range(3):  # y = slope * x + c
        sessions.append([[4 * x + add[mul[slope][x]][c] for x in range(4)] for c in range(4)])
    return sessions


def column_design(q: int) -> list[list[list[int]]]:
    """q sessions of the column design over Z_q (q prime): numbered without a re-visit."""
    return [[[c * q + (j + r * c) % q for c in range(4)] for j in range(q)] for r in range(q)]


def test_sixteen_players_cannot_go_below_twelve():
    rounds = affine_plane_16()
    masks = [[sum(1 << p for p in table) for table in session] for session in rounds]
    # four lines, one per session, hold at most 13 players (all through one point)
    assert most_held(masks, masks[0][0]) == 13
    assert class_floor(rounds) == 12 == revisit_bound(rounds)


def test_floor_is_zero_where_a_numbering_without_revisits_exists():
    assert class_floor(column_design(5)) == 0
    assert class_floor(column_design(7)) == 0


def test_floor_above_the_counting_bound():
    """Three sessions of 8 players at two tables: every table shares two players with each
    table of another session, so one table per session holds at most 7 players, and each of
    the two numbers gathers 12 sittings: 5 re-visits at least, 10 in all (the counting bound
    and the shared-players bound say 8)."""
    rounds = [
        [[0, 1, 2, 3], [4, 5, 6, 7]],
        [[0, 1, 4, 5], [2, 3, 6, 7]],
        [[0, 2, 4, 6], [1, 3, 5, 7]],
    ]
    assert revisit_bound(rounds) == 8
    assert class_floor(rounds) == 10
    best = min(  # every numbering (session 0 keeps its numbers: the others are relabellings)
        table_revisits([rounds[0], s1, s2])
        for s1 in (rounds[1], rounds[1][::-1])
        for s2 in (rounds[2], rounds[2][::-1])
    )
    assert best == 10
    assert class_floor(rounds, nodes=1) is None  # out of nodes: no floor


def test_numbered_number_by_number_without_revisits_where_possible():
    """The column design over Z_7, each session's tables shuffled: the tables of each number
    are found one number after the other, every number holding all 28 players."""
    rng = random.Random(4)
    rounds = [rng.sample(session, len(session)) for session in column_design(7)]
    assert table_revisits(rounds) > 0
    revisits, numbers = number_by_classes(rounds)
    assert revisits == 0
    ordered = [[session[numbers[s].index(k)] for k in range(7)] for s, session in enumerate(rounds)]
    assert table_revisits(ordered) == 0
