"""The Faentino regulation (docs/rules.md §5)."""

import pytest

from rules import RuleError, faentino, get_ruleset

POINTS = (16, 32, 8, 40)
DOUBLES = (1, 1, 0, 0)

# docs/rules.md §5.3 (Faentino "Simulazione di una mano"): E 16 with 1 double, S 32 with 1
# double, W 8, N 40; East is seat 0. The four "who wins" cases of that worked check.
WHO_WINS = [
    # East: 16 + 20 = 36 x 2 x 2 (East) = 144 -> 140 from each; S gets 50 from W and 20 from
    # N; N gets 30 from W
    (0, (420, -70, -220, -130)),
    # South: 32 + 20 = 52 x 2 = 104 -> 100 from each; E (64 -> 60) gets 50 from W, 20 from N;
    # N gets 30 from W
    (1, (-30, 300, -180, -90)),
    # West: 8 + 20 = 28 -> 30 from each; E and S even; both get 20 from N
    (2, (-10, -10, 90, -70)),
    # North: 40 + 20 = 60 from each; E and S even; both get 50 from W
    (3, (-10, -10, -160, 180)),
]


@pytest.mark.parametrize(("winner", "expected"), WHO_WINS)
def test_seed_003_who_wins(winner, expected):
    assert faentino.settle(POINTS, DOUBLES, winner=winner, east=0) == expected


@pytest.mark.parametrize(("winner", "expected"), WHO_WINS)
def test_seed_003_through_the_ruleset(winner, expected):
    ruleset = get_ruleset("faentino")
    entry = {"outcome": "mahjong", "winner": winner, "points": POINTS, "doubles": DOUBLES}
    assert ruleset.settle(entry, ruleset.initial_state()).deltas == expected


# (points, doubles, winner, east, limit_hand, expected score)
SCORES = [
    (16, 1, True, True, False, 140),  # §5.2: 144 -> 140
    (32, 1, True, False, False, 100),  # §5.2: 104 -> 100
    (16, 1, False, True, False, 60),  # §5.2: 64 -> 60
    (32, 1, False, False, False, 60),  # §5.2: 64 -> 60
    (8, 0, False, False, False, 10),  # §5.2: West's 8 counts as 10
    (8, 0, True, False, False, 30),  # §5.2: 28 -> 30
    (0, 0, True, False, False, 30),  # §5.2: Mahjong with an empty rack is 30
    (0, 1, True, True, False, 120),  # 30 x 2 x 2
    (60, 2, False, False, False, 200),  # §5.2: 60 x 2 x 2 = 240, the limit is 200
    (2, 0, True, False, False, 20),  # 22 -> 20
    (5, 0, False, False, False, 10),  # an exact 5 rounds up (docs/rules.md §5.2, §6.1)
    (4, 0, False, False, False, 0),
    (0, 0, True, False, True, 200),  # a "massimo" hand
]


@pytest.mark.parametrize(("points", "doubles", "winner", "east", "limit_hand", "expected"), SCORES)
def test_player_score(points, doubles, winner, east, limit_hand, expected):
    score = faentino.player_score(points, doubles, winner=winner, east=east, limit_hand=limit_hand)
    assert score == expected


def test_limit_example_of_seed_003():
    # §5.2: a player with 60 points and two doubles is worth 200, not 240; against a player
    # with 80 points it receives 200 - 80 = 120. North (seat 3) is East and wins with 10 points:
    # (10 + 20) x 2 = 60 from each. South: 60 x 2 x 2 -> 200; West 80; East 0.
    deltas = faentino.settle((0, 60, 80, 10), (0, 2, 0, 0), winner=3, east=3)
    # South: -60 + 120 (from West) + 200 (from East) ; West: -60 - 120 + 80 ; East: -60 - 200 - 80
    assert deltas == (-340, 260, -100, 180)


def test_false_mahjong_ends_the_hand_with_zero_points():
    # docs/rules.md §5.4 (ERRORI E PUNIZIONI): calling Mahjong without having it -> 0 points
    deltas = faentino.settle(POINTS, DOUBLES, winner=0, east=0, zero_score=(1,))
    # South now scores 0: pays 140, then West 10 and North 40; North still gets 30 from West
    assert deltas == (420, -190, -160, -70)


def test_washout_and_bad_input():
    assert faentino.settle(POINTS, DOUBLES, winner=None, east=0) == (0, 0, 0, 0)
    with pytest.raises(RuleError, match="cannot both win"):
        faentino.settle(POINTS, DOUBLES, winner=1, east=0, zero_score=(1,))
    with pytest.raises(RuleError, match="Only the winner can have a limit hand"):
        faentino.player_score(10, 0, winner=False, east=False, limit_hand=True)
    with pytest.raises(RuleError, match="Doubles must be at least 0"):
        faentino.settle(POINTS, (0, -1, 0, 0), winner=0, east=0)


def test_limit_hand_through_settle():
    deltas = faentino.settle((0, 0, 0, 0), (0, 0, 0, 0), winner=2, east=0, limit_hand=True)
    assert deltas == (-200, -200, 600, -200)


def test_table_lasts_three_rotations_and_east_keeps_the_deal_only_once():
    ruleset = get_ruleset("faentino")
    assert ruleset.starting_points == 2000 and ruleset.max_hands is None
    state = ruleset.initial_state()
    east_wins = {"outcome": "mahjong", "winner": 0, "points": (10, 0, 0, 0)}
    state = ruleset.settle(east_wins, state).next_state
    assert (state.dealer, state.repeats) == (0, 1)  # East keeps the deal once...
    state = ruleset.settle(east_wins, state).next_state
    assert (state.dealer, state.repeats) == (1, 0)  # ...but not twice
    hands = 2
    while not state.finished:
        state = ruleset.settle({"outcome": "washout"}, state).next_state
        hands += 1
    assert hands == 13  # 12 deals of 3 rotations, plus East's one repeat
    assert state.deals == 12


def test_wall_destroyed_pays_each_player_as_if_it_had_made_mahjong():
    # §5.4: the offender pays the others, who made no error, as if they had made Mahjong
    ruleset = get_ruleset("faentino")
    entry = {
        "outcome": "wall_destroyed",
        "offender": 1,
        "points": (16, 32, 8, 40),
        "doubles": (1, 1, 0, 0),
        "zero_score": (2,),
    }
    done = ruleset.settle(entry, ruleset.initial_state())
    # East (seat 0): (16 + 20) x 2 x 2 -> 140; North: 40 + 20 = 60; West made an error
    assert done.deltas == (140, -200, 0, 60)
    assert done.next_state.dealer == 1


def test_session_result_adds_the_stake():
    result = get_ruleset("faentino").session_result((420, -70, -220, -130))
    assert [seat.end_points for seat in result] == [2420, 1930, 1780, 1870]
    assert [seat.place for seat in result] == [1, 2, 4, 3]
    assert [seat.final_score for seat in result] == [420, -70, -220, -130]
