"""Table cards: one folding page per table with its players and no referee link; referee slips:
one small slip per table with its link's QR code (and its PIN when referees need one)."""

import re
import subprocess

import pytest
import segno
from django.urls import reverse
from PIL import Image

from exports import ExportError
from exports.pdf import refslips, tablecards
from exports.pdf.refslips import render_refslips
from exports.pdf.tablecards import render_tablecards
from tests.exports.pdf_support import pdf_pages, pdf_text
from tests.factories import build_europeans

BASE = "http://192.168.1.20:8000"
WINDS = ("East", "South", "West", "North")


@pytest.fixture
def europeans(db):
    return build_europeans()


def test_one_card_per_table_with_players_winds_and_no_link(europeans):
    data = render_tablecards(europeans, session_number=1)
    tables = list(europeans.sessions.get(number=1).tables.order_by("number"))
    assert pdf_pages(data) == len(tables) == 2
    for page, table in enumerate(tables, start=1):
        text = pdf_text(data, page)
        assert table.token not in text and "/r/" not in text and table.pin not in text
        assert f"Table {table.number}" in text and "Session 1" in text
        assert re.search(rf"^\s*{table.number}\s*$", text, re.M)  # the big number
        for seat in table.seats.select_related("registration__player"):
            player = seat.registration.player
            assert re.search(
                rf"{WINDS[seat.wind]}\s+{seat.registration.number}\s+"
                rf"{re.escape(player.full_name)}",
                text,
            )
        assert "Coppa Europa — Faenza" in text
    assert b"/r/" not in data


def test_the_table_card_draws_no_qr_code(europeans, monkeypatch):
    encoded = []
    monkeypatch.setattr(tablecards, "draw_qr", lambda canvas, url, *a, **k: encoded.append(url))
    render_tablecards(europeans, session_number=1)
    assert encoded == []


def test_one_slip_per_table_with_its_link_and_players(europeans, monkeypatch):
    encoded = []
    real = refslips.draw_qr
    monkeypatch.setattr(
        refslips,
        "draw_qr",
        lambda canvas, url, *args, **kw: encoded.append(url) or real(canvas, url, *args, **kw),
    )
    data = render_refslips(europeans, session_number=1, link_base=BASE)
    tables = list(europeans.sessions.get(number=1).tables.order_by("number"))
    assert pdf_pages(data) == 1 and len(tables) == 2  # eight slips to a page
    text = pdf_text(data, 1)
    links = []
    for table in tables:
        link = BASE + reverse("link:table", kwargs={"token": table.token})
        assert link in text
        links.append(link)
        assert f"Table {table.number}" in text and "Session 1" in text
        for seat in table.seats.select_related("registration__player"):
            player = seat.registration.player
            assert re.search(
                rf"{WINDS[seat.wind]} {seat.registration.number} "
                rf"{re.escape(player.full_name)}",
                text,
            )
        assert f"PIN {table.pin}" not in text  # the tournament asks no PIN
    assert "Coppa Europa — Faenza" in text
    assert encoded == links  # the QR codes carry exactly the printed addresses


def test_the_slip_prints_the_pin_when_referees_need_one(europeans):
    europeans.referee_pin = True
    europeans.save(update_fields=["referee_pin"])
    data = render_refslips(europeans, session_number=1, link_base=BASE)
    text = pdf_text(data, 1)
    for table in europeans.sessions.get(number=1).tables.all():
        assert f"PIN {table.pin}" in text


def test_nine_tables_take_two_pages_of_slips(db):
    from tests.factories import build

    cup = build(players=36, slug="nine")
    data = render_refslips(cup, session_number=1, link_base=BASE)
    assert pdf_pages(data) == 2
    assert "Table 9" in pdf_text(data, 2) and "Table 9" not in pdf_text(data, 1)


def test_the_qr_code_reads_as_the_link(europeans, tmp_path):
    """Sample the printed code module by module: it is the link's QR code, upright at the left
    of the first referee slip."""
    table = europeans.sessions.get(number=1).tables.get(number=1)
    path = tmp_path / "card.pdf"
    path.write_bytes(render_refslips(europeans, session_number=1, link_base=BASE))
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "200",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            str(path),
            str(tmp_path / "card"),
        ],
        check=True,
    )
    pixels = Image.open(tmp_path / "card.png").convert("L").load()
    matrix = segno.make(BASE + f"/r/{table.token}/", error="m", micro=False).matrix
    size = len(matrix)
    document = refslips.RefereeSlipsDocument(europeans, table.session, BASE)
    module = refslips.SLIP_QR / (size + 8)
    x, y, _width, _height = refslips.slip_box(document, 0)  # page coordinates, y up
    page_height = document.page_size[1]
    left = x + refslips.QR_LEFT + 4 * module  # in points, from the top left
    top = page_height - (y + refslips.QR_BOTTOM + refslips.SLIP_QR) + 4 * module
    scale = 200 / 72

    def dark(row, column):
        x, y = left + (column + 0.5) * module, top + (row + 0.5) * module
        return pixels[int(x * scale), int(y * scale)] < 128

    printed = [[dark(row, column) for column in range(size)] for row in range(size)]
    assert printed == [[bool(matrix[row][column]) for column in range(size)] for row in range(size)]


def test_a_trailing_slash_in_the_address_is_not_doubled(europeans):
    table = europeans.sessions.get(number=1).tables.get(number=1)
    text = pdf_text(render_refslips(europeans, session_number=1, link_base=BASE + "/"), 1)
    assert f"{BASE}/r/{table.token}/" in text


@pytest.mark.parametrize("link_base", ["", "192.168.1.20:8000", None])
def test_the_slips_need_the_desk_address(europeans, link_base):
    with pytest.raises(ExportError, match="address on the venue network"):
        render_refslips(europeans, session_number=1, link_base=link_base)


def test_no_cards_before_the_draw(europeans):
    with pytest.raises(ExportError, match="Session 3 has not been drawn yet"):
        render_tablecards(europeans, session_number=3)
    with pytest.raises(ExportError, match="Session 3 has not been drawn yet"):
        render_refslips(europeans, session_number=3, link_base=BASE)
