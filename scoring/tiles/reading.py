"""How a count from tiles reads (docs/rules.md §7): its summary, its lines and its verdict, in
the active language, for the referee's page, the table's history, the player's page and the
exports. A stored calculation is read defensively: an archive may bring any JSON."""

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

VERDICTS = {
    "under_minimum": gettext_lazy("A winning shape under 8 fan without flowers: a false Hu."),
    "invalid_shape": gettext_lazy("Not a winning hand: a false Hu."),
}


def _int(value):
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def count_lines(calculation):
    """[(label, count, value)] of a stored calculation: the fan (with their Green Book number)
    or the yaku, named in Italian when the page is."""
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
        lines.append((label, _int(item.get("count")) or 1, _int(item.get("value"))))
    return lines


def count_summary(calculation) -> str:
    """ "14 fan", "3 han 40 fu", "Yakuman": what the calculation gives, in one phrase."""
    if not isinstance(calculation, dict) or not isinstance(calculation.get("fills"), dict):
        return ""
    fills = calculation["fills"]
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


def verdict_text(calculation):
    """What the verdict means for a false Hu, or "" for a valid hand."""
    if not isinstance(calculation, dict):
        return ""
    return str(VERDICTS.get(calculation.get("verdict", ""), ""))


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
