"""Helpers of the PDF tests (`test_pdf_*.py`): read a PDF back with poppler (`pdftotext
-layout`, `pdfinfo`) and build tournaments through the services (hands, closing, confirming)."""

import datetime as dt
import re
import subprocess
import tempfile
from pathlib import Path

from scoring.access import Actor
from scoring.services import closing, hands
from tournament.services.draw import write_draw
from tournament.services.registrations import register_player
from tournament.services.tournaments import create_tournament

#: Names from all over Europe, as they must print.
EUROPEANS = (
    ("Łukasz", "Wiśniewski"),
    ("Zoltán", "Szőke"),
    ("Tomáš", "Dvořák"),
    ("Søren", "Kjærgaard"),
    ("Ångström", "Åsa"),
    ("Çağla", "Öztürk"),
    ("Jürgen", "Weiß"),
)


def _run(tool, data, *args):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "document.pdf"
        path.write_bytes(data)
        return subprocess.run(
            [tool, *args, str(path), *(["-"] if tool == "pdftotext" else [])],
            capture_output=True,
            text=True,
            check=True,
        ).stdout


def pdf_text(data, page=None, crop=None):
    """The text of the PDF (or of one page, or of the area `crop` = (x, y, width, height) in
    points from the top left corner of that page), laid out as printed."""
    pages = ["-f", str(page), "-l", str(page)] if page else []
    area = []
    if crop:
        area = ["-r", "72"] + [
            item
            for flag, value in zip("xyWH", crop, strict=True)
            for item in (f"-{flag}", str(int(value)))
        ]
    return _run("pdftotext", data, "-layout", *pages, *area)


def pdf_pages(data):
    return int(re.search(r"^Pages:\s+(\d+)", _run("pdfinfo", data), re.M).group(1))


def pdf_page_size(data):
    """(width, height) of the first page in points."""
    found = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+)", _run("pdfinfo", data), re.M)
    return float(found.group(1)), float(found.group(2))


def play(table, entries, actor):
    for entry in entries:
        table.refresh_from_db()
        hands.record_hand(table, entry, actor=actor, revision=table.revision)


def close(table, actor):
    table.refresh_from_db()
    return closing.close_table(table, actor=actor, revision=table.revision)


def self_drawn(winner, fan=8):
    return {"outcome": "self_drawn", "winner": winner, "fan": fan}


def on_discard(winner, discarder, fan=8):
    return {"outcome": "discard", "winner": winner, "discarder": discarder, "fan": fan}


def staff(director):
    return Actor(user=director)


def build_europeans():
    """8 seats drawn for session 1 of 3: the seven Europeans and one substitute (number 8)."""
    tournament = create_tournament(
        name="Coppa Europa — Faenza",
        slug="europa",
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 3),
        venue="Palazzo dei Congressi",
        ruleset="mcr",
        session_count=3,
        published=True,
        seating_groups="none",
    )
    for first, last in EUROPEANS:
        register_player(tournament, first_name=first, last_name=last, country="POL")
    register_player(tournament, first_name="Ödön", last_name="Ürge", is_substitute=True)
    write_draw(tournament, session_number=1, seed=3)
    return tournament
