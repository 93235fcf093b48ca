"""The move choice shared by every tabu search of the seating draw (pure Python, no database).

A tabu search looks at candidate moves, each with the change of cost it would make (its
*delta*), and takes one of the best. A move made recently is *tabu* until a given step, unless
it beats the best cost seen so far (the *aspiration* criterion). Ties are broken with the
search's own ``random.Random``, so a search stays reproducible from its seed.

Used by the Swiss search (``seating.swiss``) and by the design construction
(``seating.construction``); the draw's tabu search (``seating.search.improve``, the hot loop)
follows the same rule inline.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Hashable, Iterable, Mapping
from typing import TypeVar

Move = TypeVar("Move", bound=Hashable)


def choose_move(
    candidates: Iterable[tuple[Move, int]] | Generator[tuple[Move, int], int | None, None],
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

    A generator of candidates receives, as the value of each ``yield``, the lowest allowed delta
    so far (None until there is one): it may skip the candidates above it, which can never be
    chosen, without building them (the hot loop of a search).
    """
    best_delta: int | None = None
    moves: list[Move] = []
    iterator = iter(candidates)
    send = getattr(iterator, "send", None)
    try:
        item = next(iterator)
        while True:
            move, delta = item
            better = best_delta is None or delta <= best_delta
            if better and (tabu.get(move, -1) <= step or delta < aspiration):
                if best_delta is None or delta < best_delta:
                    best_delta, moves = delta, [move]
                else:
                    moves.append(move)
            item = send(best_delta) if send is not None else next(iterator)
    except StopIteration:
        pass
    if best_delta is None:
        return None
    return rng.choice(moves), best_delta
