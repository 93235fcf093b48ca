"""A session's seats and links: a substitute in a seat, a table's referee link and its QR code."""

import io

import segno
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from scoring import access
from scoring.penalty_forms import SubstituteForm
from scoring.services import closing
from scoring.services.tables import TableError
from scoring.views.director import SessionMixin, table_link
from tournament.models import Seat


class SeatSubstituteView(SessionMixin, TemplateView):
    template_name = "scoring/substitute.html"

    def form(self, data=None):
        session = self.get_session()
        seated = Seat.objects.filter(session=session).values_list("registration_id", flat=True)
        substitutes = (
            self.tournament.registrations.active()
            .exclude(pk__in=seated)
            .select_related("player")
            .order_by("-is_substitute", "number")
        )
        seats = (
            Seat.objects.filter(session=session)
            .select_related("table", "registration__player")
            .order_by("table__number", "wind")
        )
        return SubstituteForm(
            data,
            seats=seats,
            substitutes=substitutes,
            initial={"seat": self.request.GET.get("seat")},
        )

    def get_context_data(self, form=None, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(session=self.get_session(), form=form or self.form())
        return context

    def post(self, request, *args, **kwargs):
        form = self.form(request.POST)
        if form.is_valid():
            seat = get_object_or_404(Seat, pk=form.cleaned_data["seat"], session=self.get_session())
            substitute = get_object_or_404(
                self.tournament.registrations, pk=form.cleaned_data["substitute"]
            )
            try:
                closing.seat_substitute(
                    seat, substitute, actor=access.actor_for(request, self.tournament)
                )
            except TableError as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(
                    request, _("%(name)s takes the seat.") % {"name": substitute.player.full_name}
                )
                return redirect(
                    "session-dashboard", slug=self.tournament.slug, number=self.kwargs["number"]
                )
        return self.render_to_response(self.get_context_data(form=form))


class TableQrView(SessionMixin, View):
    """The QR code of a table's referee link, as SVG."""

    def get(self, request, *args, **kwargs):
        buffer = io.BytesIO()
        segno.make(table_link(request, self.get_table()), error="m").save(
            buffer, kind="svg", scale=6, border=2, xmldecl=False
        )
        response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
        response["Cache-Control"] = "no-store"
        return response
