"""The load test's report: every figure beside its target, and the saves with and without
anonymous visitors compared."""

import json
import os
import statistics
from collections import Counter, defaultdict
from pathlib import Path

from _phones import OPENING_SECONDS
from _setup import percentile

#: The targets of issue 20: (label, limit); the figures are printed beside them.
TARGETS = {"save": 100, "public": 50}


def report(figures, seconds, tokens, lost, problems, queue_warnings, desk_cpu=None, phones=0):
    """The figures, beside their targets, and the integrity checks; returns the last line."""
    public = figures.times["standings"] + figures.times["projector"] + figures.times["live"]
    saves, reads = figures.times["save"], figures.times["page"] + public
    errors = sum(figures.errors.values())
    print(
        f"\n{len(saves)} saves and {len(reads)} page reads in {seconds:.0f} s "
        f"({(len(saves) + len(reads)) / seconds:.0f} requests/s)"
    )
    print(f"{'':<14}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}{'max ms':>9}")
    for label, values in (
        ("hand saves", saves),
        ("table pages", figures.times["page"]),
        ("public pages", public),
        ("  standings", figures.times["standings"]),
        ("  projector", figures.times["projector"]),
        ("  /live/", figures.times["live"]),
    ):
        if values:
            print(
                f"{label:<14}{percentile(values, 0.5):>9.0f}{percentile(values, 0.95):>9.0f}"
                f"{percentile(values, 0.99):>9.0f}{max(values) * 1000:>9.0f}"
            )
    late = figures.after_opening
    late_public = late["standings"] + late["projector"] + late["live"]
    if late_public and late["save"]:
        print(
            f"after the first {OPENING_SECONDS} s (every device opening its page at once): "
            f"p95 save {percentile(late['save'], 0.95):.0f} ms, "
            f"p95 public pages {percentile(late_public, 0.95):.0f} ms"
        )
    live = figures.times["live"]
    if live and phones:
        public_requests = len(public) / seconds * 100 / phones
        print(
            f"phones: {public_requests:.1f} requests/s per 100 phones; /live/ answered 304 "
            f"{figures.unchanged} times in {len(live)} ({figures.unchanged / len(live):.0%})"
        )
    if desk_cpu is not None and saves + reads:
        print(
            f"desk processes: {desk_cpu:.0f} s of CPU, {desk_cpu / len(saves + reads) * 1000:.0f} ms "
            f"per request, {desk_cpu / seconds:.2f} cores busy on average "
            f"(of {os.cpu_count()} on this machine, shared with whatever else runs)"
        )
    if queue_warnings:
        print(
            f"server: {queue_warnings} 'task queue depth' warnings (requests waited for a thread)"
        )
    for kind, count in sorted(figures.errors.items()):
        print(f"error: {kind} x{count}")
    for problem in problems:
        print(f"problem: {problem}")
    print(
        f"checks: {len(tokens) * 16 - lost} of {len(tokens) * 16} hands present, "
        f"{'all' if not problems else 'NOT all'} tables zero-sum and equal to a recompute"
    )
    if statistics.fmean(saves or [0]) == 0:
        print("no save was measured")
    p95_save, p95_public = percentile(saves, 0.95), percentile(public, 0.95)
    print(f"\n{'target':<26}{'measured':>10}")
    for label, measured, unit, met in (
        ("errors: 0", errors + len(problems), "", errors + len(problems) == 0),
        ("lost hands: 0", lost, "", lost == 0),
        (f"p95 hand save < {TARGETS['save']} ms", p95_save, " ms", p95_save < TARGETS["save"]),
        (
            f"p95 public pages < {TARGETS['public']} ms",
            p95_public,
            " ms",
            p95_public < TARGETS["public"],
        ),
    ):
        print(f"{label:<26}{measured:>7.0f}{unit:<3}  {'met' if met else 'MISSED'}")
    pages = figures.times["standings"] + figures.times["projector"]
    if pages:
        print(
            "(public pages: every request a phone makes, its `/live/` questions and its page "
            f"fetches; the {len(pages)} page fetches alone: p95 {percentile(pages, 0.95):.0f} ms, "
            "most of them in the opening)"
        )
    return (
        f"load: {len(saves)} saves, {errors + len(problems)} errors, {lost} lost, "
        f"p95 save {p95_save:.0f} ms, p95 public {p95_public:.0f} ms"
    )


