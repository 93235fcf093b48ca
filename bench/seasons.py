"""A season's pages (issue 35, item 4): the season's ranking and a player's page, warm and
after a change, each figure printed beside its target.

    nice -n 10 .venv/bin/python bench/seasons.py [--tournaments 20] [--players 100]
        [--sessions 8] [--pool 300] [--repeat 15]

Builds a season of --tournaments MCR tournaments of --players players and --sessions sessions
each, every session played (16 hands a table), closed, confirmed and published, the players
drawn from a pool of --pool so that each plays several of them (`_setup.build_tournament`),
all in one public season ranked by the EMA's method. Then, in this process through Django's
test client (the whole request: middleware, views, cache, templates; no network):

- cold: the first request of each page with an empty cache;
- warm: the median of --repeat requests of each page (the season's ranking, the player who
  played the most tournaments);
- after a change: a table of the last tournament reopened, a hand corrected and the session
  confirmed again (its standings version changes); the median over --changes changes of the
  first request of each page after it.

The last line: `seasons: ranking <warm> ms warm, <after> ms after a change; player <warm> ms
warm, <after> ms after a change`.
"""

import argparse
import statistics
import sys
import time

from _setup import Timer, build_tournament, django_setup

#: Targets in milliseconds.
WARM_TARGET_MS = 150
CHANGED_TARGET_MS = 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tournaments", type=int, default=20)
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--sessions", type=int, default=8)
    parser.add_argument("--pool", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--changes", type=int, default=3)
    args = parser.parse_args()
    django_setup()

    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    from seasons import services
    from tournament.models import Player

    director = get_user_model().objects.create_user(
        "season-bench", is_staff=True, is_superuser=True
    )
    print(
        f"Building {args.tournaments} tournaments of {args.players} players x "
        f"{args.sessions} sessions (pool of {args.pool} players) ..."
    )
    tournaments = []
    with Timer("build") as timer:
        for index in range(args.tournaments):
            day = dt.date(2026, 1, 3) + dt.timedelta(days=14 * index)
            tournament, _director = build_tournament(
                args.players,
                args.sessions,
                slug=f"season-{index:02d}",
                seed=index + 1,
                progress=lambda _line: None,
                first_player=index * args.players // 2,
                player_pool=args.pool,
                start_date=day.isoformat(),
                end_date=(day + dt.timedelta(days=1)).isoformat(),
                director=director,
            )
            tournament.mers_weight = (1, 1.5, 2)[index % 3]
            tournament.save(update_fields=["mers_weight"])
            tournaments.append(tournament)
            print(f"  tournament {index + 1} of {args.tournaments} built", flush=True)
    print(f"  built in {timer.seconds:.0f} s")
    season = services.create_season(
        services.SeasonSettings(
            "Bench season",
            "bench-season",
            dt.date(2026, 1, 1),
            dt.date(2026, 12, 31),
            "mcr",
            "ema",
            published=True,
        )
    )
    for tournament in tournaments:
        services.add_tournament(season, tournament.pk)
    busiest = max(Player.objects.all(), key=lambda player: player.registrations.count())
    pages = {
        "ranking": reverse("season", args=[season.slug]),
        "player": reverse("player-history", args=[busiest.pk]),
    }
    client = Client()

    def fetch(url):
        start = time.perf_counter()
        answer = client.get(url)
        seconds = time.perf_counter() - start
        if answer.status_code != 200:
            raise RuntimeError(f"{url} answered {answer.status_code}")
        return seconds * 1000

    cache.clear()
    cold = {name: fetch(url) for name, url in pages.items()}
    warm = {
        name: statistics.median(fetch(url) for _n in range(args.repeat))
        for name, url in pages.items()
    }
    changed: dict[str, list[float]] = {name: [] for name in pages}
    last = tournaments[-1]
    for change in range(args.changes):
        make_a_change(last, director, change)
        for name, url in pages.items():
            changed[name].append(fetch(url))
            for _other in range(2):  # the next ones are warm again
                fetch(url)
    after = {name: statistics.median(values) for name, values in changed.items()}

    rows = busiest.registrations.count()
    print(
        f"\nSeason of {args.tournaments} tournaments; the player page of a player of {rows} "
        "of them."
    )
    print(f"{'page':<10} {'cold':>9} {'warm':>9} {'target':>8} {'changed':>9} {'target':>8}")
    ok = True
    for name in pages:
        ok &= warm[name] <= WARM_TARGET_MS and after[name] <= CHANGED_TARGET_MS
        print(
            f"{name:<10} {cold[name]:>7.0f}ms {warm[name]:>7.1f}ms {WARM_TARGET_MS:>6}ms "
            f"{after[name]:>7.0f}ms {CHANGED_TARGET_MS:>6}ms"
        )
    print(
        f"seasons: ranking {warm['ranking']:.0f} ms warm, {after['ranking']:.0f} ms after a "
        f"change; player {warm['player']:.0f} ms warm, {after['player']:.0f} ms after a change"
        + ("" if ok else " (OVER TARGET)")
    )
    return 0 if ok else 1


def make_a_change(tournament, director, change):
    """Reopen the first table of the tournament's last session, correct its first hand (the
    winner's fan one higher each time, so every change is a real change), close the table and
    confirm the session again: the tournament's standings change."""
    from scoring.access import Actor
    from scoring.services import closing
    from scoring.services.hands import correct_hand

    actor = Actor(user=director)
    session = tournament.sessions.order_by("-number").first()
    table = session.tables.order_by("number").first()
    closing.reopen_table(table, actor=actor)
    table.refresh_from_db()
    hand = table.hands.current().order_by("number").first()
    entry = dict(hand.entry)
    if entry.get("outcome") == "washout":
        entry = {"outcome": "self_drawn", "winner": 0, "fan": 8, "flowers": 0}
    else:
        entry["fan"] = int(entry["fan"]) + 1 + change
    correct_hand(table, hand.number, entry, actor=actor, revision=table.revision)
    table.refresh_from_db()
    closing.close_table(table, actor=actor)
    session.refresh_from_db()
    closing.confirm_session(session, actor=actor)


if __name__ == "__main__":
    sys.exit(main())
