"""The seating list of a session: by table, then alphabetically by player."""

import re

import pytest

from exports import ExportError
from exports.pdf.seating import render_seating
from tests.exports.pdf_support import pdf_pages, pdf_text
from tests.factories import build_europeans
from tournament.models import Seat

WINDS = ("East", "South", "West", "North")


@pytest.fixture
def europeans(db):
    return build_europeans()


def test_by_table_east_south_west_north(europeans):
    data = render_seating(europeans, session_number=1)
    assert pdf_pages(data) == 2
    text = pdf_text(data, 1)
    assert "Session 1 by table" in text and "Page 1 of 2" in text
    assert re.search(r"Table\s+East\s+South\s+West\s+North", text)
    session = europeans.sessions.get(number=1)
    for table in session.tables.all():
        seats = list(table.seats.order_by("wind").select_related("registration__player"))
        line = next(
            line for line in text.splitlines() if re.match(rf"^\s*{table.number}\s+\d", line)
        )
        assert [int(n) for n in re.findall(r"\d+", line)] == [
            table.number,
            *(seat.registration.number for seat in seats),
        ]
        for seat in seats:
            player = seat.registration.player
            assert f"{seat.registration.number} {player.full_name}" in line


def test_alphabetical_list_with_table_and_wind(europeans):
    text = pdf_text(render_seating(europeans, session_number=1), 2)
    assert "by player (alphabetical)" in text
    rows = re.findall(r"^\s*(\S+ \S+)\s+(\d+)\s+(\d+)\s+(East|South|West|North)\s*$", text, re.M)
    assert [row[0] for row in rows] == [  # sorted by last name, written in English's order
        "Ångström Åsa",
        "Tomáš Dvořák",
        "Søren Kjærgaard",
        "Çağla Öztürk",
        "Zoltán Szőke",
        "Ödön Ürge",
        "Jürgen Weiß",
        "Łukasz Wiśniewski",
    ]
    seats = {
        seat.registration.number: seat
        for seat in Seat.objects.filter(session__tournament=europeans).select_related("table")
    }
    for _name, number, table, wind in rows:
        seat = seats[int(number)]
        assert (int(table), wind) == (seat.table.number, WINDS[seat.wind])


def test_a_long_list_continues_in_two_columns_per_page(db):
    from tests.factories import build

    tournament = build(players=72, slug="long")
    data = render_seating(tournament, session_number=1)
    pages = pdf_pages(data)
    listed = []
    for page in range(2, pages + 1):
        listed += re.findall(
            r"(P\d+ Player\d\d)\s+\d+\s+\d+\s+(?:East|South|West|North)", pdf_text(data, page)
        )
    assert sorted(listed) == sorted(f"P{n} Player{n:02d}" for n in range(1, 73))
    assert pages >= 3  # 18 tables on one page or two, then the players over two pages


def test_no_seating_list_before_the_draw(europeans):
    with pytest.raises(ExportError, match="Session 2 has not been drawn yet"):
        render_seating(europeans, session_number=2)


def test_alphabetical_pages_make_room_for_a_name_on_two_lines(europeans):
    """The alphabetical list's rows are as tall as their names need: a page holds as many
    rows as fit, the left list filled first, and no entry is lost."""
    from types import SimpleNamespace

    from exports.pdf.seating import ROW, SeatingDocument

    document = SeatingDocument(europeans, europeans.sessions.get(number=1))
    names = [f"P{n} Player{n:02d}" for n in range(1, 31)]
    names[3] = "Maria Antonietta Dell'Acqua-Łukasiewicz von Hohenzollern"
    entries = [
        (None, SimpleNamespace(registration=SimpleNamespace(player=SimpleNamespace(full_name=n))))
        for n in names
    ]
    width, room = 60 * 72 / 25.4, 10 * ROW
    pages = document.split_pages(entries, width, room)
    flat = [item for left, right, _heights in pages for item in left + right]
    assert flat == entries  # every entry once, in order: left list, then right list
    for left, right, heights in pages:
        assert len(right) <= len(left) == len(heights)
        assert sum(heights) <= room + 1e-6
    first_left, _first_right, first_heights = pages[0]
    assert max(first_heights) > ROW  # the long name's row is taller
    assert len(first_left) == 9  # one taller row: nine rows instead of ten
    assert len(pages[1][0]) == 10
