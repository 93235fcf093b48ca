"""The EMA Riichi rule set: hand entries, deposits, counters, dealer rotation, game end.

docs/rules.md §3.1 (dealer rotation, counters), §3.4 (riichi deposits; multiple ron: deposits
to the winner nearest the discarder's right), §3.5 (draws), §3.9 (end of game).
"""

import dataclasses
from fractions import Fraction as F

import pytest

from rules import RuleError, TableState, get_ruleset
from rules.state import winds_from_dealer

R2008 = get_ruleset("riichi2008")
R2016 = get_ruleset("riichi2016")
ZERO = (0, 0, 0, 0)


def state_at(deals, *, honba=0, deposits=0, hand_number=1):
    """A table state where the deal has passed ``deals`` times."""
    dealer = deals % 4
    return TableState(
        hand_number=hand_number,
        prevalent_wind=deals // 4,
        seat_winds=winds_from_dealer(dealer),
        dealer=dealer,
        honba=honba,
        deposits=deposits,
        deals=deals,
    )


def ron(winners, discarder, han, fu=ZERO, **extra):
    return {
        "outcome": "ron",
        "winners": winners,
        "discarder": discarder,
        "han": han,
        "fu": fu,
        **extra,
    }


def tsumo(winner, han, fu=ZERO, **extra):
    return {"outcome": "tsumo", "winners": (winner,), "han": han, "fu": fu, **extra}


def test_a_played_sequence():
    """East 1 to East 3 with riichi, a draw, a dealer tsumo and a double ron."""
    state = R2008.initial_state()
    assert (state.dealer, state.honba, state.deposits, state.hand_number) == (0, 0, 0, 1)

    # Hand 1: seat 2 rons seat 1 with 3 han 40 fu (5200); seats 2 and 3 declared riichi.
    done = R2008.settle(ron((2,), 1, (0, 0, 3, 0), (0, 0, 40, 0), riichi=(2, 3)), state)
    assert done.deltas == (0, -5200, 6200, -1000)
    assert done.deposits_change == 0
    state = done.next_state
    assert (state.dealer, state.honba, state.deposits, state.deals) == (1, 0, 0, 1)
    assert state.seat_winds == (3, 0, 1, 2)
    assert state.hand_number == 2

    # Hand 2: exhaustive draw, seats 1 (the dealer) and 3 tenpai, seat 3 declared riichi.
    done = R2008.settle({"outcome": "draw", "tenpai": (1, 3), "riichi": (3,)}, state)
    assert done.deltas == (-1500, 1500, -1500, 500)
    assert done.deposits_change == 1000
    state = done.next_state
    assert (state.dealer, state.honba, state.deposits, state.repeats) == (1, 1, 1000, 1)

    # Hand 3: the dealer tsumo 2 han 30 fu: 1000 each + 100 per counter, and the deposit.
    done = R2008.settle(tsumo(1, (0, 2, 0, 0), (0, 30, 0, 0)), state)
    assert done.deltas == (-1100, 4300, -1100, -1100)
    assert done.deposits_change == -1000
    state = done.next_state
    assert (state.dealer, state.honba, state.deposits) == (1, 2, 0)

    # Hand 4: the dealer discards into a double ron (seats 0 and 3); seat 0 declared riichi.
    # Each winner gets its own counters (600). Seat 0 takes its own riichi stick back (docs/rules.md
    # §3.4; EMA 2008 §4.1: "I giocatori che vincono dopo aver dichiarato riichi ricevono sempre
    # indietro il pagamento per il riichi"); seat 3, nearest the discarder's right, would take
    # the other deposits, and there are none. Until this fix the desk gave seat 0's stick to
    # seat 3 (+600 / +9600).
    done = R2008.settle(ron((0, 3), 1, (1, 0, 0, 5), (30, 0, 0, 0), riichi=(0,)), state)
    assert done.deltas == (1600, -10200, 0, 8600)
    assert done.deposits_change == 0
    state = done.next_state
    assert (state.dealer, state.honba, state.deposits, state.deals) == (2, 0, 0, 2)


