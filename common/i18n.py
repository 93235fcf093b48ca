"""Translating messages that come from the pure packages (`rules`, `tournament.seating`).

Those packages cannot import Django, so their errors and labels carry an English template with
`{name}` placeholders and the parameters apart (`RuleError.template`, `.params`). The template
and every text parameter were marked for extraction there; here they are translated into the
active language and put together.
"""

import re

from django.utils.translation import gettext

#: "seat {winner}", "Seat {seat}", "seats {winners}" and their Italian forms ("il posto
#: {seat}", "del posto {discarder}", "dei posti {winners}"): the placeholders that hold seat
#: numbers, and the words around them that go when the seat is given as the player's name.
_SEAT_WORDS = (
    (re.compile(r"\bde[li] post[oi] \{(\w+)\}"), r"di {\1}"),
    (re.compile(r"\b(?:[Ii]l |al |[Ii] )?[Pp]ost[oi] \{(\w+)\}"), r"{\1}"),
    (re.compile(r"\b[Ss]eats? \{(\w+)\}"), r"{\1}"),
)


def _seat_value(value, seat_names):
    """A seat number (or a list of them, or "1, 3") as the players' names."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int) and 0 <= value < len(seat_names):
        return seat_names[value]
    if isinstance(value, list | tuple):
        return ", ".join(str(_seat_value(item, seat_names)) for item in value)
    if isinstance(value, str) and re.fullmatch(r"\d(?:, \d)*", value):
        return ", ".join(str(_seat_value(int(item), seat_names)) for item in value.split(", "))
    return value


def translate_message(template, params=None, seat_names=None):
    """`template` translated and filled in. With `seat_names` (the players' names by starting
    seat), a seat the message names by number ("seat 0") is named by its player instead."""
    params = {
        name: gettext(value) if isinstance(value, str) else value
        for name, value in (params or {}).items()
    }
    text = gettext(template)
    if seat_names:
        seat_params: set[str] = set()
        for pattern, replacement in _SEAT_WORDS:
            seat_params.update(match.group(1) for match in pattern.finditer(text))
            text = pattern.sub(replacement, text)
        for name in seat_params & set(params):
            params[name] = _seat_value(params[name], seat_names)
    return text.format(**params)


def translate_error(error, seat_names=None):
    """The message of a RuleError or SeatingError in the active language (with `seat_names`,
    the seats it mentions named by their players)."""
    template = getattr(error, "template", None)
    if template is None:
        return str(error)
    return translate_message(template, getattr(error, "params", None), seat_names)


def translate_text(text):
    """A label marked in a pure package (rule set names, field labels, penalty names)."""
    return gettext(text) if text else text
