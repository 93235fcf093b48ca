"""The pages a tour of the desk visits: every role's main pages on a tournament with one
confirmed session and the next one seated. Shared by the accessibility and phone-width tests."""

from django.urls import reverse

from scoring.access import Actor
from tests.factories import build_played
from tournament.services.categories import create_category, set_categories
from tournament.services.teams import add_member, create_team


def tour_pages(slug, director):
    cup = build_played(slug, Actor(user=director), confirmed=1, seat_next=True)
    table = cup.sessions.get(number=2).tables.first()
    # Teams and a category (issue 18): the team standings, a sub-ranking and a team's page.
    team = create_team(cup, name="Kaze Milano", country="ITA")
    for number in (1, 2, 3):
        add_member(cup, team.pk, number)
    category = create_category(cup, name="Ladies")
    for number in (1, 5):
        set_categories(cup, number, [category.pk])
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
        # teams and categories (issue 18)
        reverse("team-list", args=[slug]),
        reverse("team-edit", args=[slug, team.pk]),
        reverse("team-delete", args=[slug, team.pk]),
        reverse("category-list", args=[slug]),
        reverse("category-edit", args=[slug, category.pk]),
        reverse("registration-groups", args=[slug, 1]),
        reverse("standings", args=[slug]) + "?view=teams",
        reverse("standings", args=[slug]) + f"?view=category:{category.pk}",
        reverse("team-page", args=[slug, team.pk]),
    ]


def more_pages(slug, director):
    """The pages the tour leaves out, on the tour's tournament `slug` (one hand played at the
    last table of session 2 for its correction page): the director's other pages, the
    projector and the best hands, a season of the tournament, the API's documentation, Django's
    admin and a page that does not exist."""
    from tests.factories import mcr_entry, play
    from tournament.models import Tournament

    cup = Tournament.objects.get(slug=slug)
    playing = cup.sessions.get(number=2).tables.last()
    play(playing, [mcr_entry(1)], Actor(user=director))
    # a season of the tournament (docs/seasons.md): its public pages and the site
    # administrator's, the player's page across tournaments, a merge's preview
    from tests.factories import make_season
    from tournament.models import Player

    season = make_season(f"{slug}-season", [cup])
    player = cup.registrations.get(number=1).player
    twin = Player.objects.create(  # a second record of the same person, spelt otherwise
        first_name=player.first_name, last_name=f"{player.last_name}-Twin", ema_id="09990001"
    )
    return [
        reverse("seasons"),
        reverse("season", args=[season.slug]),
        reverse("season-player", args=[season.slug, player.pk]),
        reverse("player-history", args=[player.pk]),
        reverse("season-admin-list"),
        reverse("season-create"),
        reverse("season-edit", args=[season.slug]),
        reverse("player-duplicates"),
        reverse("player-merge", args=[player.pk, twin.pk]),
        reverse("projector", args=[slug]),
        reverse("best-hands", args=[slug]),
        reverse("link:correct", kwargs={"token": playing.token, "number": 1}),
        reverse("accounts"),
        reverse("directors", args=[slug]),
        reverse("referees", args=[slug]),
        reverse("stage-cut", args=[slug]),
        reverse("api-tokens", args=[slug]),
        reverse("lockouts"),
        reverse("tournament-delete", args=[slug]),
        reverse("export", args=[slug, "seating", "pdf"]),
        reverse("api-docs"),
        reverse("admin:index"),
        reverse("admin:tournament_tournament_changelist"),
        reverse("admin:tournament_tournament_change", args=[cup.pk]),
        "/t/no-such-tournament/",
    ]


def referee_pages():
    """The entry, correction, penalty and history pages of a table of every rule set (their help
    texts are the ones Django's widgets point at)."""
    from tests.scoring.referee_tables import RULESETS, referee_table

    for code in RULESETS:
        token = referee_table(code).token
        yield reverse("link:table", kwargs={"token": token})
        yield reverse("link:correct", kwargs={"token": token, "number": 1})
        yield reverse("link:penalty", kwargs={"token": token})
        yield reverse("link:history", kwargs={"token": token})