@pytest.mark.parametrize(
    ("discarder", "winners", "collector"),
    [
        (0, (1, 2), 1),
        (0, (2, 3), 2),
        (1, (0, 3), 3),
        (3, (1, 2), 1),
        (2, (0, 1, 3), 3),
        (3, (0, 1, 2), 0),
    ],
)
def test_deposits_go_to_the_winner_nearest_the_discarders_right(discarder, winners, collector):
    han = tuple(1 if seat in winners else 0 for seat in range(4))
    fu = tuple(30 if seat in winners else 0 for seat in range(4))
    done = R2008.settle(ron(winners, discarder, han, fu), state_at(4, deposits=3000))
    pay = {seat: 1000 if seat != 0 else 1500 for seat in winners}  # seat 0 is the dealer here
    for seat in winners:
        assert done.deltas[seat] == pay[seat] + (3000 if seat == collector else 0)


def test_draw_keeps_deposits_and_passes_the_deal_when_the_dealer_is_noten():
    state = state_at(2, honba=1, deposits=2000)
    done = R2008.settle({"outcome": "draw", "tenpai": (0,), "riichi": (0,)}, state)
    assert done.deltas == (2000, -1000, -1000, -1000)
    nxt = done.next_state
    assert (nxt.dealer, nxt.honba, nxt.deposits, nxt.deals) == (3, 2, 3000, 3)


def test_draw_with_nobody_tenpai():
    done = R2008.settle({"outcome": "draw"}, R2008.initial_state())
    assert done.deltas == ZERO
    assert (done.next_state.dealer, done.next_state.honba) == (1, 1)


def test_riichi_declarer_must_be_tenpai_at_a_draw():
    with pytest.raises(RuleError, match="Seat 2 declared riichi but is not tenpai"):
        R2008.settle({"outcome": "draw", "tenpai": (1,), "riichi": (2,)}, R2008.initial_state())


def test_abortive_draw_2008():
    # An entry without "tenpai" is an abortive draw stored before the dealer's tenpai was asked
    # for: it still settles as the desk did then, the dealer keeping the deal (docs/rules.md §3.5)
    state = state_at(1, honba=0, deposits=1000)
    done = R2008.settle({"outcome": "abortive_draw", "riichi": (0, 2)}, state)
    assert done.deltas == (-1000, 0, -1000, 0)
    nxt = done.next_state
    assert (nxt.dealer, nxt.honba, nxt.deposits) == (1, 1, 3000)
    # the same hand with the dealer (seat 1) entered as tenpai (EMA 2008 §3.4.12)
    done = R2008.settle({"outcome": "abortive_draw", "riichi": (0, 2), "tenpai": (1,)}, state)
    assert done.deltas == (-1000, 0, -1000, 0)
    assert done.next_state == nxt


def test_abortive_draw_passes_the_deal_unless_the_dealer_is_tenpai():
    # docs/rules.md §3.5; EMA 2008 §3.4.12: East keeps the deal only by winning or being tenpai;
    # §3.4.3: a counter is added after an abortive draw, nobody pays, deposits stay
    state = state_at(1, honba=2, deposits=1000)
    for tenpai in ((), (0, 2, 3)):
        done = R2008.settle({"outcome": "abortive_draw", "riichi": (0,), "tenpai": tenpai}, state)
        assert done.deltas == (-1000, 0, 0, 0)
        nxt = done.next_state
        assert (nxt.dealer, nxt.honba, nxt.deposits, nxt.deals) == (2, 3, 2000, 2)
    # no noten payment at an abortive draw, whoever is tenpai
    done = R2008.settle({"outcome": "abortive_draw", "tenpai": (1, 2)}, state)
    assert done.deltas == ZERO and done.next_state.dealer == 1


