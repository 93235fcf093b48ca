"""The desk's URL map, split by audience.

- `/` and `/t/<tournament>/...`: public pages (read-only, what the director published);
- `/seasons/...` and `/players/<id>/`: the seasons' rankings and a player across tournaments;
- `/director/...`: director pages (staff accounts);
- `/r/<secret>/...` and `/referee/tables/<id>/...`: a table's entry pages, for its referee link
  or a referee account assigned to it;
- `/api/...`: the JSON API (tokens, not cookies), its schema and documentation;
- `/accounts/...`: login and logout; `/admin/`: Django's admin; `/i18n/`: language switch.
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from desk import views
from seasons import urls as seasons_urls

urlpatterns = [
    path("", include("tournament.urls.public")),
    path("director/", include("tournament.urls.director")),
    path("director/", include("scoring.urls.director")),
    path("director/", include("draw.urls")),
    path("director/", include("exports.urls")),
    path("director/", include("signup.urls.director")),
    path("director/tournaments/restore/", views.RestoreView.as_view(), name="tournament-restore"),
    path(
        "director/tournaments/restore/kept/",
        views.RestoreKeptView.as_view(),
        name="tournament-restore-kept",
    ),
    path(
        "director/tournaments/kept/<str:name>",
        views.KeptArchiveDownloadView.as_view(),
        name="tournament-kept-archive",
    ),
    path(
        "director/t/<slug:slug>/delete/",
        views.DeleteTournamentView.as_view(),
        name="tournament-delete",
    ),
    path(
        "director/t/<slug:slug>/archive/",
        views.ArchiveDownloadView.as_view(),
        name="tournament-archive",
    ),
    path("director/", include("api.director_urls")),
    path("director/", include(seasons_urls.director_urls)),
    path("api/", include("api.urls")),
    path("director/lockouts/", views.LockoutsView.as_view(), name="lockouts"),
    path("director/lockouts/clear/", views.ClearLockoutView.as_view(), name="lockout-clear"),
    path("", include("scoring.urls.referee")),
    path("", include("scoring.urls.public")),
    path("", include("exports.public_urls")),
    path("", include("signup.urls.public")),
    path("", include(seasons_urls.public_urls)),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
]

handler404 = "common.errors.not_found"
