"""Whole numbers typed by people, read with a range (issue 13).

`int()` reads far more than a person means: "١٢" (Arabic-Indic digits) is 12, "1_000" is 1000,
a 4,000-digit string takes time, and "²" passes `str.isdigit()` but not `int()`. These helpers
read only an optional sign and ASCII digits, and only within the range the caller gives (the
ranges are in `rules.limits`), so a value from an address or a form is either a number the
desk can store and compute with, or a clear refusal that names the limits, never a 500.
"""

import re

from django.utils.translation import gettext as _

from common.errors import UserError

_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,20}", re.ASCII)


class OutOfRange(UserError):
    """A typed number that is not a whole number within its range; the message names the range."""


def parse_int(text, *, minimum, maximum):
    """`text` as an int within `[minimum, maximum]`, or None (not a plain whole number, or out).

    >>> parse_int(" 12 ", minimum=1, maximum=99), parse_int("²", minimum=1, maximum=99)
    (12, None)
    >>> parse_int("١٢", minimum=1, maximum=99), parse_int("100", minimum=1, maximum=99)
    (None, None)
    """
    text = str(text).strip()
    if not _WHOLE_NUMBER.fullmatch(text):
        return None
    value = int(text)
    return value if minimum <= value <= maximum else None


def bounded_int(text, what, *, minimum, maximum):
    """`text` as an int within `[minimum, maximum]`; else `OutOfRange` naming `what` and the range."""
    value = parse_int(text, minimum=minimum, maximum=maximum)
    if value is None:
        raise OutOfRange(
            _("%(what)s must be a whole number from %(minimum)s to %(maximum)s.")
            % {"what": what, "minimum": minimum, "maximum": maximum}
        )
    return value


def query_int(request, name, *, minimum, maximum, default=None):
    """The query parameter `name` as an int within the range; `default` when absent or empty.

    Anything else is refused with `OutOfRange` (a `UserError`: the desk's error page, status 400,
    saying which parameter and which range).
    """
    text = request.GET.get(name, "")
    if not text.strip():
        return default
    return bounded_int(text, name, minimum=minimum, maximum=maximum)
