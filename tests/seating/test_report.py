"""seating_report arithmetic on hand-made schedules."""

from __future__ import annotations

from tournament.seating import seating_report

A = (1, 2, 3, 4)
B = (5, 6, 7, 8)


def test_one_session_has_no_repeats():
    report = seating_report([[A, B]])
    assert report["players"] == 8
    assert report["sessions"] == 1
    assert report["repeats"] == 0
    assert report["max_meetings"] == 1
    assert report["pairs_met_twice"] == 0
    assert report["meetings"] == {1: 12}
    assert report["wind_spread"] == 1  # one East, nothing else
    assert report["group_clashes"] == 0
    assert report["lower_bound"] == 0


def test_same_tables_three_times():
    schedule = [[A, B], [A, B], [(4, 3, 2, 1), (8, 7, 6, 5)]]
    report = seating_report(schedule)
    assert report["repeats"] == 12 * 2  # twelve pairs met three times
    assert report["max_meetings"] == 3
    assert report["pairs_met_more"] == 12
    assert report["meetings"] == {3: 12}
    # player 1: East, East, North -> counts 2, 0, 0, 1
    assert report["wind_spread"] == 2
    # 8 players, 3 sessions: each meets 9 among 7 others -> 2 repeats each, 8 in all
    assert report["lower_bound"] == 8


def test_repeats_count_each_extra_meeting():
    schedule = [[A, B], [(1, 2, 5, 6), (3, 4, 7, 8)]]
    report = seating_report(schedule)
    # pairs {1,2}, {3,4}, {5,6}, {7,8} met twice
    assert report["repeats"] == 4
    assert report["pairs_met_twice"] == 4
    assert report["max_meetings"] == 2


def test_group_clashes_count_pairs_per_table():
    groups = {1: "red", 2: "red", 3: "red", 5: "blue", 8: "blue", 6: None}
    report = seating_report([[A, B], [(1, 5, 2, 6), (3, 7, 4, 8)]], groups)
    # session 1: {1,2}, {1,3}, {2,3} red and {5,8} blue; session 2: {1,2} red
    assert report["group_clashes"] == 5


def test_balanced_winds_spread_zero():
    tables = [(1, 2, 3, 4), (2, 3, 4, 1), (3, 4, 1, 2), (4, 1, 2, 3)]
    report = seating_report([[t] for t in tables])
    assert report["wind_spread"] == 0
    assert report["repeats"] == 18


def test_empty_schedule():
    report = seating_report([])
    assert report["repeats"] == 0
    assert report["players"] == 0
    assert report["max_meetings"] == 0


def test_teams_counted_and_whether_their_sizes_fit_the_tables():
    """Two tables: a team of two can sit apart, a team of three cannot (docs/rules.md §10.1)."""
    apart = {1: "a", 5: "a", 2: "b", 6: "b"}
    report = seating_report([[A, B]], teams=apart)
    assert (report.team_clashes, report.teams, report.teams_fit) == (0, 2, True)
    together = {1: "a", 2: "a", 5: "a"}
    report = seating_report([[A, B]], teams=together)
    assert (report.team_clashes, report.teams, report.teams_fit) == (1, 1, False)
    assert seating_report([[A, B]]).teams == 0 and seating_report([[A, B]]).teams_fit
