"""Downloads of the exports (director pages)."""

from django.http import HttpResponse
from django.shortcuts import render
from django.views import View

from common.numbers import query_int
from exports.build import ExportRequest, build_export
from exports.exporters import EXPORTERS
from rules.limits import MAX_SESSIONS
from scoring.views.director import link_base
from tournament.permissions import DirectorTournamentMixin


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
