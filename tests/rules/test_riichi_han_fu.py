"""Riichi han and fu from tiles (rules.riichi.count_han_fu, the `mahjong` package set per EMA
edition): the editions' differences, EMA minipoints, payments consistent with rules.riichi, and a
clear RuleError when the package is missing."""

import builtins

import pytest

from rules import RuleError, riichi
from rules.tiles import parse

PINFU = "234m 345p 678s 55s 67m +8m"


def count(text, **kwargs):
    base = {"win_tile": None, "tsumo": False, "seat_wind": 1, "prevalent_wind": 0}
    return riichi.count_han_fu(parse(text), **(base | kwargs))


def names(result):
    return [name for name, _han in result.yaku]


def test_a_riichi_pinfu_tanyao_with_dora():
    result = count(PINFU, riichi=True, dora_indicators=["4s"])
    assert (result.han, result.fu) == (5, 30)
    assert names(result) == ["Riichi", "Pinfu", "Tanyao", "Dora"]
    assert result.payment == riichi.ron_payment(5, 30, dealer=False) == 8000


def test_tsumo_payment_matches_tsumo_payments():
    result = count(PINFU, tsumo=True, riichi=True, ippatsu=True)
    assert "Ippatsu" in names(result) and "Menzen Tsumo" in names(result)
    assert result.payment == riichi.tsumo_payments(result.han, result.fu, dealer=False)


def test_all_simples_open_only_in_2016():
    open_hand = "[234m] 345p 678s 55s 67m +8m"
    with pytest.raises(RuleError, match="no_yaku"):
        count(open_hand, edition="2008")
    result = count(open_hand, edition="2016")
    assert names(result) == ["Tanyao"] and result.han == 1


def test_no_kiriage_mangan():
    # 4 han 30 fu is 7700, not a mangan (8000)
    result = count(PINFU, riichi=True, dora_indicators=["7m"])
    assert (result.han, result.fu) == (4, 30)
    assert result.payment == 7700


def test_thirteen_han_counted_yakuman_2008_sanbaiman_2016():
    hand = "22m 33m 44m 55m 66m 77m 8m +8m"
    kwargs = {"riichi": True, "dora_indicators": ["1m", "2m"]}
    assert count(hand, edition="2008", **kwargs).han >= 13
    assert count(hand, edition="2008", **kwargs).payment == 32000
    assert count(hand, edition="2016", **kwargs).payment == 24000


def test_double_yakuman_only_in_2008():
    hand = "111z 222z 333z 444z 5m +5m"
    assert count(hand, edition="2008").yakuman == 2
    assert count(hand, edition="2008").payment == 64000
    assert count(hand, edition="2016").yakuman == 1
    assert count(hand, edition="2016").payment == 32000


def test_ema_minipoints_double_wind_pair_counts_four():
    # dealer in the East round, pair of East: 20 + 10 concealed ron + 4 = 34 -> 40
    result = count("123m 345p 789s 11z 67m +8m", riichi=True, seat_wind=0)
    assert result.fu == 40
    plain = count("123m 345p 789s 33z 67m +8m", riichi=True, seat_wind=0)
    assert plain.fu == 30


def test_bad_input_is_refused():
    with pytest.raises(RuleError, match="Unknown riichi edition"):
        count(PINFU, edition="2020")
    with pytest.raises(RuleError, match="Seat wind is 0 to 3"):
        count(PINFU, seat_wind=-1)


def test_missing_package_gives_a_clear_error(monkeypatch):
    real_import = builtins.__import__

    def no_mahjong(name, *args, **kwargs):
        if name.startswith("mahjong"):
            raise ImportError("No module named 'mahjong'")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_mahjong)
    with pytest.raises(RuleError, match="needs the mahjong package"):
        count(PINFU)
