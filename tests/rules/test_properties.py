"""Property tests (hypothesis): zero-sum settlements, sums of table points and uma, monotone
payments, and results that do not depend on how the seats are labelled."""

import dataclasses
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import classic, faentino, get_ruleset, mcr, riichi
from rules.state import winds_from_dealer

SEAT = st.integers(0, 3)
PERMUTATION = st.sampled_from(list(permutations(range(4))))
SCORES = st.tuples(*[st.integers(-500, 500)] * 4)
EDITION = st.sampled_from(["2008", "2016"])
FU = st.sampled_from(riichi.VALID_FU)
R2008 = get_ruleset("riichi2008")
R2016 = get_ruleset("riichi2016")


def relabel(values, perm):
    """Values moved so that what belonged to seat s now belongs to seat perm[s]."""
    moved = [None] * 4
    for seat, value in enumerate(values):
        moved[perm[seat]] = value
    return tuple(moved)


@st.composite
def mcr_wins(draw):
    flowers = draw(st.integers(0, 8))
    fan = draw(st.integers(8, 200)) + flowers
    winner = draw(SEAT)
    discarder = draw(st.one_of(st.none(), SEAT.filter(lambda seat: seat != winner)))
    return fan, winner, discarder, flowers


@given(mcr_wins())
def test_mcr_settlement_is_zero_sum(win):
    fan, winner, discarder, flowers = win
    deltas = mcr.settle_hand(fan, winner, discarder, flowers=flowers)
    assert sum(deltas) == 0
    assert deltas[winner] >= 3 * 8 + fan and all(
        d < 0 for seat, d in enumerate(deltas) if seat != winner
    )


@given(mcr_wins(), st.integers(1, 50))
def test_mcr_payments_never_decrease_when_fan_grows(win, more):
    fan, winner, discarder, flowers = win
    low = mcr.settle_hand(fan, winner, discarder, flowers=flowers)
    high = mcr.settle_hand(fan + more, winner, discarder, flowers=flowers)
    assert high[winner] > low[winner]
    assert all(high[s] <= low[s] for s in range(4) if s != winner)


@given(mcr_wins(), PERMUTATION)
def test_mcr_settlement_does_not_depend_on_seat_labels(win, perm):
    fan, winner, discarder, flowers = win
    deltas = mcr.settle_hand(fan, winner, discarder, flowers=flowers)
    moved = mcr.settle_hand(
        fan, perm[winner], None if discarder is None else perm[discarder], flowers=flowers
    )
    assert moved == relabel(deltas, perm)


@given(SCORES, PERMUTATION)
def test_table_points_sum_to_7_and_follow_the_players(scores, perm):
    points = mcr.table_points(scores)
    assert sum(points) == 7
    assert mcr.table_points(relabel(scores, perm)) == relabel(points, perm)
    # a better score never gets fewer table points
    for a in range(4):
        for b in range(4):
            if scores[a] > scores[b]:
                assert points[a] > points[b]
            if scores[a] == scores[b]:
                assert points[a] == points[b]


@given(st.tuples(*[st.integers(-20000, 80000)] * 4), EDITION, PERMUTATION)
def test_uma_sums_to_zero_and_follows_the_players(points, edition, perm):
    bonus = riichi.uma(points, edition=edition)
    assert sum(bonus) == 0
    assert riichi.uma(relabel(points, perm), edition=edition) == relabel(bonus, perm)


@given(st.integers(1, 14), FU, st.booleans(), st.integers(0, 8), EDITION)
def test_riichi_payments_never_decrease_when_han_grows(han, fu, dealer, honba, edition):
    kwargs = {"dealer": dealer, "honba": honba, "edition": edition}
    assert riichi.ron_payment(han + 1, fu, **kwargs) >= riichi.ron_payment(han, fu, **kwargs)
    low = riichi.tsumo_payments(han, fu, **kwargs)
    high = riichi.tsumo_payments(han + 1, fu, **kwargs)
    assert high[0] >= low[0] and high[1] >= low[1]


@given(st.integers(1, 4), st.sampled_from(riichi.VALID_FU[2:-1]), st.booleans(), EDITION)
def test_riichi_payments_never_decrease_when_fu_or_counters_grow(han, fu, dealer, edition):
    more_fu = fu + 10
    for honba in (0, 3):
        kwargs = {"dealer": dealer, "honba": honba, "edition": edition}
        assert riichi.ron_payment(han, more_fu, **kwargs) >= riichi.ron_payment(han, fu, **kwargs)
        assert riichi.ron_payment(han, fu, dealer=dealer, honba=honba + 1, edition=edition) == (
            riichi.ron_payment(han, fu, **kwargs) + 300
        )


