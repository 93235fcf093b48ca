"""The director's pages of a session: every table's state, the referee links and their QR codes,
penalties, substitutes, confirmation, and the audit trail."""

import io

import segno
from django.conf import settings
from django.contrib import messages
from django.db.models import Count, Prefetch, Q
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from common.clock import database_now
from common.confirm import Choice, Confirmation, ConfirmFirst
from common.errors import ErrorGoesBack
from common.net import link_base
from common.numbers import bounded_int, parse_int
from rules.limits import INT32_MAX, MAX_CLOCK_MINUTES_ADDED, MAX_CLOCK_MINUTES_TAKEN_BACK
from scoring import access, dashboard
from scoring.calls import reading as call_reading
from scoring.forms import CancelPenaltyForm, PenaltyForm, SubstituteForm
from scoring.models import AuditEntry, Penalty, RefereeCall, SeatResult
from scoring.services import clock, closing, consequences, penalties, publication, time_up
from scoring.services.tables import TableError
from tournament.models import Seat, Table
from tournament.permissions import DirectorTournamentMixin
from tournament.rulesets import ruleset_for

LOCAL_HOSTS = ("127.0.0.1", "localhost", "[::1]", "::1")


def table_link(request, table):
    return link_base(request) + reverse("link:table", kwargs={"token": table.token})


class SessionMixin(DirectorTournamentMixin):
    """A director page of one session (and maybe one of its tables), found via the tournament."""

    def get_session(self):
        return get_object_or_404(self.tournament.sessions, number=self.kwargs["number"])

    def get_table(self):
        """The table `table_id` of this session of this tournament: an id from another session
        (or tournament) in the address is a 404, never that other table."""
        return get_object_or_404(self.get_session().tables, pk=self.kwargs["table_id"])


def table_state(table, session):
    """not started / playing hand n / time up / closed / confirmed, for the dashboard."""
    if session.is_confirmed:
        return "confirmed", _("Confirmed")
    if table.is_closed:
        return "closed", _("Closed")
    if table.time_up_at:
        return "time-up", _("Time up after hand %(n)s") % {"n": table.hand_count}
    if table.hand_count:
        return "playing", _("Playing: %(n)s hands entered") % {"n": table.hand_count}
    return "waiting", _("Not started")


class SessionDashboardView(SessionMixin, TemplateView):
    """Every table's state, its results once closed (flagged when not zero-sum), and the tables
    running late (see `dashboard.late_tables`), so the director can check before confirming."""

    template_name = "scoring/dashboard.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        session = self.get_session()
        tables = list(
            session.tables.annotate(hand_count=Count("hands", filter=Q(hands__is_current=True)))
            .prefetch_related(
                "seats__registration__player",
                "referees",
                Prefetch("results", SeatResult.objects.select_related("registration__player")),
            )
            .order_by("number")
        )
        for table in tables:
            table.session = session  # the one already read: no query per table
        sessions = list(self.tournament.sessions.order_by("number"))
        now = database_now()  # one instant for every table of the page
        session_clock = clock.clock_state(session, tables=tables, now=now)
        late = dashboard.late_tables(tables, session_clock)
        calls = call_reading.open_calls(
            RefereeCall.objects.open().filter(table__session=session), now
        )
        calling = {call.table_id: (call, waited) for call, waited in calls}
        rows = []
        for table in tables:
            code, label = table_state(table, session)
            results = sorted(table.results.all(), key=lambda r: (r.place, r.wind))
            rows.append(
                {
                    "table": table,
                    "state": code,
                    "state_label": label,
                    "link": table_link(self.request, table),
                    "clock": clock.clock_state(session, table, now=now),
                    "seats": sorted(table.seats.all(), key=lambda seat: seat.wind),
                    "reopen_text": consequences.reopen_table(table, sessions)
                    if table.is_closed
                    else "",
                    "results": results,
                    "imbalance": dashboard.imbalance(table, results),
                    "late": late.get(table.pk, ""),
                    "contact": dashboard.contact(table, now),
                    "call": calling.get(table.pk),
                }
            )
        host = self.request.get_host().split(":")[0]
        context.update(
            session=session,
            rows=rows,
            all_closed=bool(tables) and all(t.is_closed for t in tables),
            local_only=not getattr(settings, "DESK_PUBLIC_URL", "") and host in LOCAL_HOSTS,
            sessions=sessions,
            session_state=session.state_for(len(tables), sum(t.is_closed for t in tables)),
            late=closing.disqualified_for_session(session),
            calls=calls,
            clock=session_clock,
            late_margin=dashboard.LATE_MARGIN,
            confirm_texts={
                "confirm": consequences.confirm_session(session, tables),
                "hide_seating": consequences.hide(session, seating=True),
                "hide_results": consequences.hide(session, results=True, sessions=sessions),
            },
        )
        return context


