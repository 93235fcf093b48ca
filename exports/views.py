"""Downloads of the exports (director pages)."""

from django.http import HttpResponse
from django.views import View

from exports.build import ExportRequest, build_export
from scoring.views.director import link_base
from tournament.permissions import DirectorTournamentMixin


class ExportView(DirectorTournamentMixin, View):
    """GET /director/t/<slug>/export/<what>.<fmt>?session=N&blank=1&through=N"""

    def get(self, request, *args, what, fmt, **kwargs):
        def number(name):
            value = request.GET.get(name, "")
            return int(value) if value.isdigit() else None

        export = ExportRequest(
            what=what,
            fmt=fmt,
            session=number("session"),
            blank=request.GET.get("blank") == "1",
            through=number("through"),
            link_base=link_base(request),
        )
        # An export the desk cannot make (ExportError) is answered by common.errors: a 400 page
        # with the reason.
        filename, content_type, content = build_export(self.tournament, export)
        response = HttpResponse(content, content_type=content_type)
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response
