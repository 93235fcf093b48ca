"""The table's entry page and its writes, for the table's referee (link or account) and the
director. Each view finds its table only through `scoring.access`, then calls a service."""

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View

from common.confirm import Confirmation, ConfirmFirst
from common.errors import ErrorGoesBack, ExplainedNotFound
from common.i18n import translate_message
from common.mixin_bases import ViewMixinBase
from common.net import client_address
from scoring import access
from scoring.calls import reading as call_reading
from scoring.calls.forms import CallForm
from scoring.forms import HandEntryForm, TableFormMixin
from scoring.models import AuditAction, AuditEntry, Hand
from scoring.presentation import (
    describe_hand,
    hand_rows,
    seat_cards,
    seat_order,
    signed,
)
from scoring.referee import answers, saves
from scoring.services import closing, consequences, contact, hands
from scoring.services.clock import clock_state
from scoring.services.tables import (
    entry_state,
    snapshot,
)
from tournament.models import PIN_DIGITS, Session, Table, Tournament


class TableAccessMixin(ViewMixinBase):
    """Resolves `self.table` and `self.actor` from a referee link or a logged-in account.

    A referee (link or account) of a session that is not the current one gets a page that says
    why, and nothing is written (the services refuse it too). With the tournament's referee
    PIN, a link's device types the table's PIN once before anything else. Every response
    carries the device's id cookie, so the audit trail tells two phones apart.
    """

    table: Table
    session: Session
    tournament: Tournament
    actor: access.Actor
    #: Whether the phone's offline queue sent this request (`answers.is_queued`).
    queued: bool
    #: The URL namespace ("link" or "account") and keyword arguments of the table's pages.
    namespace: str
    access_kwargs: dict[str, object]

    def dispatch(self, request, *args, **kwargs):
        response = self.guarded_dispatch(request, *args, **kwargs)
        return access.remember_device(request, response)

    def guarded_dispatch(self, request, *args, **kwargs):
        self.queued = answers.is_queued(request)
        if "token" in kwargs:
            address = client_address(request)
            try:
                self.table = access.table_for_token(kwargs["token"], address)
            except ExplainedNotFound as exc:
                if self.queued:  # the link was renewed, or its session is over
                    return answers.queue_answer(answers.refused(None, str(exc)))
                raise
            except access.TooManyBadLinks:
                response = HttpResponse(
                    _(
                        "Too many wrong table links from this device: wait "
                        "ten minutes, or ask the director."
                    ),
                    status=429,
                    content_type="text/plain; charset=utf-8",
                )
                response["Retry-After"] = str(access.BAD_TOKEN_WINDOW)
                return response
            self.namespace, self.access_kwargs = "link", {"token": kwargs["token"]}
            self.actor = access.actor_for(request, self.table.session.tournament, via_link=True)
        else:
            self.table = access.table_for_account(request.user, kwargs["table_id"])
            self.namespace, self.access_kwargs = "account", {"table_id": self.table.pk}
            self.actor = access.actor_for(request, self.table.session.tournament)
        self.session = self.table.session
        self.tournament = self.session.tournament
        if (
            self.namespace == "link"
            and access.needs_pin(self.table, self.actor)
            and not access.pin_accepted(request, self.table)
        ):
            if self.queued and request.method == "POST":
                message = _("Type the table's PIN first: reload the page.")
                return answers.queue_answer(answers.refused(self.table, message, held=True))
            return self.ask_pin(request)
        if not self.actor.is_director:  # the dashboard's "last reached the desk"
            contact.heard_from(self.table, contact.waiting_from(request))
        if self.queued and request.method == "POST":
            early = saves.already_saved(self.table, request.POST.get("submission"))
            if early is not None:
                return answers.queue_answer(early)
        if not self.actor.is_director and not self.session.is_current:
            if self.queued and request.method == "POST":
                reason = access.not_current_reason(self.session)
                return answers.queue_answer(answers.refused(self.table, reason))
            return self.page(
                "scoring/table_waiting.html",
                {"reason": access.not_current_reason(self.session)},
                status=200 if request.method in ("GET", "HEAD") else 403,
            )
        return super().dispatch(request, *args, **kwargs)

    def page(self, template, extra, status):
        context = {"table": self.table, "session": self.session, "tournament": self.tournament}
        return render(self.request, template, {**context, **extra}, status=status)

    def ask_pin(self, request):
        """The PIN page; a POST with `table_pin` checks it (throttled per address and table)."""
        action = self.table_url("table")
        context = {"action": action, "digits": PIN_DIGITS, "error": ""}
        if request.method != "POST" or "table_pin" not in request.POST:
            status = 200 if request.method in ("GET", "HEAD") else 403
            return self.page("scoring/table_pin.html", context, status=status)
        try:
            right = access.try_pin(
                request, self.table, request.POST["table_pin"], client_address(request)
            )
        except access.TooManyWrongPins:
            context["error"] = _("Too many wrong PINs from this device: wait ten minutes.")
            response = self.page("scoring/table_pin.html", context, status=429)
            response["Retry-After"] = str(access.PIN_WINDOW)
            return response
        if right:
            return redirect(action)
        context["error"] = _("This is not the table's PIN.")
        return self.page("scoring/table_pin.html", context, status=403)

    def table_url(self, name, **extra):
        return reverse(f"{self.namespace}:{name}", kwargs={**self.access_kwargs, **extra})

    def back(self):
        return redirect(self.table_url("table"))

    def queue_context(self):
        """What the offline queue (scoring/includes/offline_queue.html) needs."""
        return {
            "queue_table_url": self.table_url("table"),
            "queue_sw_url": reverse(f"{self.namespace}-service-worker"),
        }


