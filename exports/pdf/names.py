"""Names that always print whole: the shared shrink-then-wrap helper of the PDF documents.

A name (a player, a club, a team) is never cut: `fit_name` first shrinks the font from `size`
down to `min_size` until the text fits one line of `width` points; when it does not, it wraps the
text at spaces and after hyphens (never inside a word) onto up to `max_lines` lines, at the
largest size that fits, and shrinks below `min_size` only if even that is not enough. A single
word wider than `width` at `min_size` gets its own line at a size that fits it. No text is ever
dropped: "Maria Antonietta Dell'Acqua-Łukasiewicz von Hohenzollern" keeps every word.

`NameFlowable` draws the result in a table cell (the cell's padding is the table's: the name
never touches a border); `name_paragraph` gives a Paragraph with the fitted size and line breaks
for places that want a paragraph style.
"""

from itertools import pairwise
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, Paragraph

LEADING = 1.18  # line height as a multiple of the font size
GRAIN = 0.1  # font sizes are rounded down to a tenth of a point


def _pieces(text):
    """The pieces a line may break between: words, and a hyphenated word after each hyphen.
    Each piece is (text, joiner): joiner is what separates it from the next piece on the
    same line (a space, or nothing after a hyphen)."""
    pieces: list[tuple[str, str]] = []
    for word in text.split():
        parts = word.split("-")
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            piece = part if last else part + "-"
            if piece == "-" and pieces and pieces[-1][1] == "":
                pieces[-1] = (pieces[-1][0] + "-", "")  # "a--b", "-x": the hyphen stays put
                continue
            if piece:
                pieces.append((piece, " " if last else ""))
    if pieces:
        pieces[-1] = (pieces[-1][0], "")
    return pieces


def _join(pieces):
    return "".join(text + joiner for text, joiner in pieces[:-1]) + pieces[-1][0]


def _best_breaks(pieces, font, max_lines):
    """For each number of lines k up to `max_lines`: (widest line at size 1, lines) of the
    split of `pieces` into at most k lines whose widest line is the narrowest."""
    count = len(pieces)
    span = {
        (start, end): pdfmetrics.stringWidth(_join(pieces[start:end]), font, 1)
        for start in range(count)
        for end in range(start + 1, count + 1)
    }
    # best[k][end]: (widest, breaks) of pieces[:end] in exactly k lines
    best: list[dict[int, tuple[float, tuple[int, ...]]]] = [
        {end: (span[0, end], ()) for end in range(1, count + 1)}
    ]
    for _lines_count in range(2, min(max_lines, count) + 1):
        previous: dict[int, tuple[float, tuple[int, ...]]] = best[-1]
        current: dict[int, tuple[float, tuple[int, ...]]] = {}
        for end in range(2, count + 1):
            options = [
                (max(previous[cut][0], span[cut, end]), (*previous[cut][1], cut))
                for cut in range(1, end)
                if cut in previous
            ]
            if options:
                current[end] = min(options, key=lambda option: option[0])
        best.append(current)
    results: list[tuple[float, list[str]]] = []
    for table in best:
        widest, breaks = table[count]
        if results and results[-1][0] <= widest:
            results.append(results[-1])  # more lines would not make it narrower
            continue
        bounds = [0, *breaks, count]
        lines = [_join(pieces[a:b]) for a, b in pairwise(bounds)]
        results.append((widest, lines))
    return results


def _round_down(size):
    return max(GRAIN, round(int(size / GRAIN + 1e-6) * GRAIN, 1))


def fit_name(text, font, width, *, size, min_size, max_lines=2, height=None):
    """(font size, lines) to print `text` whole within `width` points (and `height`, if given,
    at `LEADING` times the size per line): one line at the largest size from `size` down to
    `min_size`; else up to `max_lines` lines broken at spaces and after hyphens, at the largest
    size up to `size` that fits (below `min_size` only when nothing else fits: a word wider
    than `width` goes on its own line at a size that fits it). Never drops a word, never
    breaks one."""
    text = " ".join(str(text or "").split())
    if not text:
        return size, [""]
    max_lines = max(1, max_lines)

    def largest(widest, lines_count):
        at = min(size, width / widest if widest else size)
        if height is not None:
            at = min(at, height / (lines_count * LEADING))
        return _round_down(at)

    one_line = largest(pdfmetrics.stringWidth(text, font, 1), 1)
    if one_line >= min(min_size, size) or max_lines == 1:
        return one_line, [text]
    fitted = one_line, [text]
    for widest, lines in _best_breaks(_pieces(text), font, max_lines):
        at = largest(widest, len(lines))
        if at > fitted[0]:
            fitted = at, lines
    return fitted


class NameFlowable(Flowable):
    """A name in a table cell, fitted to the width the cell gives it (see `fit_name`).

    `align` is "LEFT", "CENTER" or "RIGHT"; `height`, if given, is the most the name may take
    (a fixed row height less the padding); without it the cell grows with the lines."""

    def __init__(
        self,
        text,
        font,
        *,
        size,
        min_size,
        max_lines=2,
        height=None,
        align="LEFT",
        color=None,
    ):
        super().__init__()
        self.text, self.font = str(text or ""), font
        self.size, self.min_size, self.max_lines = size, min_size, max_lines
        self.max_height, self.align, self.color = height, align.upper(), color
        self.fitted_size, self.lines = size, [self.text]

    def wrap(self, available_width, available_height):
        self.fitted_size, self.lines = fit_name(
            self.text,
            self.font,
            available_width,
            size=self.size,
            min_size=self.min_size,
            max_lines=self.max_lines,
            height=self.max_height,
        )
        self.width = available_width
        self.height = len(self.lines) * self.fitted_size * LEADING
        return self.width, self.height

    def draw(self):
        canvas = self.canv
        canvas.saveState()
        canvas.setFont(self.font, self.fitted_size)
        if self.color is not None:
            canvas.setFillColor(self.color)
        leading = self.fitted_size * LEADING
        # baseline of line i: one font size below the line's top, as reportlab sets a
        # table cell's plain text (so a name lines up with the cells beside it)
        for index, line in enumerate(self.lines):
            y = self.height - index * leading - self.fitted_size
            if self.align == "CENTER":
                canvas.drawCentredString(self.width / 2, y, line)
            elif self.align == "RIGHT":
                canvas.drawRightString(self.width, y, line)
            else:
                canvas.drawString(0, y, line)
        canvas.restoreState()


def name_paragraph(text, style, width, *, min_size, max_lines=2, height=None):
    """A Paragraph of `text` in `style` (its font, size and alignment), fitted to `width`
    points by `fit_name`: the size it found, a line break where it broke the text."""
    size, lines = fit_name(
        text,
        style.fontName,
        width,
        size=style.fontSize,
        min_size=min_size,
        max_lines=max_lines,
        height=height,
    )
    fitted = ParagraphStyle(
        f"{style.name}-{size}",
        style,
        fontSize=size,
        leading=size * LEADING,
        splitLongWords=0,
    )
    return Paragraph("<br/>".join(escape(line) for line in lines), fitted)


__all__ = ["LEADING", "NameFlowable", "fit_name", "name_paragraph"]
