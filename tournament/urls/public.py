from django.urls import path

from tournament import views

urlpatterns = [
    path("", views.HomeView.as_view(), name="home"),
    path("t/<slug:slug>/", views.TournamentView.as_view(), name="tournament"),
]
