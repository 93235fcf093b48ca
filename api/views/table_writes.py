"""A table's writes through the API: a hand, a correction, a penalty. Each goes through the
form the page uses (the same fields, the same messages) and the same service, with the same
revision check and one-time submission id:

- 201 saved (200 for a correction), with the revision the write produced;
- 200 `duplicate`: this submission id was saved before; the answer is the first result, and
  nothing is saved a second time;
- 409: the table's revision moved since (another device saved); `revision` is the current one;
- 400: the form or the rules refused the entry (`errors` by field, the pages' messages);
- 403: the table takes no such write now (closed, session not current), or not from this token.
"""

import uuid

from django.http import QueryDict
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ParseError
from rest_framework.response import Response
from rest_framework.views import APIView

from api import serializers as s
from api.principals import actor, check_slug, require_writer
from scoring.forms import HandEntryForm, PenaltyForm
from scoring.models import Hand, Penalty
from scoring.presentation import describe_changes
from scoring.services import hands, penalties
from scoring.services.tables import StaleTable, TableError, check_writable, entry_state, snapshot
from scoring.views import queued
from scoring.views.table import saved_message
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


def result(code, message, revision, *, hand=None, penalty=None, http=status.HTTP_200_OK):
    return Response(
        {
            "status": code,
            "message": str(message),
            "revision": revision,
            "hand": hand,
            "penalty": penalty,
        },
        status=http,
    )


def refusal(message, http, **extra):
    return Response({"detail": str(message), **extra}, status=http)


def invalid(form):
    return refusal(
        queued.first_error(form), status.HTTP_400_BAD_REQUEST, errors=queued.form_errors(form)
    )


def rules_refused(exc):
    """A refusal of the rules or the service: the page shows it above the form."""
    return refusal(exc, status.HTTP_400_BAD_REQUEST, errors={"__all__": [str(exc)]})


def stale(table, exc, seats):
    table.refresh_from_db()
    return refusal(
        exc,
        status.HTTP_409_CONFLICT,
        revision=table.revision,
        latest=queued.latest_lines(exc, seats),
    )


def submission_of(data):
    """The one-time id every API write carries (400 without one: it could be counted twice)."""
    try:
        return uuid.UUID(str(data.get("submission", "")))
    except ValueError:
        message = _("This save has no one-time id, so it could be counted twice: type it again.")
        raise _Refused(refusal(message, 400, errors={"submission": [message]})) from None


class _Refused(Exception):
    def __init__(self, response):
        super().__init__()
        self.response = response


def not_writable(table, who):
    """403 when the table takes no write from `who` now (closed, session not current)."""
    try:
        check_writable(table, actor=who)
    except TableError as exc:
        return refusal(exc, status.HTTP_403_FORBIDDEN, revision=table.revision)
    return None


class TableWrite(APIView):
    def post(self, request, slug, number, table):
        table = writable_table(request, slug, number, table)
        data = form_data(request.data)
        try:
            submission = submission_of(data)
        except _Refused as refused:
            return refused.response
        early = self.already_saved(table, submission)
        if early is not None:
            return early
        who = actor(request, table.session.tournament)
        return not_writable(table, who) or self.write(table, data, who)

    def already_saved(self, table, submission):
        hand = Hand.objects.filter(table=table, submission=submission).first()
        if hand is not None:
            return result(
                "duplicate",
                _("Hand %(number)s was already saved.") % {"number": hand.number},
                hand.table_revision,
                hand=hand.number,
            )
        penalty = Penalty.objects.filter(table=table, submission=submission).first()
        if penalty is not None:
            return result(
                "duplicate",
                _("This penalty was already saved: %(penalty)s") % {"penalty": penalty},
                penalty.table_revision,
                penalty=penalty.pk,
            )
        return None


