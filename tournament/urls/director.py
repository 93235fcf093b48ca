from django.urls import path

from tournament import views

urlpatterns = [
    path("tournaments/new/", views.TournamentCreateView.as_view(), name="tournament-create"),
    path("t/<slug:slug>/settings/", views.TournamentUpdateView.as_view(), name="tournament-edit"),
    path("t/<slug:slug>/players/new/", views.RegisterPlayerView.as_view(), name="register-player"),
    path("t/<slug:slug>/players/import/", views.ImportPlayersView.as_view(),
         name="import-players"),
]
