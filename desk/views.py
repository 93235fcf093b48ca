"""The director downloads a tournament archive, or restores one into this desk; sees and clears
login lockouts. The lockout page itself (django-axes calls `lockout_response`)."""

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django.views.generic import FormView, TemplateView

from common.confirm import Confirmation, ConfirmFirst
from common.errors import ErrorGoesBack, ExplainedNotFound
from common.net import client_address
from desk import lockouts
from desk.archive import (
    MAX_BYTES,
    ArchiveError,
    export_archive,
    restore,
    skipped_referees_message,
)
from desk.services import (
    delete_tournament,
    deletion_consequence,
    kept_archive_path,
    kept_archives,
)
from tournament.models import Tournament
from tournament.permissions import DirectorTournamentMixin, SiteAdminRequiredMixin

#: Set by a logout, read by static/desk/forget_offline.js on the next page.
FORGET_OFFLINE_COOKIE = "desk_forget_offline"


class LogoutView(auth_views.LogoutView):
    """Django's logout, and the phone forgets the referee pages its service worker kept for
    this account: on a shared phone the next account never sees them offline. Not the
    storage: saves still waiting in the offline queue (localStorage) must stay.

    `Clear-Site-Data: "cache"` asks the browser to drop its caches, but Chromium leaves the
    service worker's Cache Storage alone; so the logout also sets a short-lived cookie, and the
    page it leads to (every page loads static/desk/forget_offline.js) empties the referee
    pages' caches and removes the cookie."""

    def post(self, request, *args, **kwargs):
        response = super().post(request, *args, **kwargs)
        response["Clear-Site-Data"] = '"cache"'
        response.set_cookie(
            FORGET_OFFLINE_COOKIE,
            "1",
            max_age=24 * 3600,  # until the next page of this desk, however late that is
            samesite="Lax",
            secure=settings.SESSION_COOKIE_SECURE,
        )
        return response


class ArchiveDownloadView(DirectorTournamentMixin, View):
    def get(self, request, *args, **kwargs):
        content = export_archive(self.tournament)
        name = f"{self.tournament.slug}-{timezone.localtime():%Y%m%d-%H%M}.desk.gz"
        response = HttpResponse(content, content_type="application/gzip")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


class RestoreForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Tournament archive (.desk.gz)"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(_("The file is larger than any tournament archive."))
        return upload


class RestoreView(SiteAdminRequiredMixin, FormView):
    """Upload an archive, or bring back a deleted tournament from the archive kept of it."""

    form_class = RestoreForm
    template_name = "tournament/restore.html"

    def get_context_data(self, **kwargs):
        kwargs["kept"] = kept_archives()
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        try:
            restored = restore(form.cleaned_data["file"].read(), restored_by=self.request.user)
        except ArchiveError as exc:
            form.add_error("file", str(exc))
            return self.form_invalid(form)
        return restored_page(self.request, restored)


def restored_page(request, restored):
    tournament = restored.tournament
    messages.success(request, _("Tournament “%(name)s” restored.") % {"name": tournament.name})
    if restored.skipped_referees:
        messages.warning(request, skipped_referees_message(restored.skipped_referees))
    return redirect(tournament)


class RestoreKeptView(ErrorGoesBack, SiteAdminRequiredMixin, View):
    """POST `name`: restore the archive kept when that tournament was deleted; the kept file
    goes once the tournament is back."""

    http_method_names = ["post"]

    def error_url(self):
        return reverse("tournament-restore")

    def post(self, request, *args, **kwargs):
        path = kept_archive_path(request.POST.get("name"))
        restored = restore(path.read_bytes(), restored_by=request.user)
        path.unlink(missing_ok=True)
        return restored_page(request, restored)


class KeptArchiveDownloadView(SiteAdminRequiredMixin, View):
    def get(self, request, name):
        try:
            path = kept_archive_path(name)
        except ArchiveError as exc:
            raise ExplainedNotFound(str(exc)) from None
        response = HttpResponse(path.read_bytes(), content_type="application/gzip")
        response["Content-Disposition"] = f'attachment; filename="{path.name}"'
        return response


class TournamentDeletion(ErrorGoesBack, SiteAdminRequiredMixin, View):
    """POST: delete the tournament (its archive kept first), for a site administrator."""

    http_method_names = ["post"]

    @cached_property
    def tournament(self):  # looked up once the role is checked: nobody else learns the slug
        return get_object_or_404(Tournament, slug=self.kwargs["slug"])

    def error_url(self):
        return self.tournament.get_absolute_url()

    def post(self, request, *args, **kwargs):
        name = self.tournament.name
        delete_tournament(self.tournament)
        messages.success(
            request,
            _("%(name)s is deleted. Its archive is kept: “Restore a tournament” brings it back.")
            % {"name": name},
        )
        return redirect("home")


class DeleteTournamentView(ConfirmFirst, TournamentDeletion):
    """Deleting asks first, saying what it removes and how to take it back."""

    def confirmation(self):
        return Confirmation(
            title=_("Delete %(name)s?") % {"name": self.tournament.name},
            consequence=deletion_consequence(self.tournament),
            button=_("Delete the tournament"),
        )


class LockoutsView(SiteAdminRequiredMixin, TemplateView):
    """The accounts (each at an address) and the addresses locked out by failed logins, each
    with a button to clear it."""

    template_name = "desk/lockouts.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            lockouts=lockouts.current_lockouts(),
            limit=settings.AXES_FAILURE_LIMIT,
            address_limit=settings.DESK_LOGIN_ADDRESS_ATTEMPTS,
            minutes=int(settings.AXES_COOLOFF_TIME.total_seconds() // 60),
            ACCOUNT=lockouts.ACCOUNT,
        )
        return context


class ClearLockoutView(SiteAdminRequiredMixin, View):
    """POST kind=account (value: its name; address: only there), kind=address (value), or
    kind=all: forget those failed logins."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        actor = request.user.get_username()
        kind = request.POST.get("kind", "")
        try:
            if kind == "all":
                lockouts.clear_all_lockouts(actor=actor)
                messages.success(request, _("Every lockout is cleared."))
            else:
                value = request.POST.get("value", "")
                address = request.POST.get("address", "") if kind == lockouts.ACCOUNT else ""
                lockouts.clear_lockout(kind, value, actor=actor, address=address)
                messages.success(
                    request, _("Lockout of “%(value)s” cleared.") % {"value": value.strip()}
                )
        except lockouts.LockoutError as exc:
            messages.error(request, str(exc))
        return redirect("lockouts")


def lockout_response(request, original_response=None, credentials=None):
    """What a locked-out login gets (django-axes' AXES_LOCKOUT_CALLABLE): the desk's own page,
    in the visitor's language, saying when to try again; HTTP 429 with Retry-After."""
    username = (credentials or {}).get("username") or request.POST.get("username", "")
    ends_at = lockouts.lockout_end(username, client_address(request))
    if ends_at is None:  # cleared a moment ago, or the failures were just counted
        ends_at = timezone.now() + settings.AXES_COOLOFF_TIME
    response = render(
        request,
        "registration/lockout.html",
        {"ends_at": ends_at, "limit": settings.AXES_FAILURE_LIMIT},
        status=429,
    )
    response["Retry-After"] = str(max(1, int((ends_at - timezone.now()).total_seconds())))
    return response
