"""A table's writes through the API: a hand, a correction, a penalty, a referee call. Each goes through the
form the page uses (the same fields, the same messages) and the same service, with the same
revision check and one-time submission id:

- 201 saved (200 for a correction), with the revision the write produced;
- 200 `duplicate`: this submission id was saved before; the answer is the first result, and
  nothing is saved a second time;
- 409: the table's revision moved since (another device saved); `revision` is the current one;
- 400: the form or the rules refused the entry (`errors` by field, the pages' messages);
- 403: the table takes no such write now (closed, session not current), or not from this token.

A hand is written as it is read (`api.views.reads.table_data`): a figure per seat may come as
the array the reads give, by starting seat (`"han": [0, 0, 3, 0]`), or as the form's fields
(`han_0` ... `han_3`); a client posts back what it read.
"""

from django.http import QueryDict
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import NotFound, ParseError
from rest_framework.response import Response
from rest_framework.views import APIView

import rules
from api import serializers as s
from api.principals import actor, check_slug, require_writer
from scoring.calls.forms import CallForm
from scoring.forms import HandEntryForm
from scoring.penalty_forms import PenaltyForm
from scoring.referee import answers, saves
from scoring.services import penalties
from scoring.services.tables import entry_state, snapshot
from tournament.models import WIND_LETTERS, Tournament

ANSWERS = {
    201: s.WriteResultSerializer,
    200: s.WriteResultSerializer,
    400: s.RefusalSerializer,
    401: s.RefusalSerializer,
    403: s.RefusalSerializer,
    404: s.RefusalSerializer,
    409: s.RefusalSerializer,
    429: s.RefusalSerializer,
}


def writable_table(request, slug, number, table_number):
    """The URL's table, when this request may write to it (404 / 401 / 403 otherwise)."""
    check_slug(request, slug)
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        raise NotFound
    session = get_object_or_404(tournament.sessions, number=number)
    table = get_object_or_404(
        session.tables.select_related("session__tournament"), number=table_number
    )
    require_writer(request, table)
    return table


def form_data(data):
    """The JSON body as the form data the page would post."""
    if not isinstance(data, dict):
        raise ParseError(_("Send a JSON object."))
    form = QueryDict(mutable=True)
    for key, value in data.items():
        values = value if isinstance(value, list) else [value]
        form.setlist(str(key), ["" if item is None else _text(item) for item in values])
    return form


def _text(value):
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, dict | list):
        return ""  # no field takes one: the form says what is missing
    return str(value)


def per_seat_arrays(data, specs):
    """Spread each per-seat figure sent as an array by starting seat (as the reads give it:
    `"han": [0, 0, 3, 0]`) into the form's fields `han_0` ... `han_3`. Returns {field:
    [message]} for an array that is not four values, or that disagrees with the same figure
    also sent seat by seat; nothing is spread then."""
    errors = {}
    for spec in specs:
        if spec.kind != rules.base.PER_SEAT_INT or spec.name not in data:
            continue
        values = data.getlist(spec.name)
        names = [f"{spec.name}_{seat}" for seat in range(4)]
        if len(values) != 4:
            errors[spec.name] = [
                _("Give four values, one per starting seat (East first), or %(fields)s.")
                % {"fields": ", ".join(names)}
            ]
            continue
        given = {name: data[name] for name in names if name in data}
        if any(
            given[name] != value for name, value in zip(names, values, strict=True) if name in given
        ):
            errors[spec.name] = [
                _("%(field)s and %(fields)s disagree: send one of them.")
                % {"field": spec.name, "fields": ", ".join(names)}
            ]
            continue
        del data[spec.name]
        for name, value in zip(names, values, strict=True):
            data[name] = value
    return errors


def hand_form(table, data, ruleset, seats, state):
    """The page's hand form on the API's data (per-seat arrays spread first), or the
    "invalid" outcome of an array it cannot take."""
    errors = per_seat_arrays(data, ruleset.hand_fields(state))
    if errors:
        message = next(iter(errors.values()))[0]
        return None, answers.invalid(table, message=message, errors=errors)
    data["session"] = str(table.session.number)
    form = HandEntryForm(
        data, ruleset=ruleset, state=state, seats=seats, first_wind=table.first_wind
    )
    return form, None


