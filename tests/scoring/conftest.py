"""Fixtures for the scoring tests: a tournament with a drawn session and the two kinds of actor.
The builders and the helpers that fill tables are in `tests/factories.py`. The director is
created once per test module (`module_director`), so that a module's played tournament can be
built once for the module by the director its tests log in as (`module_db`, tests/conftest.py)."""

import copy

import pytest

from scoring.access import Actor
from tests.factories import build


@pytest.fixture
def director(db, module_director):
    return copy.deepcopy(module_director)


@pytest.fixture
def cup(db):
    return build()


@pytest.fixture
def table(cup):
    return cup.sessions.get(number=1).tables.get(number=1)


@pytest.fixture
def director_actor(director):
    return Actor(user=director)


@pytest.fixture
def link_actor():
    return Actor(via="table link")
