"""Exact fractional points in the database.

Shared table points (7/3, 3/2, 7/4) and shared uma are fractions whose denominator is 1, 2, 3 or
4, so twelve times the value is always a whole number. `TwelfthsField` stores that whole number
and gives back a `fractions.Fraction`: exact, sortable and summable by the database, and the
same on SQLite and PostgreSQL.
"""

from fractions import Fraction

from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.expressions import Combinable
from django.utils.translation import gettext_lazy as _

DENOMINATOR = 12


def to_twelfths(value):
    scaled = Fraction(value) * DENOMINATOR
    if scaled.denominator != 1:
        raise ValueError(f"{value} is not a whole number of twelfths")
    return int(scaled)


class TwelfthsField(models.BigIntegerField):
    description = _("An exact fraction with a denominator dividing 12")

    # The model attribute's types for the type checker: a Fraction is read back, a Fraction or
    # a whole number is written. django-stubs reads them from these two names, which its
    # IntegerField declares `int`; a field that converts what it reads (from_db_value) cannot say
    # otherwise in a subclass that may be null=True (the stubs' generic parameters refuse a
    # nullable field whose read type is not optional), hence the ignores.
    _pyi_private_set_type: Fraction | int | Combinable  # type: ignore[assignment]
    _pyi_private_get_type: Fraction  # type: ignore[assignment]

    def from_db_value(self, value, expression, connection):
        return None if value is None else Fraction(int(value), DENOMINATOR)

    def to_python(self, value):
        if value is None or isinstance(value, Fraction):
            return value
        try:
            return Fraction(value)
        except (TypeError, ValueError) as exc:
            raise ValidationError(_("Enter a number or a fraction such as 7/3.")) from exc

    def get_prep_value(self, value):
        if value is None:
            return None
        return to_twelfths(value)

    def value_to_string(self, obj):
        value = self.value_from_object(obj)
        return "" if value is None else str(value)