def respond(outcome):
    """The API's answer to a save's outcome (`scoring.referee.answers.api_answer`)."""
    http, body = answers.api_answer(outcome)
    return Response(body, status=http)


class TableWrite(APIView):
    """A write to one table: each subclass's `post` (the address's own parameters) answers
    with `save()`, which checks the table and the writer, then calls the subclass's `write()`."""

    def write(self, table, data, who) -> answers.Outcome:  # pragma: no cover - subclasses do
        raise NotImplementedError

    def save(self, request, slug, number, table):
        table = writable_table(request, slug, number, table)
        data = form_data(request.data)
        who = actor(request, table.session.tournament)
        outcome = (
            saves.already_saved(table, data.get("submission"))
            or saves.not_writable(table, who)
            or self.write(table, data, who)
        )
        return respond(outcome)


class HandCreate(TableWrite):
    @extend_schema(request=s.HandWriteSerializer, responses=ANSWERS)
    def post(self, request, slug, number, table):
        """Save the table's next hand (the fields of the table page's hand form)."""
        return self.save(request, slug, number, table)

    def write(self, table, data, who):
        form, refused = hand_form(table, data, *entry_state(table))
        return refused or saves.save_hand(table, form, actor=who)


class HandCorrect(TableWrite):
    @extend_schema(request=s.HandWriteSerializer, responses=ANSWERS, operation_id="hand_correct")
    def post(self, request, slug, number, table, hand):
        """Correct hand `hand`: a new version; the later hands are settled again."""
        self.hand_number = hand
        return self.save(request, slug, number, table)

    def write(self, table, data, who):
        snap = snapshot(table)
        line = next((line for line in snap.lines if line.hand.number == self.hand_number), None)
        if line is None:
            raise NotFound(
                _("There is no hand %(number)s at this table.") % {"number": self.hand_number}
            )
        form, refused = hand_form(table, data, snap.ruleset, snap.seats, line.state)
        if refused:
            return refused
        return saves.correct_hand(
            table, self.hand_number, form, actor=who, with_tiles=form.gives_tiles(data)
        )


class PenaltyCreate(TableWrite):
    @extend_schema(request=s.PenaltyWriteSerializer, responses=ANSWERS)
    def post(self, request, slug, number, table):
        """Give a penalty to a player of this table (the penalty form's fields; `registration`
        is the player's number)."""
        return self.save(request, slug, number, table)

    def write(self, table, data, who):
        snap = snapshot(table)
        by_number = {seat.registration.number: seat.registration for seat in snap.seats}
        registration = by_number.get(_int(data.get("registration")))
        data["registration"] = str(registration.pk) if registration else "0"
        winds = snap.state.seat_winds
        wind_of = {seat.registration_id: winds[seat.wind] for seat in snap.seats}
        registrations = sorted(by_number.values(), key=lambda r: wind_of[r.pk])
        form = PenaltyForm(
            data,
            registrations=registrations,
            kinds=penalties.catalogue(snap.ruleset, director=who.is_director),
            winds={r.pk: WIND_LETTERS[wind_of[r.pk]] for r in registrations},
        )
        return saves.give_penalty(table, registration, form, actor=who, seats=snap.seats)


class CallCreate(APIView):
    @extend_schema(request=s.CallWriteSerializer, responses=ANSWERS, operation_id="call_create")
    def post(self, request, slug, number, table):
        """Call a referee to this table (`kind`: dispute, wrong_count, penalty, other; an
        optional `note`), as the table page's "Call a referee": the director's dashboard and
        the referee accounts' page show it until a referee closes it. One open call per table;
        a closed table may call while its session is being played."""
        table = writable_table(request, slug, number, table)
        data = form_data(request.data)
        who = actor(request, table.session.tournament)
        outcome = saves.already_saved(table, data.get("submission")) or saves.call_referee(
            table, CallForm(data), actor=who
        )
        return respond(outcome)


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