# Multiple ron and the riichi deposits (docs/rules.md §3.4; EMA 2008 §4.1 and §3.4.4): each
# winner who declared riichi in this hand takes its own 1000 back; every other deposit (earlier
# hands' and other declarers') goes to the winner nearest the discarder's right.
# (deals, deposits, discarder, winners, han, fu, riichi, expected deltas)
MULTIPLE_RON = [
    # the case: seat 1 (riichi, 1 han 40 fu = 1300) and seat 3 (1 han 30 fu = 1000) on
    # seat 2's discard; seat 3 is nearest the discarder's right
    (0, 0, 2, (1, 3), (0, 1, 0, 1), (0, 40, 0, 30), (1,), (0, 1300, -2300, 1000)),
    # both winners declared riichi: each takes its own stick back, the old deposit to seat 3
    (0, 2000, 2, (1, 3), (0, 1, 0, 1), (0, 40, 0, 30), (1, 3), (0, 1300, -2300, 3000)),
    # a loser's stick and an old deposit go to the collector (seat 3); seat 1 gets its own back
    (0, 1000, 2, (1, 3), (0, 1, 0, 1), (0, 40, 0, 30), (0, 1), (-1000, 1300, -2300, 3000)),
    # the collector is the dealer (seat 0, 1 han 30 fu = 1500 as dealer), the riichi winner seat 1
    (4, 1000, 3, (0, 1), (1, 1, 0, 0), (30, 40, 0, 0), (1,), (2500, 1300, 0, -2800)),
    # triple ron on seat 2's discard: collector seat 3; seats 0 and 1 declared riichi
    (
        1,
        0,
        2,
        (0, 1, 3),
        (1, 1, 0, 1),
        (30, 30, 0, 30),
        (0, 1),
        (1000, 1500, -3500, 1000),
    ),
]


@pytest.mark.parametrize(
    ("deals", "deposits", "discarder", "winners", "han", "fu", "declared", "expected"),
    MULTIPLE_RON,
)
def test_multiple_ron_returns_each_riichi_winners_own_stick(
    deals, deposits, discarder, winners, han, fu, declared, expected
):
    state = state_at(deals, deposits=deposits)
    done = R2008.settle(ron(winners, discarder, han, fu, riichi=declared), state)
    assert done.deltas == expected
    assert sum(done.deltas) + done.deposits_change == 0
    assert done.next_state.deposits == 0


def test_no_abortive_draw_in_2016_unless_set():
    with pytest.raises(RuleError, match="outcome of the hand must be one of"):
        R2016.settle({"outcome": "abortive_draw"}, R2016.initial_state())
    allowed = get_ruleset("riichi2016", {"abortive_draws": True})
    assert allowed.settle({"outcome": "abortive_draw"}, allowed.initial_state()).deltas == ZERO


def test_non_dealer_win_clears_counters_and_passes_the_deal():
    done = R2008.settle(tsumo(2, (0, 0, 1, 0), (0, 0, 30, 0)), state_at(0, honba=3))
    # 300 / 500 + 100 per counter from each payer
    assert done.deltas == (-800, -600, 2000, -600)
    assert (done.next_state.dealer, done.next_state.honba) == (1, 0)


def test_dealer_among_multiple_winners_keeps_the_deal_and_adds_a_counter():
    done = R2008.settle(ron((0, 2), 1, (1, 0, 1, 0), (30, 0, 30, 0)), state_at(0, honba=1))
    assert done.deltas == (1800, -3100, 1300, 0)
    assert (done.next_state.dealer, done.next_state.honba) == (0, 2)


def test_game_ends_when_the_deal_passes_on_from_south_4():
    south_4 = state_at(7, hand_number=12)
    assert south_4.prevalent_wind == 1 and south_4.dealer == 3
    done = R2008.settle(ron((0,), 3, (1, 0, 0, 0), (30, 0, 0, 0)), south_4)
    assert done.next_state.finished
    with pytest.raises(RuleError, match="The session at this table is over"):
        R2008.settle({"outcome": "draw"}, done.next_state)
    # the dealer winning South 4 plays on
    again = R2008.settle(tsumo(3, (0, 0, 0, 2), (0, 0, 0, 30)), south_4)
    assert not again.next_state.finished
    assert again.next_state.dealer == 3


def test_east_round_passes_into_south_round():
    done = R2008.settle({"outcome": "draw"}, state_at(3))
    assert (done.next_state.prevalent_wind, done.next_state.dealer) == (1, 0)
    assert not done.next_state.finished


