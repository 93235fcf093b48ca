"""The archive's field lists (`desk/archive.py`, the `*_FIELDS` tuples) keep step with the models.

Every concrete field (and many-to-many relation) of every model of the tournament and scoring
apps is either archived, by value (in the model's `*_FIELDS` tuple) or by reference (a session
or table by its number, a registration by its player number, an account by its user name), or
listed below as deliberately left out, with the reason. A field added to a model and to none of
these fails here, so it cannot be silently dropped from archives; a name left in a tuple after
its field was removed fails too.
"""

import gzip
import json

import pytest
from django.apps import apps

from desk import archive, archive_calls
from desk.archive import export_archive
from scoring.access import Actor
from scoring.calls import services as calls
from scoring.models import AuditEntry, Hand, Penalty, RefereeCall, SeatResult
from scoring.services.penalties import cancel_penalty
from tests.factories import build, penalize, play_session
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
from tournament.services.categories import create_category, set_categories
from tournament.services.teams import add_member, create_team

#: model: (where its rows are in the archive, fields archived by value, {field archived by
#: reference: the archive's key for it}).
ARCHIVED = {
    Tournament: ("tournament", archive.TOURNAMENT_FIELDS, {}),
    Player: ("registrations/player", archive.PLAYER_FIELDS, {}),
    Team: ("teams", archive.TEAM_FIELDS, {}),
    Category: ("categories", archive.CATEGORY_FIELDS, {}),
    Registration: (
        "registrations",
        archive.REGISTRATION_FIELDS,
        # a team and the categories by their names, unique in the tournament
        {"player": "player", "team": "team", "categories": "categories"},
    ),
    Session: ("sessions", archive.SESSION_FIELDS, {"confirmed_by": "confirmed_by"}),
    Table: (
        "tables",
        archive.TABLE_FIELDS,
        {"session": "session", "closed_by": "closed_by", "referees": "referees"},
    ),
    # A seat is written field by field (export_archive), without a tuple.
    Seat: (
        "seats",
        ("wind",),
        {"session": "session", "table": "table", "registration": "player", "replaced": "replaced"},
    ),
    Hand: (
        "hands",
        archive.HAND_FIELDS,
        # the session travels with the table: a table number is unique within its session
        {"table": "table", "entered_by": "entered_by"},
    ),
    Penalty: (
        "penalties",
        archive.PENALTY_FIELDS,
        {
            "registration": "player",
            "session": "session",
            "table": "table",
            "given_by": "given_by",
            "cancelled_by": "cancelled_by",
        },
    ),
    SeatResult: (
        "results",
        archive.RESULT_FIELDS,
        {"session": "session", "table": "table", "registration": "player"},
    ),
    AuditEntry: (
        "audit",
        archive.AUDIT_FIELDS,
        {"session": "session", "table": "table", "user": "user", "registrations": "players"},
    ),
    RefereeCall: (
        "calls",
        archive_calls.CALL_FIELDS,
        {"table": "table", "made_by": "made_by", "taken_by": "taken_by", "closed_by": "closed_by"},
    ),
}

#: Keys an archive record has beyond its fields: the session of a row that names its table.
EXTRA_KEYS = {Hand: {"session"}, RefereeCall: {"session"}}

ROW_IDS = (
    "row ids are this desk's own: the receiving desk numbers its rows itself, and the archive "
    "refers to rows by session, table and player numbers and to accounts by user name"
)
ONE_TOURNAMENT = "an archive holds one tournament: every row of it belongs to that tournament"

#: (model, field): why the archive leaves it out. "id" is left out of every model.
LEFT_OUT = {
    (Tournament, "directors"): (
        "accounts of one desk give no right on another: the account restoring an archive "
        "becomes its director"
    ),
    **{
        (Table, name): (
            "the phone's contact with this desk during the session (dashboard only): a "
            "restored table has had no phone reach the receiving desk"
        )
        for name in ("last_contact_at", "waiting_reported", "waiting_reported_at")
    },
    (Penalty, "submission"): (
        "the penalty form's one-time id: it only guards against the same form saved twice on "
        "this desk (a double tap, the phone's offline queue), which is over once archived"
    ),
    **{
        (model, "table_revision"): (
            "the table's revision a save produced, for the phone's offline queue on this desk; "
            "a restored table's revisions start again on the receiving desk"
        )
        for model in (Hand, Penalty, RefereeCall)
    },
    (RefereeCall, "submission"): (
        "the call form's one-time id: it only guards against the same call sent twice to this "
        "desk (a double tap, the phone's offline queue), which is over once archived"
    ),
    (Tournament, "created_at"): (
        "when this desk created the tournament; the receiving desk records when it was restored"
    ),
    (Tournament, "reveal_step"): (
        "how far the projector's results reveal has got at this moment (the prize-giving's "
        "screen state); a restored tournament starts its reveal from the beginning"
    ),
    (Player, "created_at"): (
        "bookkeeping of this desk's player list; a restored player may be one the receiving "
        "desk already has (same EMA id), whose own times stay"
    ),
    (Player, "updated_at"): (
        "bookkeeping of this desk's player list (the standings' cache fingerprint reads it); "
        "the receiving desk keeps its own"
    ),
    (Registration, "tournament"): ONE_TOURNAMENT,
    (Team, "tournament"): ONE_TOURNAMENT,
    (Category, "tournament"): ONE_TOURNAMENT,
    (Session, "tournament"): ONE_TOURNAMENT,
    (AuditEntry, "tournament"): ONE_TOURNAMENT,
}


