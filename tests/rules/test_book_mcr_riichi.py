"""The count from tiles of MCR and EMA Riichi where the libraries differ from the seeds
(docs/rules.md §7.1, §7.2): every case quotes the seed it follows, with its section.

MCR: seed 002 (the FIMJ translation of the Green Book, with the MERS rules in Appendix E) on top
of PyMahjongGB; riichi: seed 000 (EMA 2008) on top of the `mahjong` package."""

import pytest

from rules import RuleError, get_ruleset, mcr, riichi
from rules.tile_count import TOO_FEW_YAKU, VALID
from rules.tiles import parse


def fan(text, **conditions):
    kwargs = {"self_drawn": False, "seat_wind": 0, "prevalent_wind": 0} | conditions
    return mcr.count_fan(parse(text), win_tile=None, **kwargs)


# (case, seed section, seed text, hand, conditions, total fan, {Green Book number: fan each},
#  numbers that must not be counted)
MCR_CASES = [
    (
        "two concealed kongs are 8",
        "§5 #43; App. C '2 Kong'",
        "43. Due Poker Coperti – Two Concealed Kongs. Mano che include due poker coperti.",
        "{5555m} {6666p} 789s 234s 5p +5p",
        {},
        12,  # 8 + Concealed Hand 2 + No Honors 1 + Single Wait 1
        {43: 8},
        (),
    ),
    (
        "a concealed and a melded kong are 6, enough for a win",
        "§5 #43 and #26; App. A",
        "Un poker coperto e un poker scoperto valgono 6 punti.",
        "{5555m} [6666p] 789s 234s 5p +5p",
        {},
        8,  # 6 + No Honors + Single Wait: 8, not the library's 7 (a false Hu)
        {43: 6},
        (22, 6),
    ),
    (
        "seven pairs self-drawn is fully concealed",
        "§5 #55",
        "55. Tutte Coppie ... Può combinare con Tutto Pescato (25).",
        "11m 33m 55p 77p 22s 44s 6s +6s",
        {"self_drawn": True},
        29,  # 24 + No Honors 1 + Fully Concealed Hand 4
        {55: 24, 25: 4},
        (12,),
    ),
    (
        "lesser honors and knitted tiles self-drawn is fully concealed",
        "§5 #44",
        "Può combinare con Tutto Pescato (25) ed anche con Serpente Legato (45).",
        "14m 258p 369s 12345z +6z",
        {"self_drawn": True},
        16,
        {44: 12, 25: 4},
        (12,),
    ),
    (
        "greater honors and knitted tiles self-drawn is fully concealed",
        "§5 #56",
        "56. Grande Raduno degli Onori ... Può combinare con Tutto Pescato (25).",
        "147m 25p 3s 1234567z +8p",
        {"self_drawn": True},
        28,
        {56: 24, 25: 4},
        (12,),
    ),
    (
        "four concealed pungs self-drawn is fully concealed",
        "§5 #73",
        "73. Quattro Tris Coperti ... Può combinare con Tutto Pescato (25).",
        "111m 333p 555s 777s 9m +9m",
        {"self_drawn": True},
        71,  # 64 + Pung of Terminals 1 + No Honors 1 + Single Wait 1 + Fully Concealed 4
        {73: 64, 25: 4},
        (12,),
    ),
    (
        "seven shifted pairs self-drawn is fully concealed",
        "§5 #80",
        "80. Sette Coppie Consecutive di Colore ... Può combinare con Tutto Pescato (25).",
        "1122334455667m +7m",
        {"self_drawn": True},
        92,
        {80: 88, 25: 4},
        (12,),
    ),
    (
        "thirteen orphans self-drawn is fully concealed",
        "§5 #81",
        "81. Tredici Lanterne Meravigliose ... Può combinare con Tutto Pescato (25).",
        "19m 19p 19s 1234567z +1m",
        {"self_drawn": True},
        92,
        {81: 88, 25: 4},
        (12,),
    ),
    (
        "nine gates self-drawn is fully concealed, without pung of terminals",
        "§5 #78",
        "Non combina Tris di Testa (5), Quasi Tutto Pescato (17) e Mano Purissima (58). "
        "Può combinare con Tutto Pescato (25).",
        "1112345678999m +5m",
        {"self_drawn": True},
        94,  # 88 + Two Concealed Pungs 2 + Fully Concealed 4
        {78: 88, 25: 4},
        (5, 12, 17, 58),
    ),
    (
        "nine gates on a discard has no pung of terminals",
        "§5 #78",
        "Non combina Tris di Testa (5)",
        "1112345678999m +5m",
        {},
        90,
        {78: 88},
        (5,),
    ),
    (
        "a winning tile not shown loses the edge wait",
        "App. E 1.9; §3.9 rule 18",
        "Se ciò non viene fatto si perde il diritto di chiamare i punti per 'a punto sulla "
        "coppia', 'nell'incastro' o 'laterale' (single, edge o middle wait)",
        "12m 456p 789s 234s 55p +3m",
        {"winning_tile_shown": False},
        12,  # Mixed Straight 8 + Concealed Hand 2 + All Chows 2; Edge Wait 1 lost
        {34: 8},
        (9,),
    ),
    (
        "a winning tile not shown loses the closed wait",
        "App. E 1.9; §3.9 rule 18",
        "non può far valere i punti che potrebbero derivare dal tipo di chiusura effettuata "
        "(su 3 o 7, su coppia, a incastro, quarto pezzo, ecc...)",
        "13m 456p 789s 234s 55p +2m",
        {"winning_tile_shown": False},
        12,
        {34: 8},
        (10,),
    ),
    (
        "a winning tile not shown loses the single wait",
        "App. E 1.9",
        "'a punto sulla coppia'",
        "123m 456p 789s 234s 5p +5p",
        {"winning_tile_shown": False},
        12,
        {34: 8},
        (11,),
    ),
    (
        "a winning tile not shown loses last tile",
        "App. E 1.9; §3.9 rule 18",
        "'ultima pedina' (last tile) ... (su 3 o 7, su coppia, a incastro, quarto pezzo, ecc...)",
        "123m 345p 678s 22z 56m +7m",
        {"winning_tile_shown": False, "last_tile": True},
        2,  # Concealed Hand 2; Last Tile 4 lost (shown: 6)
        {},
        (27,),
    ),
    (
        "a winning tile not shown loses nine gates",
        "App. E 1.9",
        "e la 'Casa Piena di Nove Pezzi' (Nine Gates)",
        "1112345678999m +5m",
        {"winning_tile_shown": False},
        30,  # counted as a Full Flush: 24 + Concealed Hand 2 + Two Concealed Pungs 2 + 2 x 1
        {58: 24},
        (78,),
    ),
    (
        "a hand left with no fan once the wait is lost is a chicken hand",
        "App. E 1.9; §5 #38",
        "38. Mano del pollo: Mano che di per sé vale zero punti.",
        "[234m] [678p] [222s] 55z 7m 9m +8m",
        {"winning_tile_shown": False},
        8,
        {38: 8},
        (10,),
    ),
    (
        "flowers used to count are worth nothing",
        "App. E 2.9.4",
        "Aggiungere i propri fiori per contare i punti rende nulli i punti per i fiori.",
        "123m 456p 789s 234s 5p +5p f3",
        {"flowers_used_to_count": True},
        13,
        {34: 8},
        (13,),
    ),
]


