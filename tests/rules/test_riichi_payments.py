"""EMA Riichi payments (docs/rules.md §3.2-3.9; EMA 2008 §4.1, Appendix A).

The four Appendix A tables are copied below as printed (rows: fu; columns: 1 to 4 han; "-" where
the table is blank) and every cell is checked against the payment functions.
"""

from fractions import Fraction as F

import pytest

from rules import RuleError, riichi

# docs/rules.md §3.2 (EMA 2008 App. A, "Est su tsumo"): what each player pays the dealer.
DEALER_TSUMO = """
20   -     700   1300  2600
25   -     -     1600  3200
30   500   1000  2000  3900
40   700   1300  2600  4000
50   800   1600  3200  4000
60   1000  2000  3900  4000
70   1200  2300  4000  4000
80   1300  2600  4000  4000
90   1500  2900  4000  4000
100  1600  3200  4000  4000
"""

# docs/rules.md §3.2 (EMA 2008 App. A, "Est su ron"): what the discarder pays the dealer.
DEALER_RON = """
25   -     2400  4800  9600
30   1500  2900  5800  11600
40   2000  3900  7700  12000
50   2400  4800  9600  12000
60   2900  5800  11600 12000
70   3400  6800  12000 12000
80   3900  7700  12000 12000
90   4400  8700  12000 12000
100  4800  9600  12000 12000
"""

# docs/rules.md §3.2 (EMA 2008 App. A, "Altri su tsumo"): each non-dealer / the dealer pays a
# non-dealer winner.
NON_DEALER_TSUMO = """
20   -         400/700    700/1300   1300/2600
25   -         -          800/1600   1600/3200
30   300/500   500/1000   1000/2000  2000/3900
40   400/700   700/1300   1300/2600  2000/4000
50   400/800   800/1600   1600/3200  2000/4000
60   500/1000  1000/2000  2000/3900  2000/4000
70   600/1200  1200/2300  2000/4000  2000/4000
80   700/1300  1300/2600  2000/4000  2000/4000
90   800/1500  1500/2900  2000/4000  2000/4000
100  800/1600  1600/3200  2000/4000  2000/4000
"""

# docs/rules.md §3.2 (EMA 2008 App. A, "Altri su ron"): what the discarder pays a non-dealer
# winner.
NON_DEALER_RON = """
25   -     1600  3200  6400
30   1000  2000  3900  7700
40   1300  2600  5200  8000
50   1600  3200  6400  8000
60   2000  3900  7700  8000
70   2300  4500  8000  8000
80   2600  5200  8000  8000
90   2900  5800  8000  8000
100  3200  6400  8000  8000
"""


def cells(table):
    """Yield (fu, han, cell text) for every printed cell."""
    for line in table.strip().splitlines():
        fu, *row = line.split()
        for han, cell in enumerate(row, start=1):
            if cell != "-":
                yield int(fu), han, cell


def test_tables_have_every_printed_cell():
    assert len(list(cells(DEALER_TSUMO))) == 37
    assert len(list(cells(DEALER_RON))) == 35
    assert len(list(cells(NON_DEALER_TSUMO))) == 37
    assert len(list(cells(NON_DEALER_RON))) == 35


@pytest.mark.parametrize("edition", ["2008", "2016"])
@pytest.mark.parametrize(("fu", "han", "cell"), list(cells(DEALER_TSUMO)))
def test_dealer_tsumo_table(fu, han, cell, edition):
    assert riichi.tsumo_payments(han, fu, dealer=True, edition=edition) == (int(cell), int(cell))


@pytest.mark.parametrize("edition", ["2008", "2016"])
@pytest.mark.parametrize(("fu", "han", "cell"), list(cells(DEALER_RON)))
def test_dealer_ron_table(fu, han, cell, edition):
    assert riichi.ron_payment(han, fu, dealer=True, edition=edition) == int(cell)


@pytest.mark.parametrize("edition", ["2008", "2016"])
@pytest.mark.parametrize(("fu", "han", "cell"), list(cells(NON_DEALER_TSUMO)))
def test_non_dealer_tsumo_table(fu, han, cell, edition):
    others, dealer = (int(part) for part in cell.split("/"))
    assert riichi.tsumo_payments(han, fu, dealer=False, edition=edition) == (others, dealer)


