"""Shared set-up of the benches: Django on a throwaway data folder (SQLite by default, or
DATABASE_URL), and a tournament of any size built through the desk's services."""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def django_setup():
    if "DESK_DATA_DIR" not in os.environ:
        os.environ["DESK_DATA_DIR"] = tempfile.mkdtemp(prefix="desk-bench-")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "desk.settings")
    os.environ.setdefault("DESK_ALLOWED_HOSTS", "testserver,127.0.0.1,localhost")
    sys.path.insert(0, str(ROOT))
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)  # the shared cache the pages use


def sized_tournament(description):
    """What the benches of a big tournament start with: --players (400) and --sessions (10)
    from the command line, Django set up, and that tournament built, the time it took printed.
    Returns (tournament, director)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--sessions", type=int, default=10)
    args = parser.parse_args()
    django_setup()
    print(f"Building {args.players} players x {args.sessions} sessions ...")
    with Timer("build") as timer:
        built = build_tournament(args.players, args.sessions)
    print(f"  built in {timer.seconds:.1f} s")
    return built


class Timer:
    def __init__(self, label):
        self.label = label

    def __enter__(self):
        self.start = time.perf_counter()
        return self

    def __exit__(self, *exc):
        self.seconds = time.perf_counter() - self.start


def build_tournament(
    players,
    sessions,
    *,
    slug="bench",
    seed=1,
    played=None,
    progress=print,
    first_player=0,
    player_pool=None,
    start_date="2026-06-01",
    end_date="2026-06-03",
    director=None,
):
    """An MCR tournament: `players` registered, every session drawn, the first `played`
    sessions fully entered (16 hands a table, settled by the rules), closed and confirmed.

    The players are "Player<n> Bench<n>" for n = `first_player` ... (modulo `player_pool`
    when given): tournaments built with overlapping ranges share their players (a season).

    Hands are written with bulk_create after the rules settle them (entering 16,000 hands
    through the referee pages would measure the pages, not the exports); tables are then
    closed and sessions confirmed through the services, which replay and check every hand.
    """
    from django.contrib.auth import get_user_model

    import rules
    from draw.writing import write_draw
    from scoring.access import Actor
    from scoring.models import Hand
    from scoring.services import closing
    from tournament.services.player_import import import_players
    from tournament.services.tournaments import create_tournament

    played = sessions if played is None else played
    director = director or get_user_model().objects.create_user(
        f"{slug}-director", is_staff=True, is_superuser=True
    )
    actor = Actor(user=director)
    tournament = create_tournament(
        name=f"Bench {players}x{sessions}",
        slug=slug,
        start_date=start_date,
        end_date=end_date,
        ruleset="mcr",
        session_count=sessions,
        published=True,
    )
    lines = ["First name,Last name,Country,Club"]
    countries = ["ITA", "DEU", "NLD", "FRA", "DNK", "POL", "CZE", "HUN", "ESP", "SWE"]
    for index in range(players):
        n = first_player + index
        n = n % player_pool if player_pool else n
        lines.append(f"Player{n},Bench{n:04d},{countries[n % 10]},Club {n % 37}")
    result = import_players(
        tournament, "players.csv", "\n".join(lines).encode(), match_by_name=bool(player_pool)
    )
    assert result.ok, result.errors
    with Timer("draw") as timer:
        write_draw(tournament, seed=seed)
    progress(f"  drew {sessions} sessions of {players} players in {timer.seconds:.1f} s")
    ruleset = rules.get_ruleset("mcr")
    rng = random.Random(seed)
    for session in tournament.sessions.order_by("number")[:played]:
        hands = []
        for table in session.tables.all():
            state = ruleset.initial_state()
            for number in range(1, 17):
                winner = rng.randrange(4)
                roll = rng.random()
                entry: dict[str, Any]
                if roll < 0.1:
                    entry = {"outcome": "washout"}
                elif roll < 0.75:
                    entry = {
                        "outcome": "discard",
                        "winner": winner,
                        "discarder": (winner + rng.randrange(1, 4)) % 4,
                        "fan": rng.choice((8, 9, 10, 12, 16, 24, 32)),
                        "flowers": 0,
                    }
                else:
                    entry = {
                        "outcome": "self_drawn",
                        "winner": winner,
                        "fan": rng.choice((8, 9, 12, 16)),
                        "flowers": 0,
                    }
                settlement = ruleset.settle(entry, state)
                deltas = settlement.deltas
                state = settlement.next_state
                hands.append(
                    Hand(
                        table=table,
                        number=number,
                        outcome=entry["outcome"],
                        winner=entry.get("winner"),
                        discarder=entry.get("discarder"),
                        fan=entry.get("fan"),
                        entry=entry,
                        change_east=deltas[0],
                        change_south=deltas[1],
                        change_west=deltas[2],
                        change_north=deltas[3],
                        entered_via="bench",
                    )
                )
        Hand.objects.bulk_create(hands, batch_size=2000)
        for table in session.tables.all():
            closing.close_table(table, actor=actor)
        closing.confirm_session(session, actor=actor)
        session.results_published = session.seating_published = True
        session.save(update_fields=["results_published", "seating_published"])
        progress(f"  session {session.number}: {len(hands)} hands, closed and confirmed")
    return tournament, director


def collect_static(env):
    """The static files a production server (DEBUG off, WhiteNoise or nginx) serves."""
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )


def found(pattern: re.Pattern[bytes], answer: bytes) -> bytes:
    """The first group of `pattern` in a page or header the desk answered, where it must be."""
    match = pattern.search(answer)
    if match is None:
        raise RuntimeError(f"{pattern.pattern!r} is not in the desk's answer")
    return match.group(1)


def percentile(values, share):
    """The `share` percentile of `values` (seconds), in milliseconds; 0 without values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] * 1000 if ordered else 0
