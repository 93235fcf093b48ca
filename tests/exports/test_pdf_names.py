"""The shared name helper of the PDF documents (`exports/pdf/names.py`): shrink first, then
wrap at spaces and after hyphens, never inside a word, never dropping text."""

import io

import pytest
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import SimpleDocTemplate, Table

from exports.pdf.base import FONT, FONT_CONDENSED, register_fonts
from exports.pdf.names import LEADING, NameFlowable, fit_name, name_paragraph
from tests.exports.pdf_support import pdf_text

LONG = "Maria Antonietta Dell'Acqua-Łukasiewicz von Hohenzollern"
CLUB = "Associazione Sportiva Dilettantistica Mahjong Club Città di Castello"


@pytest.fixture(autouse=True)
def fonts():
    register_fonts()


def words_kept(text, lines):
    """Every line is made of whole words or hyphen-ended parts of them, and together they give
    back the text (a line ending with a hyphen joins the next line without a space)."""
    joined = ""
    for line in lines:
        joined += line if not joined or joined.endswith("-") else " " + line
    return joined == " ".join(text.split())


def test_a_name_that_fits_keeps_its_size_and_one_line():
    assert fit_name("Ada Li", FONT, 200, size=10, min_size=7) == (10, ["Ada Li"])


def test_shrinks_before_it_wraps():
    full = stringWidth(LONG, FONT_CONDENSED, 10)
    width = full * 0.8  # fits on one line at 8 pt, above the smallest size 7
    size, lines = fit_name(LONG, FONT_CONDENSED, width, size=10, min_size=7)
    assert lines == [LONG]
    assert 7 <= size < 10
    assert stringWidth(LONG, FONT_CONDENSED, size) <= width
    assert size >= 7.9  # the largest size that fits, to a tenth of a point


def test_wraps_at_spaces_and_after_hyphens_never_mid_word():
    width = stringWidth(LONG, FONT_CONDENSED, 7) * 0.6  # too narrow for one line at 7 pt
    size, lines = fit_name(LONG, FONT_CONDENSED, width, size=10, min_size=7)
    assert len(lines) == 2
    assert words_kept(LONG, lines)
    assert lines[0].endswith("-") or lines[1].split()[0] in LONG.split()
    assert all(stringWidth(line, FONT_CONDENSED, size) <= width for line in lines)
    pieces = set(LONG.replace("-", "- ").split())
    for line in lines:
        assert set(line.replace("-", "- ").split()) <= pieces  # only whole words and parts


def test_breaks_after_the_hyphen():
    name = "Dell'Acqua-Łukasiewicz"
    width = stringWidth("Łukasiewicz", FONT, 9) + 1
    size, lines = fit_name(name, FONT, width, size=9, min_size=8)
    assert lines == ["Dell'Acqua-", "Łukasiewicz"]
    assert size == 9


def test_first_name_is_kept_on_the_first_line():
    for width in (40, 70, 100, 150, 250):
        size, lines = fit_name(LONG, FONT_CONDENSED, width, size=10, min_size=6)
        assert lines[0].startswith("Maria Antonietta") or lines[0] == "Maria"
        assert words_kept(LONG, lines)
        assert all(stringWidth(line, FONT_CONDENSED, size) <= width + 1e-6 for line in lines)


def test_never_drops_text_at_max_lines():
    width = 60  # far too narrow for two lines at the smallest size: it shrinks further
    size, lines = fit_name(CLUB, FONT, width, size=9, min_size=7, max_lines=2)
    assert len(lines) <= 2
    assert words_kept(CLUB, lines)
    assert size < 7
    assert all(stringWidth(line, FONT, size) <= width + 1e-6 for line in lines)


def test_a_word_wider_than_the_cell_gets_its_own_line_at_a_size_that_fits():
    word = "Dilettantistica"
    width = stringWidth(word, FONT, 7) * 0.8
    size, lines = fit_name(f"{word} Bo", FONT, width, size=9, min_size=7)
    assert lines == [word, "Bo"]
    assert stringWidth(word, FONT, size) <= width


def test_height_limits_the_lines():
    width = stringWidth(LONG, FONT, 7) * 0.6
    size, lines = fit_name(LONG, FONT, width, size=10, min_size=7, height=12)
    assert len(lines) * size * LEADING <= 12 + 1e-6
    assert words_kept(LONG, lines)


def test_more_lines_when_allowed():
    width = stringWidth("Associazione Sportiva", FONT, 8) + 1
    size, lines = fit_name(CLUB, FONT, width, size=8, min_size=8, max_lines=4)
    assert size == 8
    assert 3 <= len(lines) <= 4
    assert words_kept(CLUB, lines)


def test_empty_and_spaced_text():
    assert fit_name("", FONT, 50, size=9, min_size=7) == (9, [""])
    assert fit_name("  Ada   Li ", FONT, 200, size=9, min_size=7) == (9, ["Ada Li"])


def test_flowable_and_paragraph_print_every_word_in_a_table():
    style = ParagraphStyle("cell", fontName=FONT_CONDENSED, fontSize=9, leading=10.5)
    rows = [
        [NameFlowable(LONG, FONT_CONDENSED, size=9, min_size=7), "1"],
        [name_paragraph(CLUB, style, 64, min_size=7, max_lines=3), "2"],
    ]
    buffer = io.BytesIO()
    SimpleDocTemplate(buffer).build([Table(rows, colWidths=[76, 20])])
    text = " ".join(pdf_text(buffer.getvalue()).split())
    for word in LONG.replace("-", " ").split() + CLUB.split():
        assert word in text
