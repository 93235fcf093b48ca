"""The same seed gives the same draw on any machine and with any version of the search that
claims to be only faster: a few draws are pinned by a digest of their schedule. A change that
means to draw differently (a better search) updates the pins and says so in its commit; one
that only makes the draw faster must leave them alone."""

import hashlib

import pytest

from tournament.seating import draw

PLAN = {"players": list(range(16)), "sessions": 5, "seed": 2}


def digest(result):
    schedule = [[list(table) for table in session] for session in result.schedule]
    return hashlib.sha256(repr(schedule).encode()).hexdigest()[:16]


def kept(players):
    plan = draw(PLAN["players"], PLAN["sessions"], seed=PLAN["seed"], time_limit=None).schedule
    roster = players(plan)
    return draw(roster, 5, seed=3, fixed=plan[:2], previous=plan, time_limit=None)


CASES = {
    "16 players, 5 sessions": (lambda: draw(list(range(16)), 5, seed=3, time_limit=None)),
    "20 players in clubs of four, 5 sessions": (
        lambda: draw(
            list(range(20)), 5, seed=1, groups={p: p % 5 for p in range(20)}, time_limit=None
        )
    ),
    "a kept plan after a removed table": (
        lambda: kept(lambda plan: [p for p in range(16) if p not in set(plan[0][0])])
    ),
    "a kept plan after four late registrations": (
        lambda: kept(lambda plan: [*range(16), 90, 91, 92, 93])
    ),
}
PINNED = {
    "16 players, 5 sessions": "9b372c56ad82e6a0",
    "20 players in clubs of four, 5 sessions": "6e04b23afa156e5d",
    "a kept plan after a removed table": "ba7df66d1d1c7d81",
    "a kept plan after four late registrations": "fa07d3255b93a6df",
}


@pytest.mark.parametrize("case", list(CASES))
def test_the_draw_is_the_pinned_one(case):
    assert digest(CASES[case]()) == PINNED[case]
