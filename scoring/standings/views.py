"""The standings page (read-only), sortable by its columns, cached per standings version."""

import copy
import re

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, QueryDict
from django.template.loader import render_to_string
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from common.errors import ExplainedNotFound
from scoring.live.versions import LivePageMixin
from scoring.standings.group_views import PLAYERS, view_context
from scoring.standings.lists import standings_list, standings_rows
from scoring.standings.ranking import (
    compute_standings,
    tie_break_note,
)
from tournament.permissions import TournamentMixin
from tournament.rulesets import ruleset_for
from tournament.visibility import confirmed_visible

#: A column sort in the address: a name, or "-" and a name ("-s3_score").
SORT = re.compile(r"(?P<column>-?[a-z0-9_]{1,30})", re.ASCII)


def sortable_columns(tournament, through):
    """The columns of the standings table after session `through` (`scoring.standings.lists.
    standings_list`, from the rule set alone: no standings are computed for this)."""
    ruleset = ruleset_for(tournament)
    uses_tp = "table_points" in ruleset.ranking_fields
    total = "final_score" if ruleset.shows_final_score else "score"
    # A session's table points and score share one column where the rule set has table points
    # (scoring.standings.lists.standings_list): sorted by its table points, then its score.
    per_session = ["tp"] if uses_tp else ["final" if ruleset.shows_final_score else "score"]
    columns = {"place", "name", "number", "country", "club", total, "transfers", "penalties"}
    if uses_tp:
        columns.add("table_points")
    if through > 1:
        columns.add("movement")
    columns.update(f"s{number}_{kind}" for number in range(1, through + 1) for kind in per_session)
    return columns


def standings_sort(asked, tournament, through):
    """The column `?sort=` names if the table after session `through` has it, else "" (the
    table's own order, by place). Anything else (an unknown name, a column of another rule set,
    10,000 characters, a NUL, a second column) sorts nothing: the cached table has one entry
    per real column and direction, not one per address."""
    first = asked.split(",", 1)[0]
    if not SORT.fullmatch(first) or first == "place":
        return ""
    column = first.removeprefix("-")
    if column == "stage_label":  # shown once the cut to the final is made
        made = tournament.registrations.filter(finalist__isnull=False).exists()
        return first if made else ""
    return first if column in sortable_columns(tournament, through) else ""


class StandingsView(LivePageMixin, TournamentMixin, TemplateView):
    """The standings after the last confirmed session, or after session `number`.

    The rendered table is cached under a fingerprint of everything it depends on, the
    language and the sort order: players refreshing their phones cost a lookup, not a
    recomputation, and any change to results shows at once. The page refreshes itself
    (`static/desk/live.js` asks `/live/` first) and a browser that has it gets a 304
    (`scoring/live.py`).
    """

    template_name = "scoring/standings.html"
    cache_seconds = 3600

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        confirmed = confirmed_visible(self.request.user, self.tournament)
        through = self.kwargs.get("number")
        if through is not None and through not in confirmed:
            if self.tournament.sessions.filter(number=through).exists():
                raise ExplainedNotFound(
                    _("The standings after session %(number)s have not been published yet.")
                    % {"number": through},
                    heading=_("Not published yet"),
                )
            raise Http404
        if through is None and confirmed:
            through = confirmed[-1]
        context.update(
            confirmed=confirmed,
            through=through,
            table_html=None,
            ranks_hands=bool(ruleset_for(self.tournament).hand_value_fields),
            tie_break_note=tie_break_note(self.tournament),
            live_version=self.live_version(),
            live_poll=settings.DESK_LIVE_POLL_SECONDS,
        )
        # Teams and sub-rankings (docs/rules.md §10.2, §10.4): scoring/views/groups.py.
        context.update(view_context(self.tournament, self.request.GET.get("view", ""), through))
        if context["view_kind"] != PLAYERS:
            return context
        if confirmed:
            sort = standings_sort(self.request.GET.get("sort", ""), self.tournament, through)
            # The page's live version: the standings' fingerprint and the tournament's name.
            version = self.live_version()
            key = f"standings:{self.tournament.pk}:{through}:{get_language()}:{sort}:{version}"
            context["table_html"] = cache.get(key)
            if context["table_html"] is None:
                context["table_html"] = self.render_table(through, sort)
                cache.set(key, context["table_html"], self.cache_seconds)
        return context

    def render_table(self, through, sort):
        """The table sorted by `sort`, made from that alone: its column links carry no other
        parameter of this address (the HTML is kept for every visitor who sorts the same)."""
        standings = compute_standings(self.tournament, through=through)
        request = copy.copy(self.request)
        query = QueryDict(mutable=True)
        if sort:
            query["sort"] = sort
        # django-stubs types a request's GET as immutable; this copy gets a query of its own.
        request.GET = query  # type: ignore[assignment]
        table = standings_list(standings, standings_rows(standings), request)
        return render_to_string("scoring/standings_table.html", {"table": table}, request=request)