@pytest.mark.parametrize(
    ("case", "section", "quote", "hand", "conditions", "total", "values", "absent"),
    MCR_CASES,
    ids=[case[0] for case in MCR_CASES],
)
def test_mcr_counts_as_the_manual(case, section, quote, hand, conditions, total, values, absent):
    result = fan(hand, **conditions)
    numbers = {item.number: item for item in result.items}
    assert result.total == total, (section, quote, [(i.number, i.fan_each) for i in result.items])
    for number, value in values.items():
        assert numbers[number].fan_each == value, (section, quote)
    assert not set(absent) & set(numbers), (section, quote)
    assert result.total == sum(item.count * item.fan_each for item in result.items)


def test_the_mixed_kongs_line_is_named_by_the_manual():
    item = next(i for i in fan("{5555m} [6666p] 789s 234s 5p +5p").items if i.fan_each == 6)
    assert item.italian_name == "Un poker coperto e un poker scoperto"
    assert fan("{5555m} [6666p] 789s 234s 5p +5p").verdict == "valid"


def test_mcr_refuses_red_fives():
    with pytest.raises(RuleError, match="MCR has no red fives"):
        fan("123m 406p 789s 234s 5p +5p")


def test_the_mcr_counter_at_the_table_takes_the_mers_conditions():
    ruleset = get_ruleset("mcr")
    counter = ruleset.tile_counter()
    entry = {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 12, "flowers": 0}
    hand = "12m 456p 789s 234s 55p +3m f2"
    _w, shown = counter.count_entry(entry, ruleset.initial_state(), hand)
    _w, hidden = counter.count_entry(
        entry, ruleset.initial_state(), hand, flags=["not_shown", "flowers_counted"]
    )
    assert shown.fills == {"fan": 15, "flowers": 2}
    assert hidden.fills == {"fan": 12, "flowers": 0}
    assert counter.matches(entry, 1, hidden)


