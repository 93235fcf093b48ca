"""The input sweep (tests/reliability/sweep.py), part "pages": no typed value answers 500 on
every other page (the public pages, players, teams, sessions, accounts, exports), for any role."""

from tests.reliability.sweep import sweep_part


def test_no_value_typed_answers_500(world, module_director):
    assert sweep_part("pages", world, module_director) == []
