"""The seasons' addresses: the public pages at /seasons/ and /players/, the site
administrator's under /director/."""

from django.urls import path, register_converter

from seasons.views import admin, players, public


class FormatConverter:
    """A download's format in its address: csv or xlsx."""

    regex = "csv|xlsx"

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


register_converter(FormatConverter, "fmt")

public_urls = [
    path("seasons/", public.SeasonListView.as_view(), name="seasons"),
    path("seasons/<slug:slug>/", public.SeasonView.as_view(), name="season"),
    path(
        "seasons/<slug:slug>/players/<int:player>/",
        public.SeasonPlayerView.as_view(),
        name="season-player",
    ),
    path(
        "seasons/<slug:slug>/ranking.<fmt:fmt>",
        public.SeasonDownloadView.as_view(what="ranking"),
        name="season-ranking-download",
    ),
    path(
        "seasons/<slug:slug>/statistics.<fmt:fmt>",
        public.SeasonDownloadView.as_view(what="statistics"),
        name="season-statistics-download",
    ),
    path("players/<int:pk>/", players.PlayerHistoryView.as_view(), name="player-history"),
    path(
        "players/<int:pk>/statistics.<fmt:fmt>",
        players.PlayerStatisticsDownloadView.as_view(),
        name="player-statistics-download",
    ),
]

director_urls = [
    path("seasons/", admin.SeasonAdminListView.as_view(), name="season-admin-list"),
    path("seasons/new/", admin.SeasonCreateView.as_view(), name="season-create"),
    path("seasons/<slug:slug>/", admin.SeasonEditView.as_view(), name="season-edit"),
    path(
        "seasons/<slug:slug>/tournaments/add/",
        admin.AddTournamentView.as_view(),
        name="season-add-tournament",
    ),
    path(
        "seasons/<slug:slug>/tournaments/<int:member>/remove/",
        admin.RemoveTournamentView.as_view(),
        name="season-remove-tournament",
    ),
    path("players/duplicates/", admin.DuplicatesView.as_view(), name="player-duplicates"),
    path(
        "players/merge/<int:keep>/<int:remove>/",
        admin.MergeView.as_view(),
        name="player-merge",
    ),
    path(
        "players/merges/<int:pk>/undo/",
        admin.MergeUndoView.as_view(),
        name="player-merge-undo",
    ),
]
