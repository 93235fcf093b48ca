"""Property tests: any field size, seed, clubs and played prefix give a valid schedule."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tournament.seating import draw_schedule, seating_report, swiss_session

from .helpers import assert_valid

FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(
    tables=st.integers(min_value=1, max_value=12),
    sessions=st.integers(min_value=1, max_value=6),
    seed=st.integers(min_value=0, max_value=10**6),
    club_size=st.integers(min_value=0, max_value=5),
)
def test_any_size_gives_a_valid_deterministic_schedule(tables, sessions, seed, club_size):
    players = [f"p{i}" for i in range(4 * tables)]
    groups = {p: i // club_size for i, p in enumerate(players)} if club_size else None
    schedule = draw_schedule(players, sessions, seed=seed, groups=groups)
    assert_valid(schedule, players, sessions)
    assert draw_schedule(players, sessions, seed=seed, groups=groups) == schedule
    report = seating_report(schedule, groups)
    assert report["repeats"] >= report["lower_bound"]
    if tables >= 4 and sessions <= 5:
        assert report["repeats"] == 0
    if tables >= 4:
        assert report["wind_spread"] <= 1


@FAST
@given(
    tables=st.integers(min_value=4, max_value=12),
    played=st.integers(min_value=1, max_value=4),
    more=st.integers(min_value=1, max_value=3),
    leavers=st.integers(min_value=0, max_value=3),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_played_sessions_stay_and_substitutes_fit(tables, played, more, leavers, seed):
    players = list(range(4 * tables))
    first = draw_schedule(players, played + more, seed=seed)
    later = [*players[leavers:], *range(1000, 1000 + leavers)]  # leavers replaced
    schedule = draw_schedule(later, played + more, fixed=first[:played], seed=seed + 1)
    assert schedule[:played] == first[:played]
    assert_valid(schedule[played:], later, more)
    if played + more <= 5:
        assert seating_report(schedule)["repeats"] == 0


@FAST
@given(
    tables=st.integers(min_value=1, max_value=10),
    band=st.sampled_from([None, 4, 8, 16]),
    seed=st.integers(min_value=0, max_value=10**6),
)
def test_swiss_session_is_valid(tables, band, seed):
    ranking = list(range(4 * tables))
    history = draw_schedule(ranking, 2, seed=seed)
    session = swiss_session(ranking, history=history, band_size=band, seed=seed)
    assert_valid([session], ranking, 1)
    if band:
        for t, table in enumerate(session):
            assert {p // band for p in table} == {t * 4 // band}
