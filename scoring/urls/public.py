from django.urls import path

from scoring.views import standings

urlpatterns = [
    path("t/<slug:slug>/standings/", standings.StandingsView.as_view(), name="standings"),
    path("t/<slug:slug>/standings/after/<int:number>/", standings.StandingsView.as_view(),
         name="standings-after"),
    path("t/<slug:slug>/players/<int:number>/", standings.PlayerView.as_view(), name="player"),
]
