"""Shared fixtures: small factories instead of big JSON fixtures."""

import datetime as dt
import os

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.utils import translation
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from tournament.models import Player, RuleSetCode
from tournament.services.registrations import register_player
from tournament.services.tournaments import create_tournament

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
    def make(**fields):
        defaults = {
            "name": "Test Open",
            "start_date": dt.date(2026, 5, 2),
            "end_date": dt.date(2026, 5, 3),
            "venue": "Faenza",
            "ruleset": RuleSetCode.MCR,
            "session_count": 4,
            "published": True,
        }
        defaults.update(fields)
        return create_tournament(**defaults)

    return make


@pytest.fixture
def tournament(make_tournament):
    return make_tournament()


@pytest.fixture
def make_player(db):
    counter = iter(range(1, 10_000))

    def make(**fields):
        n = next(counter)
        defaults = {"first_name": f"First{n}", "last_name": f"Last{n}", "country": "ITA"}
        defaults.update(fields)
        player = Player(**defaults)
        player.save()
        return player

    return make


@pytest.fixture
def register(tournament):
    def make(count, **fields):
        return [
            register_player(tournament, first_name=f"Player{i}", last_name=f"Test{i}", **fields)
            for i in range(1, count + 1)
        ]

    return make


@pytest.fixture
def director(db):
    return get_user_model().objects.create_user("boss", password="pw-for-tests", is_staff=True)


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


@pytest.fixture
def plain_user(db):
    return get_user_model().objects.create_user("someone", password="pw-for-tests")
