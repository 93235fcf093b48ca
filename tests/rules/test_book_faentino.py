"""Every player's Faentino hand counted from its tiles (docs/rules.md §7.3): each value of seed
003 a case quoting it, the settings where it gives none, and the contract of count_points."""

import pytest

from rules import RuleError, faentino
from rules.faentino import FAENTINO
from rules.tiles import parse
from tests.rules.book import LOOSE10, LOOSE13, count

FAENTINO_CASES = [
    (
        "Mahjong 20",
        "L'INIZIO",
        "I punti del Mah-Jong sono 20 che vanno sommati ai punti della 'stecca'",
        "[222p] 456p 789s 55s 67m +8m",
        {},
        22,
        0,
        20,
    ),
    (
        "Mahjong 30 with an empty rack",
        "L'INIZIO",
        "I punti del Mah-Jong senza punti in 'stecca' sono 30",
        "123m 456p 789s 55s 67m +8m",
        {},
        30,
        0,
        30,
    ),
    (
        "pung of a dragon",
        "L'INIZIO",
        "Tris o quartone di un Drago",
        f"[555z] {LOOSE10}",
        {},
        4,
        1,
        10,
    ),
    (
        "own flower",
        "Simulazione di una mano",
        "Est 16 con un raddoppio (il suo Fiore)",
        LOOSE13,
        {"flowers": (2,)},
        4,
        1,
        10,
    ),
    (
        "rose of flowers",
        "L'INIZIO",
        "Valgono due raddoppi ... La Rosa dei Fiori (tutti i 4 Fiori)",
        LOOSE13,
        {"flowers": (1, 2, 3, 4)},
        16,
        3,
        130,
    ),
    (
        "rose of seasons",
        "L'INIZIO",
        "La Rosa delle Stagioni (tutte le 4 stagioni)",
        LOOSE13,
        {"seasons": (1, 3, 4, 2)},
        16,
        3,
        130,
    ),
    (
        "one suit with winds or dragons",
        "L'INIZIO",
        "Un unico seme (palle – canne – scritti) con Venti o Draghi.",
        "123m 456m 789m 333z 4z +4z",
        {},
        28,
        1,
        60,
    ),
    (
        "all pungs",
        "L'INIZIO",
        "Tutti tris (ed una coppia)",
        "[222m] [555p] 777s 888s 9p +9p",
        {},
        32,
        1,
        60,
    ),
    (
        "East's own doubling",
        "Simulazione di una mano",
        "16 + 20 del Mah-Jong = 36 x 2 del raddoppio = 72 x 2 perché è l'Est = 144 arrotondato 140",
        "[222p] [555s] 999m 456p 7s +7s",
        {"seat_wind": 0, "flowers": (1,)},
        36,
        1,
        140,
    ),
]


@pytest.mark.parametrize(
    ("case", "section", "quote", "hand", "kwargs", "points", "doubles", "score"),
    FAENTINO_CASES,
    ids=[case[0] for case in FAENTINO_CASES],
)
def test_faentino_values_of_seed_003(case, section, quote, hand, kwargs, points, doubles, score):
    result = count("faentino", hand, **kwargs)
    assert (result.points, result.doubles, result.score) == (points, doubles, score), (
        section,
        quote,
        result.items,
    )


@pytest.mark.parametrize(
    ("quote", "hand", "kwargs"),
    [
        (
            "Si fa 'colore' (tutte palle, canne o scritti anche se ci sono dei fiori pescati)",
            "123m 456m 789m 234m 5m +5m",
            {"flowers": (3,)},
        ),
        ("Si fanno 'tutte coppie'", "11m 33m 55p 77p 22s 44s 6s +6s", {}),
        (
            "Si raggiungono i 200 punti",
            "555z 123m 456p 789s 1p +1p",
            {"seat_wind": 0, "flowers": (1, 2, 3, 4)},
        ),
    ],
)
def test_faentino_massimo_is_200(quote, hand, kwargs):
    # "E' 'massimo' (200 punti) quando:"
    assert count("faentino", hand, **kwargs).score == 200, quote