class DirectorActionView(ErrorGoesBack, SessionMixin, View):
    """POST-only director action; subclasses define `act()` returning the success message.
    A refused action (TableError) goes back to `next_url()` with its message."""

    http_method_names = ["post"]

    def act(self, actor: access.Actor) -> str:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        text = self.act(access.actor_for(request, self.tournament))
        messages.success(request, text)
        return redirect(self.next_url())

    def error_url(self):
        return self.next_url()

    def next_url(self):
        return reverse(
            "session-dashboard",
            kwargs={"slug": self.tournament.slug, "number": self.kwargs["number"]},
        )


class ConfirmSessionView(ConfirmFirst, DirectorActionView):
    def confirmation(self):
        session = self.get_session()
        return Confirmation(
            title=_("Confirm session %(number)s?") % {"number": session.number},
            consequence=consequences.confirm_session(session),
            button=_("Confirm the session"),
        )

    def act(self, actor):
        session = closing.confirm_session(self.get_session(), actor=actor)
        return _("Session %(number)s confirmed: it now counts in the standings.") % {
            "number": session.number
        }


class PublishTournamentView(DirectorActionView):
    """Publish the tournament from the dashboard or the tournament page (it shows nothing the
    director has not made public, so it does not ask)."""

    def act(self, actor):
        publication.publish_tournament(self.tournament, actor=actor)
        return _("The tournament is published: players see what its sessions made public.")

    def next_url(self):
        """Back to the page the button was on (`next`, a page of this desk), else the
        tournament's page."""
        wanted = self.request.POST.get("next", "")
        if wanted.startswith("/") and url_has_allowed_host_and_scheme(
            wanted, allowed_hosts={self.request.get_host()}, require_https=self.request.is_secure()
        ):
            return wanted
        return self.tournament.get_absolute_url()


class ReopenTableView(ConfirmFirst, DirectorActionView):
    def confirmation(self):
        table = self.get_table()
        return Confirmation(
            title=_("Reopen table %(number)s?") % {"number": table.number},
            consequence=consequences.reopen_table(table),
            button=_("Reopen"),
        )

    def act(self, actor):
        table = closing.reopen_table(self.get_table(), actor=actor)
        return _("%(table)s reopened.") % {"table": table}


class TakeBackTimeUpView(DirectorActionView):
    """ "Time is up" taken back at a table: its play goes on (scoring/services/time_up.py).
    Nothing is lost by it, so it does not ask first."""

    def act(self, actor):
        table = time_up.take_back_time_up(self.get_table(), actor=actor)
        return _("“Time is up” taken back at %(table)s: play goes on there.") % {"table": table}


class RenewLinkView(DirectorActionView):
    def act(self, actor):
        table = closing.renew_link(self.get_table(), actor=actor)
        return _("%(table)s has a new referee link; the old one no longer works.") % {
            "table": table
        }


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


class SessionPenaltiesView(SessionMixin, TemplateView):
    """Every penalty of the session; give one to any player; cancel one with a reason."""

    template_name = "scoring/penalties.html"

    def form(self, data=None):
        session = self.get_session()
        registrations = (
            self.tournament.registrations.filter(
                Q(seats__session=session)
                | Q(pk__in=Seat.objects.filter(session=session).values("replaced"))
            )
            .distinct()
            .select_related("player")
            .order_by("number")
        )
        kinds = penalties.catalogue(ruleset_for(self.tournament), director=True)
        return PenaltyForm(data, registrations=registrations, kinds=kinds, initial={"revision": 0})

    def get_context_data(self, form=None, proposal=None, **kwargs):
        context = super().get_context_data(**kwargs)
        session = self.get_session()
        context.update(
            session=session,
            form=form or self.form(),
            proposal=proposal,
            penalties=Penalty.objects.filter(session=session)
            .select_related("registration__player", "table", "given_by", "cancelled_by")
            .order_by("-given_at"),
            cancel_form=CancelPenaltyForm(),
            action=reverse(
                "session-penalties", kwargs={"slug": self.tournament.slug, "number": session.number}
            ),
        )
        return context

    def post(self, request, *args, **kwargs):
        session = self.get_session()
        form = self.form(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form))
        data = form.cleaned_data
        registration = get_object_or_404(self.tournament.registrations, pk=data["registration"])
        actor = access.actor_for(request, self.tournament)
        try:
            if not data["confirmed"]:
                proposal = penalties.propose(
                    session,
                    registration,
                    data["kind"],
                    infraction=data["infraction_name"],
                    director=True,
                    **form.params(),
                )
                confirm = form.data.copy()
                confirm["confirmed"] = "True"
                confirm["seen"] = str(penalties.penalties_of(session, registration))
                return self.render_to_response(
                    self.get_context_data(form=self.form(confirm), proposal=proposal)
                )
            penalty = penalties.give_penalty(
                session,
                registration,
                data["kind"],
                actor=actor,
                hand_number=data.get("hand_number"),
                infraction=data["infraction_name"],
                seen=data.get("seen"),
                **form.params(),
            )
        except TableError as exc:
            form.add_error(None, str(exc))
            return self.render_to_response(self.get_context_data(form=form))
        messages.success(request, _("Penalty saved: %(penalty)s") % {"penalty": penalty})
        return redirect(request.path)