def test_chombo_2008_pays_a_mangan_and_replays_the_hand():
    state = state_at(1, honba=2, deposits=1000, hand_number=5)
    done = R2008.settle({"outcome": "chombo", "offender": 3}, state)
    assert done.deltas == (2000, 4000, 2000, -8000)  # seat 1 is the dealer
    assert done.chombo == (0, 0, 0, 1)
    assert done.next_state == dataclasses.replace(state, hand_number=6)


def test_chombo_2016_costs_nothing_at_the_table():
    state = state_at(0, honba=1)
    done = R2016.settle({"outcome": "chombo", "offender": 0, "riichi": (1,)}, state)
    assert done.deltas == ZERO
    assert done.chombo == (1, 0, 0, 0)
    assert done.next_state.dealer == 0 and done.next_state.honba == 1


def test_pao_on_tsumo_the_liable_player_pays_everything():
    entry = tsumo(1, ZERO, yakuman=(0, 1, 0, 0), liable=3)
    done = R2008.settle(entry, state_at(0, honba=1))
    assert done.deltas == (0, 32300, 0, -32300)


def test_pao_on_ron_the_liable_player_and_the_discarder_split():
    entry = ron((1,), 2, ZERO, yakuman=(0, 1, 0, 0), liable=3)
    done = R2008.settle(entry, state_at(0, honba=1))
    assert done.deltas == (0, 32300, -16300, -16000)


def test_yakuman_and_double_yakuman_entries():
    done = R2008.settle(ron((0,), 2, ZERO, yakuman=(2, 0, 0, 0)), R2008.initial_state())
    assert done.deltas == (96000, 0, -96000, 0)
    with pytest.raises(RuleError, match="Yakuman must be at most 1"):
        R2016.settle(ron((0,), 2, ZERO, yakuman=(2, 0, 0, 0)), R2016.initial_state())


@pytest.mark.parametrize(
    ("entry", "fragment"),
    [
        (ron((1,), 1, (0, 2, 0, 0), (0, 30, 0, 0)), "discarder \\(seat 1\\) cannot be one"),
        (ron((1,), 2, (0, 0, 0, 0)), "Winner seat 1 needs at least 1 han"),
        (ron((1,), 2, (0, 2, 1, 0), (0, 30, 0, 0)), "seat 2 did not win"),
        (ron((1,), 2, (0, 2, 0, 0), (0, 20, 0, 0)), "at least 30 fu"),
        (ron((1,), 2, (0, 1, 0, 0), (0, 25, 0, 0)), "25 fu is seven pairs"),
        (ron((1,), 2, (0, 2, 0, 0), (0, 35, 0, 0)), "Fu must be 20, 25"),
        (tsumo(1, (0, 1, 0, 0), (0, 20, 0, 0)), "20 fu is a self-drawn pinfu"),
        (tsumo(1, (0, 2, 0, 0), (0, 25, 0, 0)), "25 fu is seven pairs"),
        ({"outcome": "tsumo", "winners": (1, 2), "han": (0, 1, 1, 0)}, "exactly one winner"),
        ({"outcome": "ron", "winners": (), "discarder": 0, "han": ZERO}, "between 1 and 3"),
        ({"outcome": "ron", "winners": (1,), "han": (0, 5, 0, 0)}, "Discarder is required"),
        ({"outcome": "ron", "winners": (1, 1), "discarder": 0, "han": ZERO}, "lists a seat twice"),
        ({"outcome": "ron", "winners": (1,), "discarder": 4, "han": ZERO}, "seat number"),
        (ron((1,), 2, (0, 5, 0, 0), liable=3), "exactly one yakuman winner"),
        (ron((1,), 2, ZERO, yakuman=(0, 1, 0, 0), liable=1), "cannot be a winner"),
        ({"outcome": "chombo"}, "Offender is required"),
        ({"outcome": "draw", "tenpai": (5,)}, "Tenpai must be a seat number"),
        ({"outcome": "nagashi"}, "must be one of: ron, tsumo, draw, abortive_draw, chombo"),
        ({"outcome": "draw", "dora": 3}, "Unknown field dora"),
        ({"outcome": "ron", "winners": (1,), "discarder": 0, "han": (0, 2, 0)}, "exactly 4"),
    ],
)
def test_entries_are_checked(entry, fragment):
    with pytest.raises(RuleError, match=fragment):
        R2008.settle(entry, R2008.initial_state())


