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


# Each condition flag and the common yaku, asserted by the name the `mahjong` package gives
# and with their han (seat 1 = South, East round). With the six above and the three yakuman
# below, 29 yaku are asserted by name.
YAKU = [
    ("Double Riichi", 2, PINFU, {"double_riichi": True}),
    ("Haitei Raoyue", 1, PINFU, {"tsumo": True, "haitei": True}),
    ("Houtei Raoyui", 1, PINFU, {"riichi": True, "houtei": True}),
    ("Rinshan Kaihou", 1, "234m 345p 55s 67m {7777s} +8m", {"tsumo": True, "rinshan": True}),
    ("Chankan", 1, PINFU, {"riichi": True, "chankan": True}),
    ("Ura Dora", 2, PINFU, {"riichi": True, "ura_dora_indicators": ["4s"]}),
    ("Yakuhai (haku)", 1, "234m 345p 678s 555z 1p +1p", {}),
    ("Yakuhai (seat wind south)", 1, "234m 345p 678s 222z 1p +1p", {}),
    ("Yakuhai (round wind east)", 1, "234m 345p 678s 111z 1p +1p", {}),
    ("Iipeiko", 1, "223344m 345p 678s 5s +5s", {}),
    ("Sanshoku Doujun", 2, "234m 234p 234s 678s 5s +5s", {}),
    ("Ittsu", 2, "123456789m 234s 5s +5s", {}),
    ("Chantai", 2, "123m 789p 123s 111z 9s +9s", {}),
    ("Toitoi", 2, "[222m] [555p] [777s] 888s 9p +9p", {}),
    ("San Ankou", 2, "222m 555p 777s 34m 99p +5m", {"tsumo": True}),
    ("Honitsu", 3, "123m 456m 789m 111z 5z +5z", {}),
    ("Chinitsu", 6, "123m 456m 789m 234m 5m +5m", {}),
    ("Chiitoitsu", 2, "1122m 3344p 5566s 7z +7z", {}),
    ("Honroutou", 2, "[111m] [999p] [111s] 222z 1z +1z", {}),
    ("Shou Sangen", 2, "555z 666z 77z 234m 5p 6p +4p", {}),
]


@pytest.mark.parametrize(("name", "han", "hand", "flags"), YAKU, ids=[y[0] for y in YAKU])
def test_each_condition_and_common_yaku_by_name(name, han, hand, flags):
    result = count(hand, **flags)
    assert (name, han) in result.yaku
    assert result.han == sum(value for _name, value in result.yaku)
    payment = (
        riichi.tsumo_payments(result.han, result.fu, dealer=False)
        if flags.get("tsumo")
        else riichi.ron_payment(result.han, result.fu, dealer=False)
    )
    assert result.payment == payment


@pytest.mark.parametrize(
    ("hand", "indicator", "dora"),
    [
        ("234m 345p 678s 11z 67m +8m", "4z", 2),  # North shows East
        ("234m 345p 678s 555z 1p +1p", "7z", 3),  # Red shows White
        ("123m 345p 678s 55s 67m +8m", "9m", 1),  # 9 shows 1
    ],
)
def test_dora_indicators_wrap_round(hand, indicator, dora):
    result = count(hand, riichi=True, dora_indicators=[indicator])
    assert ("Dora", dora) in result.yaku


@pytest.mark.parametrize(
    ("name", "hand", "flags", "yakuman"),
    [
        ("Kokushi Musou", "19m 19p 19s 1123456z +7z", {}, 1),
        ("Daisangen", "555z 666z 77z 234m 99p +7z", {}, 1),
        # the library's double yakuman: one yakuman by EMA 2008 §4.2 (not cumulative)
        ("Suu Ankou Tanki", "222m 555p 777s 333m 9p +9p", {"tsumo": True}, 1),
    ],
)
def test_yakuman_by_name(name, hand, flags, yakuman):
    result = count(hand, **flags)
    assert name in names(result) and result.yakuman == yakuman
    assert count(hand, edition="2016", **flags).yakuman == 1  # no double yakuman in 2016
