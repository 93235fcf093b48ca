"""The input sweep (tests/reliability/sweep.py), part "tournament": no typed value answers 500 on
the tournament's own pages (creating it, its settings, its scoring settings), for any role."""

from tests.reliability.sweep import sweep_part


def test_no_value_typed_answers_500(world, module_director):
    assert sweep_part("tournament", world, module_director) == []
