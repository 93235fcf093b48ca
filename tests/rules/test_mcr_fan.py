"""MCR fan from tiles (rules.mcr.count_fan): every one of the 81 fan of the Green Book appears
when the library (PyMahjongGB, the oracle) counts a hand built from its description in the FIMJ
manual (seed 002); the false-Hu verdicts; a missing library gives a clear RuleError."""

import builtins

import pytest

from rules import RuleError, mcr
from rules.tiles import parse

SD = {"self_drawn": True}
# (Green Book number, hand, conditions)
HANDS = [
    (1, "123m 123m 456p 789s 5p +5p", {}),
    (2, "123m 123p 456s 789s 5p +5p", {}),
    (3, "123m 456m 789p 111s 5p +5p", {}),
    (4, "123m 789m 456p 456s 5z +5z", {}),
    (5, "111m 456p 789s 234s 5p +5p", {}),
    (6, "[5555m] 456p 789s 234s 5p +5p", {}),
    (7, "123m 456m 789p 234p 1z +1z", {}),
    (8, "111m 345p 678s 234s 9p +9p", {}),
    (9, "12m 456p 789s 234s 55p +3m", {}),
    (10, "13m 456p 789s 234s 55p +2m", {}),
    (11, "123m 345p 678s 234s 9p +9p", {}),
    (12, "[123m] 456p 789s 234s 5p +5p", SD),
    (13, "123m 456p 789s 234s 5p +5p f1", {}),
    (14, "555z 456p 789s 234s 5p +5p", {}),
    (15, "111z 456p 789s 234s 5p +5p", {"seat_wind": 1}),
    (16, "222z 456p 789s 234s 5p +5p", {"seat_wind": 1}),
    (17, "123m 456p 789s 234s 5p +5p", {}),
    (18, "123m 456p 789s 234s 5p +5p", {}),
    (19, "111m 123m 456p 789s 5p +5p", {}),
    (20, "222m 222p 456s 789s 5p +5p", {}),
    (21, "222m 555p 456s 789s 9p +9p", {}),
    (22, "{5555m} 456p 789s 234s 5p +5p", {}),
    (23, "234m 456p 678s 345s 5p +5p", {}),
    (24, "123m 789p 999s 111z 9m +9m", {}),
    (25, "123m 456p 789s 234s 5p +5p", SD),
    (26, "[5555m] [6666p] 789s 234s 5p +5p", {}),
    (27, "123m 345p 678s 22z 56m +7m", {"last_tile": True}),
    (28, "[222m] 555p 777s 111z 9m +9m", {}),
    (29, "123m 456m 789m 111z 9m +9m", {}),
    (30, "123m 234p 345s 789s 5p +5p", {}),
    (31, "123m 456p 789s 111z 5z +5z", {}),
    (32, "[123m] [456p] [789s] [111z] 5z +5z", {}),
    (33, "555z 666z 123m 456p 9s +9s", {}),
    (34, "123m 456p 789s 111z 7z +7z", {}),
    (35, "234p 345p 888s 999s 5z +5z", {}),
    (36, "123m 123p 123s 456m 5p +5p", {}),
    (37, "222m 333p 444s 678m 5p +5p", {}),
    (38, "[234m] [678p] [222s] 55z 78m +9m", {}),
    (39, "[123m] 456p 789s 234s 5p +5p", {"self_drawn": True, "last_of_wall": True}),
    (40, "[123m] 456p 789s 234s 5p +5p", {"last_of_wall": True}),
    (41, "[5555m] 456p 789s 234s 5p +5p", {"self_drawn": True, "kong": True}),
    (42, "[123m] 46p 789s 234s 99p +5p", {"kong": True}),
    (43, "{5555m} {6666p} 789s 234s 5p +5p", {}),
    (44, "14m 258p 369s 12345z +6z", {}),
    (45, "147m 258p 369s 123m 5z +5z", {}),
    (46, "678m 789p 666s 789s 9m +9m", {}),
    (47, "123m 234p 444s 123s 1m +1m", {}),
    (48, "111z 222z 333z 123m 5p +5p", {}),
    (49, "123m 456m 789m 234p 5s +5s", {}),
    (50, "123m 789m 123p 789p 5s +5s", {}),
    (51, "123m 234m 345m 789p 5s +5s", {}),
    (52, "345m 456p 555s 567s 5m +5m", {}),
    (53, "222m 222p 222s 789s 5p +5p", {}),
    (54, "222m 555p 777s 123s 9p +9p", {}),
    (55, "11m 33m 55p 77p 22s 44s 6s +6s", {}),
    (56, "147m 25p 3s 1234567z +8p", {}),
    (57, "222m 444p 666s 888s 2p +2p", {}),
    (58, "123m 345m 678m 999m 2m +2m", {}),
    (59, "[123m] [123m] [123m] 456p 5s +5s", {}),
    (60, "222m 333m 444m 678p 5s +5s", {}),
    (61, "789m 789p 777s 888s 9m +9m", {}),
    (62, "456m 456p 444s 555s 6m +6m", {}),
    (63, "123m 123p 111s 222s 3m +3m", {}),
    (64, "123m 234m 345m 456m 9p +9p", {}),
    (65, "[2222m] [3333p] [4444s] 678m 5p +5p", {}),
    (66, "111m 999p 111z 222z 9s +9s", {}),
    (67, "123m 123m 123m 123m 5p +5p", {}),
    (68, "111m 222m 333m 444m 5p +5p", {}),
    (69, "111m 999m 111p 999s 1s +1s", {}),
    (70, "111z 222z 333z 4z 123m +4z", {}),
    (71, "555z 666z 7z 123m 456p +7z", {}),
    (72, "111z 222z 555z 666z 7z +7z", {}),
    (73, "111m 333p 555s 777s 9m +9m", {}),
    (74, "123m 123m 789m 789m 5m +5m", {}),
    (75, "111z 222z 333z 444z 5m +5m", {}),
    (76, "555z 666z 777z 123m 4p +4p", {}),
    (77, "234s 234s 666s 888s 6z +6z", {}),
    (78, "1112345678999m +5m", {}),
    (79, "[1111m] [2222p] [3333s] [4444s] 5z +5z", {}),
    (80, "1122334455667m +7m", {}),
    (81, "19m 19p 19s 1234567z +1m", {}),
]


