"""Helpers of the PDF tests (`test_pdf_*.py`): read a PDF back with poppler (`pdftotext
-layout`, `pdfinfo`). The tournaments they print are built by `tests/factories.py`."""

import re
import subprocess
import tempfile
from pathlib import Path

#: A name that must print whole (tests/exports/test_long_names.py): 60 characters, accented.
FIRST = "Maria Antonietta"
LAST = "Dell'Acqua-Łukasiewicz von Hohenzollern"
CLUB = "Associazione Sportiva Dilettantistica Mahjong Club Città di Castello"
OTHER_LAST = "Papadopoulou-Karamanlidou"  # a second long name, one long hyphenated word


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


def words(text):
    """The words of `text`: a line may break at a space or after a hyphen."""
    return [word for word in re.split(r"[\s-]+", text) if word]


def whole_word(word, text):
    """`word` is in `text` as a whole word: no letter right before or after it."""
    return re.search(rf"(?<![^\W\d_]){re.escape(word)}(?![^\W\d_])", text) is not None


def numbers(line):
    """The whole numbers of a line; the sheet writes a negative one with "−" (U+2212)."""
    return [int(value) for value in re.findall(r"[+-]?\d+", line.replace("\u2212", "-"))]


def labelled(text, label):
    """The lines of a page that start with `label` (the form's first column), without it."""
    return [
        line.strip()[len(label) :] for line in text.splitlines() if line.strip().startswith(label)
    ]
