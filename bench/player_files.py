"""How fast, and in how little memory, a hostile player list is refused (issue 13).

    .venv/bin/python bench/player_files.py

Builds small .xlsx files with one cell very far down (row 100,000; row 1,048,576 column XFD),
with and without the sheet's declared used range, and a real list of 5000 players for
comparison, then reads each one as the import page does (`read_player_list`). Prints the file
size, the outcome, the time and the peak of Python's memory (tracemalloc, in a second run, since
tracing slows the reading down). Target: every far-cell file refused in under 1 s and 100 MB.
Exits with status 1 when a target is missed.
"""

import io
import re
import sys
import time
import tracemalloc
import zipfile

from _setup import django_setup

HEADER = ["First name", "Last name", "EMA id", "Country", "Club"]
SHEET = "xl/worksheets/sheet1.xml"


def xlsx(rows, cells=(), *, drop_dimension=False):
    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.worksheets[0]  # a new workbook's one sheet, the active one
    for row in rows:
        sheet.append(row)
    for reference, value in cells:
        sheet[reference] = value
    buffer = io.BytesIO()
    workbook.save(buffer)
    data = buffer.getvalue()
    if not drop_dimension:
        return data
    source, out = zipfile.ZipFile(io.BytesIO(data)), io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info.filename)
            if info.filename == SHEET:
                content = re.sub(rb"<dimension [^>]*/>", b"", content)
            target.writestr(info.filename, content)
    return out.getvalue()


def cases():
    anna = ["Anna", "Rossi", "04000123", "ITA", "Drago Rosso"]
    players = [HEADER] + [
        [f"Player{n}", f"Bench{n:04d}", None, "ITA", f"Club {n % 37}"] for n in range(5000)
    ]
    return [
        ("cell at A100000, declared range", xlsx([HEADER, anna], [("A100000", "x")]), True),
        (
            "cell at A100000, no declared range",
            xlsx([HEADER, anna], [("A100000", "x")], drop_dimension=True),
            True,
        ),
        (
            "cell at XFD1048576, no declared range",
            xlsx([HEADER, anna], [("XFD1048576", "x")], drop_dimension=True),
            True,
        ),
        ("5000 real players", xlsx(players), False),
    ]


def main():
    django_setup()
    from tournament.services.player_import import read_player_list

    missed = False
    print(f"{'file':40} {'size':>9} {'outcome':>9} {'seconds':>8} {'peak MB':>8}")
    for label, data, hostile in cases():
        start = time.perf_counter()
        rows, errors = read_player_list("players.xlsx", data)
        seconds = time.perf_counter() - start
        tracemalloc.start()
        read_player_list("players.xlsx", data)
        peak = tracemalloc.get_traced_memory()[1] / 1024 / 1024
        tracemalloc.stop()
        outcome = "refused" if errors else f"{len(rows)} rows"
        print(f"{label:40} {len(data):>9,} {outcome:>9} {seconds:>8.2f} {peak:>8.1f}")
        if hostile and (not errors or seconds >= 1 or peak >= 100):
            missed = True
            print(f"  missed the target: {errors[:1]}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
