"""Rule set presets and the tournament settings that override them.

A preset is a frozen dataclass (one instance per rule set or edition: EMA 2008 and 2016 differ in
data, not in ``if`` statements). Each field is declared with :func:`option`, which records how the
director's settings form shows it and whether the director may change it at all: fields declared
with ``settable=False`` are fixed by the rules (the riichi edition, the MCR table points).

:func:`apply_options` returns the preset with a mapping of settings applied (as stored in the
desk's JSON column: lists stand for tuples). Unknown names and bad values raise
:class:`~rules.errors.RuleError` naming the valid ones. :func:`option_fields` describes the
settable fields so the desk can build the settings form.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.checks import check_bool, check_int, is_int
from rules.errors import RuleError
from rules.i18n import _

#: Kinds of option values.
BOOL = "bool"
INT = "int"
INT_TUPLE = "int_tuple"
TEXT = "text"  #: fixed texts such as the rule set's name; never settable
OPTION_KINDS = (BOOL, INT, INT_TUPLE, TEXT)


@dataclass(frozen=True)
class OptionField:
    """How one setting of a rule set is shown and checked on the director's form."""

    name: str
    kind: str
    default: Any
    label: str
    help_text: str = ""
    min_value: int | None = None
    max_value: int | None = None
    length: int | None = None


def option(
    default: Any,
    *,
    label: str,
    kind: str,
    help_text: str = "",
    min_value: int | None = None,
    max_value: int | None = None,
    length: int | None = None,
    settable: bool = True,
    check: Callable[[Any], None] | None = None,
) -> Any:
    """Declare a preset field with the metadata of its settings form field."""
    if kind not in OPTION_KINDS:  # pragma: no cover - programming error
        raise ValueError(f"unknown option kind {kind!r}")
    meta = {
        "label": label,
        "kind": kind,
        "help_text": help_text,
        "min_value": min_value,
        "max_value": max_value,
        "length": length,
        "settable": settable,
        "check": check,
    }
    return dataclasses.field(default=default, metadata=meta)


def option_fields(preset: Any) -> tuple[OptionField, ...]:
    """Describe the settable fields of ``preset``, their defaults being the preset's values."""
    fields = []
    for item in dataclasses.fields(preset):
        meta = item.metadata
        if not meta.get("settable"):
            continue
        fields.append(
            OptionField(
                name=item.name,
                kind=meta["kind"],
                default=getattr(preset, item.name),
                label=meta["label"],
                help_text=meta["help_text"],
                min_value=meta["min_value"],
                max_value=meta["max_value"],
                length=meta["length"],
            )
        )
    return tuple(fields)


def _convert(item: dataclasses.Field, value: Any) -> Any:
    meta = item.metadata
    label = meta["label"]
    kind = meta["kind"]
    if kind == BOOL:
        value = check_bool(value, label)
    elif kind == INT:
        value = check_int(value, label, minimum=meta["min_value"], maximum=meta["max_value"])
    else:  # INT_TUPLE
        if not isinstance(value, (list, tuple)) or not all(is_int(v) for v in value):
            raise RuleError(
                _("{what} must be a list of whole numbers; got {value}"), what=label, value=value
            )
        if meta["length"] is not None and len(value) != meta["length"]:
            raise RuleError(
                _("{what} needs exactly {length} numbers; got {count}"),
                what=label,
                length=meta["length"],
                count=len(value),
            )
        value = tuple(value)
    if meta["check"] is not None:
        meta["check"](value)
    return value


def apply_options(preset: Any, overrides: Mapping[str, Any] | None, ruleset_name: str) -> Any:
    """Return ``preset`` with the settings in ``overrides`` applied and checked."""
    if not overrides:
        return preset
    if not isinstance(overrides, Mapping):
        raise RuleError(
            _("Settings must be given as names and values; got {value}"), value=overrides
        )
    by_name = {
        item.name: item for item in dataclasses.fields(preset) if item.metadata.get("settable")
    }
    changes = {}
    for name, value in overrides.items():
        if name not in by_name:
            raise RuleError(
                _("Unknown setting {name} for {ruleset}; the valid settings are: {valid}"),
                name=name,
                ruleset=ruleset_name,
                valid=", ".join(by_name) or _("none"),
            )
        changes[name] = _convert(by_name[name], value)
    return dataclasses.replace(preset, **changes)
