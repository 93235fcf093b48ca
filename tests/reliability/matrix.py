"""The matrix of the role tests (`test_attacks`, `test_roles`, `test_input_sweep`, and the API's
`tests/api/test_roles.py`): who may open each page, the pages' addresses in the tournaments of
`tests.factories.build_two_tournaments`, a client per role, and what the database holds.

The matrix is built from the URL configuration itself, so a new page cannot be forgotten:
`test_every_url_is_in_the_matrix` fails until it is classified here.
"""

from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from desk.services import kept_folder
from scoring.models import AuditEntry, Hand, Penalty, RefereeCall, SeatResult
from seasons.models import PlayerMerge, Season, SeasonTournament
from signup.links import checkin_url, entry_url
from tournament.models import (
    Category,
    Player,
    Registration,
    Seat,
    Session,
    Table,
    Team,
    Tournament,
)

#: URL name -> who may open it. "public": anyone (published content); "director": the
#: tournament's directors and the site administrators; "site-admin": site administrators only;
#: "link": the holder of the table's secret link; "account": the table's referee accounts and
#: directors; "user": any logged-in account; "login"/"i18n": Django's own; "api": the JSON API,
#: whose credentials are tokens, not the session (tests/api/test_roles.py).
AUDIENCE = {
    "home": "public",
    "tournament": "public",
    "seating": "public",
    "standings": "public",
    "best-hands": "public",
    "standings-after": "public",
    "player": "public",
    "player-reportcard": "public",
    "team-page": "public",
    "find-seat": "public",
    "projector": "public",
    "projector-state": "public",
    "live-version": "public",
    "table-results": "public",
    "tournament-create": "site-admin",
    "tournament-restore": "site-admin",
    "tournament-restore-kept": "site-admin",
    "tournament-kept-archive": "site-admin",
    "tournament-delete": "site-admin",
    "tournament-archive": "director",
    "accounts": "site-admin",
    "directors": "director",
    "director-remove": "site-admin",
    "referees": "director",
    "referee-account-new": "director",
    "referee-remove": "director",
    "lockouts": "site-admin",
    "lockout-clear": "site-admin",
    "tournament-edit": "director",
    "scoring-settings": "director",
    "register-player": "director",
    "registration": "director",
    "player-edit": "director",
    "registration-groups": "director",
    "team-list": "director",
    "team-edit": "director",
    "team-delete": "director",
    "team-member-add": "director",
    "team-member-remove": "director",
    "category-list": "director",
    "category-edit": "director",
    "category-delete": "director",
    "import-players": "director",
    "import-players-confirm": "director",
    "draw": "director",
    "draw-publish": "director",
    "session-settings": "director",
    "session-dashboard": "director",
    "session-confirm": "director",
    "stage-cut": "director",
    "stage-cut-make": "director",
    "stage-cut-undo": "director",
    "session-clock": "director",
    "session-publish": "director",
    "session-penalties": "director",
    "penalty-cancel": "director",
    "seat-substitute": "director",
    "table-reopen": "director",
    "table-renew-link": "director",
    "table-qr": "director",
    "player-audit": "director",
    "projector-reveal": "director",
    "export": "director",
    "referee-home": "user",
    # a referee call taken, closed or reopened (issue 31): any account may ask; the service answers only
    # the tournament's referees and directors (tests/scoring/test_referee_calls.py)
    "call-take": "user",
    "call-close": "user",
    "call-reopen": "user",
    "table-resume": "director",
    "tournament-publish": "director",
    # the referee pages' service workers: the same script for everyone, no data in it
    "link-service-worker": "public",
    "account-service-worker": "public",
    "link:table": "link",
    "link:correct": "link",
    "link:void-last": "link",
    "link:penalty": "link",
    "link:time-up": "link",
    "link:close": "link",
    "link:history": "link",
    "link:count-tiles": "link",
    "link:call": "link",
    "account:table": "account",
    "account:correct": "account",
    "account:void-last": "account",
    "account:penalty": "account",
    "account:time-up": "account",
    "account:close": "account",
    "account:history": "account",
    "account:count-tiles": "account",
    "account:call": "account",
    "api-tokens": "director",
    "api-token-revoke": "director",
    # The JSON API: its own credentials (tokens, table links), walked for every role by
    # tests/api/test_roles.py; the schema and its documentation pages are public.
    "api-tournaments": "api",
    "api-tournament": "api",
    "api-registrations": "api",
    "api-sessions": "api",
    "api-session": "api",
    "api-table": "api",
    "api-standings": "api",
    "api-teams": "api",
    "api-hands": "api",
    "api-hand": "api",
    "api-penalties": "api",
    "api-calls": "api",
    "api-import": "api",
    "api-import-preview": "api",
    "api-draw-preview": "api",
    "api-draw": "api",
    "api-publish": "api",
    "api-seasons": "api",
    "api-season-ranking": "api",
    "api-schema": "public",
    "api-docs": "public",
    "api-redoc": "public",
    # The sign-up (docs/signup.md): its public form, the pages an entry's signed link opens
    # (the link is the credential, as a table's; tests/signup), the director's pages, and the
    # check-in page of the directors and the tournament's referee accounts.
    "signup": "player-form",
    "signup-players": "public",
    "signup-entry": "entry-link",
    "signup-withdraw": "entry-link",
    "signup-correct": "entry-link",
    "signup-checkin-qr": "entry-link",
    "self-checkin": "entry-link",
    "signup-settings": "director",
    "signup-entries": "director",
    "signup-entry-action": "director",
    "signup-erase-all": "director",
    "checkin-open": "director",
    "draw-withdraw-missing": "director",
    "checkin": "checkin",
    # The seasons (docs/seasons.md): public rankings and player pages, downloads included; the
    # seasons' settings and the merges of player records are the site administrators'.
    "seasons": "public",
    "season": "public",
    "season-player": "public",
    "season-ranking-download": "public",
    "season-statistics-download": "public",
    "player-history": "public",
    "player-statistics-download": "public",
    "season-admin-list": "site-admin",
    "season-create": "site-admin",
    "season-edit": "site-admin",
    "season-add-tournament": "site-admin",
    "season-remove-tournament": "site-admin",
    "player-duplicates": "site-admin",
    "player-merge": "site-admin",
    "player-merge-undo": "site-admin",
    "login": "login",
    "logout": "login",
    "set_language": "i18n",
}