# -- EMA Riichi 2008 (seed 000) -------------------------------------------------------------------


def han(text, **kwargs):
    base = {"win_tile": None, "tsumo": False, "seat_wind": 1, "prevalent_wind": 0}
    return riichi.count_han_fu(parse(text), **(base | kwargs))


# (case, section, quote, hand, keyword arguments, yakuman, payment of a non-dealer ron)
YAKUMAN_CASES = [
    (
        "two yakuman are one",
        "§4.2",
        "Gli yakuman non sono cumulativi.",
        "555z 666z 777z 111z 2z +2z",  # Big Three Dragons, All Honours, Four Concealed Pungs
        {"edition": "2008"},
        1,
        32000,
    ),
    (
        "a thirteen-sided wait is one yakuman",
        "§4.2",
        "Gli yakuman non sono cumulativi.",
        "19m 19p 19s 1234567z +1m",
        {"edition": "2008"},
        1,
        32000,
    ),
    (
        "big four winds is two yakuman in 2008",
        "§4.2.5 Quattro Grandi Venti",
        "Mano con 4 pung/kong di vento. Questa mano vale 2yakuman.",
        "111z 222z 333z 444z 5m +5m",
        {"edition": "2008"},
        2,
        64000,
    ),
    (
        "big four winds is one yakuman in 2016",
        "docs/rules.md §3.3 (2016: a single yakuman at most)",
        "2016 allows a single yakuman at most",
        "111z 222z 333z 444z 5m +5m",
        {"edition": "2016"},
        1,
        32000,
    ),
]


@pytest.mark.parametrize(
    ("case", "section", "quote", "hand", "kwargs", "yakuman", "payment"),
    YAKUMAN_CASES,
    ids=[case[0] for case in YAKUMAN_CASES],
)
def test_yakuman_as_ema_2008_says(case, section, quote, hand, kwargs, yakuman, payment):
    result = han(hand, **kwargs)
    assert (result.yakuman, result.payment) == (yakuman, payment), (section, quote)


def test_the_counted_yakuman_follows_the_yakuman_field_of_the_hand_form():
    # the count's yakuman is what the hand form takes: 2 only where the edition allows it
    for code, most in (("riichi2008", 2), ("riichi2016", 1)):
        ruleset = get_ruleset(code)
        field = next(f for f in ruleset.hand_fields() if f.name == "yakuman")
        assert field.max_value == most
        entry = {"outcome": "ron", "winners": (1,), "discarder": 0}
        _w, count = ruleset.tile_counter().count_entry(
            entry, ruleset.initial_state(), "111z 222z 333z 444z 5m +5m"
        )
        assert count.fills["yakuman"] == most
    help_2008 = next(f for f in get_ruleset("riichi2008").hand_fields() if f.name == "yakuman")
    assert "Big Four Winds" in help_2008.help_text
    with pytest.raises(RuleError, match="Yakuman must be at most 1"):
        ruleset = get_ruleset("riichi2016")
        ruleset.settle(
            {
                "outcome": "ron",
                "winners": (1,),
                "discarder": 0,
                "han": (0, 0, 0, 0),
                "yakuman": (0, 2, 0, 0),
            },
            ruleset.initial_state(),
        )


