"""A player's public page across the desk's tournaments and seasons, and the download of their
statistics (docs/seasons.md, "A player's page")."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.http import Http404
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views import View
from django.views.generic import TemplateView

from scoring.standings.ranking import CACHE_SECONDS
from seasons import sheets
from seasons.history import history_state, player_history, public_registrations
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
    """The player's page. Its body is kept in the shared cache under a fingerprint of the
    player, their tournaments' standings and their seasons' (`history_state`), per language,
    as the standings page keeps its table: a phone refreshing it costs the fingerprint."""

    template_name = "seasons/player.html"
    player: Player

    def get(self, request, *args: Any, **kwargs: Any):
        if not Player.objects.filter(pk=kwargs["pk"]).exists():
            kept = merged_into(kwargs["pk"])
            if kept is not None:
                return redirect("player-history", pk=kept, permanent=False)
        self.player = public_player(kwargs["pk"])
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        state = history_state(self.player)
        key = f"player-page:{self.player.pk}:{state.version}:{get_language()}"
        body = cache.get(key)
        if body is None:
            history = player_history(self.player, state)
            body = render_to_string(
                "seasons/player_body.html",
                {"history": history, "player": self.player},
                request=self.request,
            )
            cache.set(key, body, CACHE_SECONDS)
        kwargs.update(player=self.player, body_html=body)
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