@pytest.mark.parametrize("edition", ["2008", "2016"])
@pytest.mark.parametrize(("fu", "han", "cell"), list(cells(NON_DEALER_RON)))
def test_non_dealer_ron_table(fu, han, cell, edition):
    assert riichi.ron_payment(han, fu, dealer=False, edition=edition) == int(cell)


# docs/rules.md §3.3 (EMA 2008 App. A, "Mani limite"): (han, dealer tsumo each, non-dealer tsumo
# others/dealer);
# the ron values are the totals (4.1.3: "haneman 18000 for East, 12000 for the others").
LIMITS_2008 = [
    (5, 4000, (2000, 4000), 12000, 8000),  # mangan
    (6, 6000, (3000, 6000), 18000, 12000),  # haneman 6-7
    (7, 6000, (3000, 6000), 18000, 12000),
    (8, 8000, (4000, 8000), 24000, 16000),  # baiman 8-10
    (10, 8000, (4000, 8000), 24000, 16000),
    (11, 12000, (6000, 12000), 36000, 24000),  # sanbaiman 11-12
    (12, 12000, (6000, 12000), 36000, 24000),
    (13, 16000, (8000, 16000), 48000, 32000),  # 2008: 13+ = yakuman
    (20, 16000, (8000, 16000), 48000, 32000),
]


@pytest.mark.parametrize(("han", "dealer_each", "others", "dealer_ron", "ron"), LIMITS_2008)
@pytest.mark.parametrize("fu", [None, 30, 110])  # fu does not matter from 5 han
def test_limit_hands_2008(han, dealer_each, others, dealer_ron, ron, fu):
    assert riichi.tsumo_payments(han, fu, dealer=True) == (dealer_each, dealer_each)
    assert riichi.tsumo_payments(han, fu, dealer=False) == others
    assert riichi.ron_payment(han, fu, dealer=True) == dealer_ron
    assert riichi.ron_payment(han, fu, dealer=False) == ron


# docs/rules.md §3.3: 13 han or more = a counted yakuman (2008) or sanbaiman (2016)
@pytest.mark.parametrize("han", [13, 14, 26])
def test_counted_yakuman_is_sanbaiman_in_2016(han):
    assert riichi.ron_payment(han, dealer=False, edition="2016") == 24000
    assert riichi.ron_payment(han, dealer=True, edition="2016") == 36000
    assert riichi.tsumo_payments(han, dealer=False, edition="2016") == (6000, 12000)
    assert riichi.tsumo_payments(han, dealer=True, edition=2016) == (12000, 12000)


# Yakuman hands: 8000 base per yakuman; 2008 allows Big Four Winds as a double (docs/rules.md §3.3)
@pytest.mark.parametrize(
    ("edition", "yakuman", "ron", "dealer_ron", "tsumo"),
    [
        ("2008", 1, 32000, 48000, (8000, 16000)),
        ("2016", 1, 32000, 48000, (8000, 16000)),
        ("2008", 2, 64000, 96000, (16000, 32000)),
    ],
)
def test_yakuman_hands(edition, yakuman, ron, dealer_ron, tsumo):
    assert riichi.ron_payment(0, dealer=False, edition=edition, yakuman=yakuman) == ron
    assert riichi.ron_payment(None, dealer=True, edition=edition, yakuman=yakuman) == dealer_ron
    assert riichi.tsumo_payments(0, dealer=False, edition=edition, yakuman=yakuman) == tsumo


def test_no_double_yakuman_in_2016():
    with pytest.raises(RuleError, match="Yakuman must be at most 1"):
        riichi.ron_payment(0, dealer=False, edition="2016", yakuman=2)


# docs/rules.md §3.2: 30 fu 4 han stays 7700 (no rounding up to mangan); 60 fu 3 han likewise
@pytest.mark.parametrize(("han", "fu"), [(4, 30), (3, 60)])
def test_no_kiriage_mangan(han, fu):
    assert riichi.base_points(han, fu) == 1920
    assert riichi.ron_payment(han, fu, dealer=False) == 7700
    assert riichi.ron_payment(han, fu, dealer=True) == 11600
    assert riichi.tsumo_payments(han, fu, dealer=False) == (2000, 3900)