@given(st.lists(st.booleans(), min_size=4, max_size=4), PERMUTATION)
def test_noten_payments_are_zero_sum(tenpai, perm):
    deltas = riichi.noten_payments(tenpai)
    assert sum(deltas) == 0
    assert riichi.noten_payments(relabel(tenpai, perm)) == relabel(deltas, perm)


# -- the riichi rule set over random hands ----------------------------------------------------


@st.composite
def hand_value(draw, tsumo):
    if draw(st.integers(0, 9)) == 0:
        return 0, 0, 1
    han = draw(st.integers(2, 13))
    fu = draw(st.sampled_from(riichi.VALID_FU[2:])) if han < 5 else 0
    return han, fu, 0


@st.composite
def riichi_entries(draw, abortive=True):
    outcomes = ["ron", "tsumo", "draw", "chombo"] + (["abortive_draw"] if abortive else [])
    outcome = draw(st.sampled_from(outcomes))
    if outcome == "chombo":
        return {"outcome": outcome, "offender": draw(SEAT)}
    entry = {"outcome": outcome, "riichi": tuple(draw(st.sets(SEAT)))}
    if outcome == "draw":
        tenpai = set(draw(st.sets(SEAT))) | set(entry["riichi"])
        entry["tenpai"] = tuple(tenpai)
        return entry
    if outcome == "abortive_draw":
        entry["tenpai"] = tuple(draw(st.sets(SEAT)))
        return entry
    if outcome == "ron":
        discarder = draw(SEAT)
        others = [seat for seat in range(4) if seat != discarder]
        winners = draw(st.lists(st.sampled_from(others), min_size=1, max_size=3, unique=True))
        entry["discarder"] = discarder
    else:
        winners = [draw(SEAT)]
    han, fu, yakuman = [0] * 4, [0] * 4, [0] * 4
    for seat in winners:
        han[seat], fu[seat], yakuman[seat] = draw(hand_value(outcome == "tsumo"))
    entry.update(winners=tuple(winners), han=tuple(han), fu=tuple(fu), yakuman=tuple(yakuman))
    yakuman_winners = [seat for seat in winners if yakuman[seat]]
    if len(yakuman_winners) == 1 and draw(st.booleans()):
        entry["liable"] = draw(SEAT.filter(lambda seat: seat not in winners))
    return entry


@settings(max_examples=60)
@given(st.sampled_from([R2008, R2016]), st.lists(riichi_entries(), min_size=1, max_size=30))
def test_riichi_hands_are_zero_sum_counting_the_deposits(ruleset, entries):
    state = ruleset.initial_state()
    totals = [0, 0, 0, 0]
    for entry in entries:
        if state.finished:
            break
        if entry["outcome"] == "abortive_draw" and not ruleset.options.abortive_draws:
            continue
        done = ruleset.settle(entry, state)
        assert sum(done.deltas) + done.next_state.deposits - state.deposits == 0
        assert done.deposits_change == done.next_state.deposits - state.deposits
        totals = [t + d for t, d in zip(totals, done.deltas, strict=True)]
        state = done.next_state
        assert state.dealer == state.deals % 4
        assert state.seat_winds == winds_from_dealer(state.dealer)
        assert state.deposits % 1000 == 0 and state.honba >= 0
    assert sum(totals) + state.deposits == 0
    results = ruleset.session_result(totals, deposits=state.deposits)
    assert sum(r.final_score for r in results) == 0


@given(riichi_entries(), st.integers(0, 3), st.integers(0, 3), st.integers(0, 2), st.integers(0, 3))
def test_riichi_settlement_does_not_depend_on_seat_labels(entry, shift, dealer, honba, sticks):
    """Turning the table (seat s becomes seat s + shift) turns the settlement with it."""
    state = dataclasses.replace(
        R2008.initial_state(),
        dealer=dealer,
        seat_winds=winds_from_dealer(dealer),
        deals=dealer,
        honba=honba,
        deposits=1000 * sticks,
    )

    def turn(seat):
        return (seat + shift) % 4

    def turn_entry(entry):
        moved = {}
        for key, value in entry.items():
            if key in ("han", "fu", "yakuman"):
                moved[key] = relabel(value, [turn(s) for s in range(4)])
            elif key in ("winners", "riichi", "tenpai"):
                moved[key] = tuple(turn(s) for s in value)
            elif key in ("discarder", "liable", "offender"):
                moved[key] = turn(value)
            else:
                moved[key] = value
        return moved

    turned_state = dataclasses.replace(
        state,
        dealer=turn(dealer),
        seat_winds=winds_from_dealer(turn(dealer)),
        deals=turn(dealer),
    )
    done = R2008.settle(entry, state)
    turned = R2008.settle(turn_entry(entry), turned_state)
    assert turned.deltas == relabel(done.deltas, [turn(s) for s in range(4)])
    assert turned.next_state.honba == done.next_state.honba
    assert turned.next_state.deposits == done.next_state.deposits


# -- classic and Faentino ---------------------------------------------------------------------