class HandCreate(TableWrite):
    @extend_schema(request=s.HandWriteSerializer, responses=ANSWERS)
    def post(self, request, slug, number, table):
        """Save the table's next hand (the fields of the table page's hand form)."""
        return super().post(request, slug, number, table)

    def write(self, table, data, who):
        ruleset, seats, state = entry_state(table)
        data["session"] = str(table.session.number)
        form = HandEntryForm(
            data, ruleset=ruleset, state=state, seats=seats, first_wind=table.first_wind
        )
        if not form.is_valid():
            return invalid(form)
        try:
            hand, _settlement = hands.record_hand(
                table,
                form.entry(),
                actor=who,
                revision=form.cleaned_data["revision"],
                submission=form.cleaned_data["submission"],
                session_number=form.cleaned_data["session"],
                tiles=form.tiles_input(),
                first_wind=form.first_wind(),
            )
        except hands.DuplicateSubmission as duplicate:
            return self.already_saved(table, duplicate.hand.submission)
        except StaleTable as exc:
            return stale(table, exc, seats)
        except TableError as exc:
            return rules_refused(exc)
        return result(
            "saved",
            saved_message(hand, seats),
            hand.table_revision,
            hand=hand.number,
            http=status.HTTP_201_CREATED,
        )


class HandCorrect(TableWrite):
    @extend_schema(request=s.HandWriteSerializer, responses=ANSWERS, operation_id="hand_correct")
    def post(self, request, slug, number, table, hand):
        """Correct hand `hand`: a new version; the later hands are settled again."""
        self.hand_number = hand
        return super().post(request, slug, number, table)

    def write(self, table, data, who):
        snap = snapshot(table)
        line = next((line for line in snap.lines if line.hand.number == self.hand_number), None)
        if line is None:
            raise NotFound(
                _("There is no hand %(number)s at this table.") % {"number": self.hand_number}
            )
        data["session"] = str(table.session.number)
        form = HandEntryForm(
            data,
            ruleset=snap.ruleset,
            state=line.state,
            seats=snap.seats,
            first_wind=table.first_wind,
        )
        if not form.is_valid():
            return invalid(form)
        try:
            new = hands.correct_hand(
                table,
                self.hand_number,
                form.entry(),
                actor=who,
                revision=form.cleaned_data["revision"],
                submission=form.cleaned_data["submission"],
                tiles=form.tiles_input() if form.gives_tiles(data) else None,
                first_wind=form.first_wind(),
            )
        except hands.DuplicateSubmission as duplicate:
            return self.already_saved(table, duplicate.hand.submission)
        except StaleTable as exc:
            return stale(table, exc, snap.seats)
        except TableError as exc:
            return rules_refused(exc)
        message = _("Hand %(number)s corrected (version %(version)s): %(changes)s") % {
            "number": new.number,
            "version": new.version,
            "changes": describe_changes(new.changes, snap.seats),
        }
        return result("saved", message, new.table_revision, hand=new.number)


class PenaltyCreate(TableWrite):
    @extend_schema(request=s.PenaltyWriteSerializer, responses=ANSWERS)
    def post(self, request, slug, number, table):
        """Give a penalty to a player of this table (the penalty form's fields; `registration`
        is the player's number)."""
        return super().post(request, slug, number, table)

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
        if not form.is_valid():
            return invalid(form)
        cleaned = form.cleaned_data
        try:
            penalty = penalties.give_penalty(
                table.session,
                registration,
                cleaned["kind"],
                actor=who,
                table=table,
                revision=cleaned["revision"],
                hand_number=cleaned.get("hand_number"),
                infraction=cleaned["infraction_name"],
                submission=cleaned["submission"],
                **form.params(),
            )
        except penalties.DuplicatePenalty as duplicate:
            return self.already_saved(table, duplicate.penalty.submission)
        except StaleTable as exc:
            return stale(table, exc, snap.seats)
        except TableError as exc:
            return rules_refused(exc)
        return result(
            "saved",
            _("Penalty saved: %(penalty)s") % {"penalty": penalty},
            penalty.table_revision,
            penalty=penalty.pk,
            http=status.HTTP_201_CREATED,
        )


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