# (han, fu, dealer, honba, ron, tsumo) - docs/rules.md §3.2: +300 per counter on ron, +100 per
# payer
HONBA = [
    (1, 30, False, 1, 1300, (400, 600)),
    (1, 30, False, 3, 1900, (600, 800)),
    (2, 30, True, 2, 3500, (1200, 1200)),
    (5, None, False, 4, 9200, (2400, 4400)),
    (13, None, True, 1, 48300, (16100, 16100)),
]


@pytest.mark.parametrize(("han", "fu", "dealer", "honba", "ron", "tsumo"), HONBA)
def test_counters(han, fu, dealer, honba, ron, tsumo):
    assert riichi.ron_payment(han, fu, dealer=dealer, honba=honba) == ron
    assert riichi.tsumo_payments(han, fu, dealer=dealer, honba=honba) == tsumo


def test_base_points_formula_and_cap():
    # docs/rules.md §3.2 (EMA 2008 §4.1.2): M = fu x 2^(han+2), capped at a mangan (2000)
    assert riichi.base_points(1, 30) == 240
    assert riichi.base_points(2, 25) == 400
    assert riichi.base_points(3, 70) == 2000  # 2240 capped
    assert riichi.base_points(5) == 2000


@pytest.mark.parametrize(
    ("han", "fu", "kwargs", "fragment"),
    [
        (0, 30, {}, "Han must be at least 1"),
        (2, 32, {}, "Fu must be 20, 25 or a multiple of 10"),
        (2, 150, {}, "Fu must be 20, 25"),
        (2, None, {}, "Fu must be"),
        (2, 30.0, {}, "Fu must be"),
        (2, 30, {"honba": -1}, "Counters must be at least 0"),
        (2, 30, {"edition": "2012"}, "Unknown EMA Riichi edition 2012"),
        (2, 30, {"yakuman": -1}, "Yakuman must be at least 0"),
        (2, 30, {"yakuman": 3}, "Yakuman must be at most 2"),
    ],
)
def test_payments_refuse(han, fu, kwargs, fragment):
    with pytest.raises(RuleError, match=fragment):
        riichi.ron_payment(han, fu, dealer=False, **kwargs)
    with pytest.raises(RuleError, match=fragment):
        riichi.tsumo_payments(han, fu, dealer=False, **kwargs)


def test_dealer_flag_must_be_a_bool():
    with pytest.raises(RuleError, match="Dealer must be yes or no"):
        riichi.ron_payment(2, 30, dealer=1)
    with pytest.raises(RuleError, match="Dealer must be yes or no"):
        riichi.tsumo_payments(2, 30, dealer=None)


# docs/rules.md §3.5 (EMA 2008 §3.4.2): noten players pay 3000 in all to the tenpai players
NOTEN = [
    ((True, False, False, False), (3000, -1000, -1000, -1000)),
    ((False, False, True, False), (-1000, -1000, 3000, -1000)),
    ((True, True, False, False), (1500, 1500, -1500, -1500)),
    ((False, True, False, True), (-1500, 1500, -1500, 1500)),
    ((True, True, True, False), (1000, 1000, 1000, -3000)),
    ((False, True, True, True), (-3000, 1000, 1000, 1000)),
    ((False, False, False, False), (0, 0, 0, 0)),
    ((True, True, True, True), (0, 0, 0, 0)),
]


@pytest.mark.parametrize(("tenpai", "expected"), NOTEN)
def test_noten_payments(tenpai, expected):
    assert riichi.noten_payments(tenpai) == expected


def test_noten_refuses_non_booleans():
    with pytest.raises(RuleError, match="Tenpai must be yes or no"):
        riichi.noten_payments((1, 0, 0, 0))
    with pytest.raises(RuleError, match="exactly 4 values"):
        riichi.noten_payments((True, False))


# docs/rules.md §3.6, 2008 chombo: non-dealer offender 4000 to the dealer and 2000 to the others;
# dealer offender 4000 to each
CHOMBO = [
    (2, 0, (4000, 2000, -8000, 2000)),
    (0, 1, (-8000, 4000, 2000, 2000)),
    (3, 2, (2000, 2000, 4000, -8000)),
    (0, 0, (-12000, 4000, 4000, 4000)),
    (3, 3, (4000, 4000, 4000, -12000)),
]


