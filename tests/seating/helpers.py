"""Checks shared by the seating tests (no Django, no database)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations


def assert_valid(schedule, players, sessions):
    """Every session seats every player exactly once, at tables of four."""
    assert len(schedule) == sessions
    for session in schedule:
        assert all(isinstance(table, tuple) and len(table) == 4 for table in session)
        seated = [p for table in session for p in table]
        assert Counter(seated) == Counter(players)


def meetings(schedule):
    met = Counter()
    for session in schedule:
        for table in session:
            for a, b in combinations(table, 2):
                met[frozenset((a, b))] += 1
    return met


def wind_rows(schedule):
    rows: dict = {}
    for session in schedule:
        for table in session:
            for wind, p in enumerate(table):
                rows.setdefault(p, [0, 0, 0, 0])[wind] += 1
    return rows
