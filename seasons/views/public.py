"""The public season pages: the seasons, a season's ranking (its table cached per ranking
version and language, as the standings page does), a player's results in a season, and the
downloads. A season not published is seen by site administrators only (404 for the others)."""

from __future__ import annotations

from typing import Any

from django.core.cache import cache
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.views import View
from django.views.generic import TemplateView

from common.mixin_bases import ContextViewMixinBase
from rules import family_codes, get_ruleset
from scoring.standings.ranking import CACHE_SECONDS
from seasons import sheets
from seasons.models import Season, SeasonMethod
from seasons.ranking import SeasonRanking, SeasonState, season_ranking, season_state
from seasons.statistics import season_statistics
from tournament.models import Player
from tournament.permissions import is_site_admin


def visible_seasons(user):
    return Season.objects.all() if is_site_admin(user) else Season.objects.public()


class SeasonMixin(ContextViewMixinBase):
    """Finds `self.season` from the address's short name among the seasons the user may read."""

    season: Season

    def dispatch(self, request, *args, **kwargs):
        self.season = get_object_or_404(visible_seasons(request.user), slug=kwargs["slug"])
        return super().dispatch(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        kwargs.setdefault("season", self.season)
        kwargs.setdefault("is_site_admin", is_site_admin(self.request.user))
        return super().get_context_data(**kwargs)


class SeasonListView(TemplateView):
    template_name = "seasons/season_list.html"

    def get_context_data(self, **kwargs):
        kwargs["seasons"] = visible_seasons(self.request.user)
        kwargs["is_site_admin"] = is_site_admin(self.request.user)
        return super().get_context_data(**kwargs)


def statistics_figures(season: Season) -> tuple[tuple[str, ...], str]:
    """The figures of the season's statistics: those its family's rule sets record (the first
    rule set of the family speaks for all of them)."""
    ruleset = get_ruleset(family_codes(season.family)[0])
    return ruleset.statistics, ruleset.pattern_label


class SeasonView(SeasonMixin, TemplateView):
    """The season's ranking: the table is rendered once per ranking version and language."""

    template_name = "seasons/season.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        state = season_state(self.season)
        key = f"season-page:{self.season.pk}:{state.version}:{get_language()}"
        html = cache.get(key)
        if html is None:
            ranking = season_ranking(self.season, state)
            html = render_to_string(
                "seasons/season_table.html",
                {"season": self.season, "ranking": ranking, "ema": self._ema},
                request=self.request,
            )
            cache.set(key, html, CACHE_SECONDS)
        context.update(state=state, table_html=html, ema=self._ema)
        return context

    @property
    def _ema(self):
        return self.season.method == SeasonMethod.EMA


class SeasonPlayerView(SeasonMixin, TemplateView):
    """One player's results in the season and how they make the ranking (docs/rules.md §11)."""

    template_name = "seasons/season_player.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        ranking = season_ranking(self.season)
        row = ranking.row_of(self.kwargs["player"])
        if row is None:
            raise Http404
        context.update(
            ranking=ranking,
            row=row,
            player=get_object_or_404(Player, pk=row.player_id),
            ema=self.season.method == SeasonMethod.EMA,
            counted=sum(1 for result in row.results if result.counted),
        )
        return context


def _download(name: str, fmt: str, content: bytes) -> HttpResponse:
    types = {
        "csv": "text/csv; charset=utf-8",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    }
    response = HttpResponse(content, content_type=types[fmt])
    response["Content-Disposition"] = f'attachment; filename="{name}.{fmt}"'
    return response


class SeasonDownloadView(SeasonMixin, View):
    """The season's ranking or statistics, as CSV or a workbook."""

    what: str = "ranking"

    def get(self, request, *args: Any, fmt: str, **kwargs: Any):
        if fmt not in sheets.FORMATS:
            raise Http404
        state: SeasonState = season_state(self.season)
        ranking: SeasonRanking = season_ranking(self.season, state)
        if self.what == "statistics":
            figures, pattern_label = statistics_figures(self.season)
            sheet = sheets.season_statistics_sheet(
                self.season, ranking, season_statistics(state), figures, pattern_label
            )
        else:
            sheet = sheets.ranking_sheet(self.season, ranking)
        return _download(f"{self.season.slug}-{self.what}", fmt, sheets.render([sheet], fmt))
