"""Bench of the count from tiles: MCR fan and riichi han/fu per hand, against the 50 ms target.

Run from the repository root::

    .venv/bin/python bench/tiles.py

It times the libraries' counts alone, then the desk's side as a referee's phone meets it: the
"Count" request of the tile picker (the table's state replayed, the form read, the hand counted,
the answer as JSON) and saving a hand with its tiles, on a throwaway database.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from rules import mcr, riichi
from rules.tiles import parse

TARGET_MS = 50.0
ROUNDS = 200


def timed(label: str, count: Callable[[], object], rounds: int = ROUNDS) -> None:
    count()  # warm up (imports)
    start = time.perf_counter()
    for _ in range(rounds):
        count()
    each = (time.perf_counter() - start) / rounds * 1000
    verdict = "ok" if each < TARGET_MS else "SLOW"
    print(f"{label:<34} {each:8.2f} ms   target {TARGET_MS:.0f} ms   {verdict}")


def main() -> None:
    timed("parse", lambda: parse("123m 456p [789s] {1111z} 7z +7z f2"))
    timed(
        "MCR count_fan (parse included)",
        lambda: mcr.count_fan(
            parse("1112345678999m +5m"),
            win_tile=None,
            self_drawn=True,
            seat_wind=0,
            prevalent_wind=0,
        ),
    )
    timed(
        "riichi count_han_fu (parse included)",
        lambda: riichi.count_han_fu(
            parse("22m 33m 44m 55m 66m 77m 8m +8m"),
            win_tile=None,
            tsumo=False,
            riichi=True,
            dora_indicators=("1m",),
            seat_wind=0,
            prevalent_wind=0,
        ),
    )


def server() -> None:
    """The desk's side: the picker's "Count" request, and a hand saved with its tiles."""
    from _setup import build_tournament, django_setup

    django_setup()
    from django.test import Client
    from django.urls import reverse

    from scoring.access import Actor
    from scoring.services.hands import record_hand
    from scoring.tiles.services import TilesInput

    tournament, director = build_tournament(16, 1, slug="tiles", played=0, progress=lambda _: None)
    tables = list(tournament.sessions.get(number=1).tables.order_by("number"))
    client = Client()
    client.force_login(director)
    url = reverse("account:count-tiles", kwargs={"table_id": tables[0].pk})
    form = {
        "outcome": "discard",
        "winner": "1",
        "discarder": "0",
        "tiles": "123m 456p 789s 123s 5p +5p",
    }

    def count() -> None:
        response = client.post(url, form)
        assert response.status_code == 200, response.content
        assert response.json()["fills"]["fan"] == 14

    timed('"Count" request (page to JSON)', count, rounds=50)
    actor = Actor(user=director)
    saved = iter(range(1, 1000))

    def save() -> None:
        table = tables[next(saved) % len(tables)]
        table.refresh_from_db()
        record_hand(
            table,
            {"outcome": "discard", "winner": 1, "discarder": 0, "fan": 14, "flowers": 0},
            actor=actor,
            revision=table.revision,
            tiles=TilesInput("123m 456p 789s 123s 5p +5p"),
        )

    timed("hand saved with its tiles", save, rounds=40)


if __name__ == "__main__":
    main()
    server()
