"""Builders of test data: tournaments, players, registrations, drawn sessions, hands played,
tables closed, sessions confirmed, penalties.

Plain functions through the desk's services (so every row is one the desk itself would write),
no fixtures: the conftests declare the fixtures, which call these; tests import them from here
(never from a conftest). Every builder is deterministic: fixed seeds, fixed names.
"""

import datetime as dt
import re

from django.contrib.auth import get_user_model

from draw.writing import write_draw
from scoring.access import Actor
from scoring.services import closing, hands
from scoring.services.penalties import give_penalty
from tournament.models import Player, RuleSetCode, SessionStatus
from tournament.services.registrations import register_player
from tournament.services.tournaments import create_tournament, follow_sessions

# -- tournaments, players, registrations, accounts ------------------------------------------

TOURNAMENT_DEFAULTS = {
    "name": "Test Open",
    "start_date": dt.date(2026, 5, 2),
    "end_date": dt.date(2026, 5, 3),
    "venue": "Faenza",
    "ruleset": RuleSetCode.MCR,
    "session_count": 4,
    "published": True,
}


def make_tournament(**fields):
    """A published MCR tournament of 4 sessions, nobody registered (`fields` override)."""
    return create_tournament(**{**TOURNAMENT_DEFAULTS, **fields})


def make_player(n, **fields):
    """Player "First<n> Last<n>" of Italy, saved (`fields` override)."""
    player = Player(
        **{"first_name": f"First{n}", "last_name": f"Last{n}", "country": "ITA", **fields}
    )
    player.save()
    return player


def register_players(tournament, count, **fields):
    """Registers `count` new players "Player<i> Test<i>" (i = 1..count); their registrations."""
    return [
        register_player(tournament, first_name=f"Player{i}", last_name=f"Test{i}", **fields)
        for i in range(1, count + 1)
    ]


def make_director(username="boss"):
    """The laptop desk's director: its site administrator, who manages every tournament."""
    return get_user_model().objects.create_user(
        username, password="pw-for-tests", is_staff=True, is_superuser=True
    )


def make_tournament_director(tournament, username="director-a"):
    """An account that directs `tournament` only (a federation server's director)."""
    account = get_user_model().objects.create_user(username, password="pw-for-tests")
    tournament.directors.add(account)
    return account


def make_user(username="someone"):
    return get_user_model().objects.create_user(username, password="pw-for-tests")


def staff(director):
    """The director as the services' actor."""
    return Actor(user=director)


# -- drawn tournaments -----------------------------------------------------------------------


def build(players=16, ruleset="mcr", sessions=3, slug="cup", started=True):
    """`players` players "P<n> Player<nn>" (no seating groups), session 1 drawn (seed 7) and its
    seating published; with `started` session 1 is started too (the director pressed start),
    so its tables' links write."""
    tournament = create_tournament(
        name=f"Cup {slug}",
        slug=slug,
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        ruleset=ruleset,
        session_count=sessions,
        published=True,
        seating_groups="none",
    )
    for n in range(1, players + 1):
        register_player(tournament, first_name=f"P{n}", last_name=f"Player{n:02d}")
    write_draw(tournament, session_number=1, seed=7)
    tournament.sessions.filter(number=1).update(seating_published=True)
    if started:
        tournament.sessions.filter(number=1).update(status=SessionStatus.RUNNING)
        follow_sessions(tournament.pk)
        tournament.refresh_from_db()
    return tournament


#: Names from all over Europe, as they must print.
EUROPEANS = (
    ("Łukasz", "Wiśniewski"),
    ("Zoltán", "Szőke"),
    ("Tomáš", "Dvořák"),
    ("Søren", "Kjærgaard"),
    ("Ångström", "Åsa"),
    ("Çağla", "Öztürk"),
    ("Jürgen", "Weiß"),
)


def build_europeans():
    """8 seats drawn for session 1 of 3: the seven Europeans and one substitute (number 8)."""
    tournament = create_tournament(
        name="Coppa Europa — Faenza",
        slug="europa",
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        venue="Palazzo dei Congressi",
        ruleset="mcr",
        session_count=3,
        published=True,
        seating_groups="none",
    )
    for first, last in EUROPEANS:
        register_player(tournament, first_name=first, last_name=last, country="POL")
    register_player(tournament, first_name="Ödön", last_name="Ürge", is_substitute=True)
    write_draw(tournament, session_number=1, seed=3)
    return tournament


