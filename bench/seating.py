"""Bench of the seating draw: one row per size, the quality targets of issue 4.

Run from the repository root::

    .venv/bin/python bench/seating.py                 # the listed sizes
    .venv/bin/python bench/seating.py --sweep         # every N = 16..400 step 4, S = 1..10
    .venv/bin/python bench/seating.py 24x7 44x10      # chosen sizes

Columns: players, sessions, repeats, lower bound (counting; ``*`` marks sizes beyond the known
zero-repeat limit, where the counting bound is not reachable), most meetings of one pair, wind
spread, table re-visits (times a player sits at a table number already had; target 0, which
needs at least as many tables as sessions), then the same draw with clubs (half the field in clubs of ``--club-size`` players):
group clashes and repeats, and the seconds of each draw. The target column says ``ok`` when
repeats are 0 (or the lower bound where zero is impossible), wind spread <= 1 and time is
within 2 s (10 s above 100 players).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament.seating import (
    draw_schedule,
    lower_bound,
    max_zero_repeat_sessions,
    seating_report,
)

LISTED = [
    (16, 4), (20, 5), (32, 7), (40, 7), (64, 8), (100, 8), (128, 10), (200, 8), (400, 10),
    (24, 7), (28, 9), (32, 9), (32, 10), (36, 11),
    (16, 6), (20, 6), (20, 7), (24, 8), (28, 10),
]  # fmt: skip


def clubs(n: int, size: int) -> dict[int, int]:
    """Half the field (rounded down to whole clubs) in clubs of ``size`` players."""
    members = n // 2 // size * size
    return {p: p // size for p in range(members)}


def run(n: int, s: int, seed: int, club_size: int) -> dict:
    players = list(range(n))
    start = time.perf_counter()
    report = seating_report(draw_schedule(players, s, seed=seed))
    seconds = time.perf_counter() - start
    row = {"n": n, "s": s, "seconds": seconds, **report}
    if club_size:
        groups = clubs(n, club_size)
        start = time.perf_counter()
        grouped = seating_report(draw_schedule(players, s, seed=seed, groups=groups), groups)
        row["clash_seconds"] = time.perf_counter() - start
        row["clashes"] = grouped["group_clashes"]
        row["club_repeats"] = grouped["repeats"]
    return row


def substitution(n: int, s: int, seed: int) -> tuple[int, int, int, int, int]:
    """Two sessions played, one player replaced by a newcomer, the rest drawn again with the old
    plan handed over: (tables changed, the leaver's tables = the target, repeats, wind spread,
    wind spread of everybody but the newcomer)."""
    players = list(range(n))
    plan = draw_schedule(players, s, seed=seed)
    leaver, newcomer = n // 2, n
    roster = [p for p in players if p != leaver] + [newcomer]
    redrawn = draw_schedule(roster, s, seed=seed + 1, fixed=plan[:2], previous=plan)
    changed = sum(
        1
        for old, new in zip(plan[2:], redrawn[2:], strict=True)
        for before, after in zip(old, new, strict=True)
        if tuple(before) != tuple(after)
    )
    target = sum(1 for session in plan[2:] for table in session if leaver in table)
    report = seating_report(redrawn)
    winds: dict[int, list[int]] = {}
    for session in redrawn:
        for table in session:
            for wind, player in enumerate(table):
                winds.setdefault(player, [0, 0, 0, 0])[wind] += 1
    others = max(max(row) - min(row) for p, row in winds.items() if p != newcomer)
    return changed, target, report.repeats, report.wind_spread, others


def on_target(row: dict) -> bool:
    n, s = row["n"], row["s"]
    wanted = 0 if s <= max_zero_repeat_sessions(n) else lower_bound(n, s)
    limit = 2.0 if n <= 100 else 10.0
    slowest = max(row["seconds"], row.get("clash_seconds", 0.0))
    return row["repeats"] <= wanted and row["wind_spread"] <= 1 and slowest <= limit


def print_row(row: dict) -> None:
    n, s = row["n"], row["s"]
    star = "*" if s > max_zero_repeat_sessions(n) else " "
    clashes = ""
    if "clashes" in row:
        clashes = f"{row['clashes']:>7} {row['club_repeats']:>7} {row['clash_seconds']:>7.2f}"
    print(
        f"{n:>7} {s:>8} {row['repeats']:>7} {lower_bound(n, s):>5}{star} {row['max_meetings']:>4}"
        f" {row['wind_spread']:>5} {row['table_revisits']:>6} {clashes:>23}"
        f" {row['seconds']:>7.2f}  {'ok' if on_target(row) else 'MISS'}",
        flush=True,
    )


HEADER = (
    f"{'players':>7} {'sessions':>8} {'repeats':>7} {'bound':>6} {'max':>4} {'wind':>5}"
    f" {'revis':>6} {'clashes':>7} {'c.rep':>7} {'c.secs':>7} {'seconds':>7}  target"
)


def parse_size(text: str) -> tuple[int, int]:
    n, s = text.lower().split("x")
    return int(n), int(s)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=parse_size, help="sizes like 24x7")
    parser.add_argument("--sweep", action="store_true", help="N = 16..400 step 4, S = 1..10")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--club-size", type=int, default=4, help="0 to skip the club draw")
    parser.add_argument("--quiet", action="store_true", help="sweep: print misses only")
    args = parser.parse_args(argv)

    if args.sweep:
        sizes = [(n, s) for n in range(16, 401, 4) for s in range(1, 11)]
    else:
        sizes = args.sizes or LISTED
    print(HEADER)
    rows = []
    for n, s in sizes:
        row = run(n, s, args.seed, args.club_size)
        rows.append(row)
        if not (args.quiet and on_target(row)):
            print_row(row)
    missed = [row for row in rows if not on_target(row)]
    print(
        f"{len(rows) - len(missed)} of {len(rows)} sizes on target;"
        f" slowest {max(r['seconds'] for r in rows):.2f} s"
        + (f" (with clubs {max(r['clash_seconds'] for r in rows):.2f} s)" if args.club_size else "")
    )
    for row in missed:
        print(
            f"  miss: {row['n']}x{row['s']} repeats {row['repeats']}"
            f" bound {lower_bound(row['n'], row['s'])} wind {row['wind_spread']}"
        )
    revisiting = [f"{r['n']}x{r['s']}:{r['table_revisits']}" for r in rows if r["table_revisits"]]
    print(
        f"table re-visits (target 0; {len(revisiting)} sizes above): {' '.join(revisiting) or '-'}"
    )
    for n, s in ((32, 7), (64, 8)):
        for seed in (1, 2, 3):
            changed, target, repeats, spread, others = substitution(n, s, seed)
            verdict = "ok" if changed <= target and others <= 1 else "MISS"
            print(
                f"substitution {n}x{s} seed {seed}: {changed} tables changed (target {target},"
                f" the leaver's), repeats {repeats}, wind spread {spread}"
                f" ({others} without the newcomer)  {verdict}"
            )
    if args.club_size:
        clashing = [f"{r['n']}x{r['s']}:{r['clashes']}" for r in rows if r["clashes"]]
        worse = [f"{r['n']}x{r['s']}" for r in rows if r["club_repeats"] > r["repeats"]]
        print(f"club draws with clashes ({len(clashing)}): {' '.join(clashing) or '-'}")
        print(f"club draws with more repeats than without clubs: {' '.join(worse) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
