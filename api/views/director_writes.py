"""The director's writes through the API (a director token of the tournament): importing a
player list, drawing sessions, publishing a session's seating and results. The same services as
the pages; a refusal answers 400 with the page's message."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from api import serializers as s
from api.parsers import BoundedJSONParser
from api.principals import actor, check_slug, require_director
from draw.planning import plan_draw
from draw.writing import write_draw
from scoring.services import publication
from tournament.models import Tournament
from tournament.services.player_files import check_size
from tournament.services.player_import import fingerprint, import_players, preview_import

REFUSED = dict.fromkeys((400, 401, 403, 404, 429), s.RefusalSerializer)


def directed_tournament(request, slug):
    check_slug(request, slug)
    tournament = Tournament.objects.filter(slug=slug).first()
    if tournament is None:
        raise NotFound
    require_director(request, tournament)
    return tournament


def error_messages(errors):
    """DRF's errors of one field as sentences: a list field's are per item ({0: [...]}), said
    as "item 1: ..."."""
    if isinstance(errors, dict):
        return [
            _("item %(number)s: %(message)s") % {"number": index + 1, "message": message}
            for index, item_errors in errors.items()
            for message in error_messages(item_errors)
        ]
    return [str(error) for error in errors]


def valid(serializer_class, request):
    serializer = serializer_class(data=request.data)
    if not serializer.is_valid():
        errors = {
            name: error_messages(field_errors) for name, field_errors in serializer.errors.items()
        }
        first = next(iter(errors.values()))[0]
        raise ValidationError({"detail": first, "errors": errors})
    return serializer.validated_data


def refused_rows(outcome):
    """400 with every bad row's message (the first as `detail`)."""
    rows = [str(error) for error in outcome.errors]
    return Response(
        {"detail": rows[0], "errors": {"file": rows}}, status=status.HTTP_400_BAD_REQUEST
    )


def uploaded(request, serializer_class):
    data = valid(serializer_class, request)
    upload = data["file"]
    check_size(upload.size)
    return data, upload.name, upload.read()


class PlayerImportPreview(APIView):
    # JSON: only to be told the file is missing
    parser_classes = [MultiPartParser, BoundedJSONParser]

    @extend_schema(
        request=s.ImportPreviewSerializer,
        responses={200: s.ImportPreviewResultSerializer, **REFUSED},
    )
    def post(self, request, slug):
        """What importing this list would do, writing nothing: each row is a new player, the
        same person as a known player by EMA id (`ema`) or a known player of the same name
        (`name`), imported as that player when `same_by_default` (registered here already) or
        when the import says so (`same_person`, `match_by_name`), as a new player otherwise or
        when the import says `new_person`. Send the `fingerprint` back with the import: it is
        refused if a known player changed meanwhile. A bad list: 400 with the rows' messages."""
        tournament = directed_tournament(request, slug)
        data, filename, content = uploaded(request, s.ImportPreviewSerializer)
        preview = preview_import(
            tournament, filename, content, as_substitutes=data["as_substitutes"]
        )
        if not preview.ok:
            return refused_rows(preview)
        rows = [
            {
                "line": planned.row.line,
                "first_name": planned.row.first_name,
                "last_name": planned.row.last_name,
                "how": planned.how,
                "known": planned.known,
                "registered_here": planned.registered_here,
                "same_by_default": planned.same_by_default,
            }
            for planned in preview.plan
        ]
        return Response({"fingerprint": fingerprint(preview.plan), "rows": rows})


class PlayerImport(APIView):
    # JSON: only to be told the file is missing
    parser_classes = [MultiPartParser, BoundedJSONParser]

    @extend_schema(request=s.ImportSerializer, responses={200: s.ImportResultSerializer, **REFUSED})
    def post(self, request, slug):
        """Import a player list (CSV or Excel): every row checked; nothing imported while any
        row is bad (400 with the rows' messages). A name match is a new player unless the
        known player of that name is registered here already (`same_by_default` in the
        preview), `match_by_name` or `same_person` (lines) say otherwise; `new_person` (lines)
        makes it a new player in every case. With the `fingerprint` of a preview, nothing is
        imported (400) if a known player changed since."""
        tournament = directed_tournament(request, slug)
        data, filename, content = uploaded(request, s.ImportSerializer)
        outcome = import_players(
            tournament,
            filename,
            content,
            as_substitutes=data["as_substitutes"],
            match_by_name=data["match_by_name"],
            same_person={
                **dict.fromkeys(data.get("same_person", []), True),
                **dict.fromkeys(data.get("new_person", []), False),
            },
            editor=request.auth.user,
            expected=data.get("fingerprint") or None,
        )
        if not outcome.ok:
            return refused_rows(outcome)
        return Response(
            {
                "summary": outcome.summary(),
                "created": outcome.created,
                "updated": outcome.updated,
                "registered": outcome.registered,
                "already_registered": outcome.already_registered,
                "matches": outcome.match_lines(),
            }
        )


def plan_answer(plan, written):
    return {
        "sessions": [session.number for session in plan.scope],
        "seed": plan.seed,
        "fingerprint": plan.fingerprint,
        "tables": [
            [[registration.number for registration in table] for table in tables]
            for tables in plan.schedule
        ],
        "repeats": plan.report.repeats if plan.report else None,
        "written": written,
    }


def session_number(data):
    return None if data["scope"] == "remaining" else int(data["scope"])


class DrawPreview(APIView):
    @extend_schema(request=s.DrawSerializer, responses={200: s.DrawResultSerializer, **REFUSED})
    def post(self, request, slug):
        """Compute a draw without writing it: its tables, report and fingerprint. Writing it
        with the same seed and fingerprint writes exactly these tables, or is refused if the
        registrations changed meanwhile."""
        tournament = directed_tournament(request, slug)
        data = valid(s.DrawSerializer, request)
        plan = plan_draw(tournament, session_number=session_number(data), seed=data.get("seed"))
        return Response(plan_answer(plan, written=False))


class DrawWrite(APIView):
    @extend_schema(request=s.DrawSerializer, responses={200: s.DrawResultSerializer, **REFUSED})
    def post(self, request, slug):
        """Draw and write one session (or every unplayed one); `publish_seating` makes the
        first drawn session's seating public in the same transaction."""
        tournament = directed_tournament(request, slug)
        data = valid(s.DrawSerializer, request)
        plan = write_draw(
            tournament,
            session_number=session_number(data),
            seed=data.get("seed"),
            fingerprint=data.get("fingerprint") or None,
            publish_seating=data["publish_seating"],
            publish_tournament=data["publish_tournament"],
        )
        return Response(plan_answer(plan, written=True))


class SessionPublish(APIView):
    @extend_schema(
        request=s.PublishSerializer,
        responses={200: s.SessionSerializer, **REFUSED, 404: s.RefusalSerializer},
    )
    def post(self, request, slug, number):
        """Make a session's seating or results public (true) or private again (false);
        `tournament` true publishes the tournament too (nothing is seen before it is)."""
        tournament = directed_tournament(request, slug)
        session = get_object_or_404(tournament.sessions, number=number)
        data = valid(s.PublishSerializer, request)
        if all(data.get(name) is None for name in ("seating", "results", "tournament")):
            raise ValidationError({"detail": _("Say what to publish: seating, results or both.")})
        session = publication.publish(
            session,
            actor=actor(request, tournament),
            seating=data.get("seating"),
            results=data.get("results"),
            tournament=data.get("tournament"),
        )
        return Response(s.SessionSerializer(session).data)