def test_fields_for_other_outcomes_are_ignored():
    entry = {"outcome": "draw", "tenpai": (0,), "winners": None, "han": None, "offender": None}
    assert R2008.settle(entry, R2008.initial_state()).deltas == (3000, -1000, -1000, -1000)


def test_settle_needs_a_state():
    with pytest.raises(RuleError, match="table state is missing"):
        R2008.settle({"outcome": "draw"}, None)


# Session results: (scores, deposits left, chombo, 2008 finals, 2016 finals).
# docs/rules.md §3.9: final = end - 30000 + uma; leftover deposits to first place; -20000 per
# chombo in 2016.
SESSIONS = [
    (
        (12000, 3000, -5000, -11000),
        1000,
        ZERO,
        (22000, 6000, -8000, -20000),
        (28000, 8000, -10000, -26000),
    ),
    (
        (12000, 3000, -5000, -11000),
        1000,
        (0, 0, 1, 0),
        (22000, 6000, -8000, -20000),
        (28000, 8000, -30000, -26000),
    ),
    # two tied first share the uma of places 1-2 and the leftover deposit
    (
        (5000, 5000, -5000, -6000),
        1000,
        ZERO,
        (F(23000, 2), F(23000, 2), -8000, -15000),
        (F(31000, 2), F(31000, 2), -10000, -21000),
    ),
    # three tied first: 1000 / 3 each
    (
        (2000, 2000, 2000, -7000),
        1000,
        ZERO,
        (5000 + F(1000, 3), 5000 + F(1000, 3), 5000 + F(1000, 3), -16000),
        (7000 + F(1000, 3), 7000 + F(1000, 3), 7000 + F(1000, 3), -22000),
    ),
]


@pytest.mark.parametrize(("scores", "deposits", "chombo", "f2008", "f2016"), SESSIONS)
def test_session_results(scores, deposits, chombo, f2008, f2016):
    for ruleset, expected in ((R2008, f2008), (R2016, f2016)):
        result = ruleset.session_result(scores, deposits=deposits, chombo=chombo)
        assert tuple(seat.final_score for seat in result) == expected
        assert tuple(seat.end_points for seat in result) == tuple(30000 + s for s in scores)
        assert tuple(seat.score for seat in result) == tuple(30000 + s for s in scores)
        assert all(seat.table_points is None for seat in result)
        if not any(chombo):
            assert sum(seat.final_score for seat in result) == 0


def test_session_result_places_penalties_and_substitutes():
    result = R2016.session_result(
        (10000, 0, 0, -10000), penalties=(0, -1000, 0, 0), substitutes=(False, False, True, False)
    )
    assert [seat.place for seat in result] == [1, 2, 2, 4]
    # the penalty comes off the final score, not the place: seats 1 and 2 still share the uma
    assert result[1].final_score == -1000
    assert result[2].substitute and result[2].final_score == 0 and result[2].score == 0
    assert result[0].final_score == 25000


def test_leftover_deposits_can_stay_unassigned():
    ruleset = get_ruleset("riichi2008", {"leftover_deposits_to_first": False})
    result = ruleset.session_result((12000, 3000, -5000, -11000), deposits=1000)
    assert result[0].final_score == 21000


def test_session_scores_must_balance_with_the_deposits():
    with pytest.raises(RuleError, match="sum to -1000 instead of 0"):
        R2008.session_result((12000, 3000, -5000, -11000))


def test_custom_uma_setting():
    ruleset = get_ruleset("riichi2008", {"uma": [20000, 10000, -10000, -20000]})
    assert ruleset.session_result((1000, 0, 0, -1000))[0].final_score == 21000
    with pytest.raises(RuleError, match="sum to 0"):
        get_ruleset("riichi2008", {"uma": [20000, 10000, -10000, -10000]})
    with pytest.raises(RuleError, match="needs exactly 4 numbers"):
        get_ruleset("riichi2008", {"uma": [1, -1]})


def test_describe_state():
    text = str(R2008.describe_state(state_at(5, honba=2, deposits=1000)))
    assert text == "South 2, 2 counters, 1000 points in deposits"
