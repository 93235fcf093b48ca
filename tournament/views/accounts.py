"""The pages of roles (docs/architecture.md, "Roles"): the site administrator's accounts, a
tournament's directors, and its referee accounts. Thin: they read the form and call
`tournament.services.accounts`; a refused action goes back to its page with the message."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import FormView, View

from common.errors import ErrorGoesBack
from common.numbers import parse_int
from tournament.account_forms import AccountForm, DirectorForm, NewAccountForm, RefereeForm
from tournament.models import Tournament
from tournament.permissions import (
    DirectorTournamentMixin,
    SiteAdminRequiredMixin,
    TournamentMixin,
    is_site_admin,
)
from tournament.services import accounts
from tournament.services.accounts import AccountError

#: The accounts page lists this many accounts at most.
ACCOUNTS_SHOWN = 500


class AccountsView(SiteAdminRequiredMixin, FormView):
    """Every account with its roles; the form creates one."""

    template_name = "tournament/accounts.html"
    form_class = NewAccountForm

    def get_context_data(self, **kwargs):
        tournaments = Prefetch("directed_tournaments", queryset=Tournament.objects.order_by("name"))
        kwargs["accounts"] = (
            get_user_model()
            .objects.filter(is_active=True)
            .order_by("-is_superuser", "username")
            .prefetch_related(tournaments)[:ACCOUNTS_SHOWN]
        )
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        try:
            account = accounts.create_account(**form.cleaned_data)
        except AccountError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(self.request, _("Account “%(name)s” created.") % {"name": account})
        return redirect("accounts")


def _account_id(request):
    account_id = parse_int(request.POST.get("account", ""), minimum=1, maximum=2**31 - 1)
    if account_id is None:
        raise AccountError(_("Choose an account."))
    return account_id


class DirectorsView(DirectorTournamentMixin, FormView):
    """A tournament's directors; a site administrator adds and removes them."""

    template_name = "tournament/directors.html"
    form_class = DirectorForm

    def get_context_data(self, **kwargs):
        kwargs["directors"] = self.tournament.directors.order_by("username")
        kwargs["may_change"] = is_site_admin(self.request.user)
        return super().get_context_data(**kwargs)

    def post(self, request, *args, **kwargs):
        if not is_site_admin(request.user):
            raise PermissionDenied
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        try:
            account = accounts.add_director(self.tournament, form.cleaned_data["username"])
        except AccountError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(
            self.request, _("“%(name)s” now directs this tournament.") % {"name": account}
        )
        return redirect("directors", slug=self.tournament.slug)


class RemoveDirectorView(ErrorGoesBack, SiteAdminRequiredMixin, TournamentMixin, View):
    http_method_names = ["post"]

    def error_url(self):
        return reverse("directors", args=[self.tournament.slug])

    def post(self, request, *args, **kwargs):
        account = accounts.remove_director(self.tournament, _account_id(request))
        messages.success(
            request, _("“%(name)s” no longer directs this tournament.") % {"name": account}
        )
        return redirect(self.error_url())


class RefereesView(DirectorTournamentMixin, FormView):
    """The referee accounts of this tournament's tables; the form gives an account tables."""

    template_name = "tournament/referees.html"
    form_class = RefereeForm

    def get_context_data(self, **kwargs):
        kwargs["referees"] = accounts.referees_of(self.tournament)
        kwargs.setdefault("account_form", AccountForm(prefix="new"))
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        try:
            account, count = accounts.assign_referee(
                self.tournament, form.cleaned_data["username"], form.cleaned_data["tables"]
            )
        except AccountError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(
            self.request,
            ngettext(
                "“%(name)s” referees %(count)s table.",
                "“%(name)s” referees %(count)s tables.",
                count,
            )
            % {"name": account, "count": count},
        )
        return redirect("referees", slug=self.tournament.slug)


class NewRefereeAccountView(DirectorTournamentMixin, FormView):
    """A director creates a plain account for a referee (no right until given tables)."""

    template_name = "tournament/referees.html"
    form_class = AccountForm
    prefix = "new"
    http_method_names = ["post"]

    def get_context_data(self, **kwargs):
        kwargs["referees"] = accounts.referees_of(self.tournament)
        kwargs["account_form"] = kwargs.pop("form")
        kwargs["form"] = RefereeForm()
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        try:
            account = accounts.create_account(**form.cleaned_data)
        except AccountError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("Account “%(name)s” created: now give it its tables.") % {"name": account},
        )
        return redirect("referees", slug=self.tournament.slug)


class RemoveRefereeView(ErrorGoesBack, DirectorTournamentMixin, View):
    http_method_names = ["post"]

    def error_url(self):
        return reverse("referees", args=[self.tournament.slug])

    def post(self, request, *args, **kwargs):
        accounts.unassign_referee(self.tournament, _account_id(request))
        messages.success(request, _("The account referees no table of this tournament now."))
        return redirect(self.error_url())
