"""Fixtures of the seasons' tests: small worlds built once per module (in a transaction rolled
back at the module's end) by `tests/factories.py`."""

import datetime as dt

import pytest
from django.db import transaction

from scoring.access import Actor
from tests import factories

ANNA, BRUNO, CARLA, DARIO, ELSA = (
    ("Anna", "Rossi"),
    ("Bruno", "Bianchi"),
    ("Carla", "Verdi"),
    ("Dario", "Neri"),
    ("Elsa", "Gallo"),
)


@pytest.fixture(scope="module")
def module_world(django_db_setup, django_db_blocker):
    """Built once per module: yields a function the module's `world` fixture calls with its own
    builder; everything it writes is rolled back after the module."""
    with django_db_blocker.unblock(), transaction.atomic():
        built = {}

        def once(builder):
            if "world" not in built:
                built["world"] = builder()
            return built["world"]

        yield once
        transaction.set_rollback(True)


@pytest.fixture
def season_director(db):
    return factories.make_director("season-admin")


def three_cups():
    """Three MCR tournaments of four players in 2025 (two with a MERS weight, the last with two
    players tied for third) and a riichi one not played, as `factories.placed_tournament` plays
    them. The players' figures by hand are in docs/seasons.md ("An example")."""
    admin = factories.make_director("world-admin")
    actor = Actor(user=admin)
    cups = {
        "spring": factories.placed_tournament(
            "spring",
            actor,
            [ANNA, BRUNO, CARLA, DARIO],
            end_date=dt.date(2025, 3, 1),
            mers_weight=2,
        ),
        "summer": factories.placed_tournament(
            "summer", actor, [BRUNO, ANNA, ELSA, CARLA], end_date=dt.date(2025, 6, 1), mers_weight=1
        ),
        "autumn": factories.placed_tournament(
            "autumn", actor, [ELSA, ANNA, BRUNO, DARIO], end_date=dt.date(2025, 9, 1), tie=True
        ),
        "riichi": factories.make_tournament(
            slug="riichi",
            ruleset="riichi2016",
            start_date=dt.date(2025, 4, 1),
            end_date=dt.date(2025, 4, 1),
        ),
    }
    return {"admin": admin, "actor": actor, **cups}
