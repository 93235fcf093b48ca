"""Tournaments with confirmed sessions, for the standings and export tests (built by
`tests/factories.py`), each built once per test module (`module_db`, tests/conftest.py): every
test gets its own copy and runs in its own savepoint."""

import copy

import pytest

from scoring.access import Actor
from tests.factories import build_played


@pytest.fixture
def director(db, module_director):
    """The director who builds the module's tournaments (created once for the module)."""
    return copy.deepcopy(module_director)


@pytest.fixture(scope="module")
def module_played(module_db, module_director):
    with module_db():
        return build_played("played", Actor(user=module_director), confirmed=2)


@pytest.fixture
def played(db, module_played):
    """An MCR tournament of 16 players with sessions 1 and 2 confirmed."""
    return copy.deepcopy(module_played)
