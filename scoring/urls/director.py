from django.urls import path

from scoring.reveal import views as reveal
from scoring.stages import views as stages
from scoring.views import director, penalties, seats

session = "t/<slug:slug>/sessions/<int:number>/"

urlpatterns = [
    path("t/<slug:slug>/cut/", stages.CutView.as_view(), name="stage-cut"),
    path("t/<slug:slug>/cut/make/", stages.CutActionView.as_view(), name="stage-cut-make"),
    path("t/<slug:slug>/cut/undo/", stages.CutActionView.as_view(undo=True), name="stage-cut-undo"),
    path("t/<slug:slug>/projector/reveal/", reveal.RevealView.as_view(), name="projector-reveal"),
    path(
        "t/<slug:slug>/publish/",
        director.PublishTournamentView.as_view(),
        name="tournament-publish",
    ),
    path(session, director.SessionDashboardView.as_view(), name="session-dashboard"),
    path(session + "confirm/", director.ConfirmSessionView.as_view(), name="session-confirm"),
    path(session + "clock/", director.ClockView.as_view(), name="session-clock"),
    path(session + "publish/", director.PublishView.as_view(), name="session-publish"),
    path(
        session + "penalties/", penalties.SessionPenaltiesView.as_view(), name="session-penalties"
    ),
    path(
        session + "penalties/<int:penalty_id>/cancel/",
        penalties.CancelPenaltyView.as_view(),
        name="penalty-cancel",
    ),
    path(session + "substitute/", seats.SeatSubstituteView.as_view(), name="seat-substitute"),
    path(
        session + "tables/<int:table_id>/reopen/",
        director.ReopenTableView.as_view(),
        name="table-reopen",
    ),
    path(
        session + "tables/<int:table_id>/resume/",
        director.TakeBackTimeUpView.as_view(),
        name="table-resume",
    ),
    path(
        session + "tables/<int:table_id>/renew-link/",
        director.RenewLinkView.as_view(),
        name="table-renew-link",
    ),
    path(session + "tables/<int:table_id>/qr.svg", seats.TableQrView.as_view(), name="table-qr"),
    path(
        "t/<slug:slug>/players/<int:player_number>/audit/",
        penalties.PlayerAuditView.as_view(),
        name="player-audit",
    ),
]