def count(text, **conditions):
    kwargs = {"self_drawn": False, "seat_wind": 0, "prevalent_wind": 0} | conditions
    return mcr.count_fan(parse(text), win_tile=None, **kwargs)


def test_the_table_has_the_81_fan_of_the_manual():
    assert sorted(mcr.FAN) == list(range(1, 82))
    assert mcr.FAN[38] == (8, "Chicken Hand", "Mano del pollo")
    assert sorted({number for number, _text, _c in HANDS}) == list(range(1, 82))


@pytest.mark.parametrize(("number", "text", "conditions"), HANDS, ids=[str(h[0]) for h in HANDS])
def test_every_fan_appears(number, text, conditions):
    result = count(text, **conditions)
    numbers = {item.number for item in result.items}
    assert number in numbers, [(i.number, i.english_name) for i in result.items]
    item = next(item for item in result.items if item.number == number)
    assert item.fan_each == mcr.FAN[number][0]  # the manual's value (43: 8, not the library's 6)
    assert item.italian_name == mcr.FAN[number][2]
    assert result.total == sum(i.count * i.fan_each for i in result.items)
    assert 0 not in numbers  # every fan the library names has its Green Book number


def test_flowers_count_in_the_total_not_in_the_minimum():
    result = count("123m 456p 789s 11z 77z +7z f2")
    assert result.flowers == 2
    assert result.total == 20 and result.without_flowers == 18
    assert result.verdict == "valid"


def test_false_hu_verdicts():
    assert count("123m 456p 789s 12z 77z +7z").verdict == "invalid_shape"
    under = count("111m 345p 678s 234s 9p +9p f3")
    assert under.valid_shape and under.without_flowers < 8 and under.verdict == "under_minimum"


def test_bad_conditions_are_refused():
    with pytest.raises(RuleError, match="Seat wind is 0 to 3"):
        count("123m 456p 789s 234s 5p +5p", seat_wind=4)
    with pytest.raises(RuleError, match="winning tile is missing"):
        mcr.count_fan(
            parse("123m 456p 789s 234s 55p"),
            win_tile=None,
            self_drawn=False,
            seat_wind=0,
            prevalent_wind=0,
        )


def test_missing_library_gives_a_clear_error(monkeypatch):
    real_import = builtins.__import__

    def no_mahjonggb(name, *args, **kwargs):
        if name == "MahjongGB":
            raise ImportError("No module named 'MahjongGB'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_mahjonggb)
    with pytest.raises(RuleError, match="needs the PyMahjongGB package"):
        count("123m 456p 789s 234s 5p +5p")
