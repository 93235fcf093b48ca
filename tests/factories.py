"""Builders of test data: tournaments, players, registrations, drawn sessions, hands played,
tables closed, sessions confirmed, penalties.

Plain functions through the desk's services (so every row is one the desk itself would write),
no fixtures: the conftests declare the fixtures, which call these; tests import them from here
(never from a conftest). Every builder is deterministic: fixed seeds, fixed names.
"""

import datetime as dt
import re
from fractions import Fraction

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from api.models import TokenKind
from api.tokens import create_token, revoke_token
from draw.writing import write_draw
from scoring.access import Actor
from scoring.models import Hand
from scoring.services import closing, hands
from scoring.services.penalties import give_penalty
from scoring.services.tables import entry_state
from scoring.standings.ranking import SessionLine, StandingRow, Standings, rank_rows
from scoring.tiles.services import TilesInput
from tournament.models import Player, RuleSetCode, SessionStatus, Tournament
from tournament.services import registrations as registration_services
from tournament.services.categories import create_category, set_categories
from tournament.services.registrations import register_player
from tournament.services.teams import add_member, create_team
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


def staged(
    slug, *, players=16, carry="full", consolation=False, seating="standings", tie_breaks=None
):
    """A tournament with a final: 4 sessions, 3 qualifying and 1 final of 8 finalists, the
    finalists bringing `carry` of their totals."""
    tournament = build(players=players, sessions=4, slug=slug)
    Tournament.objects.filter(pk=tournament.pk).update(
        final_sessions=1,
        finalists=8,
        final_carry=carry,
        consolation=consolation,
        final_seating=seating,
        tie_breaks=tie_breaks or [],
    )
    tournament.refresh_from_db()
    return tournament


def qualify(tournament, actor, sessions=(1, 2, 3)):
    """`tournament` with its qualifying `sessions` played, closed and confirmed."""
    for number in sessions:
        play_session(tournament, number, actor)
    tournament.refresh_from_db()
    return tournament


def build_played(slug, actor, *, players=16, sessions=3, confirmed=1, seat_next=False):
    """`build()` with sessions 1..`confirmed` played, confirmed and published; with `seat_next`
    the next session is drawn too (seed = its number)."""
    tournament = build(players=players, sessions=sessions, slug=slug)
    for number in range(1, confirmed + 1):
        play_session(tournament, number, actor)
    if seat_next:
        write_draw(tournament, session_number=confirmed + 1, seed=confirmed + 1)
    return tournament


def build_two_tournaments(director):
    """Two tournaments built by `director`: A ("alpha") with session 1 confirmed and session 2
    seated (public), a tile-not-shown penalty and a washout at its tables 1 and 2, the referee
    account "ref-a" on its table 1, the director "director-a", a team (players 1 and 2) and a
    category (player 1), its sign-up open with player 1's entry; B ("beta") with session 1
    seated, "ref-b" on a table, "director-b".
    The fixtures' `world`: the objects by name."""
    actor = Actor(user=director)
    a = build(slug="alpha")
    play_session(a, 1, actor)
    write_draw(a, session_number=2, seed=5)
    session = a.sessions.get(number=2)
    session.seating_published = True
    session.save()
    b = build(slug="beta")
    table = session.tables.get(number=1)
    penalty = give_penalty(
        session, table.seats.get(wind=0).registration, "tile_not_shown", actor=actor, table=table
    )
    for each in session.tables.filter(number__in=(1, 2)):
        each.refresh_from_db()
        hands.record_hand(each, {"outcome": "washout"}, actor=actor, revision=each.revision)
    table.refresh_from_db()
    users = get_user_model().objects
    referee_a = users.create_user("ref-a", password="x")
    table.referees.add(referee_a)
    referee_b = users.create_user("ref-b", password="x")
    b.sessions.get(number=1).tables.first().referees.add(referee_b)
    director_a = make_tournament_director(a, "director-a")
    director_b = make_tournament_director(b, "director-b")
    team = create_team(a, name="Kaze", country="ITA")
    add_member(a, team.pk, 1)
    add_member(a, team.pk, 2)
    category = create_category(a, name="Ladies")
    set_categories(a, 1, [category.pk])
    open_signup(a, places=40, public_list=True)
    entry = signed_up(a, 1)  # on the waiting list: a session is played, the director places it
    from signup.services import director as signup_director

    signup_director.entry_action(
        a, entry, signup_director.CONFIRM, expected=entry.status, actor=Actor(user=director)
    )
    entry.refresh_from_db()
    season = make_season("attack-season", [a])
    # two records of one person, merged (the merge a site administrator may take back)
    from seasons.merge import merge_players, plan_merge

    kept = Player.objects.create(first_name="Twin", last_name="Record")
    removed = Player.objects.create(first_name="Twin", last_name="Record")
    merge = merge_players(kept.pk, removed.pk, user=director, stamp=plan_merge(kept, removed).stamp)
    duplicate = Player.objects.create(first_name="Twin", last_name="Record")
    return {
        "season": season,
        "merge": merge,
        "kept": kept,
        "duplicate": duplicate,
        "entry": entry,
        "team": team,
        "category": category,
        "a": a,
        "b": b,
        "table": table,
        "other": session.tables.get(number=2),
        "penalty": penalty,
        "referee_a": referee_a,
        "referee_b": referee_b,
        "director_a": director_a,
        "director_b": director_b,
    }