RACK = st.tuples(*[st.integers(0, 120)] * 4)
DOUBLES = st.tuples(*[st.integers(0, 4)] * 4)


@given(RACK, st.one_of(st.none(), SEAT), SEAT, st.sampled_from(["european", "fimj"]), PERMUTATION)
def test_classic_settlement_is_zero_sum_and_follows_the_players(
    scores, winner, east, variant, perm
):
    deltas = classic.settle(scores, winner=winner, east=east, variant=variant)
    assert sum(deltas) == 0
    moved = classic.settle(
        relabel(scores, perm),
        winner=None if winner is None else perm[winner],
        east=perm[east],
        variant=variant,
    )
    assert moved == relabel(deltas, perm)
    if variant == "fimj":
        assert all(d % 10 == 0 for d in deltas)


@given(RACK, DOUBLES, st.one_of(st.none(), SEAT), SEAT, PERMUTATION)
def test_faentino_settlement_is_zero_sum_and_follows_the_players(
    points, doubles, winner, east, perm
):
    deltas = faentino.settle(points, doubles, winner=winner, east=east)
    assert sum(deltas) == 0
    assert all(d % 10 == 0 for d in deltas)
    if winner is not None:
        assert all(d >= -200 * 3 for d in deltas)  # nobody pays more than three limits
    moved = faentino.settle(
        relabel(points, perm),
        relabel(doubles, perm),
        winner=None if winner is None else perm[winner],
        east=perm[east],
    )
    assert moved == relabel(deltas, perm)


@given(st.integers(3, 200), st.integers(0, 6), st.integers(1, 40))
def test_classic_hand_score_never_decreases(points, doubles, more):
    # From 3 points up: 1 or 2 points doubled once give 2 or 4, which round to 0 (§4.2, FIMJ:
    # "if it is 4 points, nothing is paid"); see test_classic.test_tiny_doubled_scores_round_to_0
    assert classic.hand_score(points + more, doubles, limit=500) >= classic.hand_score(
        points, doubles, limit=500
    )
    assert classic.hand_score(points, doubles + 1, limit=500) >= classic.hand_score(
        points, doubles, limit=500
    )


@given(
    RACK,
    st.lists(SEAT, min_size=2, max_size=3, unique=True),
    SEAT,
    st.booleans(),
    st.booleans(),
    PERMUTATION,
)
def test_classic_multiple_win_is_zero_sum_and_follows_the_players(
    scores, winners, east, round_amounts, winners_settle, perm
):
    """docs/rules.md §4.6: a FIMJ multiple win keeps the table zero-sum, whoever sits where."""
    winners = tuple(winners)
    kwargs = {"round_amounts": round_amounts, "winners_settle": winners_settle}
    deltas = classic.multiple_win_settlement(
        scores, winners, weight=classic.east_weight(east), **kwargs
    )
    assert sum(deltas) == 0
    assert all(deltas[seat] >= 0 for seat in winners) or winners_settle
    moved = classic.multiple_win_settlement(
        relabel(scores, perm),
        tuple(perm[seat] for seat in winners),
        weight=classic.east_weight(perm[east]),
        **kwargs,
    )
    assert moved == relabel(deltas, perm)
    if round_amounts:
        assert all(d % 10 == 0 for d in deltas)


@st.composite
def fimj_entries(draw):
    outcome = draw(st.sampled_from(["mahjong", "multiple_win", "washout", "replayed"]))
    entry = {"outcome": outcome}
    if outcome in ("washout", "replayed"):
        return entry
    entry.update(points=draw(RACK), doubles=draw(DOUBLES))
    if outcome == "mahjong":
        entry["winner"] = draw(SEAT)
        return entry
    winners = draw(st.lists(SEAT, min_size=2, max_size=3, unique=True))
    entry["winners"] = tuple(winners)
    entry["discarder"] = draw(SEAT.filter(lambda seat: seat not in winners))
    entry["limit_tier"] = tuple(draw(st.integers(0, 3)) if s in winners else 0 for s in range(4))
    return entry


@settings(max_examples=40)
@given(st.lists(fimj_entries(), min_size=1, max_size=40))
def test_fimj_hands_are_zero_sum_and_replays_do_not_move_the_deal(entries):
    """docs/rules.md §4.3, §4.6: every FIMJ hand sums to 0; only a replay keeps the dealer."""
    ruleset = get_ruleset("fimj")
    state = ruleset.initial_state()
    for entry in entries:
        if state.finished:
            break
        done = ruleset.settle(entry, state)
        assert sum(done.deltas) == 0 and all(d % 10 == 0 for d in done.deltas)
        moved = done.next_state.deals - state.deals
        assert moved == (0 if entry["outcome"] == "replayed" else 1)
        assert done.next_state.hand_number == state.hand_number + 1
        state = done.next_state
