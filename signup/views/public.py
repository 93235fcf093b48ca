"""The players' pages: the sign-up form, an entry's own page (through its signed link: confirm,
take an offered place, correct, withdraw), the public list of players and the self check-in.

No page here shows an e-mail address, except an entry's own page to the holder of its link
(`tests/signup/test_privacy.py` scans them all).
"""

import io

import segno
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.generic import FormView, TemplateView, View

from common.clock import database_now
from common.confirm import Confirmation, ConfirmFirst
from common.counters import count_event, events_counted
from common.errors import ErrorGoesBack, ExplainedNotFound
from common.net import client_address
from signup import links
from signup.forms import CorrectForm, SignupForm
from signup.models import Entry, EntryStatus, Signup
from signup.services import checkin, entries
from signup.services.places import (
    SignupError,
    free_places,
    settle_now,
    taken_places,
    waiting_rank,
)
from signup.services.trail import PLAYER_LINK
from tournament.permissions import TournamentMixin

#: Sign-up forms one address may send in SIGNUP_WINDOW seconds (the shared cache).
SIGNUP_LIMIT = 10
SIGNUP_WINDOW = 3600


class SignupMixin(TournamentMixin):
    """A public page of a tournament that takes entries (404 with the reason otherwise)."""

    @cached_property
    def signup(self) -> Signup:
        signup = Signup.objects.filter(tournament=self.tournament).first()
        if signup is None:
            raise ExplainedNotFound(_("This tournament takes no entries through the desk."))
        return signup

    def get_context_data(self, **kwargs):
        kwargs.setdefault("signup", self.signup)
        return super().get_context_data(**kwargs)


def signup_state(signup, now):
    """ "soon", "open" or "closed"."""
    if now < signup.opens_at:
        return "soon"
    return "open" if now < signup.closes_at else "closed"


class SignupView(SignupMixin, FormView):
    template_name = "signup/signup.html"
    form_class = SignupForm

    def get(self, request, *args, **kwargs):
        settle_now(self.tournament)
        return super().get(request, *args, **kwargs)

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "tournament": self.tournament}

    def get_context_data(self, **kwargs):
        signup = self.signup
        kwargs.update(
            state=signup_state(signup, database_now()),
            places_free=free_places(self.tournament, signup),
            waiting=self.tournament.entries.filter(status=EntryStatus.WAITING).count(),
            taken=taken_places(self.tournament),
        )
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        address = client_address(self.request)
        key = f"desk:signup:{address}"
        if events_counted(key) >= SIGNUP_LIMIT:
            form.add_error(
                None,
                _("Too many entries were sent from your connection: try again in an hour."),
            )
            return self.form_invalid(form)
        count_event(key, SIGNUP_WINDOW)
        if not form.is_robot():
            try:
                entries.sign_up(self.tournament, form.values(), language=get_language())
            except SignupError as exc:
                form.add_error(None, str(exc))
                return self.form_invalid(form)
        # A robot gets the same answer, and nothing is written or sent.
        return render(
            self.request,
            "signup/sent.html",
            {"tournament": self.tournament},
        )


class PlayersView(SignupMixin, TemplateView):
    """The public list of the tournament's players, when the director shows it: names and
    clubs only."""

    template_name = "signup/players.html"

    def get_context_data(self, **kwargs):
        if not self.signup.public_list:
            raise ExplainedNotFound(_("The list of players is not public."))
        kwargs["players"] = [
            registration.player
            for registration in self.tournament.registrations.playing().select_related("player")
        ]
        kwargs["players"].sort(key=lambda player: (player.last_name.casefold(), player.first_name))
        kwargs["waiting"] = self.tournament.entries.filter(status=EntryStatus.WAITING).count()
        return super().get_context_data(**kwargs)


class EntryMixin(SignupMixin, ErrorGoesBack):
    """A page of one entry, found by its signed link (`signup.links`)."""

    salt = links.ENTRY_SALT

    @cached_property
    def entry(self) -> Entry:
        return links.entry_for(
            self.tournament, self.kwargs["token"], client_address(self.request), salt=self.salt
        )

    def page_url(self):
        return reverse(
            "signup-entry", kwargs={"slug": self.tournament.slug, "token": self.kwargs["token"]}
        )

    def error_url(self):
        return self.page_url()

    def get_context_data(self, **kwargs):
        kwargs.setdefault("entry", self.entry)
        kwargs.setdefault("token", self.kwargs["token"])
        return super().get_context_data(**kwargs)