@pytest.mark.parametrize(("offender", "dealer", "expected"), CHOMBO)
def test_chombo_payments(offender, dealer, expected):
    assert riichi.chombo_payments(offender, dealer) == expected


def test_chombo_refuses_bad_seats():
    with pytest.raises(RuleError, match="Offender must be a seat"):
        riichi.chombo_payments(4, 0)
    with pytest.raises(RuleError, match="Dealer must be a seat"):
        riichi.chombo_payments(0, -1)


# (end points, uma 2008, uma 2016). docs/rules.md §3.8 (EMA 2008 §3.6.1): +9000/+3000/-3000/-9000,
# tied players share
# ("two tied first: 6000 each; three tied first: 3000 each; two tied second: nothing");
# docs/rules.md §3.8: 2016 = +15000/+5000/-5000/-15000. Every shape of ties.
UMA = [
    ((42000, 33000, 25000, 20000), (9000, 3000, -3000, -9000), (15000, 5000, -5000, -15000)),
    ((20000, 25000, 33000, 42000), (-9000, -3000, 3000, 9000), (-15000, -5000, 5000, 15000)),
    ((40000, 40000, 25000, 15000), (6000, 6000, -3000, -9000), (10000, 10000, -5000, -15000)),
    ((45000, 30000, 30000, 15000), (9000, 0, 0, -9000), (15000, 0, 0, -15000)),
    ((45000, 35000, 20000, 20000), (9000, 3000, -6000, -6000), (15000, 5000, -10000, -10000)),
    ((35000, 35000, 25000, 25000), (6000, 6000, -6000, -6000), (10000, 10000, -10000, -10000)),
    ((35000, 35000, 35000, 15000), (3000, 3000, 3000, -9000), (5000, 5000, 5000, -15000)),
    ((45000, 25000, 25000, 25000), (9000, -3000, -3000, -3000), (15000, -5000, -5000, -5000)),
    ((30000, 30000, 30000, 30000), (0, 0, 0, 0), (0, 0, 0, 0)),
]


@pytest.mark.parametrize(("points", "uma_2008", "uma_2016"), UMA)
def test_uma(points, uma_2008, uma_2016):
    assert riichi.uma(points, edition="2008") == tuple(F(u) for u in uma_2008)
    assert riichi.uma(points, edition="2016") == tuple(F(u) for u in uma_2016)
    assert sum(riichi.uma(points, edition="2008")) == 0


# (end points, chombo, 2008 final, 2016 final) - docs/rules.md §3.9: end - 30000 + uma, - 20000 per
# chombo after uma in 2016 (2008 chombo is paid at the table instead)
FINALS = [
    (
        (42000, 33000, 25000, 20000),
        (0, 0, 0, 0),
        (21000, 6000, -8000, -19000),
        (27000, 8000, -10000, -25000),
    ),
    (
        (42000, 33000, 25000, 20000),
        (0, 0, 1, 0),
        (21000, 6000, -8000, -19000),
        (27000, 8000, -30000, -25000),
    ),
    (
        (40000, 40000, 25000, 15000),
        (2, 0, 0, 0),
        (16000, 16000, -8000, -24000),
        (-20000, 20000, -10000, -30000),
    ),
]


@pytest.mark.parametrize(("points", "chombo", "final_2008", "final_2016"), FINALS)
def test_final_scores(points, chombo, final_2008, final_2016):
    assert riichi.final_scores(points, edition="2008", chombo=chombo) == final_2008
    assert riichi.final_scores(points, edition="2016", chombo=chombo) == final_2016
    assert all(isinstance(x, F) for x in riichi.final_scores(points, edition="2016"))


def test_final_scores_default_to_no_chombo():
    assert riichi.final_scores((30000,) * 4, edition="2016") == (0, 0, 0, 0)


def test_uma_refuses_unknown_edition():
    with pytest.raises(RuleError, match="the editions are: 2008, 2016"):
        riichi.uma((30000,) * 4, edition="2020")
