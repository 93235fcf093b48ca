"""Fixtures for the scoring tests: a tournament with a drawn session, and helpers to fill
tables through the services or the pages."""

import re

import pytest

from scoring.access import Actor
from tournament.services.draw import write_draw
from tournament.services.registrations import register_player
from tournament.services.tournaments import create_tournament


def build(players=16, ruleset="mcr", sessions=3, slug="cup"):
    import datetime as dt

    tournament = create_tournament(
        name=f"Cup {slug}",
        slug=slug,
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        ruleset=ruleset,
        session_count=sessions,
        published=True,
        seating_groups="none",
    )
    for n in range(1, players + 1):
        register_player(tournament, first_name=f"P{n}", last_name=f"Player{n:02d}")
    write_draw(tournament, session_number=1, seed=7)
    tournament.sessions.filter(number=1).update(seating_published=True)
    return tournament


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


def page_fields(response):
    """The hidden revision and submission of the hand form on a table page."""
    html = response.content.decode()
    fields = {"revision": re.search(r'name="revision" value="(\d+)"', html).group(1)}
    submission = re.search(r'name="submission" value="([0-9a-f-]+)"', html)
    if submission:
        fields["submission"] = submission.group(1)
    return fields


def mcr_entry(hand_number):
    """A deterministic mix of MCR outcomes for scripted sessions."""
    kind = hand_number % 5
    if kind == 0:
        return {"outcome": "washout"}
    winner = hand_number % 4
    if kind in (1, 3):
        return {
            "outcome": "discard",
            "winner": winner,
            "discarder": (winner + 1) % 4,
            "fan": 8 + (hand_number * 3) % 17,
        }
    flowers = hand_number % 2
    return {
        "outcome": "self_drawn",
        "winner": winner,
        "fan": 8 + flowers + hand_number % 9,
        "flowers": flowers,
    }