def compare_documents(figures, visitors):
    """The p95 save while the visitors fetch beside the p95 while they do not (both after the
    opening); returns (without, with, change in %)."""
    without = figures.times["save without documents"]
    with_them = figures.times["save with documents"]
    documents = figures.times["document"]
    before, after = percentile(without, 0.95), percentile(with_them, 0.95)
    change = (after - before) / before * 100 if before else 0.0
    print(
        f"\n{visitors} anonymous visitors fetching report cards in every other window: "
        f"{len(documents)} requests, {figures.refused} refused (429)"
        + (
            f"; the answers p50 {percentile(documents, 0.5):.0f} ms, "
            f"p95 {percentile(documents, 0.95):.0f} ms"
            if documents
            else ""
        )
    )
    print(f"{'saves after the opening':<34}{'count':>7}{'p50 ms':>9}{'p95 ms':>9}")
    for label, values in (("without the visitors", without), ("while they fetch", with_them)):
        if values:
            print(
                f"{label:<34}{len(values):>7}{percentile(values, 0.5):>9.0f}"
                f"{percentile(values, 0.95):>9.0f}"
            )
    met = abs(change) <= 25
    print(
        f"{'target: p95 at most 25 % apart':<34}{change:>+16.0f} %   {'met' if met else 'MISSED'}"
    )
    return before, after, change


def trace_report(paths, figures):
    """With --trace: each kind of request as the server processes timed it (bench/_traced_wsgi),
    while the visitors fetch and while they do not (after the opening), and how late the bench's
    own event loop was meanwhile."""
    records = [json.loads(line) for path in paths for line in Path(path).read_text().splitlines()]
    opening_end = figures.began_at + OPENING_SECONDS

    def phase(moment):
        if moment < opening_end:
            return None
        inside = any(start <= moment < end for start, end in figures.windows)
        return "with" if inside else "without"

    groups = defaultdict(list)
    for record in records:
        which = phase(record["t"])
        if which is not None:
            groups[(record["kind"], which)].append(record)
    print(
        "\nInside the server (ms; p50/p95): wall = a thread's time on the request, cpu = its "
        "CPU, lock = starting write transactions, db = database calls, rest = wall - cpu - db "
        "(the interpreter's lock held by other threads)"
    )
    print(
        f"{'':<22}{'count':>6}{'wall':>12}{'cpu':>12}{'lock':>12}{'db':>12}{'rest':>12}"
        f"{'writes':>14}"
    )
    for kind in ("save", "page", "document", "live", "public"):
        for which in ("without", "with"):
            rows = groups.get((kind, which))
            if not rows:
                continue

            def pair(values):
                return f"{percentile(values, 0.5):.0f}/{percentile(values, 0.95):.0f}"

            rest = [r["wall"] - r["cpu"] - r["db"] for r in rows]
            cache_writes = sum(r["writes"].get("cache", 0) for r in rows)
            other_writes = sum(r["writes"].get("other", 0) for r in rows)
            print(
                f"{kind + ' ' + which:<22}{len(rows):>6}{pair([r['wall'] for r in rows]):>12}"
                f"{pair([r['cpu'] for r in rows]):>12}{pair([r['lock'] for r in rows]):>12}"
                f"{pair([r['db'] for r in rows]):>12}{pair(rest):>12}"
                f"{f'{cache_writes}c {other_writes}o':>14}"
            )
    statuses = Counter(r["status"] for r in records if r["kind"] == "document")
    print(f"documents answered: {dict(sorted(statuses.items()))}")
    for status in sorted(statuses):
        shapes: Counter = Counter()
        answered = [r for r in records if r["kind"] == "document" and r["status"] == status]
        for record in answered:
            shapes.update(record.get("statements", {}))
        costly = ", ".join(
            f"{shape} {seconds * 1000 / len(answered):.1f}"
            for shape, seconds in shapes.most_common(4)
        )
        versioned = sum(
            any("scoring_seatresult" in shape for shape in r.get("statements", {}))
            for r in answered
        )
        print(
            f"  {status}: {versioned} of {len(answered)} read the standings' version; database"
            f" ms per request, by statement: {costly}"
        )
    lags = defaultdict(list)
    for moment, late in figures.lags:
        which = phase(moment)
        if which is not None:
            lags[which].append(late)
    for which in ("without", "with"):
        if lags[which]:
            print(
                f"the bench's event loop late ({which} the visitors): "
                f"p50 {percentile(lags[which], 0.5):.0f} ms, p95 {percentile(lags[which], 0.95):.0f}"
                f" ms, max {max(lags[which]) * 1000:.0f} ms"
            )
