"""The tables of a rendered page, read as a person reads them: rows of cell texts by column
header (tests/exports/test_figures_agree.py, test_penalties_through_the_cut.py)."""

from html.parser import HTMLParser


class Tables(HTMLParser):
    """Every <table> of a page as a list of rows of cell texts (headers included)."""

    def __init__(self):
        super().__init__()
        self.tables, self.row, self.cell = [], None, None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.row = []
        elif tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.row.append(" ".join("".join(self.cell).split()))
            self.cell = None
        elif tag == "tr" and self.row is not None:
            self.tables[-1].append(self.row)
            self.row = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def page_rows(html, header):
    """{first cell containing a player's name: {column header: cell}} of the table whose header
    row has `header`."""
    parser = Tables()
    parser.feed(html)
    for table in parser.tables:
        if table and header in table[0]:
            heads = table[0]
            return [dict(zip(heads, row, strict=False)) for row in table[1:]]
    raise AssertionError(f"no table with a column {header!r}")
