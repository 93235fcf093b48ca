"""What can be promised before drawing."""

from __future__ import annotations

from tournament.seating import lower_bound, max_zero_repeat_sessions, zero_repeat_sessions


def test_lower_bound_counting():
    assert lower_bound(16, 5) == 0
    assert lower_bound(16, 6) == 24
    assert lower_bound(20, 7) == 20
    assert lower_bound(24, 8) == 12
    assert lower_bound(16, 10) == 120
    assert lower_bound(400, 10) == 0
    assert lower_bound(8, 3) == 8


def test_max_zero_repeat_sessions():
    expected = {4: 1, 8: 1, 12: 1, 16: 5, 20: 5, 24: 7, 28: 9, 32: 10, 36: 11, 40: 13}
    for n, sessions in expected.items():
        assert max_zero_repeat_sessions(n) == sessions
        if sessions > 1 or n <= 12:
            assert lower_bound(n, sessions) == 0


def test_the_draw_reaches_the_maximum_for_small_fields_and_ten_beyond():
    for n in (16, 20, 24, 28, 32, 36):
        assert zero_repeat_sessions(n) == max_zero_repeat_sessions(n)
    for n in range(40, 404, 4):
        assert zero_repeat_sessions(n) >= 10
