"""Bench of the seating draw: one row per size, the quality targets of issues 4 and 33.

Run from the repository root::

    .venv/bin/python bench/seating.py                 # the listed sizes, then issue 33's figures
    .venv/bin/python bench/seating.py --sweep         # every N = 16..400 step 4, S = 1..10
    .venv/bin/python bench/seating.py 24x7 44x10      # chosen sizes
    .venv/bin/python bench/seating.py --bound kept    # issue 33's figures alone (or some of
                                                      # them: numbers teams kept clubs indirect
                                                      # beyond speed; bench/_seating_bound.py)
    .venv/bin/python bench/seating.py --bound indirect --aim indirects.csv
                                                      # every size of AIM's published statistics

Columns: players, sessions, repeats, lower bound (counting; ``*`` marks sizes beyond the known
zero-repeat limit, where the counting bound is not reachable), most meetings of one pair, wind
spread, table re-visits (times a player sits at a table number already had) and their bound
(``r.bnd``: the fewest any numbering of these tables can have, 0 with at least as many tables as
sessions; the target), indirect meetings (for two players who never meet,
the fewest players who met both: ``ind.min``; pairs with fewer than sqrt(N): ``ind.low``), then
the same draw with every player in a club of 4 to 6 (sizes drawn from the seed; ``--no-clubs``
to skip): club clashes and repeats, the other priority's figures when the two trade
(``other``, repeats/clashes, club-mates apart first), and the seconds of each draw (with
clubs the whole draw, the preview's other priority included; ``--bound speed`` times the draw
of one priority too, as good-enough-golfer draws, against that peer). The target
column says ``ok`` when repeats are 0 (or the lower bound where zero is impossible), wind
spread <= 1 and CPU time is within 2 s (10 s above 100 players); the club target (40 x 8: 0 clashes
with 0 repeats) is printed after the table.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Hashable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # imported as bench.seating too

import _seating_bound
from _seating_bound import clubs

from tournament.seating import (
    draw,
    draw_schedule,
    lower_bound,
    max_zero_repeat_sessions,
    seating_report,
)
from tournament.seating.designs import best_schedule

LISTED = [
    (16, 4), (20, 5), (32, 7), (40, 7), (40, 8), (64, 8), (100, 8), (128, 10), (200, 8), (400, 10),
    (24, 7), (28, 9), (32, 9), (32, 10), (36, 11),
    (16, 6), (20, 6), (20, 7), (24, 8), (28, 10),
]  # fmt: skip


def run(n: int, s: int, seed: int, with_clubs: bool) -> dict:
    players = list(range(n))
    # CPU seconds: the process's own time, so other programs on a shared machine do not count
    start = time.process_time()
    report = seating_report(draw_schedule(players, s, seed=seed))
    seconds = time.process_time() - start
    row = {"n": n, "s": s, "seconds": seconds, **report}
    if with_clubs and n >= 16:
        groups = clubs(n, seed)
        start = time.process_time()
        result = draw(players, s, seed=seed, groups=groups)
        row["clash_seconds"] = time.process_time() - start
        grouped = seating_report(result.schedule, groups)
        row["clashes"] = grouped["group_clashes"]
        row["club_repeats"] = grouped["repeats"]
        row["other"] = result.alternative
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
    winds: dict[Hashable, list[int]] = {}
    for session in redrawn:
        for table in session:
            for wind, player in enumerate(table):
                winds.setdefault(player, [0, 0, 0, 0])[wind] += 1
    others = max(max(row) - min(row) for p, row in winds.items() if p != newcomer)
    return changed, target, report.repeats, report.wind_spread, others


def late_change(n: int, s: int, seed: int, removed: bool) -> tuple[int, int, int, int, int]:
    """Two sessions played, then a table removed (the four players of session 1's first table
    leave) or four late registrations, the rest drawn again with the old plan handed over:
    (tables with other players in the unplayed sessions, tables with the same players in
    another seat order, tables there, repeats, wind spread)."""
    players = list(range(n))
    plan = draw_schedule(players, s, seed=seed)
    leavers = set(plan[0][0]) if removed else set()
    roster = [p for p in players if p not in leavers] + (
        [] if removed else [n, n + 1, n + 2, n + 3]
    )
    redrawn = draw_schedule(roster, s, seed=seed + 1, fixed=plan[:2], previous=plan)
    changed = swapped = 0
    for old, new in zip(plan[2:], redrawn[2:], strict=True):
        for t, table in enumerate(new):
            if t >= len(old) or set(old[t]) != set(table):
                changed += 1
            elif tuple(old[t]) != tuple(table):
                swapped += 1
    report = seating_report(redrawn)
    tables = sum(len(session) for session in redrawn[2:])
    return changed, swapped, tables, report.repeats, report.wind_spread


def on_target(row: dict) -> bool:
    n, s = row["n"], row["s"]
    wanted = 0 if s <= max_zero_repeat_sessions(n) else lower_bound(n, s)
    shipped = best_schedule(n, s)
    if shipped:  # beyond the zero-repeat limit: the best schedule known (20x6: 6, 24x8: 18)
        wanted = max(wanted, shipped[0])
    limit = 2.0 if n <= 100 else 10.0
    slowest = max(row["seconds"], row.get("clash_seconds", 0.0))
    return row["repeats"] <= wanted and row["wind_spread"] <= 1 and slowest <= limit


def print_row(row: dict) -> None:
    n, s = row["n"], row["s"]
    star = "*" if s > max_zero_repeat_sessions(n) else " "
    clashes = ""
    if "clashes" in row:
        other = row["other"]
        shown = f"{other.repeats}/{other.group_clashes}" if other else "-"
        clashes = (
            f"{row['clashes']:>7} {row['club_repeats']:>7} {shown:>7} {row['clash_seconds']:>7.2f}"
        )
    lowest = "-" if row["indirect_min"] is None else row["indirect_min"]
    print(
        f"{n:>7} {s:>8} {row['repeats']:>7} {lower_bound(n, s):>5}{star} {row['max_meetings']:>4}"
        f" {row['wind_spread']:>5} {row['table_revisits']:>6} {row['revisit_bound']:>5}"
        f" {lowest:>7} {row['indirect_below']:>7}"
        f" {clashes:>31} {row['seconds']:>7.2f}  {'ok' if on_target(row) else 'MISS'}",
        flush=True,
    )


HEADER = (
    f"{'players':>7} {'sessions':>8} {'repeats':>7} {'bound':>6} {'max':>4} {'wind':>5}"
    f" {'revis':>6} {'r.bnd':>5} {'ind.min':>7} {'ind.low':>7} {'clashes':>7} {'c.rep':>7} {'other':>7}"
    f" {'c.secs':>7} {'seconds':>7}  target"
)


def parse_size(text: str) -> tuple[int, int]:
    n, s = text.lower().split("x")
    return int(n), int(s)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=parse_size, help="sizes like 24x7")
    parser.add_argument("--sweep", action="store_true", help="N = 16..400 step 4, S = 1..10")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-clubs", action="store_true", help="skip the draw with clubs")
    parser.add_argument("--quiet", action="store_true", help="sweep: print misses only")
    parser.add_argument(
        "--bound", nargs="*", metavar="SECTION", help="issue 33's figures alone (all or some)"
    )
    parser.add_argument(
        "--aim", metavar="CSV", help="indirect meetings: AIM's indirects.csv, every size of it"
    )
    args = parser.parse_args(argv)
    if args.bound is not None:
        _seating_bound.main(args.bound, args.aim)
        return 0

    if args.sweep:
        sizes = [(n, s) for n in range(16, 401, 4) for s in range(1, 11)]
    else:
        sizes = args.sizes or LISTED
    print(HEADER)
    rows = []
    for n, s in sizes:
        row = run(n, s, args.seed, not args.no_clubs)
        rows.append(row)
        if not (args.quiet and on_target(row)):
            print_row(row)
    missed = [row for row in rows if not on_target(row)]
    print(
        f"{len(rows) - len(missed)} of {len(rows)} sizes on target;"
        f" slowest {max(r['seconds'] for r in rows):.2f} s"
        + (
            f" (with clubs {max(r.get('clash_seconds', 0.0) for r in rows):.2f} s)"
            if not args.no_clubs
            else ""
        )
    )
    for row in missed:
        print(
            f"  miss: {row['n']}x{row['s']} repeats {row['repeats']}"
            f" bound {lower_bound(row['n'], row['s'])} wind {row['wind_spread']}"
        )
    above = [
        f"{r['n']}x{r['s']}:{r['table_revisits']}/{r['revisit_bound']}"
        for r in rows
        if r["table_revisits"] > r["revisit_bound"]
    ]
    print(
        f"table re-visits above their bound (re-visits/bound): {len(above)} of {len(rows)}"
        f" sizes: {' '.join(above) or '-'}"
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
    for n, s in ((32, 7), (64, 8)):
        for removed in (True, False):
            for seed in (1, 2, 3):
                changed, swapped, tables, repeats, spread = late_change(n, s, seed, removed)
                what = "table removed" if removed else "4 late registrations"
                print(
                    f"{what} {n}x{s} seed {seed}: {changed} of {tables} tables with other players"
                    f" (all when a fresh draw is better), {swapped} with seats swapped,"
                    f" repeats {repeats}, wind spread {spread}"
                )
    for n, s in ((32, 7), (64, 8), (128, 10)):
        for seed in (1, 2, 3):
            order = list(range(n))
            random.Random(seed).shuffle(order)
            teams: dict[Hashable, Hashable] = {p: i // 4 for i, p in enumerate(order)}
            start = time.process_time()
            report = seating_report(
                draw_schedule(list(range(n)), s, seed=seed, teams=teams), teams=teams
            )
            seconds = time.process_time() - start
            verdict = "ok" if report.team_clashes == report.repeats == 0 else "MISS"
            print(
                f"teams of 4 at {n}x{s} seed {seed}: {report.team_clashes} team-mates together,"
                f" {report.repeats} repeats, wind spread {report.wind_spread}, {seconds:.2f} s"
                f" (target 0 and 0)  {verdict}"
            )
    for n, s, floor in ((32, 7, 14), (64, 8, 96)):
        report = seating_report(draw_schedule(list(range(n)), s, seed=args.seed))
        print(
            f"indirect meetings {n}x{s}: minimum {report.indirect_min}, pairs under"
            f" sqrt({n}) {report.indirect_below} (AIM's precomputed seatings:"
            f" {'minimum ' + str(floor) if n == 32 else str(floor) + ' pairs'})"
        )
    if not args.no_clubs:
        grouped = [r for r in rows if "clashes" in r]
        clashing = [f"{r['n']}x{r['s']}:{r['clashes']}" for r in grouped if r["clashes"]]
        worse = [f"{r['n']}x{r['s']}" for r in grouped if r["club_repeats"] > r["repeats"]]
        print(f"club draws with clashes ({len(clashing)}): {' '.join(clashing) or '-'}")
        print(f"club draws with more repeats than without clubs: {' '.join(worse) or '-'}")
        for seed in (1, 2, 3, 4, 5):
            groups = clubs(40, seed)
            result = draw(list(range(40)), 8, seed=seed, groups=groups)
            report = seating_report(result.schedule, groups)
            verdict = "ok" if report.repeats == report.group_clashes == 0 else "MISS"
            print(
                f"clubs of 4-6 at 40x8 seed {seed}: {report.repeats} repeats,"
                f" {report.group_clashes} clashes (target 0 and 0)  {verdict}"
            )
    if not args.sweep and not args.sizes:
        _seating_bound.main()
    return 0


if __name__ == "__main__":
    sys.exit(main())