class TableView(TableAccessMixin, answers.TableAnswers, TemplateView):
    """GET: the table (players, winds, totals, the next hand's form). POST: save that hand."""

    template_name = "scoring/table.html"

    def hand_form(self, snap, data=None):
        return self.form_for(snap.ruleset, snap.seats, snap.state, data)

    def form_for(self, ruleset, seats, state, data=None):
        return HandEntryForm(
            data,
            ruleset=ruleset,
            state=state,
            seats=seats,
            first_wind=self.table.first_wind,
            initial={**TableFormMixin.table_initial(self.table), "session": self.session.number},
        )

    def writable(self):
        return not self.table.is_closed and self.session.is_open_for_entry

    def get_context_data(self, snap=None, form=None, stale=None, **kwargs):
        snap = snap or snapshot(self.table)
        writable = self.writable()
        if form is None and writable and not snap.session_over:
            form = self.hand_form(snap)
        context = super().get_context_data(**kwargs)
        context.update(
            table=self.table,
            session=self.session,
            tournament=self.tournament,
            snap=snap,
            form=form,
            stale=stale,
            writable=writable,
            actor=self.actor,
            cards=seat_cards(snap),
            rows=hand_rows(snap, self.table_url, order=seat_order(snap.state)),
            state_text=describe_state(snap),
            clock=clock_state(self.session, self.table),
            table_form=TableFormMixin(initial=TableFormMixin.table_initial(self.table)),
            washout=None if asks_first_wind(snap) else washout_outcome(snap),
            **self.queue_context(),
            results=list(
                self.table.results.select_related("registration__player").order_by("place", "wind")
            )
            if self.table.is_closed
            else None,
            urls={
                name.replace("-", "_"): self.table_url(name)
                for name in (
                    "table",
                    "close",
                    "time-up",
                    "penalty",
                    "void-last",
                    "history",
                    "count-tiles",
                    "call",
                )
            },
            table_call=call_reading.table_call(self.table),
            call_form=CallForm(auto_id="call_%s", initial=TableFormMixin.table_initial(self.table)),
            calls_taken=not self.session.is_confirmed,
            resumed=play_resumed(self.table),
            confirm_texts={
                "time_up": consequences.call_time(self.table, snap),
                "close": consequences.close_table(self.table, snap),
                "void_last": consequences.void_last_hand(self.table, snap),
            },
        )
        return context

    def post(self, request, *args, **kwargs):
        if not self.writable():
            return self.answer(
                saves.not_writable(self.table, self.actor)
                or answers.refused(self.table, _("This table takes no more hands."))
            )
        form = self.form_for(*entry_state(self.table), request.POST)
        return self.answer(saves.save_hand(self.table, form, actor=self.actor))

    def show_form(self, outcome):
        if outcome.status != answers.STALE:
            return self.render_to_response(self.get_context_data(form=outcome.form))
        # Keep what was typed, with the fresh revision, and show what the other device saved.
        self.table.refresh_from_db()
        snap = snapshot(self.table)
        data = outcome.form.data.copy()
        data.update(TableFormMixin.table_initial(self.table))
        fresh = self.hand_form(snap, data)
        fresh.is_valid()
        fresh.add_error(None, outcome.message)
        return self.render_to_response(
            self.get_context_data(snap=snap, form=fresh, stale=list(outcome.latest)), status=409
        )


