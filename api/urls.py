"""The API's addresses: /api/v1/..., the OpenAPI schema and its documentation pages."""

from csp.decorators import csp_update
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

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
    path(TABLE + "calls/", table_writes.CallCreate.as_view(), name="api-calls"),
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
    # Swagger UI under the desk's Content-Security-Policy: its start-up script comes from its own
    # address (?script, drf-spectacular's split view), the page is the desk's template
    # (templates/api/swagger_ui.html), and its icons are data: images, allowed on this page only.
    path(
        "docs/",
        csp_update({"img-src": ["data:"]})(
            SpectacularSwaggerSplitView.as_view(
                url_name="api-schema", template_name="api/swagger_ui.html"
            )
        ),
        name="api-docs",
    ),
    # Redoc is not served: it always loads its logo from its makers' site and builds its search
    # worker from a blob, which the policy refuses (and a venue's network may not reach). The
    # address, given out before, leads to the same schema in Swagger UI.
    path(
        "docs/redoc/",
        RedirectView.as_view(pattern_name="api-docs", permanent=True),
        name="api-redoc",
    ),
]
