"""The standings workbook's files written directly (SpreadsheetML, ECMA-376), for speed.

openpyxl, even in write-only mode, builds a cell object and an XML element for each of the
250,000 cells of a 400-player, 10-session workbook (3 s of the 4.5 s it took). The sheets here
are plain (a bold header, a few number formats, widths, a frozen header, an autofilter, print
setup), so their XML is written as text: the same file in a tenth of the time.

Text is always an inline string (``t="inlineStr"``): nothing is ever a formula, whatever it
starts with. Characters XML cannot hold (control characters) are left out.
"""

import io
import math
import re
import zipfile
from datetime import date, datetime
from xml.sax.saxutils import escape, quoteattr

from openpyxl.utils import get_column_letter

#: The cell styles of styles.xml, by index.
(
    PLAIN,
    BOLD,
    POINTS_STYLE,
    THOUSANDS_STYLE,
    SHARED_PLACE_STYLE,
    DATETIME_STYLE,
    DATE_STYLE,
    ONE_DECIMAL_STYLE,
) = range(8)

NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
OFFICE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
#: What XML 1.0 cannot hold: control characters, lone surrogates, U+FFFE and U+FFFF.
ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: The longest text an Excel cell holds.
MAX_TEXT = 32767
EXCEL_EPOCH = datetime(1899, 12, 30)

STYLES = f"""{HEAD}<styleSheet xmlns="{NS}">
<numFmts count="5"><numFmt numFmtId="164" formatCode="+0.0;-0.0;0.0"/>\
<numFmt numFmtId="165" formatCode="&quot;=&quot;0"/>\
<numFmt numFmtId="166" formatCode="yyyy-mm-dd h:mm:ss"/>\
<numFmt numFmtId="167" formatCode="yyyy-mm-dd"/>\
<numFmt numFmtId="168" formatCode="0.0"/></numFmts>
<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>\
<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill>\
<fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="8"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>\
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>\
<xf numFmtId="2" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="167" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>\
<xf numFmtId="168" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>"""


def cell_text(value):
    """`value` as text a workbook can hold: without the characters XML refuses, and no longer
    than a cell takes (a name typed with a stray control character still exports)."""
    return ILLEGAL.sub("", str(value))[:MAX_TEXT]


def text_cell(ref, value, style=PLAIN):
    text = cell_text(value)
    space = ' xml:space="preserve"' if text != text.strip() else ""
    styled = f' s="{style}"' if style else ""
    return f'<c r="{ref}"{styled} t="inlineStr"><is><t{space}>{escape(text)}</t></is></c>'


def number_cell(ref, value, style=PLAIN):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return text_cell(ref, value, style)  # never an invalid <v> (True, nan, inf, Decimal)
    styled = f' s="{style}"' if style else ""
    return f'<c r="{ref}"{styled}><v>{value!r}</v></c>'


def excel_date(value):
    """A naive datetime as Excel's serial number (days since 1899-12-30)."""
    return (value - EXCEL_EPOCH).total_seconds() / 86400


class SheetXml:
    """One worksheet of a table: `title`, column `widths`, the header row's texts, `rows` of values and
    for each column its `writers`' function (cell reference, value other than None) -> the
    cell's XML (`text_cell`, `number_cell`)."""

    def __init__(self, title, widths, header, rows, writers, *, landscape):
        self.title, self.widths, self.header, self.rows = title, widths, header, rows
        self.writers = writers
        self.landscape = landscape
        self.letters = [get_column_letter(n + 1) for n in range(max(len(widths), 1))]

    @property
    def last_ref(self):
        return f"{self.letters[-1]}{len(self.rows) + 1}"

    def defined_names(self, index):
        """The filter's range and the header row printed on every page."""
        quoted = escape(_sheet_ref(self.title))
        return [
            f'<definedName name="_xlnm._FilterDatabase" localSheetId="{index}" hidden="1">'
            f"{quoted}!$A$1:${self.letters[-1]}${len(self.rows) + 1}</definedName>",
            _print_titles(self.title, index),
        ]

    def xml(self, selected):
        letters = self.letters
        parts = [
            HEAD,
            f'<worksheet xmlns="{NS}" xmlns:r="{REL_NS}">',
            _sheet_view(selected, dimension=f"A1:{self.last_ref}"),
            _columns(self.widths),
        ]
        parts.append('<sheetData><row r="1">')
        parts += [
            text_cell(f"{letter}1", label, BOLD)
            for letter, label in zip(letters, self.header, strict=False)
        ]
        parts.append("</row>")
        writers = self.writers
        for number, row in enumerate(self.rows, start=2):
            n = str(number)
            cells = [
                write(letter + n, value)
                for write, letter, value in zip(writers, letters, row, strict=False)
                if value is not None
            ]
            parts.append(f'<row r="{n}">{"".join(cells)}</row>')
        parts.append("</sheetData>")
        parts.append(f'<autoFilter ref="A1:{self.last_ref}"/>')
        parts.append(_page_setup(landscape=self.landscape))
        parts.append("</worksheet>")
        return "".join(parts)


