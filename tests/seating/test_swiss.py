"""Swiss sessions by the standings."""

from __future__ import annotations

from tournament.seating import draw_schedule, seating_report, swiss_session

from .helpers import meetings


def table_of(session, player):
    return next(t for t, table in enumerate(session) if player in table)


def test_without_history_the_top_four_sit_at_table_one():
    ranking = [f"r{i}" for i in range(16)]
    session = swiss_session(ranking)
    assert [set(t) for t in session] == [set(ranking[i : i + 4]) for i in range(0, 16, 4)]
    assert all(len(t) == 4 and isinstance(t, tuple) for t in session)


def test_repeats_are_avoided_by_moving_to_neighbouring_tables():
    ranking = list(range(32))
    # 4t and 4t+1 met, and so did 4t+2 and 4t+3: every standings table would repeat twice
    history = [[(4 * t, 4 * t + 1, 4 * (t ^ 4) + 2, 4 * (t ^ 4) + 3) for t in range(8)]]
    session = swiss_session(ranking, history=history)
    assert max(meetings([*history, session]).values()) == 1
    for p in ranking:
        assert abs(table_of(session, p) - p // 4) <= 1


def test_strict_standings_when_nobody_met():
    ranking = list(range(32))
    mixed = [(t, t + 8, t + 16, t + 24) for t in range(8)]  # every table mixes the standings
    history = [[table[t % 4 :] + table[: t % 4] for t, table in enumerate(mixed)]]
    session = swiss_session(ranking, history=history)
    assert max(meetings([*history, session]).values()) == 1
    assert [set(t) for t in session] == [set(range(i, i + 4)) for i in range(0, 32, 4)]


def test_bands_shuffle_within_the_band_only():
    ranking = list(range(48))
    history = draw_schedule(ranking, 3, seed=9)
    session = swiss_session(ranking, history=history, band_size=16, seed=1)
    for t, table in enumerate(session):
        assert {p // 16 for p in table} == {t // 4}
    assert max(meetings([*history, session]).values()) == 1
    assert swiss_session(ranking, history=history, band_size=16, seed=1) == session


def test_winds_balanced_against_history():
    ranking = list(range(16))
    history = draw_schedule(ranking, 4, seed=2)[:3]  # its 4th session shows a perfect one exists
    session = swiss_session(ranking, history=history, band_size=16)
    report = seating_report([*history, session])
    assert report["wind_spread"] == 0
    assert report["repeats"] == 0


def test_club_mates_separated_when_cheap():
    ranking = list(range(16))
    groups = {0: "x", 1: "x"}
    session = swiss_session(ranking, groups=groups)
    assert table_of(session, 0) != table_of(session, 1)


def test_withdrawn_players_in_history_are_ignored():
    history = [[(0, 1, 2, 3), (4, 5, 6, 7), (8, 9, 10, 11), (12, 13, 14, "gone")]]
    ranking = [*range(15), "new"]
    session = swiss_session(ranking, history=history)
    assert sorted(map(str, (p for t in session for p in t))) == sorted(map(str, ranking))