class CancelPenaltyView(DirectorActionView):
    def act(self, actor):
        penalty = get_object_or_404(
            Penalty, pk=self.kwargs["penalty_id"], session__tournament=self.tournament
        )
        form = CancelPenaltyForm(self.request.POST)
        if not form.is_valid():
            raise TableError(_("Write why the penalty is cancelled."))
        penalties.cancel_penalty(penalty, actor=actor, reason=form.cleaned_data["reason"])
        return _("Penalty cancelled.")

    def next_url(self):
        return reverse(
            "session-penalties",
            kwargs={"slug": self.tournament.slug, "number": self.kwargs["number"]},
        )


class PlayerAuditView(DirectorTournamentMixin, TemplateView):
    """Everything the audit trail records about one player."""

    template_name = "scoring/player_audit.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        registration = get_object_or_404(
            self.tournament.registrations, number=self.kwargs["player_number"]
        )
        context.update(
            registration=registration,
            # The player's own entries, and everything at the tables they sat at (hands,
            # corrections, closings), which the trail records per table.
            audit=AuditEntry.objects.filter(
                Q(registrations=registration)
                | Q(table__seats__registration=registration, registrations__isnull=True)
            )
            .distinct()
            .select_related("user", "table", "session")
            .prefetch_related("table__seats__registration__player", "registrations__player"),
            penalties=Penalty.objects.filter(registration=registration).select_related(
                "session", "table"
            ),
        )
        return context


class ClockView(DirectorActionView):
    """Start, pause, resume or extend the session clock (every table, or one)."""

    def act(self, actor):
        session = self.get_session()
        action = self.request.POST.get("action")
        if action == "start":
            clock.start_clock(session, actor=actor)
            return _("The clock is running.")
        if action == "start-session":
            clock.start_session(session, actor=actor)
            return _("The session has started: the referee links take hands.")
        if action == "pause":
            clock.pause_clock(session, actor=actor)
            return _("The clock is paused.")
        if action == "resume":
            clock.resume_clock(session, actor=actor)
            return _("The clock is running again.")
        if action == "extend":
            table = None
            if self.request.POST.get("table"):
                table_id = parse_int(self.request.POST["table"], minimum=1, maximum=INT32_MAX)
                table = get_object_or_404(Table, pk=table_id or 0, session=session)
            minutes = self.request.POST.get("minutes", "")
            if not minutes.strip():
                raise TableError(_("Say how many minutes to add."))
            minutes = bounded_int(
                minutes,
                _("Minutes"),
                minimum=-MAX_CLOCK_MINUTES_TAKEN_BACK,
                maximum=MAX_CLOCK_MINUTES_ADDED,
            )
            _session, resumed = time_up.give_time(session, minutes, actor=actor, table=table)
            if table is not None:
                text = _("%(minutes)s minutes added for %(table)s.") % {
                    "minutes": minutes,
                    "table": table,
                }
            else:
                text = _("%(minutes)s minutes added for every table.") % {"minutes": minutes}
            if resumed:
                text += " " + _("Time had been called; play goes on at table(s) %(tables)s.") % {
                    "tables": ", ".join(map(str, resumed))
                }
            return text
        raise TableError(_("Unknown clock action."))


class PublishView(ConfirmFirst, DirectorActionView):
    """Show or hide a session's seating and results on the public pages and the projector.
    Hiding asks first (it takes away what players are reading); showing asks only while the
    tournament itself is not published, since nobody would see it: the question offers to
    publish the tournament too, in the same step (`tournament=1`), or the session's part only
    (`tournament=0`). `tournament=1` alone publishes the tournament."""

    def needs_confirmation(self, data):
        if data.get("seating") == "0" or data.get("results") == "0":
            return True
        showing = data.get("seating") == "1" or data.get("results") == "1"
        return showing and not self.tournament.published and "tournament" not in data

    def confirmation(self):
        data = self.request.POST if self.request.method == "POST" else self.request.GET
        session = self.get_session()
        shown = [name for name in ("seating", "results") if data.get(name) == "1"]
        if shown and not self.tournament.published:
            return Confirmation(
                title=_("Publish the tournament too?"),
                consequence=consequences.publish_unpublished(session, shown),
                button=_("Publish the tournament too"),
                choice=Choice(
                    "tournament",
                    "1",
                    "0",
                    _("Only this session's part (players see nothing yet)"),
                ),
            )
        seating, results = data.get("seating") == "0", data.get("results") == "0"
        if not (seating or results):
            seating = results = True  # a bare GET of the address: say what hiding both does
        return Confirmation(
            title=_("Hide from the public pages?"),
            consequence=consequences.hide(session, seating=seating, results=results),
            button={
                (True, False): _("Hide the seating"),
                (False, True): _("Hide the results"),
            }.get((seating, results), _("Hide")),
        )

    def act(self, actor):
        def flag(name):
            value = self.request.POST.get(name)
            return None if value is None else value == "1"

        session = publication.publish(
            self.get_session(),
            actor=actor,
            seating=flag("seating"),
            results=flag("results"),
            tournament=flag("tournament"),
        )
        return consequences.published(session)
