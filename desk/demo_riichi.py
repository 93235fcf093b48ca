"""The second demo: a riichi team tournament with a qualifying stage and a final.

Built, like the MCR demo (desk/demo.py), only through the desk's services: the player import
(with its team and category columns), the draw, hand entry, closing, confirming, the cut.

- "Demo Riichi Teams": EMA Riichi 2016, 32 players in 8 teams of 4 from 8 countries, some in
  the categories "Ladies" and "Juniors"; the team standings count each team's best 3;
- 6 sessions: 4 qualifying, then the top 16 go on to a final of 2 sessions with half their
  qualifying totals, seated by the standings; the other 16 play a consolation stage;
- the qualifying stage and the first final session played, confirmed and published; the last
  session drawn and its seating published, ready to play.
"""

import datetime as dt
import random

from django.db import transaction
from django.utils import timezone

from desk.demo import DemoError, director_account, import_fixture, schedule_sessions
from draw.writing import write_draw
from scoring.access import Actor
from scoring.services import closing, hands, publication
from scoring.services.clock import start_session
from scoring.stages.services import make_cut
from tournament.models import FinalSeating, RuleSetCode, StageCarry, Tournament
from tournament.services.tournaments import create_tournament

RIICHI_DEMO_SLUG = "demo-riichi-teams"
RIICHI_DEMO_SEED = 2027
SESSION_TIMES = ((0, "10:00"), (0, "13:30"), (0, "16:00"), (1, "09:30"), (1, "12:30"), (1, "15:00"))
QUALIFYING, FINALISTS, PLAYED = 4, 16, 5
#: Winning hands as they come: (han, fu), mostly cheap, now and then a mangan or more.
HANDS = ((1, 30), (1, 40), (2, 30), (2, 40), (3, 30), (3, 40), (4, 30), (5, 0), (6, 0), (8, 0))


def _hand(rng, number):
    """Hand ``number`` (1-8) of a game where the deal passes every hand (the winner is never
    the dealer, nor tenpai at a draw), so a game is exactly East 1 to South 4."""
    dealer = (number - 1) % 4
    others = [seat for seat in range(4) if seat != dealer]
    roll = rng.random()
    if roll < 0.1:
        return {"outcome": "draw", "tenpai": sorted(rng.sample(others, rng.randint(0, 2)))}
    winner = rng.choice(others)
    han, fu = rng.choice(HANDS)
    values = {"han": [0] * 4, "fu": [0] * 4}
    values["han"][winner], values["fu"][winner] = han, fu
    riichi = [winner] if rng.random() < 0.3 else []
    if roll < 0.35:
        return {"outcome": "tsumo", "winners": [winner], "riichi": riichi, **values}
    discarder = rng.choice([seat for seat in range(4) if seat != winner])
    return {
        "outcome": "ron",
        "winners": [winner],
        "discarder": discarder,
        "riichi": riichi,
        **values,
    }


def _play(session, rng, referee, director):
    for table in session.tables.order_by("number"):
        for number in range(1, 9):
            table.refresh_from_db()
            hands.record_hand(table, _hand(rng, number), actor=referee, revision=table.revision)
        table.refresh_from_db()
        closing.close_table(table, actor=referee, revision=table.revision)
    closing.confirm_session(session, actor=director)


@transaction.atomic
def load_riichi_demo(today=None):
    """Create the riichi team demo (see the module docstring) and return it."""
    today = today or timezone.localdate()
    tournament = create_tournament(
        name="Demo Riichi Teams",
        slug=RIICHI_DEMO_SLUG,
        start_date=today,
        end_date=today + dt.timedelta(days=1),
        venue="Casa del Popolo, Bologna",
        city="Bologna",
        country="ITA",
        ruleset=RuleSetCode.RIICHI_2016,
        session_count=len(SESSION_TIMES),
        session_minutes=90,
        team_counted=3,
        final_sessions=len(SESSION_TIMES) - QUALIFYING,
        finalists=FINALISTS,
        final_carry=StageCarry.HALF,
        final_seating=FinalSeating.STANDINGS,
        consolation=True,
        published=True,
        creator=director_account(),
    )
    schedule_sessions(tournament, today, SESSION_TIMES)
    import_fixture(tournament, "demo_riichi_players.csv")
    rng = random.Random(RIICHI_DEMO_SEED)
    referee = Actor(via="demo referee")
    director = Actor(user=director_account(), via="demo")
    # Before the cut a draw covers the qualifying sessions only (docs/rules.md §9.3).
    write_draw(tournament, seed=RIICHI_DEMO_SEED)
    for number in range(1, PLAYED + 2):
        if number == QUALIFYING + 1:
            make_cut(tournament, actor=director)
        if tournament.is_final_session(number):
            # Each final session seated by the standings as they are when it is drawn: the
            # leaders meet at table 1.
            write_draw(tournament, session_number=number, seed=RIICHI_DEMO_SEED + number)
        session = tournament.sessions.get(number=number)
        publication.publish(session, actor=director, seating=True)
        if number > PLAYED:
            break
        start_session(session, actor=director)
        _play(session, rng, referee, director)
        publication.publish(session, actor=director, seating=True, results=True)
    return tournament


def riichi_demo_exists():
    return Tournament.objects.filter(slug=RIICHI_DEMO_SLUG).exists()


__all__ = ["RIICHI_DEMO_SLUG", "DemoError", "load_riichi_demo", "riichi_demo_exists"]
