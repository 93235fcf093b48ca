"""What a table is short of winds: the players who cannot start at a wind they may take."""

import itertools

from hypothesis import given
from hypothesis import strategies as st

from tournament.seating.winds import shortfall, shortfalls_replacing

MASK = st.integers(min_value=0, max_value=15)


def by_trying_every_order(masks):
    """The table size minus the most players seated at a wind of their mask, over every order."""
    return len(masks) - max(
        sum(1 for wind, mask in zip(order, masks, strict=True) if mask >> wind & 1)
        for order in itertools.permutations(range(4))
    )


@given(st.tuples(MASK, MASK, MASK, MASK))
def test_the_shortfall_is_what_no_order_of_winds_does_better_than(masks):
    assert shortfall(masks) == by_trying_every_order(masks)


@given(MASK, st.tuples(MASK, MASK, MASK, MASK))
def test_replacing_each_player_in_turn(new, masks):
    expected = tuple(by_trying_every_order((new, *masks[:i], *masks[i + 1 :])) for i in range(4))
    assert shortfalls_replacing(new, masks) == expected


def test_a_table_where_nobody_may_start_east_is_one_short():
    assert shortfall((0b1110, 0b1110, 0b1110, 0b1111)) == 0
    assert shortfall((0b1110, 0b1110, 0b1110, 0b1110)) == 1
    assert shortfalls_replacing(0b0001, (0b1110, 0b1110, 0b1110, 0b1110)) == (0, 0, 0, 0)