def play_resumed(table):
    """Whether the director took back the time call of this open table (its latest time entry
    in the audit trail), so its page says play goes on."""
    if table.is_closed or table.time_up_at is not None or not table.revision:
        return False
    latest = (
        AuditEntry.objects.filter(
            table=table, action__in=(AuditAction.TIME_UP, AuditAction.TIME_RESUMED)
        )
        .order_by("-at", "-id")
        .values_list("action", flat=True)
        .first()
    )
    return latest == AuditAction.TIME_RESUMED


def describe_state(snap):
    """ "Hand 5 of 16, South round" in the active language; once time is called, the hand
    being played is the last one and the page says so instead of "of 16"."""
    if snap.session_over:
        return _("No more hands: close the table.")
    if snap.table.time_up_at:
        return _("Hand %(number)s, the last one") % {"number": snap.state.hand_number}
    message = snap.ruleset.describe_state(snap.state)
    names = ["?"] * 4
    for seat in snap.seats:
        names[seat.wind] = seat.registration.player.full_name
    return translate_message(message.template, message.params, names)


def asks_first_wind(snap):
    """The FIMJ table's first hand asks who opened the first breach: no one-tap washout then
    (docs/rules.md §4.3); the hand form asks it."""
    return snap.ruleset.asks_first_wind and not snap.lines


def washout_outcome(snap):
    """The outcome code of a hand without a winner, for the one-tap button, if any."""
    for code, _label in snap.ruleset.hand_fields(snap.state)[0].choices:
        if code in ("washout", "draw"):
            return code
    return None


class TableWriteView(ErrorGoesBack, TableAccessMixin, View):
    """A POST-only action on the table that carries the page's revision. A refused action
    (TableError) goes back to the table's page with its message."""

    http_method_names = ["post"]

    def act(self) -> str:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def revision(self):
        form = TableFormMixin(self.request.POST)
        return form.cleaned_data["revision"] if form.is_valid() else -1

    def post(self, request, *args, **kwargs):
        text = self.act()
        messages.success(request, text)
        return self.back()

    def error_url(self):
        return self.table_url("table")


class VoidLastHandView(ConfirmFirst, TableWriteView):
    def confirmation(self):
        return Confirmation(
            title=_("Take back the last hand?"),
            consequence=consequences.void_last_hand(self.table),
            button=_("Take back the last hand"),
        )

    def act(self):
        hand = hands.void_last_hand(self.table, actor=self.actor, revision=self.revision())
        return _("Hand %(number)s was taken back; it stays in the history.") % {
            "number": hand.number
        }


class TimeUpView(ConfirmFirst, TableWriteView):
    """ "Time is up" ends the table's play after the hand being played: it asks first (a dialog,
    or the confirm page without JavaScript); the director can take it back."""

    def confirmation(self):
        return Confirmation(
            title=_("Is time up at table %(number)s?") % {"number": self.table.number},
            consequence=consequences.call_time(self.table),
            button=_("Time is up"),
        )

    def act(self):
        closing.call_time(self.table, actor=self.actor, revision=self.revision())
        return _(
            "Time is up: enter the hand being played if it was finished, then close the table."
        )


class CloseTableView(ConfirmFirst, TableWriteView):
    def confirmation(self):
        return Confirmation(
            title=_("Close table %(number)s?") % {"number": self.table.number},
            consequence=consequences.close_table(self.table),
            button=_("Close the table"),
        )

    def act(self):
        closing.close_table(self.table, actor=self.actor, revision=self.revision())
        return _("Table closed. Players: check your results below.")


class TableHistoryView(TableAccessMixin, TemplateView):
    """Every version of every hand, every penalty and the audit trail of the table."""

    template_name = "scoring/table_history.html"

    def get_context_data(self, **kwargs):
        snap = snapshot(self.table)
        order = seat_order(snap.state)  # the entry page's seat order
        context = super().get_context_data(**kwargs)
        versions = (
            Hand.objects.filter(table=self.table)
            .select_related("entered_by")
            .order_by("number", "-version")
        )
        context.update(
            table=self.table,
            session=self.session,
            tournament=self.tournament,
            versions=[
                (
                    hand,
                    describe_hand(hand, snap.seats),
                    [signed(hand.changes[seat]) for seat in order],
                )
                for hand in versions
            ],
            cards=seat_cards(snap),
            audit=AuditEntry.objects.filter(table=self.table)
            .select_related("user", "table")
            .prefetch_related("table__seats__registration__player", "registrations__player"),
            back_url=self.table_url("table"),
        )
        return context
