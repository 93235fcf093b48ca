"""Issue 13: the ranges of `rules.limits` that are invariants of a penalty are held by the
database too (CheckConstraints, on SQLite and PostgreSQL), whatever wrote the row."""

import pytest
from django.db import IntegrityError, transaction

from rules.limits import MAX_HAND_NUMBER, MAX_MINUTES_LATE, MAX_PENALTY_POINTS
from scoring.models import Penalty
from tests.factories import build


@pytest.fixture
def registration_and_session(db):
    tournament = build(slug="ranges")
    session = tournament.sessions.get(number=1)
    return session.tables.get(number=1).seats.get(wind=0).registration, session


@pytest.mark.parametrize(
    ("fields", "stored"),
    [
        ({"hand_number": MAX_HAND_NUMBER}, True),
        ({"hand_number": MAX_HAND_NUMBER + 1}, False),
        ({"minutes_late": MAX_MINUTES_LATE}, True),
        ({"minutes_late": MAX_MINUTES_LATE + 1}, False),
        ({"points": -MAX_PENALTY_POINTS}, True),
        ({"points": -MAX_PENALTY_POINTS - 1}, False),
        ({"transfer": MAX_PENALTY_POINTS}, True),
        ({"transfer": MAX_PENALTY_POINTS + 1}, False),
    ],
)
def test_a_penalty_out_of_range_cannot_be_stored(registration_and_session, fields, stored):
    registration, session = registration_and_session
    row = {"registration": registration, "session": session, "kind": "tile_not_shown"}
    row.update({"points": -10, **fields})
    if stored:
        Penalty.objects.create(**row)
        assert Penalty.objects.count() == 1
    else:
        with pytest.raises(IntegrityError), transaction.atomic():
            Penalty.objects.create(**row)
        assert Penalty.objects.count() == 0
