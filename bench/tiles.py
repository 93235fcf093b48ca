"""Bench of the count from tiles: MCR fan and riichi han/fu per hand, against the 50 ms target.

Run from the repository root::

    .venv/bin/python bench/tiles.py
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules import mcr, riichi
from rules.tiles import parse

TARGET_MS = 50.0
ROUNDS = 200


def timed(label: str, count) -> None:  # type: ignore[no-untyped-def]
    count()  # warm up (imports)
    start = time.perf_counter()
    for _ in range(ROUNDS):
        count()
    each = (time.perf_counter() - start) / ROUNDS * 1000
    verdict = "ok" if each < TARGET_MS else "SLOW"
    print(f"{label:<34} {each:8.2f} ms   target {TARGET_MS:.0f} ms   {verdict}")


def main() -> None:
    winds = {"seat_wind": 0, "prevalent_wind": 0}
    timed("parse", lambda: parse("123m 456p [789s] {1111z} 7z +7z f2"))
    timed(
        "MCR count_fan (parse included)",
        lambda: mcr.count_fan(parse("1112345678999m +5m"), win_tile=None, self_drawn=True, **winds),
    )
    timed(
        "riichi count_han_fu (parse included)",
        lambda: riichi.count_han_fu(
            parse("22m 33m 44m 55m 66m 77m 8m +8m"),
            win_tile=None,
            tsumo=False,
            riichi=True,
            dora_indicators=("1m",),
            **winds,
        ),
    )


if __name__ == "__main__":
    main()