# -- hands counted from tiles ------------------------------------------------------------

HAND = "123m 456p 789s 123s 5p +5p"  # Mixed Straight, Concealed Hand, All Chows, ...
DISCARD = {"outcome": "discard", "winner": 1, "discarder": 2}


def counted(table, entry, text=HAND, **flags):
    """The rule set's count of `text` for `entry` at `table` (its state now)."""
    ruleset, _seats, state = entry_state(table)
    return ruleset.tile_counter().count_entry(entry, state, text, **flags)[1]


def save(table, entry, actor, tiles):
    """Records `entry` with `tiles` at the table's latest revision; the hand."""
    table.refresh_from_db()
    hand, _settlement = hands.record_hand(
        table, entry, actor=actor, revision=table.revision, tiles=tiles
    )
    return hand


def finished_cup(cup, director, tiles_fan_bonus=0):
    """Session 1 of `cup` (`build()`) played, closed and confirmed: table 1's first hand is HAND
    counted from tiles (its fan + `tiles_fan_bonus`), table 2's a chicken hand counted from tiles.
    (session, HAND's fan, the chicken's count, the chicken's tiles)."""
    actor = Actor(user=director)
    session = cup.sessions.get(number=1)
    first, second = session.tables.order_by("number")[:2]
    fan = counted(first, DISCARD).fills["fan"]
    save(first, {**DISCARD, "fan": fan + tiles_fan_bonus}, actor, TilesInput(HAND))
    chicken = "[234m] [678p] [777s] 45s 55z +6s"  # no fan at all: Chicken Hand (38), 8
    chicken_entry = {"outcome": "discard", "winner": 0, "discarder": 3}
    chicken_count = counted(second, chicken_entry, chicken)
    save(second, {**chicken_entry, "fan": 8}, actor, TilesInput(chicken))
    for table in session.tables.order_by("number"):
        table.refresh_from_db()
        played = Hand.objects.current().filter(table=table).count()
        play(table, [self_drawn(n % 4, 8) for n in range(played, 16)], actor)
        closing.close_table(table, actor=actor)
    closing.confirm_session(session, actor=actor)
    return session, fan, chicken_count, chicken


# -- standings without playing ------------------------------------------------------------

#: The ranking of `standings_of`: table points, then score.
FIELDS = ("table_points", "score")


def standings_of(tournament, figures, fields=FIELDS):
    """Player standings with the given (table points, score) per registration number, as one
    session's results (the final score = the score), ranked on `fields` as
    `compute_standings` ranks, without playing."""
    rows = []
    for registration in tournament.registrations.filter(is_substitute=False).select_related(
        "player"
    ):
        points, score = figures.get(registration.number, (0, 0))
        line = SessionLine(1, 1, 0, score, 1, Fraction(points), Fraction(score), 0, 0, None)
        rows.append(StandingRow(registration, {1: line}))
    rank_rows(rows, fields, [])
    rows.sort(key=lambda row: (row.place is None, row.place or 0, row.registration.number))
    return Standings(
        tournament=tournament, through=1, rows=rows, session_numbers=[1], ranking_fields=fields
    )


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


# -- changes to a confirmed session (`tournament.actor` makes them) ---------------------------


def table_of(tournament, number=2, table=1):
    """Table `table` of session `number`."""
    return tournament.sessions.get(number=number).tables.get(number=table)


def reopened(tournament, change):
    """A confirmed session's table changes only reopened: reopen, `change(table)`, close and
    confirm again."""
    table = table_of(tournament)
    closing.reopen_table(table, actor=tournament.actor)
    table.refresh_from_db()
    done = change(table)
    close(table, tournament.actor)
    closing.confirm_session(table.session, actor=tournament.actor)
    return done


