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


# -- FIMJ multiple win ("vittoria multipla"), docs/rules.md §4.6 -------------------------------
# Seed: FIMJ variant "Fase di gioco": two players claiming the same discard both win. How they are
# paid is a decision (§4.6): each winner collects its score from each player who did not win,
# the others settle their differences, the winners pay each other nothing unless the setting
# "winners_settle_difference" is on; East pays and receives double; FIMJ rounds every amount.
# (scores E, S, W, N, winners, discarder, settle difference, expected deltas) - East is seat 0
MULTIPLE_WINS = [
    # S 100 and N 40 win on W's discard: E pays S 200 and N 80, receives 20 from W; W pays
    # S 100 and N 40
    ((20, 100, 10, 40), (1, 3), 2, False, (-260, 300, -160, 120)),
    # the same with the winners settling: N pays S 100 - 40 = 60
    ((20, 100, 10, 40), (1, 3), 2, True, (-260, 360, -160, 60)),
    # East among the winners: E collects 2 x 60 from S and W; N (winner, 30) collects 30 from S
    # and W; S 16 and W 4 settle 12 -> 10
    ((60, 16, 4, 30), (0, 3), 1, False, (240, -140, -160, 60)),
    # three winners on N's discard: N alone pays each its score (E double)
    ((50, 30, 20, 8), (0, 1, 2), 3, False, (100, 30, 20, -150)),
    # every amount rounded to 10 after East's doubling: S 26 collects 52 -> 50 from E and
    # 26 -> 30 from N; W 34 collects 68 -> 70 from E and 34 -> 30 from N; E 5 and N 3 settle
    # 2 x 2 = 4 -> 0
    ((5, 26, 34, 3), (1, 2), 3, False, (-120, 80, 100, -60)),
]


@pytest.mark.parametrize(("scores", "winners", "discarder", "settle", "expected"), MULTIPLE_WINS)
def test_fimj_multiple_win(scores, winners, discarder, settle, expected):
    fimj = get_ruleset("fimj", {"winners_settle_difference": settle})
    state = fimj.initial_state()
    done = fimj.settle(
        {"outcome": "multiple_win", "winners": winners, "discarder": discarder, "points": scores},
        state,
    )
    assert done.deltas == expected
    assert sum(done.deltas) == 0
    assert done.next_state.dealer == 1  # the FIMJ deal passes after every hand
    assert done.next_state.hand_number == 2


def test_fimj_multiple_win_with_doubles_a_limit_hand_and_a_false_mahjong():
    # S wins with a tier-2 limit hand (2000 by default), W with 20 points and 2 doubles (80), on
    # E's discard; N's false Mahjong counts 0 and still pays (docs/rules.md §4.4, §4.6)
    entry = {
        "outcome": "multiple_win",
        "winners": (1, 2),
        "discarder": 0,
        "points": (30, 0, 20, 50),
        "doubles": (1, 0, 2, 0),
        "limit_tier": (0, 2, 0, 0),
        "zero_score": (3,),
    }
    done = FIMJ.settle(entry, FIMJ.initial_state())
    # E (60) pays S 4000 and W 160, receives 120 from N; N pays S 2000 and W 80
    assert done.deltas == (-4040, 6000, 240, -2200)


@pytest.mark.parametrize(
    ("changes", "fragment"),
    [
        ({"winners": (1,)}, "Winners needs between 2 and 3 seats"),
        ({"discarder": 1}, "discarder \\(seat 1\\) cannot be one of the winners"),
        ({"zero_score": (3,)}, "Seat 3 cannot both win"),
        ({"limit_tier": (1, 0, 0, 0)}, "Only a winner can have a limit hand; seat 0"),
        ({"limit_tier": (0, 4, 0, 0)}, "Limit hand of the FIMJ list must be at most 3"),
        ({"discarder": None}, "Discarder is required"),
    ],
)
def test_fimj_multiple_win_entries_are_checked(changes, fragment):
    entry = {"outcome": "multiple_win", "winners": (1, 3), "discarder": 2, "points": (0, 0, 0, 0)}
    with pytest.raises(RuleError, match=fragment):
        FIMJ.settle({**entry, **changes}, FIMJ.initial_state())


def test_the_european_game_has_no_multiple_win():
    # European rule in brackets (FIMJ variant "Fase di gioco"): the player whose turn comes first
    # takes the discard, so there is one winner
    assert "multiple_win" not in dict(EUROPEAN.outcomes())
    with pytest.raises(RuleError, match="must be one of: mahjong, washout, wall_destroyed"):
        EUROPEAN.settle({"outcome": "multiple_win"}, EUROPEAN.initial_state())