class EntryView(EntryMixin, TemplateView):
    """The entry's own page: where it stands, and what its holder can do now."""

    template_name = "signup/entry.html"

    def get(self, request, *args, **kwargs):
        self.signup  # noqa: B018 - a tournament without a sign-up answers 404 first
        settle_now(self.tournament)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        entry = self.entry
        entry.refresh_from_db()
        kwargs.update(
            rank=waiting_rank(entry),
            checkin_link=links.checkin_url(entry) if entry.is_confirmed else "",
            played=self.tournament.sessions.played().exists(),
        )
        return super().get_context_data(**kwargs)

    def post(self, request, *args, **kwargs):
        action = request.POST.get("action")
        if action == "confirm":
            entries.confirm_email(self.tournament, self.entry)
        elif action == "accept":
            entries.accept_offer(self.tournament, self.entry)
        elif action == "resend":
            entries.resend(self.tournament, self.entry, via=PLAYER_LINK)
        else:
            raise SignupError(_("Unknown change: reload the page."))
        return redirect(self.page_url())


class _Withdrawing(EntryMixin, View):
    """The POST that `ConfirmFirst` lets through once confirmed."""

    def post(self, request, *args, **kwargs):
        entries.withdraw(self.tournament, self.entry)
        return redirect(self.page_url())


class EntryWithdrawView(ConfirmFirst, _Withdrawing):
    """Withdraw the entry (or decline the place offered), asked first."""

    http_method_names = ["get", "post"]

    def confirmation(self):
        if self.entry.is_offered:
            return Confirmation(
                title=_("Decline the place?"),
                consequence=_(
                    "The place goes to the next player on the waiting list, and your entry is "
                    "withdrawn."
                ),
                button=_("Decline the place"),
            )
        return Confirmation(
            title=_("Withdraw your entry?"),
            consequence=_(
                "Your entry is withdrawn and your place, if you have one, goes to the next "
                "player on the waiting list. To play again you would sign up again."
            ),
            button=_("Withdraw my entry"),
        )


class EntryCorrectView(EntryMixin, FormView):
    template_name = "signup/correct.html"
    form_class = CorrectForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "tournament": self.tournament}

    def get_initial(self):
        entry = self.entry
        return {
            "first_name": entry.first_name,
            "last_name": entry.last_name,
            "ema_id": entry.ema_id or "",
            "country": entry.country,
            "club": entry.club,
            "team": entry.team,
            "categories": list(entry.categories.all()),
            "language": entry.language,
        }

    def form_valid(self, form):
        try:
            entries.correct(self.tournament, self.entry, form.values())
        except SignupError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        return redirect(self.page_url())


class CheckinQrView(EntryMixin, View):
    """The QR code of the entry's self check-in link, as SVG (shown on the entry's page)."""

    def get(self, request, *args, **kwargs):
        entry = self.entry
        if not entry.is_confirmed:
            raise ExplainedNotFound(_("Only a player with a place checks in."))
        buffer = io.BytesIO()
        address = request.build_absolute_uri(links.checkin_url(entry))
        segno.make(address, error="m").save(buffer, kind="svg", scale=6, border=2, xmldecl=False)
        response = HttpResponse(buffer.getvalue(), content_type="image/svg+xml")
        response["Cache-Control"] = "no-store"
        return response


class SelfCheckinView(EntryMixin, TemplateView):
    """The page of the QR code in the confirmation e-mail: the player taps "I am here" once
    the director opened check-in."""

    template_name = "signup/self_checkin.html"
    salt = links.CHECKIN_SALT

    def error_url(self):
        return self.request.path

    def get_context_data(self, **kwargs):
        kwargs["registration"] = self.registration()
        return super().get_context_data(**kwargs)

    def registration(self):
        entry = self.entry
        if not entry.is_confirmed or entry.registration is None:
            raise ExplainedNotFound(_("This entry has no place in the tournament (any more)."))
        entry.registration.refresh_from_db()
        return entry.registration

    def post(self, request, *args, **kwargs):
        checkin.check_in(self.tournament, self.registration(), by_player=True)
        return redirect(request.path)