def give_late_arrival(tournament):
    """Reopens table 1 of session 2, gives East a late arrival (3 minutes), closes and confirms
    again: a penalty in a confirmed session. The penalty."""
    return reopened(
        tournament,
        lambda table: penalize(table, 0, "late_arrival", tournament.actor, minutes=3),
    )


def correct_after_confirmation(tournament):
    """Reopen, correct the first hand, close and confirm again: the hand correction of a
    confirmed session."""
    table = table_of(tournament)
    closing.reopen_table(table, actor=tournament.actor)
    table.refresh_from_db()
    first = mcr_entry(1)
    first["fan"] = 40
    hands.correct_hand(table, 1, first, actor=tournament.actor, revision=table.revision)
    close(table, tournament.actor)
    closing.confirm_session(table.session, actor=tournament.actor)


def rename_first_player(tournament):
    """Player number 1 is now called "Renamed"."""
    player = tournament.registrations.order_by("number").first().player
    registration_services.update_player(
        player,
        expected=registration_services.player_values(player),
        **{**registration_services.player_values(player), "last_name": "Renamed"},
    )


# -- the API ---------------------------------------------------------------------------------


def client_with(header=None, **extra):
    """An API client that sends `header` as its Authorization (and `extra` headers)."""
    client = APIClient()
    if header:
        client.credentials(HTTP_AUTHORIZATION=header, **extra)
    return client


def build_api_world():
    """A ("alpha"): session 1 confirmed and public, session 2 seated, public and running, one
    hand at its table 1, a team; B ("beta"): session 1 seated. A token of every kind (director,
    referee, read-only). The clients that use them are made by `api_clients`."""
    admin = make_director("boss")  # the site administrator builds both tournaments
    actor = Actor(user=admin)
    a = build_played("alpha", actor, confirmed=1, seat_next=True)
    a.sessions.filter(number=2).update(seating_published=True, status=SessionStatus.RUNNING)
    follow_sessions(a.pk)
    b = build(slug="beta")
    director = make_tournament_director(a, "director-a")
    other_director = make_tournament_director(b, "director-b")
    session = a.sessions.get(number=2)
    table = session.tables.get(number=1)
    other = session.tables.get(number=2)
    hands.record_hand(table, {"outcome": "washout"}, actor=actor, revision=table.revision)
    table.refresh_from_db()
    team = create_team(a, name="Kaze", country="ITA")
    add_member(a, team.pk, 1)
    add_member(a, team.pk, 2)
    users = get_user_model().objects
    referee = users.create_user("ref-a", password="x")
    table.referees.add(referee)
    referee_other = users.create_user("ref-a2", password="x")
    other.referees.add(referee_other)
    tokens = {}
    _, tokens["director A"] = create_token(a, name="A", kind=TokenKind.DIRECTOR, creator=director)
    _, tokens["director B"] = create_token(
        b, name="B", kind=TokenKind.DIRECTOR, creator=other_director
    )
    _, tokens["referee"] = create_token(
        a, name="ref", kind=TokenKind.REFEREE, creator=director, referee=referee
    )
    _, tokens["referee of another table"] = create_token(
        a, name="ref2", kind=TokenKind.REFEREE, creator=director, referee=referee_other
    )
    _, tokens["read-only"] = create_token(
        a, name="reader", kind=TokenKind.READ_ONLY, creator=director
    )
    revoked, tokens["revoked"] = create_token(
        a, name="old", kind=TokenKind.DIRECTOR, creator=director
    )
    revoke_token(a, revoked.pk, actor=Actor(user=director))
    season = make_season("api-season", [a])
    return {
        "a": a,
        "b": b,
        "season": season,
        "director": director,
        "table": table,
        "other": other,
        "referee": referee,
        "tokens": tokens,
    }


def api_clients(world):
    """A client per credential of `build_api_world`: anonymous, table 1's link, every token."""
    clients = {"anonymous": client_with()}
    clients["table link"] = client_with(f"Table {world['table'].token}")
    for role, secret in world["tokens"].items():
        clients[role] = client_with(f"Bearer {secret}")
    return clients


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


# -- the tournament's settings page -----------------------------------------------------------


def settings_form(tournament, **stage):
    """The tournament's settings form for an MCR tournament in stages, posted as typed
    (`stage` overrides)."""
    return {
        "name": tournament.name,
        "slug": tournament.slug,
        "start_date": "2026-05-02",
        "end_date": "2026-05-03",
        "ruleset": "mcr",
        "session_count": str(tournament.session_count),
        "session_minutes": "120",
        "seating_groups": "none",
        "seating_priority": "repeats",
        "published": "on",
        "projector_mode": "auto",
        "projector_seconds": "12",
        "final_carry": "half",
        "final_seating": "pattern",
        **stage,
    }
