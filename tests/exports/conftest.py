"""The standings and export tests read tournaments with confirmed sessions (`played`,
tests/conftest.py), each built once per test module (`module_db`): every test gets its own copy
and runs in its own savepoint; the director is the one who built them."""

import copy

import pytest


@pytest.fixture
def director(db, module_director):
    """The director who builds the module's tournaments (created once for the module)."""
    return copy.deepcopy(module_director)
