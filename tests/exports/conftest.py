"""Tournaments with confirmed sessions, for the standings and export tests (built by
`tests/factories.py`)."""

import pytest

from scoring.access import Actor
from tests.factories import build_played


@pytest.fixture
def played(db, director):
    """An MCR tournament of 16 players with sessions 1 and 2 confirmed."""
    return build_played("played", Actor(user=director), confirmed=2)