def seated(table, wind):
    """The registration seated at `table` in starting seat `wind` (0 = East)."""
    return table.seats.get(wind=wind).registration


# -- hands -----------------------------------------------------------------------------------


def mcr_entry(hand_number):
    """A deterministic mix of MCR outcomes for scripted sessions."""
    kind = hand_number % 5
    if kind == 0:
        return {"outcome": "washout"}
    winner = hand_number % 4
    if kind in (1, 3):
        return {
            "outcome": "discard",
            "winner": winner,
            "discarder": (winner + 1) % 4,
            "fan": 8 + (hand_number * 3) % 17,
        }
    flowers = hand_number % 2
    return {
        "outcome": "self_drawn",
        "winner": winner,
        "fan": 8 + flowers + hand_number % 9,
        "flowers": flowers,
    }


def self_drawn(winner, fan=8):
    return {"outcome": "self_drawn", "winner": winner, "fan": fan}


def on_discard(winner, discarder, fan=8):
    return {"outcome": "discard", "winner": winner, "discarder": discarder, "fan": fan}


def play(table, entries, actor):
    """Records `entries` at `table`, one after the other, each at the table's latest revision."""
    for entry in entries:
        table.refresh_from_db()
        hands.record_hand(table, entry, actor=actor, revision=table.revision)


def close(table, actor):
    table.refresh_from_db()
    return closing.close_table(table, actor=actor, revision=table.revision)


def play_session(tournament, number, actor, entries=None):
    """Play every table of session `number` (drawing it if needed), close and confirm it, and
    publish its seating and results."""
    session = tournament.sessions.get(number=number)
    if session.status == "draft":
        write_draw(tournament, session_number=number, seed=number)
    for table in session.tables.order_by("number"):
        for index, entry in enumerate(
            entries or [mcr_entry(n + table.number + number) for n in range(1, 17)]
        ):
            table.refresh_from_db()
            hands.record_hand(table, entry, actor=actor, revision=table.revision)
            assert index < 16
        closing.close_table(table, actor=actor)
    closing.confirm_session(session, actor=actor)
    session.results_published = True
    session.seating_published = True
    session.save(update_fields=["results_published", "seating_published"])
    return session


def build_played(slug, actor, *, players=16, sessions=3, confirmed=1, seat_next=False):
    """`build()` with sessions 1..`confirmed` played, confirmed and published; with `seat_next`
    the next session is drawn too (seed = its number)."""
    tournament = build(players=players, sessions=sessions, slug=slug)
    for number in range(1, confirmed + 1):
        play_session(tournament, number, actor)
    if seat_next:
        write_draw(tournament, session_number=confirmed + 1, seed=confirmed + 1)
    return tournament


# -- penalties -------------------------------------------------------------------------------


def penalize(table, wind, kind, actor, **params):
    """Gives the player in seat `wind` of `table` a penalty of `kind` from the rule set's
    catalogue, at the table's latest revision."""
    table.refresh_from_db()
    return give_penalty(
        table.session,
        seated(table, wind),
        kind,
        actor=actor,
        table=table,
        revision=table.revision,
        **params,
    )


# -- pages -----------------------------------------------------------------------------------


def page_fields(response):
    """The hidden revision and submission of the hand form on a table page, to post it back."""
    html = response.content.decode()
    fields = {"revision": re.search(r'name="revision" value="(\d+)"', html).group(1)}
    submission = re.search(r'name="submission" value="([0-9a-f-]+)"', html)
    if submission:
        fields["submission"] = submission.group(1)
    return fields


# -- the sign-up -------------------------------------------------------------------------------

SIGNUP_DEFAULTS = {
    "places": 8,
    "approval": False,
    "offer_hours": 48,
    "public_list": True,
    "data_use": "",
    "site_url": "https://desk.example.org",
}


def open_signup(tournament, **fields):
    """The tournament's sign-up, open from a day ago to a week from now (`fields` override)."""
    from django.utils import timezone

    from signup.services.director import save_settings

    now = timezone.now()
    values = {
        **SIGNUP_DEFAULTS,
        "opens_at": now - dt.timedelta(days=1),
        "closes_at": now + dt.timedelta(days=7),
        **fields,
    }
    return save_settings(tournament, values, actor=Actor(via="test"))


def entry_values(n, **fields):
    """What player n types on the sign-up page (`fields` override)."""
    return {
        "first_name": f"Signed{n}",
        "last_name": f"Player{n}",
        "email": f"player{n}@example.org",
        "ema_id": None,
        "country": "ITA",
        "club": "Faenza",
        "team": None,
        "categories": [],
        **fields,
    }


