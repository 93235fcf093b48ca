"""Shared fixtures: small factories (`tests/factories.py`) instead of big JSON fixtures.

Data that many tests read (a played tournament, an exported archive) is built once per test
module by a module-scoped fixture that asks for `module_db`: the module's data lives in one
transaction rolled back when the module ends, and every test runs in its own savepoint inside it
(pytest-django's `db`), so what a test writes never reaches the next test. Such a module fixture
hands each test its own copy (`copy.deepcopy`, as Django's `setUpTestData` does) through a
function-scoped fixture that asks for `db`. Every test of that module runs with the module's
data, whether it asks for it or not (`pytest_collection_modifyitems`), so that no test's outcome
depends on the order the tests run in.

`--database-only` (`.ci/run` on PostgreSQL) keeps only the tests that reach the test database
(`DATABASE_FIXTURES`): the others give the same answer on any database. So do the Chromium tests
marked `looks`, which only read pages to check how they look (widths, contrast, axe, focus
rings): each page they open is fetched on every database, its answer checked, by the tests
without a browser (tests/desk/test_content_security_policy.py: every page of the tours).

The garbage collector of a test process runs less often and never walks what collecting the
tests left alive (`pytest_configure`, `pytest_collection_finish`; docs/testing.md).
"""

import copy
import gc
import os
from collections import defaultdict
from contextlib import contextmanager

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test import override_settings
from django.utils import translation
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from scoring.access import Actor
from tests import factories

# No deadlines anywhere: a loaded 2-core CI machine made deadline tests fail. The CI profile
# (HYPOTHESIS_PROFILE=ci, set by `make test`) also prints the blob that reproduces a failure.
hypothesis_settings.register_profile("dev", deadline=None)
hypothesis_settings.register_profile(
    "ci", deadline=None, print_blob=True, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


#: What every test runs with (and every module's data is built with).
TEST_SETTINGS = {
    "PASSWORD_HASHERS": ["django.contrib.auth.hashers.MD5PasswordHasher"],
    "DESK_BACKUP_MINUTES": 0,  # the backup tests turn it on for themselves
    "DESK_LIVE_CACHE_SECONDS": 0,  # /live/ answers afresh; tests/scoring/test_live.py
    # Visitors' documents made without spacing, so that no test depends on the clock; the
    # spacing's own tests (tests/exports/test_public_documents.py) set theirs.
    "DESK_DOCUMENT_MAKES": "1000000/min",
    # Documents made in the test process: a test's data is in a transaction no other process
    # sees (the worker's own tests, tests/exports/test_document_worker.py, turn it on).
    "DESK_DOCUMENT_WORKER": False,
}


#: The fixtures through which a test reaches the test database (pytest-django refuses any
#: other access): a test without one of them gives the same answer on every database.
DATABASE_FIXTURES = frozenset(
    ("db", "transactional_db", "django_db_setup", "_django_db_helper", "live_server", "module_db")
)


def pytest_configure(config):
    """The garbage collector looks for cycles after 10,000 new objects rather than Python's 700:
    a test process holds some 300 MB of objects (modules, the collected tests, the modules'
    data), and with Python's thresholds each process spent 12-14 s of the suite walking them
    (docs/testing.md, "The garbage collector")."""
    gc.set_threshold(10_000, 10, 10)


def pytest_collection_finish(session):
    """What collecting left alive (Django, the desk's modules, the tests) lives as long as the
    test process: set aside (`gc.freeze`) so that no collection walks it again."""
    gc.collect()
    gc.freeze()


def pytest_addoption(parser):
    parser.addoption(
        "--database-only",
        action="store_true",
        help="Run only the tests that reach the test database (`.ci/run` on PostgreSQL: the "
        "others, pure Python or a desk of their own on SQLite, ran on SQLite already).",
    )


def _reaches_the_database(item):
    """The test reaches the test database, and for more than to read pages in Chromium and check
    how they look (`looks`)."""
    if item.get_closest_marker("looks") is not None:
        return False
    return bool(DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))) or (
        item.get_closest_marker("django_db") is not None
    )


