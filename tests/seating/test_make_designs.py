"""The design constructions, on the quick sizes (the slow ones run offline)."""

from __future__ import annotations

import pytest

from tournament.seating import construction
from tournament.seating.designs import design_repeats, offset_design
from tournament.seating.lifting import make_doubled
from tournament.seating.offsets import offset_rows


@pytest.fixture(scope="module")
def make_designs():
    """The constructions that ``bench/make_designs.py`` runs (now in the seating package)."""
    return construction


def test_sign_lifting_gives_32_players_ten_sessions():
    _method, rounds = make_doubled()
    assert len(rounds) == 10
    assert design_repeats(rounds, 32) == 0


@pytest.mark.parametrize("n", [16, 20, 24])
def test_cyclic_base_classes(make_designs, n):
    _method, rounds = make_designs.make_cyclic(n, seed=1)
    assert len(rounds) == make_designs.CYCLIC[n][0]
    assert design_repeats(rounds, n) == 0


def test_offset_rows_search():
    rows = offset_rows(12, 10, seed=0)
    assert rows is not None and len(rows) == 10
    assert design_repeats(offset_design(12, rows), 48) == 0
