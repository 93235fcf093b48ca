"""Public downloads: one player's report card, linked from the player's page."""

from django.urls import path

from exports import views

urlpatterns = [
    path(
        "t/<slug:slug>/players/<int:number>/reportcard.pdf",
        views.PlayerReportCardView.as_view(),
        name="player-reportcard",
    ),
]
