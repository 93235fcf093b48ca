"""A model's database constraints, checked on unsaved objects in Python, without a query.

A restore (`desk.archive_plan`) builds tens of thousands of rows and checks them all before it
opens its write transaction, so that the database's constraints can only hold when it inserts
them. Django checks a `CheckConstraint` by asking the database (one query per object and
constraint, far too many here); `violations()` evaluates its condition in Python, as SQL would:
three-valued, a comparison with NULL is unknown and an unknown condition passes, as in a
database's CHECK. It knows the lookups and expressions the desk's constraints use (`exact`,
`gt`, `gte`, `lt`, `lte`, `in`, `isnull`, `regex`, `F()`, `Value()`, `Mod()`); anything else raises
`TypeError`, and `tests/reliability/test_archive_constraints.py` evaluates every constraint of
every model a restore writes against the database's own answer. Each condition is turned into
Python functions once (`_compiled`), then called for every object.

`duplicates()` finds the objects of one model that share the key of a `UniqueConstraint` (its
condition evaluated as above) or of a unique field.
"""

import operator
import re
from collections.abc import Callable
from typing import Any, cast

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import F, Q, UniqueConstraint, Value
from django.db.models.constraints import CheckConstraint
from django.db.models.functions import Mod
from django.db.models.lookups import Lookup

UNKNOWN = None


def _named(expression: F) -> str:
    """The field an `F()` names (the stubs do not declare its attribute)."""
    return cast(Any, expression).name


def _getter(model, name):
    """A function giving a field's value on an object of `model`: the related object of a
    relation (saved or not; None when missing), else the attribute."""
    field = model._meta.get_field(name)
    if not field.is_relation:
        return operator.attrgetter(field.attname)
    related = field.name

    def value(obj):
        try:
            return getattr(obj, related)
        except ObjectDoesNotExist:  # none given where one is required
            return None

    return value


def _expression(model, expression):
    """A function of the object giving `expression`'s value."""
    if isinstance(expression, F):
        return _getter(model, _named(expression))
    if isinstance(expression, Value):
        return lambda obj, value=expression.value: value
    if isinstance(expression, Mod):
        left, right = (_expression(model, part) for part in expression.get_source_expressions())

        def modulo(obj):
            a, b = left(obj), right(obj)
            return UNKNOWN if a is None or b is None else a % b

        return modulo
    if hasattr(expression, "resolve_expression"):
        raise TypeError(f"cannot evaluate {expression!r} in Python")
    return lambda obj, value=expression: value


_COMPARISONS = {
    "exact": operator.eq,
    "gt": operator.gt,
    "gte": operator.ge,
    "lt": operator.lt,
    "lte": operator.le,
    "in": lambda left, right: any(left == item for item in right),
    "regex": lambda left, right: re.search(right, str(left)) is not None,
}


def _comparison(lookup, left, right):
    """A function of the object comparing `left(obj)` with `right(obj)` as SQL would."""
    if lookup == "isnull":
        return lambda obj: (left(obj) is None) == bool(right(obj))
    if lookup not in _COMPARISONS:
        raise TypeError(f"cannot evaluate the lookup {lookup!r} in Python")
    compare = _COMPARISONS[lookup]

    def compared(obj):
        a, b = left(obj), right(obj)
        if a is None or b is None:
            return UNKNOWN
        return compare(a, b)

    return compared


def _leaf(model, child):
    if isinstance(child, Q):
        return _condition(model, child)
    if isinstance(child, Lookup):
        return _comparison(
            child.lookup_name, _expression(model, child.lhs), _expression(model, child.rhs)
        )
    if isinstance(child, tuple):
        path, right = child
        name, _sep, lookup = path.partition("__")
        lookup = lookup or "exact"
        if "__" in lookup:
            raise TypeError(f"cannot follow {path!r} in Python")
        if lookup == "exact" and right is None:
            lookup, right = "isnull", True
        return _comparison(lookup, _getter(model, name), _expression(model, right))
    raise TypeError(f"cannot evaluate {child!r} in Python")


def _condition(model, q):
    """A function of the object: True, False or None (unknown) for `q`, as SQL would say."""
    parts = [_leaf(model, child) for child in q.children]
    conjunction, negated = q.connector == Q.AND, q.negated

    def evaluated(obj):
        results = [part(obj) for part in parts]
        if conjunction:
            result = False if False in results else (UNKNOWN if UNKNOWN in results else True)
        else:
            result = True if True in results else (UNKNOWN if UNKNOWN in results else False)
        if negated and result is not UNKNOWN:
            result = not result
        return result

    return evaluated


_compiled_conditions: dict[tuple[type, int], tuple[Q, Callable[[Any], bool | None]]] = {}


def _compiled(model, q):
    """`_condition(model, q)`, made once per model and condition (kept with the condition,
    which lives as long as the model)."""
    key = (model, id(q))
    if key not in _compiled_conditions:
        _compiled_conditions[key] = (q, _condition(model, Q(q)))
    return _compiled_conditions[key][1]


def evaluate(obj, q):
    """True, False or None (unknown) for the condition `q` on `obj`, as SQL would say."""
    return _compiled(type(obj), q)(obj)


def violations(obj):
    """The CheckConstraints of `obj`'s model that `obj` breaks (an unknown condition holds)."""
    model = type(obj)
    return [
        constraint
        for constraint in model._meta.constraints
        if isinstance(constraint, CheckConstraint)
        and _compiled(model, constraint.condition)(obj) is False
    ]


def field_names(q):
    """The names of the fields a condition reads, in order."""
    names = []

    def walk(node):
        if isinstance(node, Q):
            for child in node.children:
                if isinstance(child, tuple):  # ("name__lookup", value)
                    names.append(child[0].partition("__")[0])
                    walk(child[1])
                else:
                    walk(child)
        elif isinstance(node, F):
            names.append(_named(node))
        elif hasattr(node, "get_source_expressions"):  # a lookup, a function
            for part in node.get_source_expressions():
                walk(part)

    walk(q)
    return list(dict.fromkeys(names))


def unique_keys(model):
    """(name, field names, condition or None) of every uniqueness of `model`: its unique
    fields (the primary key aside) and its UniqueConstraints on fields."""
    keys: list[tuple[str, tuple[str, ...], Q | None]] = [
        (field.name, (field.name,), None)
        for field in model._meta.concrete_fields
        if field.unique and not field.primary_key
    ]
    keys += [
        (constraint.name, tuple(constraint.fields), constraint.condition)
        for constraint in model._meta.constraints
        if isinstance(constraint, UniqueConstraint) and constraint.fields
    ]
    return keys


def _key_part(value):
    """A related object stands for itself until it has a primary key (compared by identity)."""
    if hasattr(value, "_meta"):
        return ("row", value.pk) if value.pk is not None else ("new", id(value))
    return value


def duplicates(objects, model):
    """(uniqueness name, field names, first object, second object) for every pair of `objects`
    of `model` that the database would refuse to hold together. NULLs never collide."""
    found = []
    for name, fields, condition in unique_keys(model):
        applies = _compiled(model, condition) if condition is not None else None
        getters = [_getter(model, field) for field in fields]
        seen: dict[tuple[Any, ...], Any] = {}
        for obj in objects:
            if applies is not None and applies(obj) is not True:
                continue
            key = tuple(_key_part(get(obj)) for get in getters)
            if None in key:
                continue
            if key in seen:
                found.append((name, fields, seen[key], obj))
            else:
                seen[key] = obj
    return found
