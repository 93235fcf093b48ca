"""Classic European and FIMJ: hand scores, settlements and the rule set (docs/rules.md §4)."""

import pytest

from rules import RuleError, classic, get_ruleset

# (points, doubles, limit, expected) - docs/rules.md §4.1 (European "IL CALCOLO DEI PUNTI",
# "ARROTONDAMENTO")
HAND_SCORES = [
    (38, 1, 500, 80),  # §4.1, East: 38 points, 1 double -> 76 -> 80
    (28, 2, 500, 110),  # §4.1, South: 28 points, 2 doubles -> 112 -> 110
    (10, 0, 500, 10),  # §4.1, West: no double, 10 points
    (8, 0, 500, 8),  # §4.1, North: 8 points, not rounded without doubles
    (42, 1, 500, 80),  # §4.1 (ARROTONDAMENTO): 84 -> 80
    (37, 1, 500, 70),  # 74 -> 70
    (43, 1, 500, 90),  # 86 -> 90
    (75, 0, 500, 75),  # no double: never rounded
    (15, 1, 500, 30),  # exact: 30
    (75, 1, 500, 150),
    (35, 3, 500, 280),
    (70, 3, 500, 500),  # 560 capped at the European limit (§4.1: 500)
    (70, 3, 1000, 560),
    (70, 3, None, 560),
    (0, 5, 500, 0),
]


@pytest.mark.parametrize(("points", "doubles", "limit", "expected"), HAND_SCORES)
def test_hand_score(points, doubles, limit, expected):
    assert classic.hand_score(points, doubles, limit=limit) == expected


def test_tiny_doubled_scores_round_to_0():
    # the only case where a double lowers a score: 2 x 2 = 4 rounds to 0 (§4.2, FIMJ "4 points:
    # nothing is paid, rounding to 0")
    assert classic.hand_score(2, 0, limit=500) == 2
    assert classic.hand_score(2, 1, limit=500) == 0
    assert classic.hand_score(3, 1, limit=500) == 10


def test_rounding_to_ten():
    # docs/rules.md §4.1, §6.1: nearest 10, an exact 5 rounds up (a doubled score is even, so the
    # exact 5 only happens in amounts paid and in Faentino scores); §5.2: 144 -> 140, 64 -> 60,
    # 104 -> 100
    from rules.checks import round_to_ten

    assert [round_to_ten(x) for x in (4, 5, 6, 14, 15, 16, 25, 144, 64, 104)] == [
        0,
        10,
        10,
        10,
        20,
        20,
        30,
        140,
        60,
        100,
    ]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ((-1, 0, 500), "Points must be at least 0"),
        ((10, -1, 500), "Doubles must be at least 0"),
        ((10, 0, 0), "Limit must be at least 1"),
        ((10.5, 0, 500), "whole number"),
    ],
)
def test_hand_score_refuses(args, fragment):
    points, doubles, limit = args
    with pytest.raises(RuleError, match=fragment):
        classic.hand_score(points, doubles, limit=limit)


# (scores, winner, east, variant, expected)
SETTLEMENTS = [
    # docs/rules.md §4.2, first example: E 80 (winner), S 110, W 10, N 8
    ((80, 110, 10, 8), 0, 0, "european", (480, 42, -258, -264)),
    # docs/rules.md §4.2, second example: W 60 (winner), N 90, S 4, E 30
    ((30, 4, 60, 90), 2, 0, "european", (-188, -198, 240, 146)),
    # the same hands under FIMJ: every amount paid rounded to 10 after East's doubling
    # (docs/rules.md §4.2, FIMJ "Saldo dei debiti"): 102 -> 100, 2 -> 0
    ((80, 110, 10, 8), 0, 0, "fimj", (480, 40, -260, -260)),
    # 26 x 2 = 52 -> 50, 86 -> 90, 120 stays
    ((30, 4, 60, 90), 2, 0, "fimj", (-190, -200, 240, 150)),
    # §4.2 (FIMJ): a difference of 6 is paid as 10, 16 as 20 (S-W 6 -> 10, S-N 16 -> 20, W-N 10):
    # S = -80 + 10 + 20, W = -80 - 10 + 10, N = -80 - 20 - 10
    ((40, 16, 10, 0), 0, 0, "fimj", (240, -50, -80, -110)),
    # 4 as nothing, 14 as 10 (S-W 4 -> 0, S-N 18 -> 20, W-N 14 -> 10)
    ((40, 20, 16, 2), 0, 0, "fimj", (240, -60, -70, -110)),
    # the same scores in the European game are paid exactly
    ((40, 20, 16, 2), 0, 0, "european", (240, -58, -70, -112)),
    # washout: nobody pays
    ((80, 110, 10, 8), None, 0, "european", (0, 0, 0, 0)),
    # East not involved as winner: East pays the winner double
    ((100, 0, 0, 0), 0, 3, "european", (400, -100, -100, -200)),
]


@pytest.mark.parametrize(("scores", "winner", "east", "variant", "expected"), SETTLEMENTS)
def test_settle(scores, winner, east, variant, expected):
    assert classic.settle(scores, winner=winner, east=east, variant=variant) == expected


def test_settle_refuses():
    with pytest.raises(RuleError, match="the variants are: european, fimj"):
        classic.settle((0, 0, 0, 0), winner=0, east=0, variant="british")
    with pytest.raises(RuleError, match="East must be a seat"):
        classic.settle((0, 0, 0, 0), winner=0, east=4)
    with pytest.raises(RuleError, match="Scores must be at least 0"):
        classic.settle((-10, 0, 0, 10), winner=0, east=0)


EUROPEAN = get_ruleset("european")
FIMJ = get_ruleset("fimj")


