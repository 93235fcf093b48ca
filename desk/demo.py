"""The demo tournament that `make run` loads into an empty desk.

It is built only through the desk's own services, as a director and referees would build it:
the player import, the seating draw, hand entry, penalties, closing and confirming. Its numbers
are therefore as consistent as a real tournament's, and it grows with the desk:

- "Demo Open": MCR, 32 players from 11 countries and 12 clubs, 2 substitutes, 6 sessions;
- every session drawn (seed stored); sessions 1 and 2 played through, with a late arrival, a
  false Hu and a repeated infraction among them, confirmed and published; session 3 seated,
  its seating published, ready to play.
"""

import datetime as dt
import random
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from draw.writing import write_draw
from scoring.access import Actor
from scoring.services import closing, hands, penalties, publication
from scoring.services.clock import start_session
from tournament.models import RuleSetCode, Tournament
from tournament.services.player_import import import_players
from tournament.services.tournaments import create_tournament

DEMO_SLUG = "demo-open"
DEMO_SEED = 2026
FIXTURES = Path(settings.BASE_DIR) / "fixtures"
#: Start times of the six sessions: three on each of the two days.
SESSION_TIMES = ((0, "09:30"), (0, "13:30"), (0, "16:30"), (1, "09:30"), (1, "13:00"), (1, "16:00"))
PLAYED_SESSIONS = 2
#: MCR hand values as they come at a table: mostly small hands, now and then a big one.
FAN_VALUES = (8, 8, 9, 9, 10, 11, 12, 12, 13, 14, 16, 17, 19, 22, 24, 26, 32, 40, 48, 64, 88)


class DemoError(RuntimeError):
    """The demo could not be built (a bug: the fixture files are part of the desk)."""


def import_fixture(tournament, name, *, as_substitutes=False):
    """Import the player list ``fixtures/<name>`` into ``tournament`` with the import service."""
    path = FIXTURES / name
    result = import_players(tournament, path.name, path.read_bytes(), as_substitutes=as_substitutes)
    if not result.ok:
        raise DemoError("; ".join(str(error) for error in result.errors))
    return result


def _random_entry(rng):
    roll = rng.random()
    if roll < 0.08:
        return {"outcome": "washout"}
    flowers = rng.choice((0, 0, 0, 1, 1, 2, 3))
    fan = rng.choice(FAN_VALUES) + flowers
    winner = rng.randrange(4)
    if roll < 0.72:
        discarder = rng.choice([seat for seat in range(4) if seat != winner])
        return {
            "outcome": "discard",
            "winner": winner,
            "discarder": discarder,
            "fan": fan,
            "flowers": flowers,
        }
    return {"outcome": "self_drawn", "winner": winner, "fan": fan, "flowers": flowers}


def _save(table, entry, actor):
    table.refresh_from_db()
    return hands.record_hand(table, entry, actor=actor, revision=table.revision)


def _penalty(table, wind, kind, actor, **params):
    table.refresh_from_db()
    registration = table.seats.get(wind=wind).registration
    return penalties.give_penalty(
        table.session,
        registration,
        kind,
        actor=actor,
        table=table,
        revision=table.revision,
        **params,
    )


def _play_session(session, rng, referee, director):
    tables = list(session.tables.order_by("number"))
    first, second, third = tables[0], tables[1], tables[2]
    if session.number == 1:
        _penalty(first, 2, "late_arrival", referee, minutes=7)
    if session.number == 2:
        for _ in range(2):  # the second time costs 5 points
            _penalty(third, 1, "infraction", referee, infraction="wrong_call")
    for table in tables:
        for number in range(1, 17):
            _save(table, _random_entry(rng), referee)
            if session.number == 1 and table == second and number == 5:
                _penalty(table, 3, "false_hu", referee, valid_shape=True, revealed=True)
        if session.number == 1 and table == first:
            table.refresh_from_db()  # a referee's mistake, corrected
            hands.correct_hand(
                table,
                3,
                {"outcome": "self_drawn", "winner": 1, "fan": 12},
                actor=referee,
                revision=table.revision,
            )
        table.refresh_from_db()
        closing.close_table(table, actor=referee, revision=table.revision)
    closing.confirm_session(session, actor=director)


@transaction.atomic
def load_demo(today=None):
    """Create the demo tournament (see the module docstring) and return it."""
    today = today or timezone.localdate()
    tournament = create_tournament(
        name="Demo Open",
        slug=DEMO_SLUG,
        start_date=today,
        end_date=today + dt.timedelta(days=1),
        venue="Palazzo dei Congressi, Faenza",
        city="Faenza",
        country="ITA",
        ruleset=RuleSetCode.MCR,
        session_count=len(SESSION_TIMES),
        session_minutes=120,
        published=True,
        creator=director_account(),
    )
    schedule_sessions(tournament, today, SESSION_TIMES)
    import_fixture(tournament, "demo_players.csv")
    import_fixture(tournament, "demo_substitutes.csv", as_substitutes=True)
    write_draw(tournament, seed=DEMO_SEED)
    rng = random.Random(DEMO_SEED)
    referee = Actor(via="demo referee")
    director = Actor(user=director_account(), via="demo")
    for session in tournament.sessions.order_by("number")[:PLAYED_SESSIONS]:
        # As at the venue: the seating is published and the director starts the session
        # before the referees' links take hands.
        publication.publish(session, actor=director, seating=True)
        start_session(session, actor=director)
        _play_session(session, rng, referee, director)
        publication.publish(session, actor=director, seating=True, results=True)
    publication.publish(
        tournament.sessions.get(number=PLAYED_SESSIONS + 1), actor=director, seating=True
    )
    return tournament


def schedule_sessions(tournament, first_day, times):
    """Give the sessions their start: ``times`` holds (day from the first, "HH:MM") each."""
    for session, (day, clock) in zip(tournament.sessions.order_by("number"), times, strict=True):
        hour, minute = map(int, clock.split(":"))
        session.scheduled_start = timezone.make_aware(
            dt.datetime.combine(first_day + dt.timedelta(days=day), dt.time(hour, minute))
        )
        session.save(update_fields=["scheduled_start"])


def director_account():
    """Confirming the demo's sessions needs a director: the desk's first site administrator."""
    from django.contrib.auth import get_user_model

    director = (
        get_user_model().objects.filter(is_superuser=True, is_active=True).order_by("pk").first()
    )
    if director is None:
        raise DemoError("The demo needs a director account: run `manage.py setup_desk`.")
    return director


def demo_exists():
    return Tournament.objects.filter(slug=DEMO_SLUG).exists()
