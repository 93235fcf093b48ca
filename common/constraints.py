"""A model's database constraints, checked on unsaved objects in Python, without a query.

A restore (`desk.archive_plan`) builds tens of thousands of rows and checks them all before it
opens its write transaction, so that the database's constraints can only hold when it inserts
them. Django checks a `CheckConstraint` by asking the database (one query per object and
constraint, far too many here); `violations()` evaluates its condition in Python, as SQL would:
three-valued, a comparison with NULL is unknown and an unknown condition passes, as in a
database's CHECK. It knows the lookups and expressions the desk's constraints use (`exact`,
`gt`, `gte`, `lt`, `lte`, `in`, `isnull`, `regex`, `F()`, `Value()`, `Mod()`); anything else raises
`TypeError`, and `tests/reliability/test_archive_constraints.py` evaluates every constraint of
every model a restore writes against the database's own answer.

`duplicates()` finds the objects of one model that share the key of a `UniqueConstraint` (its
condition evaluated as above) or of a unique field.
"""

import re

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import F, Q, UniqueConstraint, Value
from django.db.models.constraints import CheckConstraint
from django.db.models.functions import Mod
from django.db.models.lookups import Lookup

UNKNOWN = None


def _value(obj, name):
    """A field's value on `obj`: the related object of a relation (saved or not), else the
    attribute."""
    field = obj._meta.get_field(name)
    if field.is_relation:
        try:
            return getattr(obj, field.name)
        except ObjectDoesNotExist:  # none given where one is required
            return None
    return getattr(obj, field.attname)


def _expression(obj, expression):
    if isinstance(expression, F):
        return _value(obj, expression.name)
    if isinstance(expression, Value):
        return expression.value
    if isinstance(expression, Mod):
        left, right = (_expression(obj, part) for part in expression.get_source_expressions())
        return UNKNOWN if left is None or right is None else left % right
    if hasattr(expression, "resolve_expression"):
        raise TypeError(f"cannot evaluate {expression!r} in Python")
    return expression


def _same(left, right):
    """SQL's `=`, with related objects compared as Django compares models."""
    return left == right


def _compare(lookup, left, right):
    if lookup == "isnull":
        return (left is None) == bool(right)
    if left is None or (right is None and lookup != "in"):
        return UNKNOWN
    if lookup == "exact":
        return _same(left, right)
    if lookup == "gt":
        return left > right
    if lookup == "gte":
        return left >= right
    if lookup == "lt":
        return left < right
    if lookup == "lte":
        return left <= right
    if lookup == "in":
        return any(_same(left, item) for item in right)
    if lookup == "regex":
        return re.search(right, str(left)) is not None
    raise TypeError(f"cannot evaluate the lookup {lookup!r} in Python")


def _leaf(obj, child):
    if isinstance(child, Q):
        return evaluate(obj, child)
    if isinstance(child, Lookup):
        left, right = _expression(obj, child.lhs), _expression(obj, child.rhs)
        return _compare(child.lookup_name, left, right)
    if isinstance(child, tuple):
        path, right = child
        name, _sep, lookup = path.partition("__")
        lookup = lookup or "exact"
        if "__" in lookup:
            raise TypeError(f"cannot follow {path!r} in Python")
        right = _expression(obj, right)
        if lookup == "exact" and right is None:
            lookup, right = "isnull", True
        return _compare(lookup, _value(obj, name), right)
    raise TypeError(f"cannot evaluate {child!r} in Python")


def evaluate(obj, q):
    """True, False or None (unknown) for the condition `q` on `obj`, as SQL would say."""
    results = [_leaf(obj, child) for child in q.children]
    if q.connector == Q.AND:
        result = False if False in results else (UNKNOWN if UNKNOWN in results else True)
    else:
        result = True if True in results else (UNKNOWN if UNKNOWN in results else False)
    if q.negated and result is not UNKNOWN:
        result = not result
    return result


def violations(obj):
    """The CheckConstraints of `obj`'s model that `obj` breaks (an unknown condition holds)."""
    return [
        constraint
        for constraint in obj._meta.constraints
        if isinstance(constraint, CheckConstraint)
        and evaluate(obj, Q(constraint.condition)) is False
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
            names.append(node.name)
        elif hasattr(node, "get_source_expressions"):  # a lookup, a function
            for part in node.get_source_expressions():
                walk(part)

    walk(q)
    return list(dict.fromkeys(names))


def unique_keys(model):
    """(name, field names, condition or None) of every uniqueness of `model`: its unique
    fields (the primary key aside) and its UniqueConstraints on fields."""
    keys = [
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
        seen = {}
        for obj in objects:
            if condition is not None and evaluate(obj, Q(condition)) is not True:
                continue
            key = tuple(_key_part(_value(obj, field)) for field in fields)
            if None in key:
                continue
            if key in seen:
                found.append((name, fields, seen[key], obj))
            else:
                seen[key] = obj
    return found
