"""The move choice shared by every tabu search of the seating draw (pure Python, no database).

A tabu search looks at candidate moves, each with the change of cost it would make (its
*delta*), and takes one of the best. A move made recently is *tabu* until a given step, unless
it beats the best cost seen so far (the *aspiration* criterion). Ties are broken with the
search's own ``random.Random``, so a search stays reproducible from its seed.

Used by the draw's searches (``seating.search.improve``, ``seating.swiss``) and by the design
construction (``seating.construction``).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

Move = TypeVar("Move", bound=Hashable)


def choose_move(
    candidates: Iterable[tuple[Move, int]],
    tabu: Mapping[Move, int],
    step: int,
    aspiration: int,
    rng: random.Random,
) -> tuple[Move, int] | None:
    """``(move, delta)`` of a best allowed candidate, or None when every candidate is tabu.

    ``candidates`` yields ``(move, delta)`` pairs; ``tabu[move]`` is the step until which the
    move is tabu. A tabu move stays allowed when ``delta < aspiration`` (``aspiration`` = best
    cost seen - current cost: the move would beat the best). Among the allowed moves with the
    lowest delta, one is drawn with ``rng.choice`` (in the order the candidates came).
    """
    best_delta: int | None = None
    moves: list[Move] = []
    for move, delta in candidates:
        if best_delta is not None and delta > best_delta:
            continue
        if tabu.get(move, -1) > step and delta >= aspiration:
            continue
        if best_delta is None or delta < best_delta:
            best_delta, moves = delta, [move]
        else:
            moves.append(move)
    if best_delta is None:
        return None
    return rng.choice(moves), best_delta
