"""The form a referee fills in for one hand, and how an entry is checked.

A rule set describes its hand form as a tuple of :class:`EntryField` (``RuleSet.hand_fields``);
the desk builds its form from them and passes the values back as a mapping keyed by field name,
already converted to Python values. :func:`clean_entry` checks such a mapping against the fields
and returns the values the chosen outcome uses, raising :class:`~rules.errors.RuleError` with a
referee-friendly message otherwise.

Entry kinds (the ``kind`` of a field):

- ``outcome``: a str among the field's ``choices``; always the first field, named ``outcome``;
- ``seat``: an int 0..3; ``optional_seat``: an int 0..3 or None;
- ``seats``: several distinct seats (a tuple; ``min_value``/``max_value`` bound how many);
- ``int``: an int within ``min_value``..``max_value``;
- ``per_seat_int``: four ints, one per starting seat, each within ``min_value``..``max_value``;
- ``bool``: a bool.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.checks import (
    check_bool,
    check_four_ints,
    check_int,
    check_optional_seat,
    check_seat,
    check_seats,
)
from rules.errors import RuleError
from rules.i18n import _

# Kinds of entry fields. Values are plain Python values, already converted by the desk's form.
OUTCOME = "outcome"  #: str, one of ``choices``; always the first field, named "outcome"
SEAT = "seat"  #: int 0..3
OPTIONAL_SEAT = "optional_seat"  #: int 0..3 or None
SEATS_KIND = "seats"  #: tuple of distinct seats; min_value/max_value bound how many
INT = "int"  #: int within min_value..max_value
PER_SEAT_INT = "per_seat_int"  #: 4-tuple of ints (one per starting seat) within min..max
BOOL = "bool"  #: bool
ENTRY_KINDS = (OUTCOME, SEAT, OPTIONAL_SEAT, SEATS_KIND, INT, PER_SEAT_INT, BOOL)


@dataclass(frozen=True)
class EntryField:
    """One field of the form a referee fills in for a hand.

    ``kind`` is one of :data:`ENTRY_KINDS`. ``outcomes`` lists the outcome values the field is
    used for (empty: all of them); the desk can hide the field for other outcomes, and
    :meth:`RuleSet.settle` ignores it then. ``required`` applies only when the field is used; an
    omitted optional field takes ``default``. For ``seats``, ``min_value``/``max_value`` bound the
    number of seats; for ``int`` and ``per_seat_int`` they bound each number.
    """

    name: str
    kind: str
    label: str
    help_text: str = ""
    required: bool = True
    min_value: int | None = None
    max_value: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    outcomes: tuple[str, ...] = ()
    default: Any = None

    def used_for(self, outcome: str) -> bool:
        """True when this field is part of an entry with ``outcome``."""
        return not self.outcomes or outcome in self.outcomes


def _clean_value(spec: EntryField, value: Any) -> Any:
    """Check one entry value against its field; return it in canonical form."""
    if spec.kind == SEAT:
        return check_seat(value, spec.label)
    if spec.kind == OPTIONAL_SEAT:
        return check_optional_seat(value, spec.label)
    if spec.kind == SEATS_KIND:
        seats = check_seats(value, spec.label)
        low = spec.min_value or 0
        high = 4 if spec.max_value is None else spec.max_value
        if not low <= len(seats) <= high:
            raise RuleError(
                _("{field} needs between {low} and {high} seats; got {count}"),
                field=spec.label,
                low=low,
                high=high,
                count=len(seats),
            )
        return seats
    if spec.kind == INT:
        return check_int(value, spec.label, minimum=spec.min_value, maximum=spec.max_value)
    if spec.kind == PER_SEAT_INT:
        return check_four_ints(value, spec.label, minimum=spec.min_value, maximum=spec.max_value)
    if spec.kind == BOOL:
        return check_bool(value, spec.label)
    raise AssertionError(f"unknown entry kind {spec.kind!r}")  # pragma: no cover


def clean_entry(fields: tuple[EntryField, ...], entry: Mapping[str, Any]) -> dict[str, Any]:
    """Check an entry against ``fields``; return the values used by its outcome.

    Fields not used by the chosen outcome are dropped; omitted optional fields get their default.
    """
    if not isinstance(entry, Mapping):
        raise RuleError(_("A hand entry must map field names to values; got {value}"), value=entry)
    names = [spec.name for spec in fields]
    unknown = sorted(set(entry) - set(names))
    if unknown:
        raise RuleError(
            _("Unknown field {names} in the hand entry; the fields are: {valid}"),
            names=", ".join(map(str, unknown)),
            valid=", ".join(names),
        )
    outcome_spec = fields[0]
    outcome = entry.get(outcome_spec.name)
    valid = [code for code, _label in outcome_spec.choices]
    if outcome not in valid:
        raise RuleError(
            _("The outcome of the hand must be one of: {valid}; got {value}"),
            valid=", ".join(valid),
            value=outcome,
        )
    outcome_label = dict(outcome_spec.choices)[outcome]
    clean: dict[str, Any] = {outcome_spec.name: outcome}
    for spec in fields[1:]:
        if not spec.used_for(outcome):
            continue
        value = entry.get(spec.name)
        if value is None and spec.kind != OPTIONAL_SEAT:
            if spec.required:
                raise RuleError(
                    _("{field} is required when the outcome is: {outcome}"),
                    field=spec.label,
                    outcome=outcome_label,
                )
            clean[spec.name] = spec.default
        else:
            clean[spec.name] = _clean_value(spec, value)
    return clean
