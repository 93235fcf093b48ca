"""How a count from tiles reads (docs/rules.md §7): its summary, its lines and its verdict, in
the active language, for the referee's page, the table's history, the player's page and the
exports. A stored calculation is read defensively: an archive may bring any JSON.

In the classic games a calculation keeps one count per player (`players`): the summary then
gives each player's figures after their seat wind."""

from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from tournament.models import WIND_LETTERS

VERDICTS = {
    "under_minimum": gettext_lazy("A winning shape under 8 fan without flowers: a false Hu."),
    "invalid_shape": gettext_lazy("Not a winning hand: a false Hu."),
    "too_few_yaku": gettext_lazy(
        "Only one yaku with five counters on the table, where a win needs two: not a win."
    ),
}
FALSE_MAHJONG = gettext_lazy("Not a winning hand: a false Mahjong, the hand counts 0.")


def _int(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _players(calculation):
    players = calculation.get("players") if isinstance(calculation, dict) else None
    return [p for p in players if isinstance(p, dict)] if isinstance(players, list) else None


def _value_text(item, value):
    """8 (fan, han, points), "1 double", or "" for the line naming a limit hand."""
    if item.get("unit") == "doubles":
        return ngettext("%(n)s double", "%(n)s doubles", value) % {"n": value}
    return value if value else ""


def count_lines(calculation):
    """[(label, count, value)] of a stored calculation: the fan (with their Green Book number),
    the yaku, or a classic hand's points and doubles, named in Italian when the page is."""
    if not isinstance(calculation, dict):
        return []
    italian = (get_language() or "").startswith("it")
    lines = []
    for item in calculation.get("items") or ():
        if not isinstance(item, dict):
            continue
        name = str(item.get("italian") if italian and item.get("italian") else item.get("name"))
        number = _int(item.get("number"))
        label = f"{name} ({number})" if number else name
        tiles = item.get("tiles")
        if isinstance(tiles, str) and tiles:
            label = f"{label} {tiles}"
        value = _int(item.get("value"))
        lines.append((label, _int(item.get("count")) or 1, _value_text(item, value)))
    return lines


def player_summary(player):
    """ "38 points, 1 double: 80" or "Limit hand: 2000" for one player's count."""
    if player.get("verdict") == "invalid_shape":
        return str(FALSE_MAHJONG)
    points, doubles, score = _int(player.get("points")), _int(player.get("doubles")), None
    score = _int(player.get("score"))
    text = ngettext("%(points)s point", "%(points)s points", points) % {"points": points}
    if doubles:
        text += ", " + ngettext("%(n)s double", "%(n)s doubles", doubles) % {"n": doubles}
    if player.get("limit_hand"):
        return _("%(figures)s; limit hand: %(score)s") % {"figures": text, "score": score}
    return _("%(figures)s: %(score)s") % {"figures": text, "score": score}


def _wind_letter(player):
    wind = player.get("wind")
    return WIND_LETTERS[wind] if isinstance(wind, int) and 0 <= wind < 4 else "?"


def count_summary(calculation) -> str:
    """ "14 fan", "3 han 40 fu", "Yakuman", or each player's figures in the classic games:
    what the calculation gives, in one phrase."""
    players = _players(calculation)
    if players is not None:
        return " · ".join(f"{_wind_letter(p)} {player_summary(p)}" for p in players)
    if not isinstance(calculation, dict) or not isinstance(calculation.get("fills"), dict):
        return ""
    fills = calculation["fills"]
    if "points" in fills:
        return player_summary(calculation)
    if "fan" in fills:
        fan, flowers = _int(fills.get("fan")), _int(fills.get("flowers"))
        text = _("%(fan)s fan") % {"fan": fan}
        if flowers:
            text += " " + _("(%(flowers)s from flowers)") % {"flowers": flowers}
        return text
    yakuman = _int(fills.get("yakuman"))
    if yakuman:
        return _("Double yakuman") if yakuman > 1 else _("Yakuman")
    han, fu = _int(fills.get("han")), _int(fills.get("fu"))
    if fu:
        return _("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}
    return _("%(han)s han") % {"han": han}


def count_brief(calculation):
    """A classic hand's counts in a few characters, each player's score after their wind
    ("E 80, S 110"), for small print; other calculations as :func:`count_summary`."""
    players = _players(calculation)
    if players is None:
        return count_summary(calculation)
    return ", ".join(f"{_wind_letter(p)} {_int(p.get('score'))}" for p in players)


def verdict_text(calculation):
    """What the verdict means for a false Hu (a false Mahjong, a chombo), or "" for a valid
    hand."""
    if not isinstance(calculation, dict):
        return ""
    players = _players(calculation)
    if players is not None:
        return " ".join(
            f"{_wind_letter(p)}: {FALSE_MAHJONG}"
            for p in players
            if p.get("verdict") == "invalid_shape"
        )
    if "points" in (calculation.get("fills") or {}):
        return str(FALSE_MAHJONG) if calculation.get("verdict") == "invalid_shape" else ""
    return str(VERDICTS.get(calculation.get("verdict", ""), ""))


def player_counts(calculation):
    """[(wind letter, tiles, summary, lines, matched)] of a classic hand's players."""
    return [
        (
            _wind_letter(p),
            str(p.get("tiles") or ""),
            player_summary(p),
            count_lines(p),
            bool(p.get("matched")),
        )
        for p in _players(calculation) or ()
    ]


def count_json(calculation):
    """What the referee's page receives after "Count"."""
    fills = calculation.get("fills") or {}
    return {
        "ok": True,
        "tiles": calculation.get("tiles", ""),
        "winner": calculation.get("winner"),
        "fills": {name: _int(value) for name, value in fills.items()},
        "summary": count_summary(calculation),
        "verdict": calculation.get("verdict", ""),
        "verdict_text": verdict_text(calculation),
        "lines": [
            {"label": label, "count": count, "value": value}
            for label, count, value in count_lines(calculation)
        ],
    }
