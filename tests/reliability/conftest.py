"""The two tournaments of the role and attack tests (`tests.factories.build_two_tournaments`),
built once per test module (`module_db`, tests/conftest.py): each test gets its own copy and runs
in its own savepoint. A module that uses `world` declares `director` as the copy of
`module_director`, who built it."""

import copy

import pytest

from tests.factories import build_two_tournaments


@pytest.fixture(scope="module")
def module_world(module_db, module_director):
    with module_db():
        return build_two_tournaments(module_director)


@pytest.fixture
def world(db, module_world):
    return copy.deepcopy(module_world)