def test_faentino_settings_where_the_text_gives_no_values():
    # seed 003 gives no value for sets, pairs or bonus tiles: docs/rules.md §7.3
    hand = "[222p] 55z 147m 258p 36s"
    assert count("faentino", hand, flowers=(3,)).points == 2 + 2 + 4  # the European values
    options = FAENTINO.__class__(pung_points=1, pair_points=0, bonus_points=0)
    result = faentino.count_points(
        parse(hand),
        mahjong=False,
        self_drawn=False,
        seat_wind=1,
        prevalent_wind=0,
        flowers=(3,),
        options=options,
    )
    assert result.points == 1
    winds = FAENTINO.__class__(wind_pung_doubles=True)
    plain = count("faentino", f"[222z] {LOOSE10}")
    doubled = faentino.count_points(
        parse(f"[222z] {LOOSE10}"),
        mahjong=False,
        self_drawn=False,
        seat_wind=1,
        prevalent_wind=0,
        options=winds,
    )
    assert (plain.doubles, doubled.doubles) == (0, 1)


# -- the contract --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "kwargs", "message"),
    [
        ("[222p] 456p 789s 55s 67m +8m", {"mahjong": False}, "did not go out has 13 tiles"),
        ("[222p] 456p 789s 55s 678m", {"mahjong": False}, "did not go out has 13 tiles"),
        ("[222p] 456p 789s 55s 678m", {"mahjong": True}, "winning tile is missing"),
        ("[222p] 456p 789s 55s 67m +8m", {"tenhou": True}, "Unknown condition tenhou"),
        ("[222p] 456p 789s 55s 67m +8m", {"seat_wind": 4}, "Seat wind must be at most 3"),
        ("[222p] 456p 789s 55s 67m +8m", {"flowers": (5,)}, "Flowers must be at most 4"),
        ("[222p] 456p 789s 55s 67m +8m", {"flowers": (1, 1)}, "each number 1 to 4 is one tile"),
        ("[222p] 456p 789s 50s 67m +8m", {}, "Red fives are played in EMA Riichi 2008 only"),
        ("[222p] 456p 789s 55s 67m +8m f2", {}, "Name the flowers and seasons"),
        ("[222p] 456p 789s 55s 67m +8m", {"last_of_wall": True}, "self-drawn win"),
        ("[222p] 456p 789s 55s 67m +8m", {"self_drawn": True, "last_discard": True}, "discard"),
        ("[222p] 456p 789s 55s 67m +8m", {"first_hand": True, "self_drawn": True}, "first_hand"),
        ("[222p] 456p 789s 55s 67m +8m", {"riichi": True}, "Unknown condition riichi"),
    ],
)
def test_bad_input_is_refused_by_name(hand, kwargs, message):
    with pytest.raises(RuleError, match=message):
        count("european", hand, **kwargs)


def test_a_loser_ignores_the_winners_conditions_and_a_false_mahjong_counts_0():
    loser = count("european", f"[555z] {LOOSE10}", self_drawn=True, last_of_wall=True)
    assert (loser.points, loser.doubles) == (4, 1)
    false = count("european", "[222p] 456p 789s 55s 67m +1z")
    assert (false.verdict, false.score, false.points) == ("invalid_shape", 0, 0)
    with pytest.raises(RuleError, match="Unknown classic variant"):
        count("classic", "[222p] 456p 789s 55s 67m +8m")


def test_the_answer_names_its_lines_the_reading_and_the_waits():
    result = count("european", "[222p] 456p 789s 55s 67m +8m")
    assert result.waits == ("5m", "8m") and result.reading == "[222p] 678m 456p 55s 789s"
    assert [(i.name, i.italian, i.points) for i in result.items][-1] == (
        "Mahjong",
        "Per aver chiuso la mano",
        20,
    )
    assert result.mahjong and result.mahjong_points == 20
