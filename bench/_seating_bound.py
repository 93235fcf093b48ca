"""The figures of the seating at its bound (issue 33), each beside its target and its bound.

Imported by ``bench/seating.py`` (``--bound`` prints these alone). CPU seconds (the process's
own time, so other programs on the machine do not count) for the timings.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Hashable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournament.seating import (
    changed_players,
    draw,
    draw_schedule,
    lower_bound,
    seating_report,
)
from tournament.seating.designs import best_schedule

#: The numbering of the desk's seed-0 tables by an annealing that only renumbers them.
RENUMBERED = {(28, 10): 84, (32, 10): 64, (32, 9): 38, (36, 11): 86, (36, 10): 63}
#: Fewest opponents in common of two players who never meet, in AIM's precomputed seatings
#: (their published statistics; ``--aim FILE`` compares every size of their ``indirects.csv``).
AIM_INDIRECT = {(32, 7): 14, (36, 10): 27, (36, 11): 33}
#: The peer's CPU seconds (good-enough-golfer's solver run under Node), the median of nine runs
#: per size on a shared 2-core machine (three runs for each of seeds 1-3), with every player in
#: a club of 4-6 (the clubs of those seeds) and without clubs. Its search is randomised and
#: stops a round early when the round is perfect, so single runs vary (32x7 with clubs: 0.04
#: to 0.67 s).
PEER_CPU = {
    (16, 4): (0.36, 0.14), (20, 5): (1.09, 0.28), (32, 7): (0.10, 0.26), (40, 7): (0.14, 0.09),
    (40, 8): (0.49, 0.15), (64, 8): (1.81, 1.51), (100, 8): (9.39, 6.41),
    (128, 10): (28.15, 22.47), (24, 7): (0.28, 0.30), (28, 9): (1.03, 1.03),
    (32, 9): (1.08, 0.18), (32, 10): (1.33, 1.11), (36, 11): (0.99, 0.77), (16, 6): (0.47, 0.22),
    (20, 6): (0.80, 0.36), (20, 7): (1.10, 0.37), (24, 8): (0.65, 0.26), (28, 10): (2.01, 1.04),
}  # fmt: skip
#: The peer's worst repeats and club clashes over those runs (with clubs; without: repeats).
PEER_RESULTS = {
    (16, 4): (7, 20, 4), (20, 5): (13, 12, 5), (32, 7): (9, 5, 2), (40, 7): (2, 1, 0),
    (40, 8): (6, 2, 0), (64, 8): (0, 0, 0), (100, 8): (0, 0, 0), (128, 10): (0, 0, 0),
    (24, 7): (35, 8, 16), (28, 9): (57, 16, 37), (32, 9): (39, 10, 22), (32, 10): (60, 22, 36),
    (36, 11): (60, 16, 37), (16, 6): (35, 34, 24), (20, 6): (28, 18, 14), (20, 7): (50, 24, 31),
    (24, 8): (60, 18, 35), (28, 10): (92, 27, 57),
}  # fmt: skip


def clubs(n: int, seed: int) -> dict[Hashable, Hashable]:
    """Every player (a number) in a club of 4 to 6 players (sizes drawn from ``seed``)."""
    rng = random.Random(seed)
    while True:
        sizes: list[int] = []
        while sum(sizes) < n:
            sizes.append(rng.randint(4, 6))
        if sum(sizes) == n:
            break
    club_of = [club for club, size in enumerate(sizes) for _ in range(size)]
    rng.shuffle(club_of)
    return dict(enumerate(club_of))


def teams_of_four(
    n: int, seed: int, inside_clubs: dict[Hashable, Hashable] | None = None
) -> dict[Hashable, Hashable]:
    """Teams of 4: from a shuffled order, or made of club-mates (a club's players in a row)."""
    order = list(range(n))
    random.Random(seed).shuffle(order)
    if inside_clubs is not None:
        order.sort(key=lambda p: str(inside_clubs[p]).zfill(8))  # the clubs' numbers in order
    return {p: i // 4 for i, p in enumerate(order)}


def verdict(ok: bool) -> str:
    return "ok" if ok else "MISS"


def table_numbers() -> None:
    """Item 1: re-visits of the desk's seed-0 tables against the renumbering and the bound."""
    for (n, s), renumbered in RENUMBERED.items():
        report = seating_report(draw_schedule(list(range(n)), s, seed=0))
        print(
            f"table numbers {n}x{s} seed 0: {report.table_revisits} re-visits (target"
            f" {renumbered}, the annealing renumbering; bound {report.revisit_bound})"
            f"  {verdict(report.table_revisits <= renumbered)}"
        )


def teams_and_clubs() -> None:
    """Item 2: teams of 4 and clubs of 4-6, repeats first: no repeat the teams alone allow."""
    n, s = 32, 7
    for seed in (1, 2, 3, 4, 5):
        groups = clubs(n, seed)
        for inside in (False, True):
            teams = teams_of_four(n, seed, groups if inside else None)
            both = seating_report(
                draw_schedule(list(range(n)), s, seed=seed, groups=groups, teams=teams),
                groups,
                teams=teams,
            )
            alone = seating_report(
                draw_schedule(list(range(n)), s, seed=seed, teams=teams), teams=teams
            )
            how = "of club-mates" if inside else "across clubs"
            print(
                f"teams of 4 ({how}) and clubs of 4-6 at {n}x{s} seed {seed}: {both.repeats}"
                f" repeats (target {alone.repeats}, teams only; bound {both.lower_bound}),"
                f" {both.team_clashes} team-mates together, {both.group_clashes} club clashes"
                f"  {verdict(both.repeats <= alone.repeats and both.team_clashes == 0)}"
            )


def changed_tables(before, after) -> int:
    """Tables (session, number) whose seats differ: other players, or the same in other seats."""
    count = 0
    for old, new in zip(before, after, strict=True):
        for t, table in enumerate(new):
            if t >= len(old) or tuple(old[t]) != tuple(table):
                count += 1
    return count


def kept_plan() -> None:
    """Item 3: the kept plan after four late registrations or a removed table, against a fresh
    draw: tables changed, cards to reprint, re-visits, repeats."""
    cases = [(64, 8, False), (64, 8, True), (32, 7, True), (32, 7, False)]
    for n, s, removed in cases:
        for seed in (1, 2, 3):
            players = list(range(n))
            plan = draw_schedule(players, s, seed=seed)
            leavers = set(plan[0][0]) if removed else set()
            roster = [p for p in players if p not in leavers]
            roster += [] if removed else [n, n + 1, n + 2, n + 3]
            result = draw(roster, s, seed=seed + 1, fixed=plan[:2], previous=plan)
            fresh = draw_schedule(roster, s, seed=seed + 1, fixed=plan[:2])
            what = "table removed" if removed else "4 late registrations"
            cells, figures = [], []
            for name, schedule in (("re-draw", result.schedule), ("fresh", fresh)):
                report = seating_report(schedule)
                cards = [p for p in changed_players(plan[2:], schedule[2:]) if p in set(roster)]
                figures.append((report.repeats, report.table_revisits, len(cards)))
                cells.append(
                    f"{name}: {changed_tables(plan[2:], schedule[2:])} of"
                    f" {sum(len(x) for x in schedule[2:])} tables changed, {len(cards)} of"
                    f" {len(roster)} cards, {report.table_revisits} re-visits (bound"
                    f" {report.revisit_bound}), {report.repeats} repeats, wind"
                    f" {report.wind_spread}"
                )
            kept = getattr(result, "kept", None)
            taken = "kept plan taken" if kept is not None and kept.taken else "fresh draw taken"
            if kept is not None and kept.kept is not None and not kept.taken:
                taken += (
                    f" (kept plan: {kept.kept.table_revisits} re-visits, {kept.kept.cards} cards,"
                    f" {kept.kept.repeats} repeats)"
                )
            # never worse than the fresh draw: no more repeats, fewer cards to reprint by more
            # than the re-visits it adds (a re-visit weighs as much as a card), or the fresh draw
            (k_repeats, k_revisits, k_cards), (f_repeats, f_revisits, f_cards) = figures
            ok = result.schedule == fresh or (
                k_repeats <= f_repeats and k_revisits - f_revisits < f_cards - k_cards
            )
            print(f"{what} {n}x{s} seed {seed}: {'; '.join(cells)}; {taken}  {verdict(ok)}")


def clubs_and_numbers() -> None:
    """Item 4: with every player in a club, re-visits against the same size without clubs, for
    each priority (repeats first, the default, and club-mates apart first); and the same draw
    re-drawn after its first session is played as drawn, against the fresh draw."""
    for n, s in ((32, 7), (40, 8)):
        for seed in (1, 2, 3, 4, 5):
            groups = clubs(n, seed)
            plain = seating_report(draw_schedule(list(range(n)), s, seed=seed))
            for apart_first in (False, True):
                start = time.process_time()
                schedule = draw(
                    list(range(n)), s, seed=seed, groups=groups, apart_first=apart_first
                ).schedule
                grouped = seating_report(schedule, groups)
                seconds = time.process_time() - start
                what = "club-mates apart first" if apart_first else "repeats first"
                print(
                    f"clubs at {n}x{s} seed {seed}, {what}: {grouped.table_revisits} re-visits"
                    f" (target {plain.table_revisits}, without clubs; bound"
                    f" {grouped.revisit_bound}), {grouped.repeats} repeats,"
                    f" {grouped.group_clashes} clashes, wind spread {grouped.wind_spread},"
                    f" {seconds:.2f} s"
                    f"  {verdict(grouped.table_revisits <= plain.table_revisits)}"
                )
                # the same draw again after its first session is played as drawn: no figure
                # worse than the fresh draw's (docs/rules.md §8.2)
                start = time.process_time()
                again = seating_report(
                    draw(
                        list(range(n)), s, seed=seed, groups=groups, apart_first=apart_first,
                        fixed=schedule[:1],
                    ).schedule,
                    groups,
                )  # fmt: skip
                seconds = time.process_time() - start
                figures = (again.table_revisits, again.repeats, again.group_clashes)
                fresh = (grouped.table_revisits, grouped.repeats, grouped.group_clashes)
                print(
                    f"  re-drawn after session 1 played: {again.table_revisits} re-visits,"
                    f" {again.repeats} repeats, {again.group_clashes} clashes, wind spread"
                    f" {again.wind_spread}, {seconds:.2f} s"
                    f"  {verdict(all(x <= y for x, y in zip(figures, fresh, strict=True)))}"
                )


def indirect_bound(n: int, s: int) -> int:
    """The most opponents two players who never meet can have in common: each meets at most
    three new players a session, and nobody but the other n - 2."""
    return min(3 * s, n - 2)


def indirect(aim_file: str | None = None) -> None:
    """Item 5: fewest opponents in common of two players who never meet, against AIM's (the
    three sizes of the issue, or every size of their statistics file given with ``--aim``)."""
    sizes = dict(AIM_INDIRECT)
    if aim_file:
        sizes = {}
        with open(aim_file, encoding="utf-8") as handle:
            for line in handle.read().splitlines()[1:]:
                cells = line.split(",")
                n, s = (int(x) for x in cells[0].split("x"))
                counts = [int(x) for x in cells[1:]]
                if s <= 15 and any(counts):
                    sizes[n, s] = next(i for i, c in enumerate(counts) if c)
    short = []
    for (n, s), theirs in sorted(sizes.items()):
        for seed in (0, 1, 2) if not aim_file else (0,):
            report = seating_report(draw_schedule(list(range(n)), s, seed=seed))
            mine = report.indirect_min
            ok = mine is None or mine >= theirs  # None: every pair meets
            if not ok:
                short.append(f"{n}x{s}:{mine}/{theirs}")
            if not aim_file or not ok:
                print(
                    f"indirect meetings {n}x{s} seed {seed}: fewest in common"
                    f" {'- (every pair meets)' if mine is None else mine} (target {theirs},"
                    f" AIM's; bound {indirect_bound(n, s)})  {verdict(ok)}"
                )
    if aim_file:
        print(
            f"indirect meetings against AIM, {len(sizes)} sizes: {len(short)} short"
            f" (desk/AIM): {' '.join(short) or '-'}"
        )


def beyond() -> None:
    """Item 6: the two sizes short of their bounds, the shipped best schedules."""
    for n, s, bound in ((20, 6, 1), (24, 8, lower_bound(24, 8))):
        shipped = best_schedule(n, s)
        repeats = seating_report(draw_schedule(list(range(n)), s, seed=0)).repeats
        print(
            f"beyond the zero-repeat limit {n}x{s}: {repeats} repeats (shipped"
            f" {shipped[0] if shipped else '-'}; bound {bound}{' at least' if n == 20 else ''})"
            f"  {verdict(repeats <= bound)}"
            + ("" if repeats <= bound else " (where the searches stop, and why: rules.md §8.5)")
        )


def speed() -> None:
    """Item 7: CPU seconds against the peer's median (the slowest of seeds 1-3 must be
    faster), with the worst repeats and clashes of both. With clubs the time is that of the
    draw of one priority (``other_priority=False``, repeats first), as the peer draws: its
    solver gives one schedule. The desk's whole draw also draws the other priority for the
    preview when the two trade (clashes left above their floor): its time and figures follow
    ("with the preview"), not timed against the peer; the verdict also wants the draw of one
    priority no worse on repeats and clashes than the whole draw. Then sizes the peer was not
    timed at (it takes 28 s at 128x10 and grows with the players squared)."""
    for n, s in [*PEER_CPU, (200, 8), (400, 10)]:
        cells, ok, figures = [], True, {}
        for with_clubs, other in ((True, False), (True, True), (False, False)):
            times, worst = [], (0, 0)
            for seed in (1, 2, 3):
                groups = clubs(n, seed) if with_clubs else None
                start = time.process_time()
                schedule = draw(
                    list(range(n)), s, seed=seed, groups=groups, other_priority=other
                ).schedule
                times.append(time.process_time() - start)
                report = seating_report(schedule, groups)
                worst = max(worst, (report.repeats, report.group_clashes))
            figures[with_clubs, other] = worst
            if other:
                alone = figures[True, False]
                ok = ok and alone[0] <= worst[0] and alone[1] <= worst[1]
                cells.append(
                    f"with the preview's other priority {max(times):.2f} s, worst {worst[0]}"
                    f" repeats {worst[1]} clashes"
                )
                continue
            what = "with clubs, one priority" if with_clubs else "without clubs"
            cell = f"{what} {max(times):.2f} s"
            if (n, s) in PEER_CPU:
                peer = PEER_CPU[n, s][0 if with_clubs else 1]
                ok = ok and max(times) < peer
                cell += f" (target under {peer} s, the peer's)"
            cell += f", worst {worst[0]} repeats" + (f" {worst[1]} clashes" if with_clubs else "")
            if (n, s) in PEER_RESULTS:
                theirs = PEER_RESULTS[n, s]
                cell += (
                    f" (the peer's {theirs[0]} and {theirs[1]})"
                    if with_clubs
                    else f" (the peer's {theirs[2]})"
                )
            cells.append(cell)
        verdict_text = f"  {verdict(ok)}" if (n, s) in PEER_CPU else ""
        print(f"speed {n}x{s}: {'; '.join(cells)}{verdict_text}")


SECTIONS = {
    "numbers": table_numbers,
    "teams": teams_and_clubs,
    "kept": kept_plan,
    "clubs": clubs_and_numbers,
    "indirect": indirect,
    "beyond": beyond,
    "speed": speed,
}


def main(names: list[str] | None = None, aim_file: str | None = None) -> None:
    """Print the sections named (all by default); ``aim_file``: AIM's ``indirects.csv``."""
    for name in names or list(SECTIONS):
        if name == "indirect":
            indirect(aim_file)
        else:
            SECTIONS[name]()


if __name__ == "__main__":
    main(sys.argv[1:])