def signed_up(tournament, n, *, confirm=True, language="en", **fields):
    """Player n signed up (and, with `confirm`, their e-mail confirmed): their entry."""
    from signup.services import entries

    entry = entries.sign_up(tournament, entry_values(n, **fields), language=language)
    if confirm:
        entry = entries.confirm_email(tournament, entry)
    return entry


# -- seasons ---------------------------------------------------------------------------------


def placed_tournament(slug, actor, order, *, end_date, mers_weight=None, tie=False, **fields):
    """A public MCR tournament of the four players `order` ((first, last) names, reused across
    tournaments), its one session played so that they finish in that order: the first wins 32
    fan self-drawn, the second 16, the third 8 (places 1, 2, 3, 4). With `tie` the first wins
    24 and the second 8, so the last two share the third place (1, 2, =3, =3). Closed early by
    the director, confirmed and published."""
    tournament = create_tournament(
        **{
            **TOURNAMENT_DEFAULTS,
            "name": f"Cup {slug}",
            "slug": slug,
            "start_date": end_date - dt.timedelta(days=1),
            "end_date": end_date,
            "session_count": 1,
            "mers_weight": mers_weight,
            "seating_groups": "none",
            **fields,
        }
    )
    registrations = [
        register_player(tournament, first_name=first, last_name=last) for first, last in order
    ]
    write_draw(tournament, session_number=1, seed=1)
    tournament.sessions.filter(number=1).update(
        seating_published=True, status=SessionStatus.RUNNING
    )
    follow_sessions(tournament.pk)
    session = tournament.sessions.get(number=1)
    table = session.tables.get()
    wind = {seat.registration_id: seat.wind for seat in table.seats.all()}
    wins = (24, 8) if tie else (32, 16, 8)
    play(
        table,
        [self_drawn(wind[r.pk], fan) for r, fan in zip(registrations, wins, strict=False)],
        actor,
    )
    close(table, actor)
    closing.confirm_session(session, actor=actor)
    session.results_published = True
    session.save(update_fields=["results_published"])
    return tournament


def make_season(slug, tournaments, *, method="ema", family="mcr", points="", best=0, **fields):
    """A public season of `tournaments` (all of `family`) over their days, through the
    services."""
    from seasons import services

    days = [t.start_date for t in tournaments] + [t.end_date for t in tournaments]
    settings = services.SeasonSettings(
        **{
            "name": f"Season {slug}",
            "slug": slug,
            "start_date": min(days, default=dt.date(2026, 1, 1)),
            "end_date": max(days, default=dt.date(2026, 12, 31)),
            "family": family,
            "method": method,
            "points_table": points,
            "counted_results": best,
            "published": True,
            **fields,
        }
    )
    season = services.create_season(settings)
    for tournament in tournaments:
        services.add_tournament(season, tournament.pk)
    return season


#: The players of `season_cups`.
ANNA, BRUNO, CARLA, DARIO, ELSA = (
    ("Anna", "Rossi"),
    ("Bruno", "Bianchi"),
    ("Carla", "Verdi"),
    ("Dario", "Neri"),
    ("Elsa", "Gallo"),
)


def season_cups():
    """Three MCR tournaments of four players in 2025 (two with a MERS weight, the last with two
    players tied for third) and a riichi one not played, as `placed_tournament` plays
    them. The players' figures by hand are in docs/seasons.md ("An example")."""
    admin = make_director("world-admin")
    actor = Actor(user=admin)
    cups = {
        "spring": placed_tournament(
            "spring",
            actor,
            [ANNA, BRUNO, CARLA, DARIO],
            end_date=dt.date(2025, 3, 1),
            mers_weight=2,
        ),
        "summer": placed_tournament(
            "summer", actor, [BRUNO, ANNA, ELSA, CARLA], end_date=dt.date(2025, 6, 1), mers_weight=1
        ),
        "autumn": placed_tournament(
            "autumn", actor, [ELSA, ANNA, BRUNO, DARIO], end_date=dt.date(2025, 9, 1), tie=True
        ),
        "riichi": make_tournament(
            slug="riichi",
            ruleset="riichi2016",
            start_date=dt.date(2025, 4, 1),
            end_date=dt.date(2025, 4, 1),
        ),
    }
    return {"admin": admin, "actor": actor, **cups}
