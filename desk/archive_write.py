"""Writing a checked restore plan while holding the database's write lock as briefly as possible.

`prepare(plan)` runs before the transaction: it turns every object of the plan into the row the
database stores (each value already converted by its field, as Django's own insert would), leaving
only the foreign keys to rows inserted just before, which are known once those rows exist.
`write(prepared)` runs inside the transaction and only executes INSERTs, many rows per statement:
no model validation, no expression building, no UPDATE afterwards (archived creation times are
inserted as they are, where `auto_now_add` would have put "now").

Rows that other rows point to get their ids back by their natural key (a registration's number, a
session's number, a table's session and number); audit entries, which have none, by their order:
one connection inserting rows one after the other gets increasing ids (SQLite's rowid, a
PostgreSQL identity).
"""

from django.contrib.auth import get_user_model
from django.db import connection, models

from desk.archive_values import already_here
from scoring.models import AuditEntry, Hand, Penalty, RefereeCall, SeatResult
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

BATCH = 2000


class Rows:
    """An INSERT of many rows of one model, prepared outside the transaction."""

    def __init__(self, model, objects, fields=None):
        self.model = model
        self.fields = fields or [f for f in model._meta.concrete_fields if not f.primary_key]
        self.objects = list(objects)
        self.rows = [
            [
                getattr(obj, f.name)
                if f.is_relation
                else f.get_db_prep_save(getattr(obj, f.attname), connection)
                for f in self.fields
            ]
            for obj in self.objects
        ]
        quote = connection.ops.quote_name
        self.sql = "INSERT INTO {} ({}) VALUES ({})".format(
            quote(model._meta.db_table),
            ", ".join(quote(f.column) for f in self.fields),
            ", ".join(["%s"] * len(self.fields)),
        )

    def insert(self, cursor):
        """Insert the rows; a related object stands for its id, known by now."""
        params = [
            tuple(value.pk if isinstance(value, models.Model) else value for value in row)
            for row in self.rows
        ]
        for start in range(0, len(params), BATCH):
            cursor.executemany(self.sql, params[start : start + BATCH])


class Through(Rows):
    """The rows of a many-to-many table: (object, related object) pairs."""

    def __init__(self, relation, pairs):
        through = relation.through
        fields = [f for f in through._meta.concrete_fields if f.is_relation]
        self.pairs = list(pairs)
        super().__init__(through, [], fields)
        source = relation.field.m2m_field_name()
        self.fields = [
            next(f for f in fields if f.name == source),
            next(f for f in fields if f.name != source),
        ]
        self.rows = [[left, right] for left, right in self.pairs]
        quote = connection.ops.quote_name
        self.sql = "INSERT INTO {} ({}) VALUES (%s, %s)".format(
            quote(through._meta.db_table), ", ".join(quote(f.column) for f in self.fields)
        )


def prepare(plan):
    """Everything `write` inserts, converted for the database. Reads nothing, writes nothing."""
    return {
        "plan": plan,
        "teams": Rows(Team, plan.teams),
        "categories": Rows(Category, plan.categories),
        "registrations": Rows(Registration, plan.registrations),
        "registration_categories": Through(Registration.categories, plan.registration_categories),
        "sessions": Rows(Session, plan.sessions),
        "tables": Rows(Table, plan.tables),
        "seats": Rows(Seat, plan.seats),
        "hands": Rows(Hand, plan.hands),
        "penalties": Rows(Penalty, plan.penalties),
        "results": Rows(SeatResult, plan.results),
        "audit": Rows(AuditEntry, [entry for entry, _players in plan.audit]),
        "calls": Rows(RefereeCall, plan.calls),
        "referees": Through(Table.referees, plan.referees),
        "audit_players": Through(
            AuditEntry.registrations,
            [(entry, r) for entry, registrations in plan.audit for r in registrations],
        ),
    }


def _ids(queryset, objects, key):
    """Give each object the id of its row: `queryset` yields (id, *key), `key(object)` the key."""
    by_key = {tuple(values[1:]): values[0] for values in queryset}
    for obj in objects:
        obj.pk = by_key[key(obj)]
        obj._state.adding = False


def write(prepared):
    """Insert the prepared rows; inside the caller's transaction. Returns the tournament."""
    plan = prepared["plan"]
    tournament = plan.tournament
    if Tournament.objects.filter(slug=tournament.slug).exists():  # restored meanwhile
        raise already_here(tournament.slug)
    get_user_model().objects.bulk_create(plan.new_users)
    tournament.save()
    Player.objects.bulk_create(plan.new_players, batch_size=1000)
    with connection.cursor() as cursor:
        for name, model, objects in (
            ("teams", Team, plan.teams),
            ("categories", Category, plan.categories),
        ):
            prepared[name].insert(cursor)
            _ids(
                model.objects.filter(tournament=tournament).values_list("id", "name"),
                objects,
                lambda group: (group.name,),
            )
        prepared["registrations"].insert(cursor)
        _ids(
            Registration.objects.filter(tournament=tournament).values_list("id", "number"),
            plan.registrations,
            lambda registration: (registration.number,),
        )
        prepared["sessions"].insert(cursor)
        _ids(
            Session.objects.filter(tournament=tournament).values_list("id", "number"),
            plan.sessions,
            lambda session: (session.number,),
        )
        prepared["tables"].insert(cursor)
        _ids(
            Table.objects.filter(session__tournament=tournament).values_list(
                "id", "session_id", "number"
            ),
            plan.tables,
            lambda table: (table.session.pk, table.number),
        )
        for name in ("seats", "hands", "penalties", "results", "audit", "calls"):
            prepared[name].insert(cursor)
        entries = [entry for entry, _players in plan.audit]
        ids = AuditEntry.objects.filter(tournament=tournament).order_by("id")
        for entry, pk in zip(entries, ids.values_list("id", flat=True), strict=True):
            entry.pk = pk
        prepared["referees"].insert(cursor)
        prepared["audit_players"].insert(cursor)
        prepared["registration_categories"].insert(cursor)
    return Tournament.objects.get(pk=tournament.pk)