def entry(winner, points, doubles=(0, 0, 0, 0), **extra):
    return {"outcome": "mahjong", "winner": winner, "points": points, "doubles": doubles, **extra}


def test_ruleset_settles_the_seed_004_hand():
    # docs/rules.md §4.1: E 38 points 1 double (winner), S 28 2 doubles, W 10, N 8
    done = EUROPEAN.settle(entry(0, (38, 28, 10, 8), (1, 2, 0, 0)), EUROPEAN.initial_state())
    assert done.deltas == (480, 42, -258, -264)
    # European: East won, so East keeps the deal (docs/rules.md §4.3)
    assert done.next_state.dealer == 0 and done.next_state.repeats == 1


def test_fimj_deal_passes_after_every_hand_and_the_session_has_16_hands():
    assert FIMJ.max_hands == 16 and EUROPEAN.max_hands is None
    state = FIMJ.initial_state()
    done = FIMJ.settle(entry(0, (38, 28, 10, 8), (1, 2, 0, 0)), state)
    assert done.deltas == (480, 40, -260, -260)
    assert done.next_state.dealer == 1
    for _hand in range(15):
        assert not state.finished
        state = FIMJ.settle({"outcome": "washout"}, state).next_state
    assert state.hand_number == 16 and state.prevalent_wind == 3 and state.dealer == 3
    state = FIMJ.settle({"outcome": "washout"}, state).next_state
    assert state.finished


def test_european_deal_passes_when_east_does_not_win():
    state = EUROPEAN.initial_state()
    state = EUROPEAN.settle(entry(2, (0, 0, 30, 0)), state).next_state
    assert state.dealer == 1 and state.seat_winds == (3, 0, 1, 2)
    state = EUROPEAN.settle({"outcome": "washout"}, state).next_state
    assert state.dealer == 2


def test_false_mahjong_scores_zero_and_pays():
    # docs/rules.md §4.4 (FIMJ "Penalita'"): the offender scores 0 and pays as usual
    done = EUROPEAN.settle(entry(1, (40, 30, 20, 10), zero_score=(3,)), EUROPEAN.initial_state())
    # scores E 40, S 30 (winner), W 20, N 0; East (seat 0) pays and receives double:
    # S gets 60 + 30 + 30; E gets 2 x 20 from W and 2 x 40 from N; W gets 20 from N
    assert done.deltas == (-60 + 40 + 80, 120, -30 - 40 + 20, -30 - 80 - 20)


def test_limit_hand_scores_the_limit_or_the_setting():
    # South's limit hand: 500 from each, 1000 from East
    done = EUROPEAN.settle(entry(1, (0, 0, 0, 0), limit_hand=True), EUROPEAN.initial_state())
    assert done.deltas == (-1000, 2000, -500, -500)
    fimj = get_ruleset("fimj", {"limit_hand_value": 2000, "limit": 1500})
    done = fimj.settle(entry(1, (0, 0, 0, 0), limit_hand=True), fimj.initial_state())
    assert done.deltas == (-4000, 8000, -2000, -2000)
    # East's 100 x 2^5 = 3200 is capped at the 1500 limit, then doubled in each settlement
    done = fimj.settle(entry(1, (100, 20, 0, 0), (5, 0, 0, 0)), fimj.initial_state())
    assert done.deltas == (-40 + 3000 + 3000, 80, -20 - 3000, -20 - 3000)


def test_wall_destroyed_pays_the_limit_to_each_player_still_in():
    # docs/rules.md §4.4: the offender pays those still legally in the hand the limit (East double)
    done = FIMJ.settle(
        {"outcome": "wall_destroyed", "offender": 2, "points": (0, 0, 0, 0), "zero_score": (3,)},
        FIMJ.initial_state(),
    )
    assert done.deltas == (2000, 1000, -3000, 0)
    assert done.next_state.dealer == 1


def test_winner_cannot_have_a_zero_hand():
    with pytest.raises(RuleError, match="cannot both win"):
        EUROPEAN.settle(entry(1, (0, 30, 0, 0), zero_score=(1,)), EUROPEAN.initial_state())


def test_entry_fields():
    fields = {field.name: field for field in EUROPEAN.hand_fields()}
    assert list(fields) == [
        "outcome",
        "winner",
        "points",
        "doubles",
        "limit_hand",
        "zero_score",
        "offender",
    ]
    assert fields["points"].kind == "per_seat_int"
    with pytest.raises(RuleError, match="Points is required"):
        EUROPEAN.settle({"outcome": "mahjong", "winner": 0}, EUROPEAN.initial_state())


def test_session_result_ranks_on_score_and_can_give_table_points():
    result = EUROPEAN.session_result((300, -100, -100, -100), penalties=(0, 0, -10, 0))
    assert [seat.place for seat in result] == [1, 2, 4, 2]
    assert [seat.score for seat in result] == [300, -100, -110, -100]
    assert [seat.end_points for seat in result] == [1300, 900, 900, 900]
    assert all(seat.table_points is None for seat in result)
    assert EUROPEAN.ranking_fields == ("score",)
    with_points = get_ruleset("european", {"use_table_points": True, "rank_before_penalties": True})
    result = with_points.session_result((300, -100, -100, -100), penalties=(0, 0, -10, 0))
    assert [seat.place for seat in result] == [1, 2, 2, 2]
    assert [seat.table_points for seat in result] == [4, 1, 1, 1]
    assert with_points.ranking_fields == ("table_points", "score")


def test_session_result_refuses_riichi_only_arguments():
    with pytest.raises(RuleError, match="has no deposits"):
        EUROPEAN.session_result((0, 0, 0, -1000), deposits=1000)
    with pytest.raises(RuleError, match="has no chombo"):
        EUROPEAN.session_result((0, 0, 0, 0), chombo=(1, 0, 0, 0))
