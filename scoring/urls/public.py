from django.urls import path

from scoring.live import views as live
from scoring.standings import group_views as groups
from scoring.standings import views as standings
from scoring.views import best_hands, player, public

urlpatterns = [
    path("t/<slug:slug>/find/", public.FindSeatView.as_view(), name="find-seat"),
    path("t/<slug:slug>/projector/", public.ProjectorView.as_view(), name="projector"),
    path(
        "t/<slug:slug>/projector/state/",
        public.ProjectorStateView.as_view(),
        name="projector-state",
    ),
    path("t/<slug:slug>/live/", live.LiveVersionView.as_view(), name="live-version"),
    path(
        "t/<slug:slug>/sessions/<int:number>/tables/<int:table>/",
        public.TableResultsView.as_view(),
        name="table-results",
    ),
    path("t/<slug:slug>/standings/", standings.StandingsView.as_view(), name="standings"),
    path("t/<slug:slug>/best-hands/", best_hands.BestHandsView.as_view(), name="best-hands"),
    path(
        "t/<slug:slug>/standings/after/<int:number>/",
        standings.StandingsView.as_view(),
        name="standings-after",
    ),
    path("t/<slug:slug>/players/<int:number>/", player.PlayerView.as_view(), name="player"),
    path(
        "t/<slug:slug>/standings/teams/<int:team_id>/",
        groups.TeamPageView.as_view(),
        name="team-page",
    ),
]
