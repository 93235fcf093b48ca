"""The shared base of the desk's PDF documents (as pretix's `base/invoice.py`).

`PdfDocument` owns what every document has in common: the DejaVu fonts (every European name
prints: "Łukasz Wiśniewski", "Zoltán Szőke"), the named paragraph styles, the A4 page set-up,
the header (tournament name, dates, venue, rule set, and the document's title) and the footer
"Page x of y" (a two-pass canvas: the pages are kept until the last one is known). A document
subclasses it, sets its title and orientation, and returns its flowables from `story()`.

Numbers are exact: table points and scores go through `common.formatting`, never through float.
Every text is in the active language (`gettext`), except the fixed words of the FIMJ form.
"""

import io
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias
from xml.sax.saxutils import escape

from django.conf import settings
from django.db.models import Prefetch
from django.utils import formats, timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageBreak, PageTemplate

import rules
from common.i18n import translate_text
from tournament.models import Seat
from tournament.rulesets import ruleset_for

if TYPE_CHECKING:
    from reportlab.platypus.tables import _TableCommand

#: One command of a reportlab `TableStyle`, e.g. ("FONT", (0, 0), (-1, -1), FONT, 9).
TableCommand: TypeAlias = "_TableCommand"

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
FONT_CONDENSED = "DejaVuSansCondensed"
FONT_CONDENSED_BOLD = "DejaVuSansCondensed-Bold"
FONT_DIR = Path(settings.BASE_DIR) / "desk" / "fonts"

GREY = colors.HexColor("#555555")
LIGHT = colors.HexColor("#eeeeee")
RULE = colors.HexColor("#999999")


@cache
def register_fonts():
    """Register the DejaVu TrueType fonts with reportlab (once per process).

    Also turns off reportlab's ASCII85 stream filter: it only makes a PDF 7-bit safe, and in
    pure Python it costs a fifth of the time of a 100-page document."""
    rl_config.useA85 = 0
    for name in (FONT, FONT_BOLD, FONT_CONDENSED, FONT_CONDENSED_BOLD):
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / f"{name}.ttf")))
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD
    )
    pdfmetrics.registerFontFamily(
        FONT_CONDENSED,
        normal=FONT_CONDENSED,
        bold=FONT_CONDENSED_BOLD,
        italic=FONT_CONDENSED,
        boldItalic=FONT_CONDENSED_BOLD,
    )
    return True


@cache
def styles():
    """The named paragraph styles of the documents."""
    register_fonts()
    base = ParagraphStyle("body", fontName=FONT, fontSize=10, leading=12)
    return {
        "body": base,
        "title": ParagraphStyle(
            "title", base, fontName=FONT_BOLD, fontSize=16, leading=20, spaceAfter=4 * mm
        ),
        "heading": ParagraphStyle(
            "heading",
            base,
            fontName=FONT_BOLD,
            fontSize=13,
            leading=16,
            spaceBefore=2 * mm,
            spaceAfter=2 * mm,
        ),
        "small": ParagraphStyle("small", base, fontSize=7, leading=8.5, textColor=GREY),
        "small_center": ParagraphStyle(
            "small_center", base, fontSize=7, leading=8.5, textColor=GREY, alignment=TA_CENTER
        ),
        "cell": ParagraphStyle("cell", base, fontName=FONT_CONDENSED, fontSize=9, leading=10.5),
        "cell_bold": ParagraphStyle(
            "cell_bold", base, fontName=FONT_CONDENSED_BOLD, fontSize=9, leading=10.5
        ),
        "cell_center": ParagraphStyle(
            "cell_center",
            base,
            fontName=FONT_CONDENSED,
            fontSize=9,
            leading=10.5,
            alignment=TA_CENTER,
        ),
        "cell_right": ParagraphStyle(
            "cell_right",
            base,
            fontName=FONT_CONDENSED,
            fontSize=9,
            leading=10.5,
            alignment=TA_RIGHT,
        ),
        "board": ParagraphStyle("board", base, fontName=FONT, fontSize=13, leading=15.5),
        "board_bold": ParagraphStyle(
            "board_bold", base, fontName=FONT_BOLD, fontSize=13, leading=15.5
        ),
    }


def fit_text(text, font, size, width):
    """`text` shortened with an ellipsis so that it fits `width` points (tables with plain
    strings are much faster than tables of paragraphs)."""
    text = str(text or "")
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def markup(text):
    """`text` escaped for a Paragraph's mini-HTML ("Mahjong & Friends", "<Rome>")."""
    return escape(str(text))


def player_name(player):
    """A player as the documents list them: the one name order of the active language
    (`Player.full_name`, `common.text.person_name`)."""
    return player.full_name


#: The one date style of every print, in the active language: "Sunday 22 November 2026",
#: "domenica 22 novembre 2026" (a time follows as ", 13:30").
DATE_PATTERN = "l j F Y"
TIME_PATTERN = "H:i"


#: Languages that write the day of the week in lower case within a date (Django's Italian
#: names are capitalised as on their own: "Domenica"; in a date it is "domenica 22 novembre").
LOWER_CASE_WEEKDAYS = ("it",)


def print_date(day):
    """A date as every print writes it ("Sunday 22 November 2026")."""
    text = formats.date_format(day, DATE_PATTERN)
    if (get_language() or "").split("-")[0] in LOWER_CASE_WEEKDAYS:
        text = text[:1].lower() + text[1:]
    return text


def print_datetime(moment):
    """A moment as every print writes it, in the desk's time zone: the date as `print_date`,
    then the time ("Sunday 22 November 2026, 13:30")."""
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return f"{print_date(local)}, {formats.time_format(local, TIME_PATTERN)}"


