"""Regenerate ``tournament/seating/data/designs.json``, the zero-repeat designs of the draw.

Run from the repository root::

    .venv/bin/python bench/make_designs.py            # rebuild the file (a few minutes)
    .venv/bin/python bench/make_designs.py --only 36  # rebuild one player count, keep the rest
                                                      # (and build what the file lacks)
    .venv/bin/python bench/make_designs.py --mixing   # rebuild only the designs searched for
                                                      # their indirect meetings (minutes)
    .venv/bin/python bench/make_designs.py --mixing --only 48
                                                      # ... only those of 48 players

The constructions live in ``tournament.seating.construction``, ``lifting``, ``offsets``,
``geometry``, ``rotational``, ``mixing`` and ``number_classes`` (where they are described; the
floor of table re-visits of a stored design: ``bench/numbering_floor.py``); this script only
runs them, prints their progress and writes the file. The module
``tournament.seating.designs`` loads the file and checks nothing at run time; the test suite
checks every shipped design (valid sessions, zero repeats).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tournament.seating.construction import (  # noqa: E402
    BEYOND,
    CYCLIC,
    ConstructionError,
    make_beyond,
    make_cyclic,
    make_grouped,
    number_design,
)
from tournament.seating.designs import DATA_FILE, design_repeats  # noqa: E402
from tournament.seating.lifting import make_doubled  # noqa: E402
from tournament.seating.mixing import make_mixing  # noqa: E402
from tournament.seating.numbered import make_numbered  # noqa: E402
from tournament.seating.offsets import make_offsets  # noqa: E402


def log(message: str) -> None:
    print(message, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="search seed (default 1)")
    parser.add_argument(
        "--only", type=int, action="append", default=[], help="rebuild only these player counts"
    )
    parser.add_argument(
        "--mixing", action="store_true", help="rebuild only the designs searched for mixing"
    )
    parser.add_argument("--output", type=Path, default=DATA_FILE)
    args = parser.parse_args(argv)
    try:
        return _build(args)
    except ConstructionError as exc:
        raise SystemExit(str(exc)) from None


def _build(args: argparse.Namespace) -> int:
    partial = bool(args.only or args.mixing)
    old = json.loads(args.output.read_text()) if partial and args.output.exists() else {}
    if args.mixing:
        print("designs searched for their indirect meetings ...", flush=True)
        kept = {
            size: design
            for size, design in old.get("mixing", {}).items()
            if args.only and int(size.split("x")[0]) not in args.only
        }
        rebuilt = {**kept, **make_mixing(args.seed, log, args.only)}
        ordered = sorted(rebuilt, key=lambda size: tuple(map(int, size.split("x"))))
        return _write(args.output, {**old, "mixing": {size: rebuilt[size] for size in ordered}})
    designs = dict(old.get("designs", {}))
    wanted = args.only or [*CYCLIC, 32, 36]
    special = {32: make_doubled, 36: make_grouped}
    for n in sorted(wanted):
        print(f"{n} players ...", flush=True)
        method, rounds = special[n](log) if n in special else make_cyclic(n, args.seed, log)
        repeats = design_repeats(rounds, n)
        if repeats:
            raise SystemExit(f"{n} players: construction has {repeats} repeats")
        revisits, rounds = number_design(rounds, log)  # docs/rules.md §8.1
        print(f"  {n} players: numbered with {revisits} re-visits", flush=True)
        designs[str(n)] = {"sessions": len(rounds), "method": method, "rounds": rounds}
        print(f"  {n} players: {len(rounds)} sessions, zero repeats", flush=True)
    schedules = dict(old.get("schedules", {}))
    for n, sessions in BEYOND:
        if args.only and n not in args.only:
            continue
        print(f"{n} players, {sessions} sessions ...", flush=True)
        repeats, rounds = make_beyond(n, sessions, designs[str(n)]["rounds"], args.seed, log)
        schedules[f"{n}x{sessions}"] = {"repeats": repeats, "rounds": rounds}
    offsets = old.get("offset_rows") if args.only else None
    if offsets is None:
        print("offset rows ...", flush=True)
        offsets = make_offsets(args.seed, log)
    numbered = old.get("numbered_rows") if args.only else None
    if numbered is None:
        print("numbered offset rows ...", flush=True)
        numbered = make_numbered(log)
    mixing = old.get("mixing") if args.only else None
    if mixing is None:
        print("designs searched for their indirect meetings ...", flush=True)
        mixing = make_mixing(args.seed, log)
    data = {
        "designs": {k: designs[k] for k in sorted(designs, key=int)},
        "schedules": schedules,
        "offset_rows": offsets,
        "numbered_rows": numbered,
        "mixing": mixing,
    }
    return _write(args.output, data)


def _write(output: Path, data: dict) -> int:
    data = {"about": "Zero-repeat seating designs. Regenerate with bench/make_designs.py.", **data}
    output.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"))
    output.write_text(text + "\n")
    print(f"wrote {output} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
