"""The site administrator's pages: seasons (make one, change it, add and remove its
tournaments), likely duplicate players, merging two records and taking a merge back."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from common.confirm import Confirmation, ConfirmFirst
from common.errors import ChangedMeanwhile, ErrorGoesBack
from common.mixin_bases import FormViewMixinBase
from seasons import services
from seasons.duplicates import likely_duplicates
from seasons.forms import AddTournamentForm, SeasonForm
from seasons.merge import merge_players, plan_merge, undo_merge
from seasons.models import PlayerMerge, Season
from seasons.ranking import members
from tournament.models import Player
from tournament.permissions import SiteAdminRequiredMixin

#: The player details a merge may fill, as the merge page names them.
FIELD_LABELS = {
    "ema_id": Player._meta.get_field("ema_id").verbose_name,
    "country": Player._meta.get_field("country").verbose_name,
    "club": Player._meta.get_field("club").verbose_name,
}


class SeasonAdminListView(SiteAdminRequiredMixin, TemplateView):
    template_name = "seasons/admin_list.html"

    def get_context_data(self, **kwargs):
        kwargs["seasons"] = Season.objects.all()
        return super().get_context_data(**kwargs)


class SeasonFormMixin(SiteAdminRequiredMixin, FormViewMixinBase):
    """Shows the form's refusal by the service inside the form, with what was typed."""

    def save(self, form: SeasonForm) -> Season:  # pragma: no cover - each view defines it
        raise NotImplementedError

    def form_valid(self, form):
        try:
            season = self.save(form)
        except services.SeasonError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(self.request, _("The season is saved."))
        return redirect("season-edit", slug=season.slug)


class SeasonCreateView(SeasonFormMixin, FormView):
    template_name = "seasons/season_form.html"
    form_class = SeasonForm

    def save(self, form):
        return services.create_season(form.settings())


class SeasonEditView(SeasonFormMixin, FormView):
    template_name = "seasons/season_form.html"
    form_class = SeasonForm
    season: Season

    def dispatch(self, request, *args, **kwargs):
        self.season = get_object_or_404(Season, slug=kwargs["slug"])
        return super().dispatch(request, *args, **kwargs)

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["instance"] = self.season
        return kwargs

    def save(self, form):
        return services.update_season(self.season, form.settings())

    def get_context_data(self, **kwargs):
        counted = {tournament.pk for tournament in members(self.season)}
        kwargs.update(
            season=self.season,
            memberships=self.season.members.select_related("tournament"),
            counted=counted,
            add_form=AddTournamentForm(candidates=services.candidates(self.season)),
        )
        return super().get_context_data(**kwargs)


class SeasonActionView(ErrorGoesBack, SiteAdminRequiredMixin, View):
    season: Season

    def dispatch(self, request, *args, **kwargs):
        self.season = get_object_or_404(Season, slug=kwargs["slug"])
        return super().dispatch(request, *args, **kwargs)

    def error_url(self):
        return reverse("season-edit", kwargs={"slug": self.season.slug})


class AddTournamentView(SeasonActionView):
    def post(self, request, *args: Any, **kwargs: Any):
        form = AddTournamentForm(request.POST, candidates=services.candidates(self.season))
        if not form.is_valid():
            raise services.SeasonError(_("Choose a tournament the season may take."))
        member = services.add_tournament(self.season, form.cleaned_data["tournament"])
        messages.success(
            request, _("%(tournament)s is in the season.") % {"tournament": member.tournament}
        )
        return HttpResponseRedirect(self.error_url())


class RemoveTournamentView(SeasonActionView):
    def post(self, request, *args: Any, member: int, **kwargs: Any):
        services.remove_tournament(self.season, member)
        messages.success(request, _("The tournament is out of the season."))
        return HttpResponseRedirect(self.error_url())


class DuplicatesView(SiteAdminRequiredMixin, TemplateView):
    template_name = "seasons/duplicates.html"

    def get_context_data(self, **kwargs):
        kwargs["duplicates"] = likely_duplicates()
        kwargs["merges"] = PlayerMerge.objects.select_related("kept", "merged_by", "undone_by")[:50]
        return super().get_context_data(**kwargs)


class MergeView(ErrorGoesBack, SiteAdminRequiredMixin, TemplateView):
    """The merge's preview (GET) and the merge itself (POST, with the preview's stamp)."""

    template_name = "seasons/merge.html"

    def error_url(self):
        return reverse("player-duplicates")

    def records(self):
        keep = get_object_or_404(Player, pk=self.kwargs["keep"])
        remove = get_object_or_404(Player, pk=self.kwargs["remove"])
        return keep, remove

    def get_context_data(self, **kwargs):
        keep, remove = self.records()
        plan = plan_merge(keep, remove)
        kwargs.update(
            plan=plan,
            filled=[(FIELD_LABELS[name], value) for name, value in plan.filled.items()],
            keep=keep,
            remove=remove,
            keep_registrations=keep.registrations.select_related("tournament").order_by(
                "tournament__start_date"
            ),
        )
        return super().get_context_data(**kwargs)

    def post(self, request, *args: Any, keep: int, remove: int, **kwargs: Any):
        try:
            merge_players(keep, remove, user=request.user, stamp=request.POST.get("stamp", ""))
        except ChangedMeanwhile as exc:
            messages.error(request, str(exc))
            return redirect("player-merge", keep=keep, remove=remove)
        messages.success(
            request,
            _("The two records are one now. The merge can be taken back from the list of merges."),
        )
        return redirect("player-duplicates")


class MergeUndoAction(ErrorGoesBack, SiteAdminRequiredMixin, View):
    def error_url(self):
        return reverse("player-duplicates")

    def post(self, request, *args: Any, pk: int, **kwargs: Any):
        player = undo_merge(pk, user=request.user)
        messages.success(
            request,
            _("%(player)s is a record of its own again.") % {"player": player.full_name},
        )
        return redirect("player-duplicates")


class MergeUndoView(ConfirmFirst, MergeUndoAction):
    """Taking a merge back asks first (it moves registrations between records)."""

    def confirmation(self):
        merge = get_object_or_404(PlayerMerge, pk=self.kwargs["pk"])
        return Confirmation(
            title=_("Take the merge back?"),
            consequence=_(
                "%(removed)s becomes a record of its own again, with the registrations the "
                "merge moved to %(kept)s."
            )
            % {"removed": merge.removed_name, "kept": merge.kept or "?"},
            button=_("Take the merge back"),
        )
