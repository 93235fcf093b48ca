"""The shipped designs (cheap checks; bench/make_designs.py regenerates them slowly)."""

from __future__ import annotations

import pytest

from tournament.seating.designs import (
    _data,
    best_schedule,
    design_repeats,
    design_rounds,
    design_size,
    shipped_sizes,
)

TIGHT = {16: 5, 20: 5, 24: 7, 28: 9, 32: 10, 36: 11}


def test_every_tight_size_is_shipped_with_the_most_sessions():
    for n, sessions in TIGHT.items():
        assert n in shipped_sizes()
        assert len(design_rounds(n)) == sessions


@pytest.mark.parametrize("n", [16, 20, 24, 28, 32, 36, 40])
def test_shipped_design_is_valid_and_zero_repeat(n):
    rounds = design_rounds(n)
    assert design_repeats(rounds, n) == 0


@pytest.mark.parametrize("n", range(44, 404, 4))
def test_offset_designs_reach_ten_sessions_without_repeats(n):
    rounds = design_rounds(n, limit=10)
    assert len(rounds) == 10
    assert design_size(n) >= 10
    assert design_repeats(rounds, n) == 0


def test_offset_rows_in_the_data_file_are_zero_repeat():
    for g, rows in _data()["offset_rows"].items():
        n = 4 * int(g)
        assert design_repeats(design_rounds(n, limit=len(rows)), n) == 0


@pytest.mark.parametrize(("n", "sessions"), [(20, 6), (20, 7), (24, 8)])
def test_best_schedules_beyond_the_limit_match_their_recorded_repeats(n, sessions):
    repeats, rounds = best_schedule(n, sessions)
    assert len(rounds) == sessions
    assert design_repeats(rounds, n) == repeats


def test_design_repeats_counts_and_rejects():
    one = [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert design_repeats([one, one], 8) == 12
    with pytest.raises(ValueError):
        design_repeats([[[0, 1, 2, 3], [4, 5, 6, 6]]], 8)
