"""The director's pages of a session: every table's state, the referee links and their QR codes,
penalties, substitutes, confirmation, and the audit trail."""

from django.conf import settings
from django.contrib import messages
from django.db.models import Count, Prefetch, Q
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
from scoring.models import RefereeCall, SeatResult
from scoring.services import clock, closing, consequences, publication, time_up
from scoring.services.tables import TableError
from tournament.models import Table
from tournament.permissions import DirectorTournamentMixin

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
        closed_calls = call_reading.recently_closed(
            RefereeCall.objects.filter(table__session=session), now
        )
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
            closed_calls=closed_calls,
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
