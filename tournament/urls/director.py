from django.urls import path

from tournament.views import accounts, players, sessions, teams, tournaments

urlpatterns = [
    path("tournaments/new/", tournaments.TournamentCreateView.as_view(), name="tournament-create"),
    path("accounts/", accounts.AccountsView.as_view(), name="accounts"),
    path("t/<slug:slug>/directors/", accounts.DirectorsView.as_view(), name="directors"),
    path(
        "t/<slug:slug>/directors/remove/",
        accounts.RemoveDirectorView.as_view(),
        name="director-remove",
    ),
    path("t/<slug:slug>/referees/", accounts.RefereesView.as_view(), name="referees"),
    path(
        "t/<slug:slug>/referees/new/",
        accounts.NewRefereeAccountView.as_view(),
        name="referee-account-new",
    ),
    path(
        "t/<slug:slug>/referees/remove/",
        accounts.RemoveRefereeView.as_view(),
        name="referee-remove",
    ),
    path(
        "t/<slug:slug>/settings/",
        tournaments.TournamentUpdateView.as_view(),
        name="tournament-edit",
    ),
    path(
        "t/<slug:slug>/players/new/",
        tournaments.RegisterPlayerView.as_view(),
        name="register-player",
    ),
    path(
        "t/<slug:slug>/players/import/",
        tournaments.ImportPlayersView.as_view(),
        name="import-players",
    ),
    path(
        "t/<slug:slug>/players/import/confirm/",
        tournaments.ConfirmImportPlayersView.as_view(),
        name="import-players-confirm",
    ),
    path(
        "t/<slug:slug>/scoring/", tournaments.ScoringSettingsView.as_view(), name="scoring-settings"
    ),
    path(
        "t/<slug:slug>/players/<int:number>/edit/",
        players.PlayerEditView.as_view(),
        name="player-edit",
    ),
    path(
        "t/<slug:slug>/players/<int:number>/team-and-categories/",
        players.RegistrationGroupsView.as_view(),
        name="registration-groups",
    ),
    path("t/<slug:slug>/players/teams/", teams.TeamsView.as_view(), name="team-list"),
    path("t/<slug:slug>/players/teams/<int:team_id>/", teams.TeamView.as_view(), name="team-edit"),
    path(
        "t/<slug:slug>/players/teams/<int:team_id>/delete/",
        teams.TeamDeleteView.as_view(),
        name="team-delete",
    ),
    path(
        "t/<slug:slug>/players/teams/<int:team_id>/players/add/",
        teams.TeamMemberAddView.as_view(),
        name="team-member-add",
    ),
    path(
        "t/<slug:slug>/players/teams/<int:team_id>/players/<int:number>/remove/",
        teams.TeamMemberRemoveView.as_view(),
        name="team-member-remove",
    ),
    path("t/<slug:slug>/players/categories/", teams.CategoriesView.as_view(), name="category-list"),
    path(
        "t/<slug:slug>/players/categories/<int:category_id>/",
        teams.CategoryView.as_view(),
        name="category-edit",
    ),
    path(
        "t/<slug:slug>/players/categories/<int:category_id>/delete/",
        teams.CategoryDeleteView.as_view(),
        name="category-delete",
    ),
    path(
        "t/<slug:slug>/sessions/<int:number>/settings/",
        sessions.SessionSettingsView.as_view(),
        name="session-settings",
    ),
]
