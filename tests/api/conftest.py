"""Two tournaments and a credential of every kind, for the API's tests: built once per test
module (`module_db`, tests/conftest.py) by `tests/factories.py`; each test gets its own copy, its
own clients, and runs in its own savepoint."""

import copy

import pytest

from tests.factories import api_clients, build_api_world


@pytest.fixture(scope="module")
def module_world(module_db):
    with module_db():
        return build_api_world()


@pytest.fixture
def world(db, module_world):
    """`build_api_world()`, and "clients": a client per credential (`api_clients`)."""
    world = copy.deepcopy(module_world)
    world["clients"] = api_clients(world)
    return world