#: A table's pages, by its link (`link:`) or a referee account (`account:`), with the
#: address's other parts.
TABLE_PAGES = (
    ("table", {}),
    ("correct", {"number": 1}),
    ("void-last", {}),
    ("penalty", {}),
    ("time-up", {}),
    ("close", {}),
    ("history", {}),
    ("count-tiles", {}),
    ("call", {}),
)

WATCHED = (
    Tournament,
    Player,
    Registration,
    Session,
    Table,
    Seat,
    Hand,
    Penalty,
    SeatResult,
    AuditEntry,
    Team,
    Category,
    RefereeCall,
    Season,
    SeasonTournament,
    PlayerMerge,
)


def url_names(resolver=None, namespace=""):
    resolver = resolver or get_resolver()
    for pattern in resolver.url_patterns:
        if isinstance(pattern, URLResolver):
            if pattern.app_name == "admin":
                continue
            ns = pattern.namespace
            yield from url_names(pattern, f"{namespace}{ns}:" if ns else namespace)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield namespace + pattern.name


def database_state():
    state = {model.__name__: model.objects.count() for model in WATCHED}
    state["revisions"] = sum(Table.objects.values_list("revision", flat=True))
    state["published"] = list(
        Session.objects.order_by("pk").values_list(
            "seating_published", "results_published", "status"
        )
    )
    state["tokens"] = sorted(Table.objects.values_list("token", flat=True))
    state["closed"] = Table.objects.filter(closed_at__isnull=False).count()
    state["teams"] = sorted(Team.objects.values_list("name", "country"))
    state["categories"] = sorted(Category.objects.values_list("name", flat=True))
    state["accounts"] = sorted(
        get_user_model().objects.values_list("username", "is_superuser", "is_active")
    )
    state["directors"] = sorted(Tournament.directors.through.objects.values_list("pk", flat=True))
    state["referees"] = sorted(Table.referees.through.objects.values_list("table_id", "user_id"))
    state["members"] = sorted(
        Registration.objects.values_list("pk", "team_id", "categories", "is_substitute")
    )
    state["players"] = sorted(
        Player.objects.values_list("pk", "first_name", "last_name", "country", "ema_id")
    )
    state["seasons"] = sorted(
        Season.objects.values_list("pk", "name", "slug", "method", "published", "end_date")
    )
    state["merges"] = sorted(PlayerMerge.objects.values_list("pk", "undone_at"))
    return state


