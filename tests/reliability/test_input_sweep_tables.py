"""The input sweep (tests/reliability/sweep.py), part "tables": no typed value answers 500 on
the referees' pages (a table by its link or by a referee account), for any role."""

from tests.reliability.sweep import sweep_part


def test_no_value_typed_answers_500(world, module_director):
    assert sweep_part("tables", world, module_director) == []
