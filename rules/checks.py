"""Input checks shared by every rule set.

Each helper either returns the value in its canonical Python form (an ``int``, a sorted tuple of
seats, a 4-tuple) or raises :class:`~rules.errors.RuleError` with a message naming what was wrong.
``bool`` is never accepted where a number is expected: ``True`` is an ``int`` in Python, but a
referee who ticks a box has not typed a number.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from rules.errors import RuleError
from rules.i18n import _

SEATS = (0, 1, 2, 3)


def is_int(value: Any) -> bool:
    """True for a real ``int`` (``bool`` excluded)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_int(
    value: Any, what: str, *, minimum: int | None = None, maximum: int | None = None
) -> int:
    """Return ``value`` if it is an int within ``[minimum, maximum]``."""
    if not is_int(value):
        raise RuleError(_("{what} must be a whole number; got {value}"), what=what, value=value)
    if minimum is not None and value < minimum:
        raise RuleError(
            _("{what} must be at least {minimum}; got {value}"),
            what=what,
            minimum=minimum,
            value=value,
        )
    if maximum is not None and value > maximum:
        raise RuleError(
            _("{what} must be at most {maximum}; got {value}"),
            what=what,
            maximum=maximum,
            value=value,
        )
    return value


def check_bool(value: Any, what: str) -> bool:
    """Return ``value`` if it is a ``bool``."""
    if not isinstance(value, bool):
        raise RuleError(_("{what} must be yes or no; got {value}"), what=what, value=value)
    return value


def check_seat(value: Any, what: str = _("Seat")) -> int:
    """Return ``value`` if it is a seat number 0..3."""
    if not is_int(value) or value not in SEATS:
        raise RuleError(
            _("{what} must be a seat number from 0 to 3; got {value}"), what=what, value=value
        )
    return value


def check_optional_seat(value: Any, what: str = _("Seat")) -> int | None:
    """Return ``None`` or a seat number 0..3."""
    return None if value is None else check_seat(value, what)


def check_seats(value: Any, what: str = _("Seats")) -> tuple[int, ...]:
    """Return a sorted tuple of distinct seats from any iterable of seat numbers."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise RuleError(_("{what} must be a list of seats; got {value}"), what=what, value=value)
    seats = [check_seat(seat, what) for seat in value]
    if len(set(seats)) != len(seats):
        raise RuleError(_("{what} lists a seat twice: {value}"), what=what, value=value)
    return tuple(sorted(seats))


def check_four(value: Any, what: str) -> tuple[Any, Any, Any, Any]:
    """Return ``value`` as a 4-tuple (one item per seat)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise RuleError(_("{what} needs one value per seat; got {value}"), what=what, value=value)
    items = tuple(value)
    if len(items) != 4:
        raise RuleError(
            _("{what} needs exactly 4 values, one per seat; got {count}"),
            what=what,
            count=len(items),
        )
    return items


def check_four_ints(
    value: Any, what: str, *, minimum: int | None = None, maximum: int | None = None
) -> tuple[int, int, int, int]:
    """Return ``value`` as a 4-tuple of ints, each within ``[minimum, maximum]``."""
    items = check_four(value, what)
    return tuple(  # type: ignore[return-value]
        check_int(item, what, minimum=minimum, maximum=maximum) for item in items
    )


def check_four_bools(value: Any, what: str) -> tuple[bool, bool, bool, bool]:
    """Return ``value`` as a 4-tuple of bools."""
    return tuple(check_bool(item, what) for item in check_four(value, what))  # type: ignore[return-value]


def check_zero_sum(values: tuple[int, ...], what: str, *, expected: int = 0) -> None:
    """Raise unless ``values`` sum to ``expected``."""
    total = sum(values)
    if total != expected:
        raise RuleError(
            _("{what} do not balance: they sum to {total} instead of {expected}"),
            what=what,
            total=total,
            expected=expected,
        )


def round_to_ten(value: int) -> int:
    """Round a non-negative amount to the nearest 10, an exact 5 going up (75 -> 80, 74 -> 70)."""
    return (value + 5) // 10 * 10
