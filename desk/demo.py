"""The demo tournament that `make run` loads into an empty desk.

It is built only through the desk's own services (the same player import a director uses, the
same tournament creation), so its numbers are as consistent as a real tournament's.
"""

import datetime as dt
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from tournament.models import RuleSetCode, Tournament
from tournament.services.player_import import import_players
from tournament.services.tournaments import create_tournament

DEMO_SLUG = "demo-open"
FIXTURES = Path(settings.BASE_DIR) / "fixtures"
#: Start times of the six sessions: three on each of the two days.
SESSION_TIMES = ((0, "09:30"), (0, "13:30"), (0, "16:30"), (1, "09:30"), (1, "13:00"), (1, "16:00"))


class DemoError(RuntimeError):
    """The demo could not be built (a bug: the fixture files are part of the desk)."""


def _import(tournament, name, *, as_substitutes=False):
    path = FIXTURES / name
    result = import_players(tournament, path.name, path.read_bytes(), as_substitutes=as_substitutes)
    if not result.ok:
        raise DemoError("; ".join(str(error) for error in result.errors))
    return result


@transaction.atomic
def load_demo(today=None):
    """Create the demo MCR tournament: 32 players from 11 countries, 2 substitutes, 6 sessions."""
    today = today or timezone.localdate()
    tournament = create_tournament(
        name="Demo Open",
        slug=DEMO_SLUG,
        start_date=today,
        end_date=today + dt.timedelta(days=1),
        venue="Palazzo dei Congressi, Faenza",
        ruleset=RuleSetCode.MCR,
        session_count=len(SESSION_TIMES),
        session_minutes=120,
        published=True,
    )
    for session, (day, clock) in zip(tournament.sessions.order_by("number"), SESSION_TIMES,
                                      strict=True):
        hour, minute = map(int, clock.split(":"))
        session.scheduled_start = timezone.make_aware(
            dt.datetime.combine(today + dt.timedelta(days=day), dt.time(hour, minute))
        )
        session.save(update_fields=["scheduled_start"])
    _import(tournament, "demo_players.csv")
    _import(tournament, "demo_substitutes.csv", as_substitutes=True)
    return tournament


def demo_exists():
    return Tournament.objects.filter(slug=DEMO_SLUG).exists()