def model_fields(model):
    """The names of every concrete field and many-to-many relation of `model`."""
    return {field.name for field in model._meta.concrete_fields} | {
        field.name for field in model._meta.many_to_many
    }


def test_every_model_of_a_tournament_is_archived():
    models = set(apps.get_app_config("tournament").get_models()) | set(
        apps.get_app_config("scoring").get_models()
    )
    assert models == set(ARCHIVED)


@pytest.mark.parametrize("model", list(ARCHIVED), ids=lambda model: model.__name__)
def test_every_field_is_archived_or_left_out_for_a_reason(model):
    _where, by_value, by_reference = ARCHIVED[model]
    left_out = {"id"} | {name for (owner, name) in LEFT_OUT if owner is model}
    fields = model_fields(model)
    assert len(set(by_value)) == len(by_value), "a field archived twice"
    accounted = [set(by_value), set(by_reference), left_out]
    for index, group in enumerate(accounted):
        for other in accounted[index + 1 :]:
            assert not group & other, f"{model.__name__}: {group & other} listed twice"
    forgotten = fields - set().union(*accounted)
    assert not forgotten, (
        f"{model.__name__}: {sorted(forgotten)} is neither archived (desk/archive.py) nor "
        "listed in LEFT_OUT here with the reason"
    )
    stale = set().union(*accounted) - fields
    assert not stale, f"{model.__name__} has no field {sorted(stale)}"
    assert all(reason for (owner, _name), reason in LEFT_OUT.items() if owner is model)
    assert not [
        name
        for name in by_value
        if model._meta.get_field(name).is_relation or model._meta.get_field(name).primary_key
    ], "a relation is archived by reference (a number or a user name), not by value"


@pytest.fixture
def archived(db, director):
    """The archive's JSON of a tournament with a row in every section: a team and a category,
    session 1 confirmed with a refereed table, a late arrival, a cancelled penalty and a referee
    call taken and closed; session 2 drawn."""
    actor = Actor(user=director)
    tournament = build(players=8, slug="fields")
    team = create_team(tournament, name="Kaze", country="ITA")
    add_member(tournament, team.pk, 1)
    add_member(tournament, team.pk, 2)
    set_categories(tournament, 1, [create_category(tournament, name="Ladies").pk])
    table = tournament.sessions.get(number=1).tables.get(number=1)
    table.referees.add(director)
    penalize(table, 1, "late_arrival", actor, minutes=5)
    cancel_penalty(penalize(table, 2, "tile_not_shown", actor), actor=actor, reason="Misheard")
    call = calls.make_call(table, "dispute", "hand 1", actor=Actor(via="table link"))
    calls.take_call(call, actor=actor)
    calls.close_call(call, actor=actor, outcome="played on")
    play_session(tournament, 1, actor)
    return json.loads(gzip.decompress(export_archive(tournament)))


def records(data, where):
    if where == "tournament":
        return [data["tournament"]]
    if where == "registrations/player":
        return [item["player"] for item in data["registrations"]]
    return data[where]


@pytest.mark.parametrize("model", list(ARCHIVED), ids=lambda model: model.__name__)
def test_the_archive_writes_exactly_the_listed_fields(archived, model):
    where, by_value, by_reference = ARCHIVED[model]
    rows = records(archived, where)
    assert rows, f"the test tournament has no {model.__name__} to archive"
    expected = set(by_value) | set(by_reference.values()) | EXTRA_KEYS.get(model, set())
    nested = {"player"} if model is Registration else set()
    for row in rows:
        assert set(row) == expected, (model.__name__, set(row) ^ expected)
        assert not nested or isinstance(row["player"], dict)
