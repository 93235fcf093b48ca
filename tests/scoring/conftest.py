"""Fixtures for the scoring tests: a tournament with a drawn session and the two kinds of actor.
The builders and the helpers that fill tables are in `tests/factories.py`."""

import pytest

from scoring.access import Actor
from tests.factories import build


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
