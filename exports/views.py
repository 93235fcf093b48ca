"""Downloads of the exports (director pages)."""

from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views import View

from common.net import link_base
from common.numbers import query_int
from exports import ExportError, document_worker, public_documents
from exports.build import ExportRequest, build_export
from exports.exporters import EXPORTERS
from rules.limits import MAX_PLAYER_NUMBER, MAX_SESSIONS
from tournament.permissions import DirectorTournamentMixin, TournamentMixin
from tournament.visibility import standings_through

#: The largest id a `player=` may name (a database integer).
MAX_ID = 2**31 - 1
#: The longest `group=` read: "club:" and a club's name.
MAX_GROUP = 200


class ExportView(DirectorTournamentMixin, View):
    """GET /director/t/<slug>/export/<what>.<fmt>?session=N&blank=1&through=N&provisional=1"""

    def get(self, request, *args, what, fmt, **kwargs):
        def number(name):  # a session number; "²" or 10**30 is refused (400) with the range
            return query_int(request, name, minimum=1, maximum=MAX_SESSIONS)

        exporter = EXPORTERS.get(what)
        per_session = exporter and exporter.needs_session and fmt in exporter.formats
        if per_session and not request.GET.get("session"):
            return self.choose_session(exporter)
        export = ExportRequest(
            what=what,
            fmt=fmt,
            session=number("session"),
            blank=request.GET.get("blank") == "1",
            through=number("through"),
            link_base=link_base(request),
            provisional=request.GET.get("provisional") == "1",
            player=query_int(request, "player", minimum=1, maximum=MAX_ID),
            group=request.GET.get("group", "")[:MAX_GROUP],
        )
        # An export the desk cannot make (ExportError) is answered by common.errors: a 400 page
        # with the reason.
        filename, content_type, content = build_export(self.tournament, export)
        response = HttpResponse(content, content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response

    def choose_session(self, exporter):
        """An export made per session, asked for without one: the drawn sessions to choose
        from, in the web's words (the command line asks for --session N instead)."""
        blank = "&blank=1" if self.request.GET.get("blank") == "1" else ""
        context = {
            "tournament": self.tournament,
            "reason": exporter.per_session,
            "sessions": [
                (session, f"?session={session.number}{blank}")
                for session in self.tournament.sessions.drawn().order_by("number")
            ],
        }
        return render(self.request, "exports/choose_session.html", context)


class PlayerReportCardView(TournamentMixin, View):
    """GET /t/<slug>/players/<number>/reportcard.pdf: one player's report card, for the player
    and everyone else, over the sessions whose standings are public (a director sees every
    confirmed session), as the player's page shows them. Made once per standings version and
    kept in the shared cache; anonymous requests are throttled per address
    (`exports.public_documents`); made in the server process's worker of lower priority
    (`exports.document_worker`)."""

    def get(self, request, *args, number, **kwargs):
        if not 1 <= number <= MAX_PLAYER_NUMBER:  # no such player, and no such cache key
            raise Http404
        name = ("reportcard", number)
        try:  # a refusal reads one entry of the shared cache, nothing of the tournament's
            with public_documents.visitors_look(request, self.tournament, name) as visitor:
                registration = get_object_or_404(self.tournament.registrations, number=number)
                through = standings_through(request.user, self.tournament)
                if through is None:  # answered by common.errors: a 400 page with the reason
                    raise ExportError(
                        _("No results have been published yet: there is no report card.")
                    )
                export = ExportRequest(
                    what="reportcards", fmt="pdf", through=through, player=registration.player_id
                )
                filename, content_type, content = public_documents.document(
                    self.tournament,
                    name,
                    ("reportcard", through, registration.player_id),
                    lambda: document_worker.build(self.tournament, export, here=build_export),
                    visitor=visitor,
                )
        except public_documents.Refused as refused:
            return self.later(refused)
        except document_worker.NotInTime:
            return self.later(public_documents.Busy(public_documents.MAKING_WAIT))
        response = HttpResponse(content, content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response

    @staticmethod
    def later(refused):
        """429, ask again in `refused.wait` seconds: a line of text, not a page (a refusal
        costs the desk as little as it can; the middleware still adds the security headers)."""
        if isinstance(refused, public_documents.Busy):
            message = _("The desk is busy making documents: try again in a few seconds.")
        else:
            message = _("Too many documents asked for from this address: try again in a minute.")
        response = HttpResponse(message, status=429, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = str(refused.wait)
        return response