def test_fimj_entry_fields():
    fields = {field.name: field for field in FIMJ.hand_fields()}
    assert list(fields) == [
        "outcome",
        "winner",
        "winners",
        "discarder",
        "points",
        "doubles",
        "limit_hand",
        "limit_tier",
        "zero_score",
        "offender",
    ]
    assert [code for code, _label in fields["outcome"].choices] == [
        "mahjong",
        "multiple_win",
        "washout",
        "wall_destroyed",
        "replayed",
    ]
    assert "multiple_win" in fields["points"].outcomes
    assert fields["limit_tier"].outcomes == ("mahjong", "multiple_win")


# -- FIMJ limit hands in three tiers (FIMJ variant "Mani limite"), docs/rules.md §4.1 ----------
# (options, tier, expected value of the limit hand)
LIMIT_TIERS = [
    ({}, 1, 1000),  # Piccolo serpente: 1000-2000 suggested; the lowest by default
    ({}, 2, 2000),  # e.g. Tredici lanterne meravigliose: 2000-4000
    ({}, 3, 3000),  # e.g. Tutto kong: 3000-6000
    ({"limit_tier_1": 2000}, 1, 2000),
    ({"limit_tier_2": 4000}, 2, 4000),
    ({"limit_tier_3": 6000, "limit": 1500}, 3, 6000),  # a limit hand may exceed the table limit
]


@pytest.mark.parametrize(("options", "tier", "value"), LIMIT_TIERS)
def test_fimj_limit_hand_tiers(options, tier, value):
    fimj = get_ruleset("fimj", options)
    limit_tier = (0, tier, 0, 0)
    done = fimj.settle(entry(1, (0, 0, 0, 0), limit_tier=limit_tier), fimj.initial_state())
    # South collects its value from each, double from East
    assert done.deltas == (-2 * value, 4 * value, -value, -value)


def test_fimj_limit_tier_settings_are_checked_and_exclusive_with_limit_hand():
    fields = {field.name: field for field in FIMJ.option_fields()}
    assert [fields[f"limit_tier_{n}"].default for n in (1, 2, 3)] == [1000, 2000, 3000]
    assert "limit_tier_1" not in {field.name for field in EUROPEAN.option_fields()}
    with pytest.raises(RuleError, match="must be at least 10"):
        get_ruleset("fimj", {"limit_tier_2": 0})
    with pytest.raises(RuleError, match="must be at most 100000"):
        get_ruleset("fimj", {"limit_tier_3": 10**9})
    both = entry(1, (0, 0, 0, 0), limit_hand=True, limit_tier=(0, 1, 0, 0))
    with pytest.raises(RuleError, match="Seat 1: give either a limit hand or its tier"):
        FIMJ.settle(both, FIMJ.initial_state())
    with pytest.raises(RuleError, match="Unknown field limit_tier"):
        EUROPEAN.settle(entry(1, (0, 0, 0, 0), limit_tier=(0, 1, 0, 0)), EUROPEAN.initial_state())


# -- hands replayed and washouts, docs/rules.md §4.3 -------------------------------------------
# FIMJ variant "Fase di gioco": four identical winds as the first four discards end the hand
# without scoring and it is replayed; "Penalità" (last item): a wall collapsed by accident
# interrupts the hand, which starts again. No bracket gives another European rule.


@pytest.mark.parametrize("ruleset", [EUROPEAN, FIMJ], ids=["european", "fimj"])
def test_a_replayed_hand_records_nothing_and_does_not_move_the_deal(ruleset):
    state = ruleset.initial_state()
    state = ruleset.settle(entry(2, (0, 0, 30, 0)), state).next_state  # the deal passes to 1
    done = ruleset.settle({"outcome": "replayed"}, state)
    assert done.deltas == (0, 0, 0, 0)
    nxt = done.next_state
    assert (nxt.dealer, nxt.deals, nxt.repeats, nxt.seat_winds) == (1, 1, 0, state.seat_winds)
    assert nxt.hand_number == state.hand_number + 1
    assert str(done.summary) == "Hand replayed; the deal does not move"


def test_fimj_session_still_has_16_deals_with_replays():
    state = FIMJ.initial_state()
    for _hand in range(16):
        state = FIMJ.settle({"outcome": "replayed"}, state).next_state
        state = FIMJ.settle({"outcome": "washout"}, state).next_state
    assert state.finished and state.deals == 16 and state.hand_number == 33


def test_european_washout_passes_the_deal_unless_the_setting_keeps_it():
    # the European text does not say (docs/rules.md §4.3, §6.7): a setting, off by default
    assert EUROPEAN.settle({"outcome": "washout"}, EUROPEAN.initial_state()).next_state.dealer == 1
    keeping = get_ruleset("european", {"washout_keeps_deal": True})
    done = keeping.settle({"outcome": "washout"}, keeping.initial_state())
    assert done.deltas == (0, 0, 0, 0)
    assert (done.next_state.dealer, done.next_state.repeats, done.next_state.deals) == (0, 1, 0)
    with pytest.raises(RuleError, match="Unknown setting washout_keeps_deal"):
        get_ruleset("fimj", {"washout_keeps_deal": True})  # FIMJ: the deal always passes
