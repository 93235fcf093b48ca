"""The values of an archive, read strictly: whole numbers in range, dates, "7/3" fractions, model
fields checked by the model's own validators, and the one error every refusal raises, naming what
is wrong and where, in the active language."""

import re
from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import Q
from django.utils import timezone
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext as _

from common.constraints import field_names, violations
from common.errors import UserError
from scoring.fields import TwelfthsField, to_twelfths

#: How the archive writes a number of twelfths: a whole number or a fraction ("7/3").
TWELFTHS_TEXT = re.compile(r"-?[0-9]{1,18}(/[0-9]{1,18})?")


class ArchiveError(UserError):
    """The file is not an archive this desk can restore, or the tournament exists already."""


def damaged(where, problem):
    return ArchiveError(
        _("The archive is incomplete or damaged: %(where)s: %(problem)s")
        % {"where": where, "problem": problem}
    )


# -- values --------------------------------------------------------------------------------


def items_of(data, key):
    items = data.get(key)
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise damaged(key, _("a list of records is missing"))
    return items


def whole_number(value, where, what, minimum=1, maximum=None):
    """A reference or a count: a whole number (not a boolean) in range."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise damaged(where, _("%(what)s is not a whole number") % {"what": what})
    if value < minimum or (maximum is not None and value > maximum):
        raise damaged(
            where, _("%(what)s %(value)s is out of range") % {"what": what, "value": value}
        )
    return value


def _parsed(value, parse, where, what, problem):
    """`parse(value)` of a text; else ArchiveError with `problem` (a translated pattern with
    %(what)s and %(value)s)."""
    parsed = None
    if isinstance(value, str):
        try:
            parsed = parse(value)
        except ValueError:
            parsed = None
    if parsed is None:
        raise damaged(where, problem % {"what": what, "value": value})
    return parsed


def read_datetime(value, where, what):
    parsed = _parsed(
        value,
        parse_datetime,
        where,
        what,
        _("%(what)s is not a date and time: %(value)s"),
    )
    if timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed)
    return parsed


def read_date(value, where, what):
    return _parsed(
        value,
        parse_date,
        where,
        what,
        _("%(what)s is not a date: %(value)s"),
    )


def fill(obj, values, where, exclude=()):
    """Set `obj`'s fields from archived `values`: dates and "7/3" fractions parsed strictly."""
    fields = {f.name: f for f in obj._meta.concrete_fields if not f.is_relation}
    for name, value in values.items():
        if name in exclude or name not in fields or name == "id":
            continue
        item = fields[name]
        if value is not None:
            if isinstance(item, models.DateTimeField):
                value = read_datetime(value, where, item.verbose_name)
            elif isinstance(item, models.DateField):
                value = read_date(value, where, item.verbose_name)
            elif isinstance(item, TwelfthsField):
                try:
                    if isinstance(value, str) and not TWELFTHS_TEXT.fullmatch(value):
                        raise ValueError(value)  # "1e100000000" would take the CPU for hours
                    value = Fraction(value)
                    to_twelfths(value)
                except (TypeError, ValueError, ZeroDivisionError, OverflowError):
                    raise damaged(
                        where,
                        _("%(what)s is not a number of twelfths: %(value)s")
                        % {"what": item.verbose_name, "value": value},
                    ) from None
        setattr(obj, item.attname, value)
    return obj


def validate(obj, where, constraints=True):
    """The checks of the desk's own writes, without a query: the model's field checks (types,
    lengths, choices, validators, as `full_clean`), portable integer ranges (SQLite would store
    what PostgreSQL refuses) and the model's CheckConstraints, evaluated in Python
    (`common.constraints`). Relations are checked by the plan, uniqueness over the whole plan
    (`desk.archive_plan`)."""
    relations = [f.name for f in obj._meta.concrete_fields if f.is_relation]
    try:
        obj.full_clean(exclude=relations, validate_unique=False, validate_constraints=False)
    except OverflowError:  # a number no field holds (a float too large to be a whole number)
        raise damaged(where, _("a number is out of range")) from None
    except ValidationError as exc:
        problems = []
        for name, messages in exc.message_dict.items():
            label = obj._meta.get_field(name).verbose_name if name != "__all__" else _("settings")
            problems.append(f"{label}: {' '.join(messages)}")
        raise damaged(where, "; ".join(problems)) from None
    ranges = BaseDatabaseOperations.integer_field_ranges
    for item in obj._meta.concrete_fields:
        value = getattr(obj, item.attname)
        if item.is_relation or value is None or item.get_internal_type() not in ranges:
            continue
        low, high = ranges[item.get_internal_type()]
        number = to_twelfths(value) if isinstance(item, TwelfthsField) else value
        if not low <= number <= high:
            raise damaged(
                where,
                _("%(what)s %(value)s is out of range")
                % {"what": item.verbose_name, "value": value},
            )
    if constraints:
        check_constraints(obj, where)


def check_constraints(obj, where):
    """The model's CheckConstraints, evaluated in Python: a broken one names its fields and
    their values."""
    for constraint in violations(obj):
        values = ", ".join(
            f"{obj._meta.get_field(name).verbose_name} {_shown(obj, name)}"
            for name in field_names(Q(constraint.condition))
        )
        raise damaged(
            where,
            _("%(values)s: not a combination the desk writes (rule “%(rule)s”)")
            % {"values": values, "rule": constraint.name},
        )


def _shown(obj, name):
    field = obj._meta.get_field(name)
    value = getattr(obj, field.name if field.is_relation else field.attname)
    return "—" if value is None or value == "" else value


def column(model, name) -> models.Field:
    """The field `name` of `model`, one of its own columns (not the other side of a relation)."""
    field = model._meta.get_field(name)
    if not isinstance(field, models.Field):
        raise TypeError(f"{model.__name__}.{name} is not a column")
    return field


def require(condition, where, problem):
    if not condition:
        raise damaged(where, problem)


def chunks(values, size):
    for start in range(0, len(values), size):
        yield values[start : start + size]


def already_here(slug):
    return ArchiveError(
        _("This desk already has a tournament “%(slug)s”: delete it or restore into another desk.")
        % {"slug": slug}
    )
