"""Fixtures of the seasons' tests: small worlds built once per module (in a transaction rolled
back at the module's end) by `tests/factories.py`."""

import pytest
from django.db import transaction

from tests import factories


@pytest.fixture(scope="module")
def cups(django_db_setup, django_db_blocker):
    """`factories.season_cups()`, built once for the module in a transaction rolled back at its
    end (each test's own writes are rolled back after it, as usual)."""
    with django_db_blocker.unblock(), transaction.atomic():
        yield factories.season_cups()
        transaction.set_rollback(True)


@pytest.fixture
def season_director(db):
    return factories.make_director("season-admin")


@pytest.fixture(autouse=True)
def _each_test_in_its_transaction(db):
    """Every test of these modules writes in a transaction of its own, rolled back after it,
    inside the module's (a module fixture is set up before it)."""