#: A cell of a `GridXml`: nothing, or a value and its style.
GridCell = tuple[object, int] | None


class GridXml:
    """A worksheet laid out cell by cell (the EMA results file: a table and, beside it, a block
    of labels and values): `grid` is a list of rows, each a list of None or (value, style), from
    A1; text is written as text, numbers with their style. The first row stays in view and is
    printed on every page; no filter."""

    def __init__(self, title, widths, grid: list[list[GridCell]]):
        self.title, self.widths, self.grid = title, widths, grid
        self.letters = [get_column_letter(n + 1) for n in range(max(len(widths), 1))]

    def defined_names(self, index):
        return [_print_titles(self.title, index)]

    def xml(self, selected):
        parts = [HEAD, f'<worksheet xmlns="{NS}" xmlns:r="{REL_NS}">']
        parts.append(_sheet_view(selected))
        parts.append(_columns(self.widths))
        parts.append("<sheetData>")
        for number, row in enumerate(self.grid, start=1):
            cells = [
                _grid_cell(f"{letter}{number}", *item)
                for letter, item in zip(self.letters, row, strict=False)
                if item is not None and item[0] is not None
            ]
            parts.append(f'<row r="{number}">{"".join(cells)}</row>')
        parts.append("</sheetData>")
        parts.append(_page_setup(landscape=True))
        parts.append("</worksheet>")
        return "".join(parts)


def _grid_cell(ref, value, style):
    if isinstance(value, datetime | date):
        value = excel_date(datetime(value.year, value.month, value.day))
    if isinstance(value, str | bool) or not isinstance(value, int | float):
        return text_cell(ref, value, style)
    return number_cell(ref, value, style)


def _sheet_view(selected, dimension=None):
    tab = ' tabSelected="1"' if selected else ""
    extent = f'<dimension ref="{dimension}"/>' if dimension else ""
    return (
        f'<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>{extent}'
        f'<sheetViews><sheetView{tab} workbookViewId="0">'
        '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
        '<sheetFormatPr defaultRowHeight="15"/>'
    )


def _columns(widths):
    if not widths:
        return ""
    cols = "".join(
        f'<col min="{n}" max="{n}" width="{width}" customWidth="1"/>'
        for n, width in enumerate(widths, start=1)
    )
    return f"<cols>{cols}</cols>"


def _page_setup(*, landscape):
    orientation = "landscape" if landscape else "portrait"
    return (
        '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3"'
        ' footer="0.3"/>'
        f'<pageSetup paperSize="9" orientation="{orientation}" fitToWidth="1" fitToHeight="0"/>'
    )


def _print_titles(title, index):
    return (
        f'<definedName name="_xlnm.Print_Titles" localSheetId="{index}">'
        f"{escape(_sheet_ref(title))}!$1:$1</definedName>"
    )


def _sheet_ref(title):
    return "'" + title.replace("'", "''") + "'"


def package(sheets):
    """The .xlsx file (bytes) of `sheets` (`SheetXml`s)."""
    names = [name for index, sheet in enumerate(sheets) for name in sheet.defined_names(index)]
    workbook = (
        f'{HEAD}<workbook xmlns="{NS}" xmlns:r="{REL_NS}"><bookViews><workbookView/></bookViews>'
        "<sheets>"
        + "".join(
            f'<sheet name={quoteattr(sheet.title)} sheetId="{n}" r:id="rId{n}"/>'
            for n, sheet in enumerate(sheets, start=1)
        )
        + "</sheets><definedNames>"
        + "".join(names)
        + "</definedNames></workbook>"
    )
    count = len(sheets)
    workbook_rels = (
        f'{HEAD}<Relationships xmlns="{PKG_REL_NS}">'
        + "".join(
            f'<Relationship Id="rId{n}" Type="{OFFICE}/worksheet"'
            f' Target="worksheets/sheet{n}.xml"/>'
            for n in range(1, count + 1)
        )
        + f'<Relationship Id="rId{count + 1}" Type="{OFFICE}/styles" Target="styles.xml"/>'
        + "</Relationships>"
    )
    content_types = (
        f'{HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
        'officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-'
        'officedocument.spreadsheetml.styles+xml"/>'
        + "".join(
            f'<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="{SHEET_TYPE}"/>'
            for n in range(1, count + 1)
        )
        + "</Types>"
    )
    root_rels = (
        f'{HEAD}<Relationships xmlns="{PKG_REL_NS}"><Relationship Id="rId1"'
        f' Type="{OFFICE}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
    )
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=3) as archive:
        archive.writestr("[Content_Types].xml", content_types)
        archive.writestr("_rels/.rels", root_rels)
        archive.writestr("xl/workbook.xml", workbook)
        archive.writestr("xl/_rels/workbook.xml.rels", workbook_rels)
        archive.writestr("xl/styles.xml", STYLES)
        for n, sheet in enumerate(sheets, start=1):
            archive.writestr(f"xl/worksheets/sheet{n}.xml", sheet.xml(selected=n == 1))
    return buffer.getvalue()
