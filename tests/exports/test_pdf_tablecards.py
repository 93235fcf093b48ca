"""Table cards: one folding page per table with its players and its referee link's QR code."""

import re
import subprocess

import pytest
import segno
from django.urls import reverse
from PIL import Image

from exports import ExportError
from exports.pdf import tablecards
from exports.pdf.tablecards import render_tablecards
from tests.exports.pdf_support import pdf_pages, pdf_text
from tests.factories import build_europeans

BASE = "http://192.168.1.20:8000"
WINDS = ("East", "South", "West", "North")


@pytest.fixture
def europeans(db):
    return build_europeans()


def test_one_card_per_table_with_players_winds_and_link(europeans, monkeypatch):
    encoded = []
    real = tablecards.draw_qr
    monkeypatch.setattr(
        tablecards,
        "draw_qr",
        lambda canvas, url, *args: encoded.append(url) or real(canvas, url, *args),
    )
    data = render_tablecards(europeans, session_number=1, link_base=BASE)
    tables = list(europeans.sessions.get(number=1).tables.order_by("number"))
    assert pdf_pages(data) == len(tables) == 2
    links = []
    for page, table in enumerate(tables, start=1):
        text = pdf_text(data, page)
        link = BASE + reverse("link:table", kwargs={"token": table.token})
        assert link in text
        links.append(link)
        assert f"Table {table.number}" in text and "Session 1" in text
        assert re.search(rf"^\s*{table.number}\s*$", text, re.M)  # the big number
        for seat in table.seats.select_related("registration__player"):
            player = seat.registration.player
            assert re.search(
                rf"{WINDS[seat.wind]}\s+{seat.registration.number}\s+"
                rf"{re.escape(player.last_name)}, {re.escape(player.first_name)}",
                text,
            )
        assert "Coppa Europa — Faenza" in text
    assert encoded == links  # the QR codes carry exactly the printed addresses


def test_the_qr_code_reads_as_the_link(europeans, tmp_path):
    """Sample the printed code module by module: it is the link's QR code, upside down on the
    back of the card (so that it stands upright once the card is folded)."""
    table = europeans.sessions.get(number=1).tables.get(number=1)
    path = tmp_path / "card.pdf"
    path.write_bytes(render_tablecards(europeans, session_number=1, link_base=BASE))
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
    document = tablecards.TableCardsDocument(europeans, table.session, BASE)
    module = tablecards.QR_SIZE / (size + 8)
    page_width = document.page_size[0]
    left = page_width / 2 - tablecards.QR_SIZE / 2 + 4 * module  # in points, from the top left
    top = document.margin + document.bottom_space + tablecards.QR_ABOVE + 4 * module
    scale = 200 / 72

    def dark(row, column):
        x, y = left + (column + 0.5) * module, top + (row + 0.5) * module
        return pixels[int(x * scale), int(y * scale)] < 128

    printed = [[dark(row, column) for column in range(size)] for row in range(size)]
    assert printed == [
        [bool(matrix[size - 1 - row][size - 1 - column]) for column in range(size)]
        for row in range(size)
    ]


def test_a_trailing_slash_in_the_address_is_not_doubled(europeans):
    table = europeans.sessions.get(number=1).tables.get(number=1)
    text = pdf_text(render_tablecards(europeans, session_number=1, link_base=BASE + "/"), 1)
    assert f"{BASE}/r/{table.token}/" in text


@pytest.mark.parametrize("link_base", ["", "192.168.1.20:8000", None])
def test_the_cards_need_the_desk_address(europeans, link_base):
    with pytest.raises(ExportError, match="address on the venue network"):
        render_tablecards(europeans, session_number=1, link_base=link_base)


def test_no_cards_before_the_draw(europeans):
    with pytest.raises(ExportError, match="Session 3 has not been drawn yet"):
        render_tablecards(europeans, session_number=3, link_base=BASE)
