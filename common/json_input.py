"""JSON from outside the desk (an API body, a tournament archive), read within bounds.

Python's parser follows brackets by recursion: 100,000 of them raise `RecursionError`, and a
value nested a few hundred levels deep parses but breaks whatever walks it later (saving it,
writing it back out). Nothing the desk writes or reads goes deeper than a few levels, so
`loads()` refuses a text nested more than `MAX_DEPTH` levels, and `check_depth()` a parsed value,
with `TooDeep`, whose message is translated for the person who sent it.
"""

import json
import math

from django.utils.translation import gettext as _

#: Containers (objects and arrays) inside one another: an API body has two or three levels, an
#: archive six or seven.
MAX_DEPTH = 20


class TooDeep(ValueError):
    """The JSON is nested more deeply than the desk reads."""

    def __init__(self, limit=MAX_DEPTH):
        super().__init__(
            _("The JSON is nested too deeply (at most %(limit)s levels).") % {"limit": limit}
        )


_CONTAINERS = (dict, list)


def too_deep(value, limit=MAX_DEPTH):
    """Whether `value` holds containers more than `limit` deep. Level by level, without
    recursion, and never further than `limit + 1` levels: a whole archive is checked in a
    fraction of the time parsing it took."""
    frontier = [value] if type(value) in _CONTAINERS else []
    level = 0
    while frontier:
        level += 1
        if level > limit:
            return True
        below = []
        for item in frontier:
            children = item.values() if type(item) is dict else item
            below += [child for child in children if type(child) in _CONTAINERS]
        frontier = below
    return False


def check_depth(value, limit=MAX_DEPTH):
    """`value` if it is at most `limit` containers deep; else TooDeep."""
    if too_deep(value, limit):
        raise TooDeep(limit)
    return value


def loads(text, limit=MAX_DEPTH, **options):
    """`json.loads(text, **options)` nested at most `limit` levels; TooDeep beyond, ValueError
    for text that is not JSON."""
    try:
        value = json.loads(text, **options)
    except RecursionError:
        raise TooDeep(limit) from None
    return check_depth(value, limit)


def finite_float(text):
    """A JSON number with a fraction or an exponent, as a float; ValueError when it is too
    large to be finite ("1e999"), as for the words NaN and Infinity (`refuse_constant`)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(_("%(number)s is not a finite number") % {"number": text[:20]})
    return value


def refuse_constant(name):
    """`NaN`, `Infinity` and `-Infinity` are not JSON numbers: refused (ValueError)."""
    raise ValueError(_("%(word)s is not a number") % {"word": name})


def loads_strict(text, limit=MAX_DEPTH):
    """`loads()` with every number finite: what the desk takes from outside."""
    return loads(text, limit, parse_constant=refuse_constant, parse_float=finite_float)