def concrete_urls(world):
    a, table, other = world["a"], world["table"], world["other"]
    slug, session = a.slug, table.session.number
    token = {"token": table.token}
    kept = f"{slug}-20260101-120000.desk.gz"  # a deleted tournament's kept archive
    kept_folder().mkdir(parents=True, exist_ok=True)
    (kept_folder() / kept).write_bytes(b"kept")
    return {
        "home": reverse("home"),
        "tournament": reverse("tournament", args=[slug]),
        "seating": reverse("seating", args=[slug, session]),
        "standings": reverse("standings", args=[slug]),
        "best-hands": reverse("best-hands", args=[slug]),
        "standings-after": reverse("standings-after", args=[slug, 1]),
        "player": reverse("player", args=[slug, 1]),
        "player-reportcard": reverse("player-reportcard", args=[slug, 1]),
        "team-page": reverse("team-page", args=[slug, world["team"].pk]),
        "find-seat": reverse("find-seat", args=[slug]),
        "projector": reverse("projector", args=[slug]),
        "projector-state": reverse("projector-state", args=[slug]),
        "live-version": reverse("live-version", args=[slug]),
        "table-results": reverse("table-results", args=[slug, 1, 1]),
        "tournament-create": reverse("tournament-create"),
        "tournament-restore": reverse("tournament-restore"),
        "tournament-restore-kept": reverse("tournament-restore-kept"),
        "tournament-kept-archive": reverse("tournament-kept-archive", args=[kept]),
        "tournament-delete": reverse("tournament-delete", args=[slug]),
        "tournament-archive": reverse("tournament-archive", args=[slug]),
        "lockouts": reverse("lockouts"),
        "lockout-clear": reverse("lockout-clear"),
        "accounts": reverse("accounts"),
        "directors": reverse("directors", args=[slug]),
        "director-remove": reverse("director-remove", args=[slug]),
        "referees": reverse("referees", args=[slug]),
        "referee-account-new": reverse("referee-account-new", args=[slug]),
        "referee-remove": reverse("referee-remove", args=[slug]),
        "tournament-edit": reverse("tournament-edit", args=[slug]),
        "scoring-settings": reverse("scoring-settings", args=[slug]),
        "register-player": reverse("register-player", args=[slug]),
        "registration": reverse("registration", args=[slug, 1]),
        "player-edit": reverse("player-edit", args=[slug, 1]),
        "registration-groups": reverse("registration-groups", args=[slug, 1]),
        "team-list": reverse("team-list", args=[slug]),
        "team-edit": reverse("team-edit", args=[slug, world["team"].pk]),
        "team-delete": reverse("team-delete", args=[slug, world["team"].pk]),
        "team-member-add": reverse("team-member-add", args=[slug, world["team"].pk]),
        "team-member-remove": reverse("team-member-remove", args=[slug, world["team"].pk, 1]),
        "category-list": reverse("category-list", args=[slug]),
        "category-edit": reverse("category-edit", args=[slug, world["category"].pk]),
        "category-delete": reverse("category-delete", args=[slug, world["category"].pk]),
        "import-players": reverse("import-players", args=[slug]),
        "import-players-confirm": reverse("import-players-confirm", args=[slug]),
        "draw": reverse("draw", args=[slug]),
        "draw-publish": reverse("draw-publish", args=[slug]),
        "session-settings": reverse("session-settings", args=[slug, session]),
        "session-dashboard": reverse("session-dashboard", args=[slug, session]),
        "session-confirm": reverse("session-confirm", args=[slug, session]),
        "stage-cut": reverse("stage-cut", args=[slug]),
        "stage-cut-make": reverse("stage-cut-make", args=[slug]),
        "stage-cut-undo": reverse("stage-cut-undo", args=[slug]),
        "session-clock": reverse("session-clock", args=[slug, session]),
        "session-publish": reverse("session-publish", args=[slug, session]),
        "session-penalties": reverse("session-penalties", args=[slug, session]),
        "penalty-cancel": reverse("penalty-cancel", args=[slug, session, world["penalty"].pk]),
        "seat-substitute": reverse("seat-substitute", args=[slug, session]),
        "table-reopen": reverse(
            "table-reopen", args=[slug, 1, a.sessions.get(number=1).tables.first().pk]
        ),
        "table-renew-link": reverse("table-renew-link", args=[slug, session, table.pk]),
        "table-qr": reverse("table-qr", args=[slug, session, table.pk]),
        "player-audit": reverse("player-audit", args=[slug, 1]),
        "projector-reveal": reverse("projector-reveal", args=[slug]),
        "export": reverse("export", args=[slug, "standings", "csv"]),
        "referee-home": reverse("referee-home"),
        "call-take": reverse("call-take", args=[1]),
        "call-close": reverse("call-close", args=[1]),
        "call-reopen": reverse("call-reopen", args=[1]),
        "table-resume": reverse("table-resume", args=[slug, session, table.pk]),
        "tournament-publish": reverse("tournament-publish", args=[slug]),
        "api-tokens": reverse("api-tokens", args=[slug]),
        "api-token-revoke": reverse("api-token-revoke", args=[slug, 1]),
        "signup": reverse("signup", args=[slug]),
        "signup-players": reverse("signup-players", args=[slug]),
        "signup-entry": entry_url(world["entry"]),
        "signup-withdraw": entry_url(world["entry"]) + "withdraw/",
        "signup-correct": entry_url(world["entry"]) + "correct/",
        "signup-checkin-qr": entry_url(world["entry"]) + "qr.svg",
        "self-checkin": checkin_url(world["entry"]),
        "signup-settings": reverse("signup-settings", args=[slug]),
        "signup-entries": reverse("signup-entries", args=[slug]),
        "signup-entry-action": reverse("signup-entry-action", args=[slug, world["entry"].pk]),
        "signup-erase-all": reverse("signup-erase-all", args=[slug]),
        "checkin": reverse("checkin", args=[slug]),
        "checkin-open": reverse("checkin-open", args=[slug]),
        "draw-withdraw-missing": reverse("draw-withdraw-missing", args=[slug]),
        "link-service-worker": reverse("link-service-worker"),
        "account-service-worker": reverse("account-service-worker"),
        **season_urls(world),
        **{
            f"link:{name}": reverse(f"link:{name}", kwargs={**token, **extra})
            for name, extra in TABLE_PAGES
        },
        **{
            f"account:{name}": reverse(f"account:{name}", kwargs={"table_id": other.pk, **extra})
            for name, extra in TABLE_PAGES
        },
    }


