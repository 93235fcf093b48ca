"""The director's sign-up pages: the settings, the entries (by status, with every move), one
entry with its trail, and erasing the contact data after the tournament."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import FormView, TemplateView, View

from common.clock import database_now
from common.confirm import Confirmation, ConfirmFirst
from common.errors import ErrorGoesBack
from common.net import link_base
from scoring.access import actor_for
from signup.forms import SignupSettingsForm
from signup.models import Entry, EntryStatus, Signup
from signup.services import director as service
from signup.services.places import free_places, settle_now, taken_places
from signup.views.public import signup_state
from tournament.permissions import DirectorTournamentMixin
from tournament.services.player_matching import describe_player
from tournament.services.registrations import RegistrationError, find_player

#: The statuses in the order the entries page lists them.
SECTIONS = (
    EntryStatus.OFFERED,
    EntryStatus.WAITING,
    EntryStatus.AWAITING,
    EntryStatus.PENDING,
    EntryStatus.CONFIRMED,
    EntryStatus.WITHDRAWN,
)


class SignupSettingsView(DirectorTournamentMixin, FormView):
    template_name = "signup/settings.html"
    form_class = SignupSettingsForm

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["instance"] = Signup.objects.filter(tournament=self.tournament).first()
        if kwargs["instance"] is None:
            start = self.tournament.start_date
            kwargs["initial"] = {
                "places": 40,
                "offer_hours": 48,
                "site_url": link_base(self.request),
                "closes_at": f"{start:%Y-%m-%d}T00:00",
            }
        return kwargs

    def get_context_data(self, **kwargs):
        from django.conf import settings

        kwargs["mail_to_files"] = settings.EMAIL_BACKEND.endswith("filebased.EmailBackend")
        kwargs["signup"] = Signup.objects.filter(tournament=self.tournament).first()
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        service.save_settings(
            self.tournament,
            form.cleaned_data,
            actor=actor_for(self.request, self.tournament),
        )
        messages.success(self.request, _("Sign-up settings saved."))
        return redirect("signup-entries", slug=self.tournament.slug)


def name_match(entry):
    """The known player of the entry's name the director may say is this person (not yet
    registered, no EMA id of its own to decide), described, or ""."""
    if entry.registration_id is not None or entry.is_erased:
        return ""
    try:
        player = find_player(entry.first_name, entry.last_name, entry.ema_id)
    except RegistrationError:  # several namesakes: the import's message is shown when it registers
        return ""
    if player is None or (entry.ema_id and player.ema_id == entry.ema_id):
        return ""
    return describe_player(player)


class EntriesView(DirectorTournamentMixin, TemplateView):
    """Every entry by status, with the moves the director can make."""

    template_name = "signup/entries.html"

    @cached_property
    def signup(self):
        return Signup.objects.filter(tournament=self.tournament).first()

    def get(self, request, *args, **kwargs):
        if self.signup is None:
            return redirect("signup-settings", slug=self.tournament.slug)
        settle_now(self.tournament)
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        tournament, signup = self.tournament, self.signup
        entries = list(
            tournament.entries.select_related("registration", "team")
            .prefetch_related("categories")
            .order_by("position", "created_at", "id")
        )
        known = {entry.pk: name_match(entry) for entry in entries}
        sections = [
            (
                status,
                EntryStatus(status).label,
                [(e, known[e.pk]) for e in entries if e.status == status],
            )
            for status in SECTIONS
        ]
        kwargs.update(
            signup=signup,
            sections=sections,
            state=signup_state(signup, database_now()),
            taken=taken_places(tournament),
            free=free_places(tournament, signup),
            public_url=reverse("signup", kwargs={"slug": tournament.slug}),
            can_erase_all=any(service.may_erase(tournament, e) for e in entries if not e.is_erased)
            and all(service.may_erase(tournament, e) for e in entries),
            events=tournament.signup_events.select_related("user", "entry", "registration__player")[
                :50
            ],
        )
        return super().get_context_data(**kwargs)


class _EntriesAction(ErrorGoesBack, DirectorTournamentMixin, View):
    def error_url(self):
        return reverse("signup-entries", kwargs={"slug": self.tournament.slug})


class _Moving(_EntriesAction):
    """The POST that `ConfirmFirst` lets through (once confirmed, when it asks)."""

    @cached_property
    def entry(self) -> Entry:
        return get_object_or_404(self.tournament.entries, pk=self.kwargs["entry"])

    def post(self, request, *args, **kwargs):
        service.entry_action(
            self.tournament,
            self.entry,
            request.POST.get("action", ""),
            expected=request.POST.get("status", ""),
            actor=actor_for(request, self.tournament),
        )
        messages.success(request, _("%(name)s: done.") % {"name": self.entry.full_name})
        return redirect(self.error_url())


class EntryActionView(ConfirmFirst, _Moving):
    """One move of an entry (POST "action", "status" the page showed); withdrawing and
    erasing ask first."""

    http_method_names = ["get", "post"]

    def needs_confirmation(self, data):
        return data.get("action") in (service.WITHDRAW, service.ERASE)

    def confirmation(self):
        name = self.entry.full_name
        if self.request.POST.get("action", self.request.GET.get("action")) == service.ERASE:
            return Confirmation(
                title=_("Erase %(name)s's contact data?") % {"name": name},
                consequence=_(
                    "The e-mail address and the links of the entry are erased for good; the "
                    "results and the name in them stay."
                ),
                button=_("Erase"),
            )
        return Confirmation(
            title=_("Withdraw %(name)s?") % {"name": name},
            consequence=_(
                "The entry is withdrawn (a player with a place leaves the tournament), the "
                "player is told by e-mail, and the place goes to the next on the waiting list."
            ),
            button=_("Withdraw"),
        )


class _Erasing(_EntriesAction):
    def post(self, request, *args, **kwargs):
        count = service.erase_all(self.tournament, actor=actor_for(request, self.tournament))
        messages.success(request, _("Contact data of %(count)s entries erased.") % {"count": count})
        return redirect(self.error_url())


class EraseAllView(ConfirmFirst, _Erasing):
    http_method_names = ["get", "post"]

    def confirmation(self):
        return Confirmation(
            title=_("Erase every entry's contact data?"),
            consequence=_(
                "Every e-mail address and link of this tournament's entries is erased for good; "
                "the results and the players' names stay."
            ),
            button=_("Erase them all"),
        )

    def post(self, request, *args, **kwargs):
        count = service.erase_all(self.tournament, actor=actor_for(request, self.tournament))
        messages.success(request, _("Contact data of %(count)s entries erased.") % {"count": count})
        return redirect(self.error_url())
