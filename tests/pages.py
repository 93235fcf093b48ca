"""The pages a tour of the desk visits: every role's main pages on a tournament with one
confirmed session and the next one seated. Shared by the accessibility and phone-width tests."""

from django.urls import reverse

from scoring.access import Actor
from tests.factories import build_played
from tournament.models import Category, Team


def tour_pages(slug, director):
    cup = build_played(slug, Actor(user=director), confirmed=1, seat_next=True)
    table = cup.sessions.get(number=2).tables.first()
    # Teams and a category (issue 18): the team standings, a sub-ranking and a team's page.
    team = Team.objects.create(tournament=cup, name="Red", country="ITA")
    cup.registrations.filter(number__in=(1, 2, 3, 4)).update(team=team)
    ladies = Category.objects.create(tournament=cup, name="Ladies")
    for registration in cup.registrations.filter(number__in=(1, 5)):
        registration.categories.add(ladies)
    return [
        reverse("home"),
        reverse("tournament", args=[slug]),
        reverse("standings", args=[slug]),
        reverse("player", args=[slug, 1]),
        reverse("find-seat", args=[slug]) + "?q=1",
        reverse("seating", args=[slug, 1]),
        reverse("table-results", args=[slug, 1, 1]),
        reverse("link:table", kwargs={"token": table.token}),
        reverse("link:penalty", kwargs={"token": table.token}),
        reverse("link:history", kwargs={"token": table.token}),
        reverse("login"),
        reverse("tournament-create"),
        reverse("register-player", args=[slug]),
        reverse("registration", args=[slug, 1]),
        reverse("player-edit", args=[slug, 1]),
        reverse("import-players", args=[slug]),
        reverse("scoring-settings", args=[slug]),
        reverse("draw", args=[slug]),
        reverse("session-dashboard", args=[slug, 2]),
        reverse("session-penalties", args=[slug, 2]),
        reverse("seat-substitute", args=[slug, 2]),
        reverse("tournament-restore"),
        reverse("referee-home"),
        reverse("standings-after", args=[slug, 1]),
        reverse("tournament-edit", args=[slug]),
        reverse("session-settings", args=[slug, 2]),
        reverse("player-audit", args=[slug, 1]),
        reverse("session-dashboard", args=[slug, 1]),
        # confirm pages (issue 14, point 4): what a one-tap POST, or a GET, of these shows
        reverse("table-reopen", args=[slug, 1, cup.sessions.get(number=1).tables.first().pk]),
        reverse("session-confirm", args=[slug, 2]),
        reverse("link:close", kwargs={"token": table.token}),
        reverse("projector-reveal", args=[slug]),  # issue 15, item 6
        reverse("standings", args=[slug]) + "?view=teams",  # issue 18
        reverse("standings", args=[slug]) + f"?view=category:{ladies.pk}",
        reverse("team-page", args=[slug, team.pk]),
    ]