def season_urls(world):
    season, player = world["season"].slug, world["a"].registrations.get(number=1).player_id
    member = world["season"].members.get().pk
    return {
        "seasons": reverse("seasons"),
        "season": reverse("season", args=[season]),
        "season-player": reverse("season-player", args=[season, player]),
        "season-ranking-download": reverse("season-ranking-download", args=[season, "xlsx"]),
        "season-statistics-download": reverse("season-statistics-download", args=[season, "csv"]),
        "player-history": reverse("player-history", args=[player]),
        "player-statistics-download": reverse("player-statistics-download", args=[player, "csv"]),
        "season-admin-list": reverse("season-admin-list"),
        "season-create": reverse("season-create"),
        "season-edit": reverse("season-edit", args=[season]),
        "season-add-tournament": reverse("season-add-tournament", args=[season]),
        "season-remove-tournament": reverse("season-remove-tournament", args=[season, member]),
        "player-duplicates": reverse("player-duplicates"),
        "player-merge": reverse("player-merge", args=[world["kept"].pk, world["duplicate"].pk]),
        "player-merge-undo": reverse("player-merge-undo", args=[world["merge"].pk]),
    }


#: Data that would change things if a POST were accepted.
WRITES = {
    "outcome": "washout",
    "revision": "0",
    "session": "2",
    "action": "start",
    "seating": "1",
    "results": "1",
    "reason": "x",
    "minutes": "5",
    "scope": "remaining",
    "seed": "1",
    "name": "Hacked",
    "first_name": "A",
    "last_name": "B",
    "kind": "tile_not_shown",
    "registration": "1",
    "confirmed": "True",
    "number": "2",
    "country": "DEU",
    "team": "",
    "categories": "",
    "username": "intruder",
    "password": "a-l0ng-Passphrase!",
    "new-username": "intruder2",
    "new-password": "a-l0ng-Passphrase!",
    "site_admin": "on",
    "tables": "1-2",
    "account": "1",
}


def clients(world):
    def logged_in(user):
        client = Client()
        client.force_login(user)
        return client

    holder = Client()  # holds the link of table 1, tries the others
    holder.get(reverse("link:table", kwargs={"token": world["table"].token}))
    return {
        "anonymous": Client(),
        "link holder of another table": holder,
        "referee of another tournament": logged_in(world["referee_b"]),
        "referee of another table": logged_in(world["referee_a"]),
        "director of another tournament": logged_in(world["director_b"]),
    }
