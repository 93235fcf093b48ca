"""Shared fixtures: small factories (`tests/factories.py`) instead of big JSON fixtures."""

import os

import pytest
from django.core.cache import cache
from django.utils import translation
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from tests import factories

# No deadlines anywhere: a loaded 2-core CI machine made deadline tests fail. The CI profile
# (HYPOTHESIS_PROFILE=ci, set by `make test`) also prints the blob that reproduces a failure.
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.register_profile(
    "ci", deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _test_settings(settings, tmp_path, request):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.DESK_BACKUP_MINUTES = 0  # the backup tests turn it on for themselves
    settings.DESK_LIVE_CACHE_SECONDS = 0  # /live/ answers afresh; tests/scoring/test_live.py
    settings.DATA_DIR = tmp_path
    # A request in Italian leaves the language active in its thread: start each test in English.
    translation.activate("en")
    # The cache is a table in the database (settings.CACHES): only tests that use the database
    # can reach it; a transactional test would otherwise leave counters for the next one.
    if "_django_db_helper" in request.fixturenames or request.node.get_closest_marker("django_db"):
        request.getfixturevalue("_django_db_helper")
        cache.clear()
    yield
    translation.deactivate()


@pytest.fixture
def make_tournament(db):
    return factories.make_tournament


@pytest.fixture
def tournament(db):
    return factories.make_tournament()


@pytest.fixture
def make_player(db):
    counter = iter(range(1, 10_000))
    return lambda **fields: factories.make_player(next(counter), **fields)


@pytest.fixture
def register(tournament):
    return lambda count, **fields: factories.register_players(tournament, count, **fields)


@pytest.fixture
def director(db):
    return factories.make_director()


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def plain_user(db):
    return factories.make_user()
