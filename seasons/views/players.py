"""A player's public page across the desk's tournaments and seasons, and the download of their
statistics (docs/seasons.md, "A player's page")."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import redirect
from django.views import View
from django.views.generic import TemplateView

from seasons import sheets
from seasons.history import PlayerHistory, player_history, public_registrations
from seasons.models import PlayerMerge
from seasons.views.public import _download
from tournament.models import Player


def public_player(pk: int) -> Player:
    """The player, when a public tournament lists them (404 otherwise, as if there were none)."""
    player = Player.objects.filter(pk=pk).first()
    if player is None or not public_registrations(player).exists():
        raise Http404
    return player


def merged_into(pk: int) -> int | None:
    """The record a removed record was merged into, while that merge stands."""
    merge = (
        PlayerMerge.objects.filter(removed__id=pk, undone_at__isnull=True, kept__isnull=False)
        .order_by("-merged_at")
        .first()
    )
    return merge.kept_id if merge is not None else None


class PlayerHistoryView(TemplateView):
    template_name = "seasons/player.html"
    history: PlayerHistory

    def get(self, request, *args: Any, **kwargs: Any):
        if not Player.objects.filter(pk=kwargs["pk"]).exists():
            kept = merged_into(kwargs["pk"])
            if kept is not None:
                return redirect("player-history", pk=kept, permanent=False)
        self.history = player_history(public_player(kwargs["pk"]))
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        history = self.history
        kwargs.update(history=history, player=history.player)
        return super().get_context_data(**kwargs)


class PlayerStatisticsDownloadView(View):
    def get(self, request, *args: Any, pk: int, fmt: str, **kwargs: Any):
        if fmt not in sheets.FORMATS:
            raise Http404
        history = player_history(public_player(pk))
        found = sheets.player_statistics_sheets(history)
        if not found:
            raise Http404
        return _download(f"player-{pk}-statistics", fmt, sheets.render(found, fmt))