def pytest_collection_modifyitems(config, items):
    _share_module_data(items)
    if config.getoption("--database-only"):
        kept = [item for item in items if _reaches_the_database(item)]
        config.hook.pytest_deselected(items=[item for item in items if item not in kept])
        items[:] = kept


def _share_module_data(items):
    """In a module where a test uses data built once for the module (a module-scoped fixture on
    `module_db`), every test gets that data first: a test that does not ask for it would
    otherwise see it or not depending on whether a test that asked ran before."""
    by_module = defaultdict(list)
    for item in items:
        if hasattr(item, "_fixtureinfo"):
            by_module[item.nodeid.split("::")[0]].append(item)
    for module_items in by_module.values():
        shared = []
        for item in module_items:
            if "module_db" in item.fixturenames:
                shared += [
                    name
                    for name in item.fixturenames
                    if _scope(item, name) == "module"
                    and name not in shared
                    and not item._fixtureinfo.name2fixturedefs[name][-1].params
                ]
        for item in module_items if shared else ():
            first = next(
                (i for i, name in enumerate(item.fixturenames) if _scope(item, name) != "session"),
                len(item.fixturenames),
            )
            missing = [name for name in shared if name not in item.fixturenames]
            item.fixturenames[first:first] = missing


def _scope(item, name):
    definitions = item._fixtureinfo.name2fixturedefs.get(name)
    return definitions[-1].scope if definitions else None


@pytest.fixture(autouse=True)
def _test_settings(settings, tmp_path, request):
    for name, value in TEST_SETTINGS.items():
        setattr(settings, name, value)
    settings.DATA_DIR = tmp_path
    # A request in Italian leaves the language active in its thread: start each test in English.
    translation.activate("en")
    # The cache is a table in the database (settings.CACHES): only tests that use the database
    # can reach it; a transactional test would otherwise leave counters for the next one.
    if "_django_db_helper" in request.fixturenames or request.node.get_closest_marker("django_db"):
        if connection.in_atomic_block and _transactional(request):
            pytest.fail(
                "A transactional test cannot run inside a module's data transaction "
                "(module_db): give it a module of its own."
            )
        request.getfixturevalue("_django_db_helper")
        cache.clear()
    yield
    translation.deactivate()


def _transactional(request):
    marker = request.node.get_closest_marker("django_db")
    return bool(marker and marker.kwargs.get("transaction")) or bool(
        {"transactional_db", "live_server"} & set(request.fixturenames)
    )


@pytest.fixture(scope="module")
def module_db(django_db_setup, django_db_blocker, tmp_path_factory):
    """One transaction around the test module, rolled back at its end. Yields `building`, the
    context in which a module-scoped fixture writes its data: the database unblocked, the tests'
    settings, English. Each test still runs in a savepoint of its own (it asks for `db`)."""
    data_dir = tmp_path_factory.mktemp("module-data")
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()

    @contextmanager
    def building():
        with (
            django_db_blocker.unblock(),
            override_settings(**TEST_SETTINGS, DATA_DIR=data_dir),
            translation.override("en"),
            transaction.atomic(),  # a build that fails leaves nothing behind
        ):
            yield

    yield building
    with django_db_blocker.unblock():
        transaction.set_rollback(True)
        outer.__exit__(None, None, None)


@pytest.fixture(scope="module")
def module_played(module_db, module_director):
    with module_db():
        return factories.build_played("played", Actor(user=module_director), confirmed=2)


@pytest.fixture
def played(db, module_played):
    """An MCR tournament of 16 players with sessions 1 and 2 confirmed, built once for the
    module (`module_played`): each test gets its own copy."""
    return copy.deepcopy(module_played)


@pytest.fixture(scope="module")
def module_director(module_db):
    """The director of `director`, created once for a module whose data it builds: a module
    that asks for it declares `director` as this one's copy."""
    with module_db():
        return factories.make_director()


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
