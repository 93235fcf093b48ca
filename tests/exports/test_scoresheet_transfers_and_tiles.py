"""Issue 31, point 3: the score sheets a referee fills and the director files.

- The blank sheet has a row for transfers (a false Hu pays 10 or 20 to each other player),
  which its legend explains, beside the penalty row: the FIMJ form ("Trasferimenti") and the
  generic one where the rule set has transfers (riichi 2008's chombo), not where it has none.
- The completed sheet marks a hand counted from tiles whose count differs from the referee's
  figure ("≠" after its value, explained under the sheet, and "differs" in the tiles' line), as
  the table page and the workbook show it; a hand that matched is not marked.

Set DESK_PDF_SHOTS to a folder to keep the sheets rendered as PNG (pdftoppm) for a look."""

import os
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.utils import translation

from exports.pdf.scoresheet import render_scoresheets
from exports.pdf.scoresheet_base import DIFFERS_MARK
from scoring.services.hands import record_hand
from scoring.tiles.services import TilesInput
from tests.exports.pdf_support import labelled, numbers, pdf_pages, pdf_text
from tests.factories import DISCARD, HAND, build, close, counted, penalize, play, staff


def keep_png(data, name):
    """The PDF's pages as PNG in $DESK_PDF_SHOTS (when set), as a director would look at them."""
    folder = os.environ.get("DESK_PDF_SHOTS")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "sheet.pdf"
        path.write_bytes(data)
        subprocess.run(["pdftoppm", "-png", "-r", "90", str(path), str(Path(folder) / name)])


@pytest.mark.parametrize(
    ("code", "transfers", "label"),
    [
        ("mcr", "Trasferimenti", "Penalità"),
        ("riichi2008", "Transfers", "Penalties"),
        ("riichi2016", None, "Penalties"),
        ("european", None, "Penalties"),
    ],
)
def test_the_blank_sheet_has_a_transfers_row_where_the_rule_set_has_transfers(
    db, code, transfers, label
):
    tournament = build(players=8, ruleset=code, slug=f"blank-{code}")
    data = render_scoresheets(tournament, session_number=1, blank=True)
    keep_png(data, f"scoresheet-blank-{code}")
    assert pdf_pages(data) == 2  # still one table a page
    for page in (1, 2):
        text = pdf_text(data, page)
        rows = labelled(text, label)
        assert len(rows) == 1 and numbers(rows[0]) == []
        if transfers:
            rows = labelled(text, transfers)
            assert len(rows) == 1 and numbers(rows[0]) == []  # empty, for the referee's pen
        else:
            assert not labelled(text, "Transfers") and not labelled(text, "Trasferimenti")
    if code == "mcr":  # the legend explains the row (in every language but Italian)
        assert "Trasferimenti: transfers" in " ".join(pdf_text(data, 1).split())


def test_the_completed_sheet_marks_a_count_from_tiles_that_differs(db, director):
    actor = staff(director)
    tournament = build(players=4, slug="differs")
    table = tournament.sessions.get(number=1).tables.get()
    fan = counted(table, DISCARD).fills["fan"]
    record_hand(table, {**DISCARD, "fan": fan + 2}, actor=actor, revision=0, tiles=TilesInput(HAND))
    table.refresh_from_db()
    record_hand(
        table, {**DISCARD, "fan": fan}, actor=actor, revision=table.revision, tiles=TilesInput(HAND)
    )
    play(table, [{"outcome": "washout"}], actor)
    penalize(table, 1, "false_hu", actor, valid_shape=True, revealed=True)
    close(table, actor)
    for language in ("en", "it"):
        with translation.override(language):
            data = render_scoresheets(tournament, session_number=1)
        keep_png(data, f"scoresheet-completed-differs-{language}")
        assert pdf_pages(data) == 1
        text = pdf_text(data)
        flat = " ".join(text.split())
        rows = {
            line.split()[0]: line for line in text.splitlines() if line.strip()[:2] in ("1 ", "2 ")
        }
        # hand 1 differs: its fan carries the mark; hand 2 matched: no mark
        assert f"{fan + 2} {DIFFERS_MARK}" in rows["1"]
        assert DIFFERS_MARK not in rows["2"]
        assert flat.count(DIFFERS_MARK) == 3  # hand 1's value, the legend, the tiles' line
        if language == "en":
            assert f"{DIFFERS_MARK} after the value: counted from tiles, the count differs" in flat
            assert f"1: {HAND} ({fan} fan, {DIFFERS_MARK} differs from the referee's" in flat
            assert f"2: {HAND} ({fan} fan)" in flat
        else:
            assert "diverso dai valori dell'arbitro" in flat and "Trasferimenti" in flat
        # the false Hu's transfers are printed in their row
        assert numbers(labelled(text, "Trasferimenti")[0]) == [10, -30, 10, 10]