def format_dates(tournament):
    """The tournament's days: one date, or the first and the last (`print_date`)."""
    start, end = tournament.start_date, tournament.end_date
    if start == end:
        return print_date(start)
    return f"{print_date(start)} – {print_date(end)}"


def session_start(session):
    """When a session starts (`print_datetime`), or "" when it is not scheduled."""
    if session.scheduled_start is None:
        return ""
    return print_datetime(session.scheduled_start)


def ruleset_name(tournament):
    try:
        return translate_text(ruleset_for(tournament).name)
    except rules.RuleError:  # a bad stored setting must not stop a printout
        return str(tournament.get_ruleset_display())


def seated_tables(session, *prefetch):
    """The tables of a session in order, with their seats and players (and `prefetch`)."""
    seats = Prefetch(
        "seats", queryset=Seat.objects.select_related("registration__player").order_by("wind")
    )
    return list(session.tables.order_by("number").prefetch_related(seats, *prefetch))


def page_by_page(pages):
    """The story of `pages` (each a list of flowables), with a page break between each two."""
    story: list[Flowable] = []
    for page in pages:
        if story:
            story.append(PageBreak())
        story += page
    return story


class WholePage(Flowable):
    """A flowable that takes the whole frame and draws a page of `document` (a PdfDocument)
    itself; the subclass's draw() works on self.canv."""

    def __init__(self, document):
        super().__init__()
        self.document = document

    def wrap(self, available_width, available_height):
        return available_width, available_height


def numbered_canvas(draw_footer):
    """A canvas class that keeps every page until the end, then draws each page's footer with
    the page count ("Page 3 of 12")."""

    class NumberedCanvas(Canvas):
        # reportlab's own attributes, which types-reportlab does not declare
        _pageNumber: int
        _startPage: Callable[[], None]

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._saved_pages: list[dict[str, Any]] = []

        def showPage(self):  # reportlab's name
            self._saved_pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            total = len(self._saved_pages)
            for state in self._saved_pages:
                self.__dict__.update(state)
                draw_footer(self, self._pageNumber, total)
                Canvas.showPage(self)
            Canvas.save(self)

    return NumberedCanvas


class PdfDocument:
    """One PDF document of a tournament. Subclasses set `title()` and `story()`."""

    pagesize = A4
    margin = 12 * mm
    header_height = 13 * mm  # the space the header takes above the frame
    footer_height = 7 * mm
    show_header = True
    show_footer = True

    def __init__(self, tournament):
        register_fonts()
        self.tournament = tournament
        self.styles = styles()

    # -- what a document defines ------------------------------------------------------------

    def title(self):
        raise NotImplementedError

    def story(self):
        raise NotImplementedError

    def is_landscape(self):
        return False

    # -- page set-up ------------------------------------------------------------------------

    @property
    def page_size(self):
        return landscape(self.pagesize) if self.is_landscape() else self.pagesize

    @property
    def frame_width(self):
        return self.page_size[0] - 2 * self.margin

    @property
    def frame_height(self):
        return self.page_size[1] - 2 * self.margin - self.top_space - self.bottom_space

    @property
    def top_space(self):
        return self.header_height if self.show_header else 0

    @property
    def bottom_space(self):
        return self.footer_height if self.show_footer else 0

    def page_templates(self):
        width, height = self.page_size
        frame = Frame(
            self.margin,
            self.margin + self.bottom_space,
            self.frame_width,
            self.frame_height,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
            id="body",
        )
        return [
            PageTemplate(id="page", frames=[frame], onPage=self.on_page, pagesize=(width, height))
        ]

    def on_page(self, canvas, doc):
        if self.show_header:
            self.draw_header(canvas)

    def draw_header(self, canvas):
        width, height = canvas._pagesize
        left, right = self.margin, width - self.margin
        top = height - self.margin
        canvas.saveState()
        canvas.setFont(FONT_BOLD, 11)
        title = self.title()
        title_width = pdfmetrics.stringWidth(title, FONT_BOLD, 11)
        canvas.drawRightString(right, top - 10, title)
        name_width = right - left - title_width - 6 * mm
        canvas.drawString(left, top - 10, fit_text(self.tournament.name, FONT_BOLD, 11, name_width))
        details = [
            format_dates(self.tournament),
            self.tournament.venue,
            ruleset_name(self.tournament),
        ]
        canvas.setFont(FONT, 8)
        canvas.setFillColor(GREY)
        canvas.drawString(
            left, top - 21, fit_text(" · ".join(d for d in details if d), FONT, 8, right - left)
        )
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        canvas.line(left, top - 25, right, top - 25)
        canvas.restoreState()

    def draw_footer(self, canvas, page, pages):
        if not self.show_footer:
            return
        width, _height = canvas._pagesize
        canvas.saveState()
        canvas.setFont(FONT, 7.5)
        canvas.setFillColor(GREY)
        y = self.margin
        canvas.drawString(
            self.margin,
            y,
            fit_text(f"{self.tournament.name} · {self.title()}", FONT, 7.5, width / 2),
        )
        canvas.drawRightString(
            width - self.margin, y, _("Page %(page)s of %(pages)s") % {"page": page, "pages": pages}
        )
        canvas.restoreState()

    # -- output -----------------------------------------------------------------------------

    def render(self):
        """The document as PDF bytes."""
        story = self.story()
        buffer = io.BytesIO()
        doc = BaseDocTemplate(
            buffer,
            pagesize=self.page_size,
            leftMargin=self.margin,
            rightMargin=self.margin,
            topMargin=self.margin,
            bottomMargin=self.margin,
            title=self.title(),
            author=self.tournament.name,
            creator="Mahjong Tournament Desk",
            invariant=True,
            pageTemplates=self.page_templates(),
        )
        doc.build(story, canvasmaker=numbered_canvas(self.draw_footer))
        return buffer.getvalue()
