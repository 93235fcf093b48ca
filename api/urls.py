"""The API's addresses: /api/v1/..., the OpenAPI schema and its documentation pages."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from api.views import director_writes, reads, season_reads, table_writes

T = "tournaments/<slug:slug>/"
TABLE = T + "sessions/<int:number>/tables/<int:table>/"

v1 = [
    path("tournaments/", reads.TournamentList.as_view(), name="api-tournaments"),
    path(T, reads.TournamentDetail.as_view(), name="api-tournament"),
    path(T + "registrations/", reads.RegistrationList.as_view(), name="api-registrations"),
    path(T + "sessions/", reads.SessionList.as_view(), name="api-sessions"),
    path(T + "sessions/<int:number>/", reads.SessionDetail.as_view(), name="api-session"),
    path(TABLE, reads.TableDetail.as_view(), name="api-table"),
    path(T + "standings/", reads.StandingsView.as_view(), name="api-standings"),
    path(T + "teams/", reads.TeamsView.as_view(), name="api-teams"),
    path("seasons/", season_reads.SeasonList.as_view(), name="api-seasons"),
    path(
        "seasons/<slug:season>/ranking/",
        season_reads.SeasonRankingView.as_view(),
        name="api-season-ranking",
    ),
    path(TABLE + "hands/", table_writes.HandCreate.as_view(), name="api-hands"),
    path(TABLE + "hands/<int:hand>/", table_writes.HandCorrect.as_view(), name="api-hand"),
    path(TABLE + "penalties/", table_writes.PenaltyCreate.as_view(), name="api-penalties"),
    path(T + "players/import/", director_writes.PlayerImport.as_view(), name="api-import"),
    path(
        T + "players/import/preview/",
        director_writes.PlayerImportPreview.as_view(),
        name="api-import-preview",
    ),
    path(T + "draw/preview/", director_writes.DrawPreview.as_view(), name="api-draw-preview"),
    path(T + "draw/", director_writes.DrawWrite.as_view(), name="api-draw"),
    path(
        T + "sessions/<int:number>/publish/",
        director_writes.SessionPublish.as_view(),
        name="api-publish",
    ),
]

urlpatterns = [
    path("v1/", include(v1)),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("docs/redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
]