# EMA 2008 §1.1: "Vengono usati inoltre tre cinque di colore rosso, uno per ogni seme."
# §4.1: "Il numero di fan è la somma del numero di yaku (almeno 1), del numero di cinque rossi,
# del numero di tessere dora ..."
RED_FIVES = [
    ("234m 345p 678s 55s 67m +8m", 3),  # Riichi, Pinfu, Tanyao
    ("234m 340p 678s 55s 67m +8m", 4),  # + one red five
    ("234m 340p 678s 50s 67m +8m", 5),  # + two
    ("340m 340p 678s 50s 67m +8m", 6),  # the three of them
    ("234m 345p 678s 55s 67m +0m", 4),  # the winning tile is red
]


@pytest.mark.parametrize(("hand", "expected"), RED_FIVES)
def test_red_fives_are_dora_in_2008(hand, expected):
    result = han(hand, riichi=True)
    assert result.han == expected
    assert result.yaku_count == 3  # a red five is not a yaku


def test_2016_plays_without_red_fives_and_a_red_five_is_one_of_the_four():
    with pytest.raises(RuleError, match="2016 plays without red fives"):
        han("234m 340p 678s 55s 67m +8m", riichi=True, edition="2016")
    with pytest.raises(RuleError, match="the red 0m"):
        han("345m 456p 789s 11z 55m +5m")  # four plain 5m: one of them is the red one


# EMA 2008 §3.4.11: "Se sul tavolo sono presenti 5 contatori si richiedono almeno 2 yaku per
# chiudere." (Introduction: "quando sul tavolo sono presenti cinque contatori si richiedono almeno
# due yaku per chiudere")
def counters_state(ruleset, honba):
    import dataclasses

    return dataclasses.replace(ruleset.initial_state(), honba=honba)


@pytest.mark.parametrize(
    ("honba", "han_", "refused"),
    [(4, 1, False), (5, 1, True), (6, 1, True), (5, 2, False)],
)
def test_five_counters_need_two_yaku_in_the_settlement(honba, han_, refused):
    ruleset = get_ruleset("riichi2008")
    entry = {"outcome": "ron", "winners": (1,), "discarder": 2, "han": (0, han_, 0, 0)}
    entry["fu"] = (0, 30, 0, 0)
    state = counters_state(ruleset, honba)
    if refused:
        with pytest.raises(RuleError, match="needs two yaku"):
            ruleset.settle(entry, state)
    else:
        ruleset.settle(entry, state)


def test_five_counters_yakuman_and_the_2016_setting():
    ruleset = get_ruleset("riichi2008")
    yakuman = {"outcome": "ron", "winners": (1,), "discarder": 2, "han": (0, 0, 0, 0)}
    yakuman["yakuman"] = (0, 1, 0, 0)
    ruleset.settle(yakuman, counters_state(ruleset, 5))
    one_han = {"outcome": "ron", "winners": (1,), "discarder": 2, "han": (0, 1, 0, 0)}
    one_han["fu"] = (0, 30, 0, 0)
    for code, options in (("riichi2016", None), ("riichi2008", {"five_counters_two_yaku": False})):
        other = get_ruleset(code, options)
        other.settle(one_han, counters_state(other, 5))


@pytest.mark.parametrize(
    ("hand", "flags", "dora", "verdict"),
    [
        ("123m 456p 789s 55s 33z +3z", ["riichi"], "4s", TOO_FEW_YAKU),  # riichi + dora
        ("234m 345p 678s 55s 67m +8m", ["riichi"], "", VALID),  # riichi, pinfu, tanyao
    ],
)
def test_five_counters_need_two_yaku_in_the_count(hand, flags, dora, verdict):
    ruleset = get_ruleset("riichi2008")
    entry = {"outcome": "ron", "winners": (1,), "discarder": 2}
    _w, count = ruleset.tile_counter().count_entry(
        entry, counters_state(ruleset, 5), hand, flags=flags, dora=dora
    )
    assert count.verdict == verdict
    _w, fewer = ruleset.tile_counter().count_entry(
        entry, counters_state(ruleset, 4), hand, flags=flags, dora=dora
    )
    assert fewer.verdict == VALID
