"""The database constraints a restore checks in Python (`common.constraints`) say what the
database says (issue 30, point 3).

Every CheckConstraint of every model a restore writes is evaluated, in Python and by the
database itself (Django's `constraint.validate`, a query), on real rows of a played tournament
and on those rows with each field the constraint reads set to values at and past its limits.
"""

import copy
import datetime as dt
import uuid
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.constraints import CheckConstraint

from common.constraints import duplicates, evaluate, field_names
from scoring.access import Actor
from scoring.models import AuditEntry, Hand, Penalty, SeatResult
from scoring.services.penalties import give_penalty
from tests.factories import build, play_session
from tournament.models import (
    Category,
    Player,
    Registration,
    Seat,
    Session,
    Table,
    Team,
    Tournament,
)
from tournament.services.categories import create_category
from tournament.services.teams import create_team

MODELS = (
    Tournament,
    Team,
    Category,
    Player,
    Registration,
    Session,
    Table,
    Seat,
    Hand,
    Penalty,
    SeatResult,
    AuditEntry,
)

NUMBERS = (
    None,
    -10_000_001,
    -1,
    0,
    1,
    3,
    4,
    5,
    8,
    10,
    29,
    30,
    31,
    120,
    121,
    400,
    401,
    600,
    601,
    999,
    1000,
    2**63 - 1,
)
TEXTS = (
    None,
    "",
    "ITA",
    "ita",
    "Italy",
    "12345678",
    "1234567",
    "x",
    "discard",
    "washout",
    "late_arrival",
    "infraction",
    "referee_decision",
    "mcr",
    "full",
    "draw",
)


def probes(field, obj):
    if field.is_relation:
        related = getattr(obj, field.name)
        others = [
            getattr(obj, other.name)
            for other in obj._meta.concrete_fields
            if other.is_relation and other.related_model is field.related_model
        ]
        return [None, related, *others]
    if isinstance(field, models.BooleanField):
        return [None, True, False]
    if isinstance(field, models.DecimalField):
        return [None, Decimal("0.4"), Decimal("0.5"), Decimal("9.5"), Decimal("9.6")]
    if isinstance(field, models.DateTimeField):
        return [None, dt.datetime(2026, 5, 2, 10, tzinfo=dt.UTC)]
    if isinstance(field, models.DateField):
        return [None, dt.date(2026, 5, 1), dt.date(2026, 5, 2), dt.date(2026, 5, 3)]
    if isinstance(field, models.JSONField):
        return [None, {}, {"fills": {}, "items": []}]
    if isinstance(field, models.IntegerField):
        return list(NUMBERS)
    if isinstance(field, models.CharField):
        return [*TEXTS, *(code for code, _label in field.choices or ())]
    return []


@pytest.fixture
def rows(db, director):
    tournament = build(players=8, slug="rows")
    create_team(tournament, name="Kaze", country="ITA")
    create_category(tournament, name="Juniors")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    give_penalty(
        table.session,
        table.seats.get(wind=1).registration,
        "false_hu",
        actor=Actor(user=director),
        table=table,
        valid_shape=True,
    )
    play_session(tournament, 1, Actor(user=director))
    return {model: list(model.objects.all()[:6]) for model in MODELS}


def database_says(constraint, model, obj):
    try:
        constraint.validate(model, obj)
    except ValidationError:
        return False
    return True


def test_every_check_constraint_reads_as_the_database_reads_it(rows):
    compared = 0
    for model in MODELS:
        assert rows[model], model
        for constraint in model._meta.constraints:
            if not isinstance(constraint, CheckConstraint):
                continue
            condition = Q(constraint.condition)
            for original in rows[model]:
                for name in field_names(condition):
                    field = model._meta.get_field(name)
                    for value in probes(field, original):
                        obj = copy.copy(original)
                        setattr(obj, field.name if field.is_relation else field.attname, value)
                        python = evaluate(obj, condition) is not False
                        assert python == database_says(constraint, model, obj), (
                            constraint.name,
                            name,
                            value,
                        )
                        compared += 1
    assert compared > 1000


def test_duplicates_follow_unique_constraints_and_their_conditions(rows):
    hands = rows[Hand]
    hands[0].submission = uuid.uuid4()
    twin = copy.copy(hands[0])
    twin.pk = None
    twin.version += 1
    assert duplicates([hands[0], twin], Hand) and {
        name for name, *_rest in duplicates([hands[0], twin], Hand)
    } == {"hand_one_current_version", "submission"}
    twin.is_current, twin.submission = False, None
    assert duplicates([hands[0], twin], Hand) == []  # a former version, no submission
    first, second = Penalty(submission=None), Penalty(submission=None)
    assert duplicates([first, second], Penalty) == []  # NULLs never collide
