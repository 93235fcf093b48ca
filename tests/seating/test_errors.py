"""Prechecks: messages a director understands, translatable templates."""

from __future__ import annotations

import pytest

from tournament.seating import SeatingError, draw_schedule, max_zero_repeat_sessions, swiss_session


@pytest.mark.parametrize(("count", "missing"), [(30, 2), (29, 3), (31, 1), (17, 3)])
def test_not_a_multiple_of_four_says_how_many_substitutes(count, missing):
    with pytest.raises(SeatingError) as info:
        draw_schedule(range(count), 5)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.params == {"count": count, "missing": missing}
    assert str(err) == err.template.format(**err.params)
    assert f"{count} players registered: add {missing} substitute" in str(err)


def test_thirty_players_message():
    with pytest.raises(SeatingError, match=r"^30 players registered: add 2 substitutes to make"):
        draw_schedule(range(30), 5)


def test_too_few_players():
    with pytest.raises(SeatingError, match="at least 4"):
        draw_schedule([], 3)


def test_duplicate_player():
    with pytest.raises(SeatingError, match="registered twice") as info:
        draw_schedule([1, 2, 3, 3], 1)
    assert info.value.params == {"player": 3}


@pytest.mark.parametrize("sessions", [0, -1, 2.5, "4", True])
def test_bad_session_count(sessions):
    with pytest.raises(SeatingError, match="number of sessions"):
        draw_schedule(range(8), sessions)


def test_more_played_than_sessions():
    fixed = draw_schedule(range(8), 3)
    with pytest.raises(SeatingError, match="3 sessions are already played"):
        draw_schedule(range(8), 2, fixed=fixed)


@pytest.mark.parametrize(
    "fixed",
    [
        [[(1, 2, 3)]],
        [[(1, 2, 3, 4, 5)]],
        [[{1, 2, 3, 4}]],
        [["abcd"]],
        ["not a session"],
        [{"table": (1, 2, 3, 4)}],
        "1234",
    ],
)
def test_malformed_fixed_session(fixed):
    with pytest.raises(SeatingError, match=r"[Pp]layed session"):
        draw_schedule(range(8), 3, fixed=fixed)


def test_player_seated_twice_in_a_fixed_session():
    with pytest.raises(SeatingError, match="seated twice"):
        draw_schedule(range(8), 3, fixed=[[(0, 1, 2, 3), (3, 4, 5, 6)]])


def test_groups_must_be_a_mapping():
    with pytest.raises(SeatingError, match="Groups"):
        draw_schedule(range(8), 1, groups=[1, 2])


def test_time_limit_must_be_positive():
    with pytest.raises(SeatingError, match="time limit"):
        draw_schedule(range(8), 1, time_limit=0)


@pytest.mark.parametrize("band_size", [0, 6, -4, 2.0])
def test_band_size_must_be_a_multiple_of_four(band_size):
    with pytest.raises(SeatingError, match="band size"):
        swiss_session(range(16), band_size=band_size)


def test_max_zero_repeat_sessions_needs_full_tables():
    with pytest.raises(SeatingError, match="add 2 substitutes"):
        max_zero_repeat_sessions(18)
