from django.urls import path

from tournament.views import seating, tournaments

urlpatterns = [
    path("", tournaments.HomeView.as_view(), name="home"),
    path("t/<slug:slug>/", tournaments.TournamentView.as_view(), name="tournament"),
    path(
        "t/<slug:slug>/sessions/<int:number>/seating/",
        seating.SeatingView.as_view(),
        name="seating",
    ),
]
