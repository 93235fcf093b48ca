"""The same seed gives the same draw on any machine: budgets count work, not seconds.

A slow machine is simulated by a clock that jumps ahead at every reading (no sleeping).
"""

from __future__ import annotations

import time

import pytest

from tournament.seating import draw, draw_schedule, seating_report

from .helpers import assert_valid

CLUBS = {p: p // 4 for p in range(12)}  # half of 24 players in clubs of four


@pytest.fixture
def slow_clock(monkeypatch):
    """Make ``time.monotonic`` advance ``step`` seconds at every reading."""

    def install(step: float) -> None:
        now = [time.monotonic()]

        def reading() -> float:
            now[0] += step
            return now[0]

        monkeypatch.setattr(time, "monotonic", reading)

    return install


@pytest.mark.parametrize("sessions", [8, 10])
def test_a_slow_machine_draws_the_same_schedule(slow_clock, sessions):
    """24 players with clubs need the searches; seed 5 on a fast and a very slow machine."""
    players = list(range(24))
    fast = draw_schedule(players, sessions, seed=5, groups=CLUBS)
    slow_clock(0.1)  # every look at the clock is a tenth of a second later
    slow = draw_schedule(players, sessions, seed=5, groups=CLUBS)
    assert slow == fast
    assert draw_schedule(players, sessions, seed=5, groups=CLUBS) == fast


def test_the_draw_says_when_the_safety_clock_stopped_it(slow_clock):
    players = list(range(24))
    calm = draw(players, 8, seed=5, groups=CLUBS)
    assert not calm.clock_stopped
    slow_clock(1000.0)  # a runaway: every reading is a quarter of an hour later
    stopped = draw(players, 8, seed=5, groups=CLUBS)
    assert stopped.clock_stopped
    assert_valid(stopped.schedule, players, 8)  # still a whole, valid schedule
    report = seating_report(stopped.schedule, CLUBS, clock_stopped=stopped.clock_stopped)
    assert report["clock_stopped"] and report.clock_stopped
    assert not seating_report(calm.schedule, CLUBS)["clock_stopped"]


def test_no_clock_at_all_gives_the_same_schedule():
    players = list(range(24))
    assert draw_schedule(players, 9, seed=5, groups=CLUBS, time_limit=None) == draw_schedule(
        players, 9, seed=5, groups=CLUBS
    )
