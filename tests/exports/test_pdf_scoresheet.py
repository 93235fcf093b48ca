"""The score sheets: the FIMJ form of MCR App. B (docs/rules.md §2.1), blank and completed."""

import copy
import html
import re
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.lib.units import mm

from common import formatting
from common.text import name_parts
from exports import ExportError
from exports.pdf.scoresheet import FORMS, render_scoresheets
from exports.pdf.scoresheet_base import DISCARD_MARK, HEADER_GAP, HEADER_HEIGHT, NAME_HEIGHT
from scoring.models import SeatResult
from scoring.services import closing
from scoring.services.penalties import give_penalty
from scoring.services.tables import snapshot
from tests.exports.pdf_support import labelled, numbers, pdf_pages, pdf_text
from tests.factories import (
    build,
    build_europeans,
    close,
    mcr_entry,
    on_discard,
    penalize,
    play,
    staff,
)
from tests.scoring.referee_tables import HANDS as REFEREE_HANDS
from tournament.rulesets import ruleset_for

FIXED_WORDS = (
    "Tavolo",
    "Turno",
    "FEDERAZIONE ITALIANA MAH JONG",
    "Nome",
    "PUNTI MAHJONG",
    "ROUND – EST",
    "ROUND – SUD",
    "ROUND – OVEST",
    "ROUND – NORD",
    "Totale",
    "CAMBIO POSTI",
    "Mini Punti",
    "Punti Tavolo",
    "Firma",
    "1° 4 t.p.",
    "2° 2 t.p.",
    "3° 1 t.p.",
    "4° 0 t.p.",
)


def table_points_line(text):
    """The row "Punti Tavolo" (not the legend's title, which starts a line too)."""
    lines = [line for line in labelled(text, "Punti Tavolo") if re.search(r"\d[.,]\d\d", line)]
    assert len(lines) == 1
    return lines[0]


def hand_lines(text):
    """{hand number: the numbers after it} for the hand rows of a page (the discarder's mark
    left out)."""
    found = {}
    for line in text.replace(DISCARD_MARK, " ").splitlines():
        match = re.match(r"^\s*(\d{1,2})\s+(\d+|—)?\s*((?:[+\-−]?\d+\s*){4})", line)
        if match and "N°" not in line:
            found[int(match.group(1))] = numbers(match.group(3))
    return found


@pytest.fixture(scope="module")
def module_played(module_db, module_director):
    with module_db():
        actor = staff(module_director)
        tournament = build(players=8, slug="sheets")
        session = tournament.sessions.get(number=1)
        first, second = session.tables.order_by("number")
        give_penalty(
            session,
            first.seats.get(wind=2).registration,
            "late_arrival",
            actor=actor,
            table=first,
            revision=0,
            minutes=7,
        )
        play(first, [mcr_entry(n) for n in range(1, 17)], actor)
        play(second, [mcr_entry(n + 1) for n in range(1, 11)], actor)
        second.refresh_from_db()
        closing.call_time(second, actor=actor, revision=second.revision)
        close(first, actor)
        close(second, actor)
        return tournament


@pytest.fixture
def played(db, module_played):
    """8 players: table 1 plays 16 hands (a late arrival costs 10), table 2 only 10 (time).
    (Built once for the module.)"""
    return copy.deepcopy(module_played)


def test_completed_sheets_reproduce_every_hand_and_the_results(played):
    data = render_scoresheets(played, session_number=1)
    tables = list(played.sessions.get(number=1).tables.order_by("number"))
    assert pdf_pages(data) == len(tables) == 2
    for page, table in enumerate(tables, start=1):
        text = pdf_text(data, page)
        assert f"Page {page} of 2" in text
        snap = snapshot(table)
        for seat in snap.seats:
            player = seat.registration.player
            assert player.last_name in text and player.first_name in text
            assert f"N° {seat.registration.number}" in text
        totals = [numbers(line) for line in labelled(text, "Totale")]
        assert len(totals) == 16
        played_totals = [list(line.totals) for line in snap.lines]
        assert totals[: len(played_totals)] == played_totals
        assert totals[len(played_totals) :] == [[]] * (16 - len(played_totals))  # not played
        rows = hand_lines(text)
        assert rows == {line.hand.number: list(line.hand.changes) for line in snap.lines}
        results = list(SeatResult.objects.filter(table=table).order_by("wind"))
        mini = labelled(text, "Mini Punti")[0].split("Punti Tavolo")[0]
        assert numbers(mini) == [result.score for result in results]
        points = re.findall(r"\d+\.\d\d", table_points_line(text))
        assert points == [formatting.table_points(result.table_points) for result in results]
        assert sum(numbers(mini)) == sum(result.score for result in results)
    first = pdf_text(data, 1)
    penalties = numbers(labelled(first, "Penalità")[0])
    assert penalties == [0, 0, -10, 0]
    last_total = numbers(labelled(first, "Totale")[15])
    mini = numbers(labelled(first, "Mini Punti")[0].split("Punti Tavolo")[0])
    assert mini == [t + p for t, p in zip(last_total, penalties, strict=True)]
    assert labelled(pdf_text(data, 2), "Penalità") == []  # no penalty at table 2


@pytest.mark.parametrize("language", ["en", "it"])
def test_one_page_per_table_in_every_language(played, language):
    """The Penalità row takes room: the sheet with a penalty still fits one A4 page."""
    with translation.override(language):
        data = render_scoresheets(played, session_number=1)
    assert pdf_pages(data) == 2
    assert "Penalità" in pdf_text(data, 1)


def test_the_form_keeps_its_italian_words_and_seat_changes(db):
    tournament = build_europeans()
    data = render_scoresheets(tournament, session_number=1, blank=True)
    for page in (1, 2):
        text = pdf_text(data, page)
        for word in FIXED_WORDS:
            assert word in text, word
        assert text.count("E<-->S O<-->N") == 2  # after the rounds EST and OVEST
        assert text.count("E-->O S-->N O-->S N-->E") == 1  # after the round SUD
        assert len(labelled(text, "Totale")) == 16
        assert "Coppa Europa — Faenza" in text


def test_blank_sheets_have_names_and_numbers_but_no_points(db):
    tournament = build_europeans()
    data = render_scoresheets(tournament, session_number=1, blank=True)
    assert pdf_pages(data) == 2
    text = pdf_text(data)
    for name in (
        "Wiśniewski",
        "Łukasz",
        "Szőke",
        "Zoltán",
        "Dvořák",
        "Tomáš",
        "Kjærgaard",
        "Søren",
        "Ürge",
        "Ödön",
    ):
        assert name in text
    assert sorted(int(n) for n in re.findall(r"N° (\d+)", text)) == list(range(1, 9))
    assert all(numbers(line) == [] for line in labelled(text, "Totale"))
    assert all(numbers(line.split("Punti Tavolo")[0]) == [] for line in labelled(text, "Mini"))
    assert not re.search(r"\d\.\d\d", text)
    assert set(hand_lines(text)) == set()


def test_thirds_of_table_points_follow_the_language(db, director):
    tournament = build(players=4, slug="thirds")
    table = tournament.sessions.get(number=1).tables.get()
    actor = staff(director)
    play(table, [on_discard(0, 3), on_discard(1, 3), on_discard(2, 3)], actor)
    close(table, actor)
    english = table_points_line(pdf_text(render_scoresheets(tournament, session_number=1)))
    assert english.split()[:4] == ["2.33", "2.33", "2.33", "0.00"]
    with translation.override("it"):
        italian = table_points_line(pdf_text(render_scoresheets(tournament, session_number=1)))
    assert italian.split()[:4] == ["2,33", "2,33", "2,33", "0,00"]


def test_a_session_not_drawn_has_no_score_sheets(db):
    tournament = build(players=4, slug="undrawn")
    with pytest.raises(ExportError, match="Session 2 has not been drawn yet"):
        render_scoresheets(tournament, session_number=2)
    with pytest.raises(ExportError, match="There is no session 9"):
        render_scoresheets(tournament, session_number=9, blank=True)


def test_other_rule_sets_get_the_generic_sheet(db, director):
    tournament = build(players=4, ruleset="riichi2016", slug="riichi")
    table = tournament.sessions.get(number=1).tables.get()
    actor = staff(director)
    ron = {
        "outcome": "ron",
        "winners": [1],
        "discarder": 2,
        "han": [0, 3, 0, 0],
        "fu": [0, 30, 0, 0],
    }
    play(table, [ron, {"outcome": "draw", "tenpai": [0, 1]}], actor)
    results = close(table, actor)
    text = pdf_text(render_scoresheets(tournament, session_number=1))
    assert "Score sheet" in text and "ROUND – EST" not in text and "CAMBIO POSTI" not in text
    assert numbers(labelled(text, "Start")[0]) == [30000] * 4
    totals = [numbers(line) for line in labelled(text, "Total") if numbers(line)]
    assert totals == [[30000 + total for total in line.totals] for line in snapshot(table).lines]
    final = labelled(text, "Final score")[0].split()
    assert final == [formatting.thousands(result.final_score) for result in results]
    blank = pdf_text(render_scoresheets(tournament, session_number=1, blank=True))
    assert len(labelled(blank, "Total")) == 16 and not any(
        numbers(line) for line in labelled(blank, "Total")
    )


def test_names_with_markup_characters_print_as_typed(db):
    tournament = build_europeans()
    tournament.name = "Mahjong & Friends <Open>"
    tournament.save()
    player = tournament.registrations.get(number=1).player
    player.last_name = "Rossi & Figli"
    player.save()
    text = pdf_text(render_scoresheets(tournament, session_number=1, blank=True))
    assert "Mahjong & Friends <Open>" in text and "Rossi & Figli" in text


def test_an_open_table_shows_its_hands_so_far_without_results(db, director):
    tournament = build(players=4, slug="open")
    table = tournament.sessions.get(number=1).tables.get()
    play(table, [mcr_entry(n) for n in range(1, 4)], staff(director))
    text = pdf_text(render_scoresheets(tournament, session_number=1))
    totals = [numbers(line) for line in labelled(text, "Totale")]
    assert totals[:3] == [list(line.totals) for line in snapshot(table).lines]
    assert totals[3:] == [[]] * 13
    assert numbers(labelled(text, "Mini Punti")[0].split("Punti Tavolo")[0]) == []
    assert not re.search(r"\d\.\d\d", text)  # no table points before the table closes


# -- issue 15: the sheet for the referee's pen, the winner and discarder marks ----------------

RULESETS = ("mcr", "riichi2008", "riichi2016", "european", "fimj", "faentino")
#: The hands each rule set's sheet is filled with: MCR's scripted mix, and the shared hands of
#: the referee tables (winners and discarders who are not the dealer), repeated.
HANDS = {
    "mcr": [mcr_entry(n) for n in range(1, 17)],
    **{code: REFEREE_HANDS[code] for code in RULESETS[1:]},
}


def text_cells(data, page):
    """The texts of a page as pdftohtml reads them, in rows (top to bottom), each row's cells
    left to right as (text, bold); vertical labels (no width) left out."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheets.pdf"
        path.write_bytes(data)
        xml = subprocess.run(
            ["pdftohtml", "-xml", "-i", "-stdout", "-f", str(page), "-l", str(page), str(path)],
            capture_output=True,
            check=True,
        ).stdout.decode()
    items = []
    for top, left, width, inner in re.findall(
        r'<text top="(\d+)" left="(\d+)" width="(\d+)" height="\d+" font="\d+">(.*?)</text>', xml
    ):
        if int(width):
            text = html.unescape(re.sub(r"</?[bi]>", "", inner))
            items.append((int(top), int(left), text, "<b>" in inner))
    rows = []
    for top, left, text, bold in sorted(items):
        if rows and top - rows[-1][0] <= 3:
            rows[-1][1].append((left, text, bold))
        else:
            rows.append((top, [(left, text, bold)]))
    return [[(text, bold) for _left, text, bold in sorted(cells)] for _top, cells in rows]


def hand_row(rows, number):
    """The cells of the row of hand `number`: its number, its value (when the rule set
    gives one), the four point changes."""
    found = [row for row in rows if row[0][0] == str(number) and len(row) >= 5]
    assert len(found) == 1, (number, found)
    return found[0]


def fill(table, code, actor):
    """Play the rule set's hands at `table` until the session ends or 16 are played."""
    for entry in HANDS[code] * 8:
        table.refresh_from_db()
        if snapshot(table).state.finished or table.hands.filter(is_current=True).count() == 16:
            return
        play(table, [entry], actor)


@pytest.mark.parametrize("code", RULESETS)
@pytest.mark.parametrize("language", ["en", "it"])
def test_every_blank_sheet_has_a_penalty_row_and_fits_one_page(db, code, language):
    tournament = build(players=8, ruleset=code, slug=f"blank-{code}")
    with translation.override(language):
        data = render_scoresheets(tournament, session_number=1, blank=True)
        label = "Penalità" if code == "mcr" else _("Penalties")
    assert pdf_pages(data) == 2
    for page in (1, 2):
        rows = labelled(pdf_text(data, page), label)
        assert len(rows) == 1 and numbers(rows[0]) == []  # empty, for the referee's pen


@pytest.mark.parametrize("code", RULESETS)
@pytest.mark.parametrize("language", ["en", "it"])
def test_every_completed_sheet_with_penalties_fits_one_page(db, director, code, language):
    """A full session, a penalty and (MCR) a false Hu's transfers: still one page a table,
    with the legend of the marks under it."""
    actor = staff(director)
    tournament = build(players=4, ruleset=code, slug=f"full-{code}")
    table = tournament.sessions.get(number=1).tables.get()
    fill(table, code, actor)
    penalize(table, 2, "late_arrival", actor, minutes=7)
    if code == "mcr":
        penalize(table, 1, "false_hu", actor, valid_shape=True, revealed=True)
    results = close(table, actor)
    with translation.override(language):
        data = render_scoresheets(tournament, session_number=1)
        # The discarder's mark is explained where the rule set records discarders.
        legend = (
            _(
                "Bold in a box: the winner of the hand. %(mark)s before the points: the player "
                "who discarded the winning tile."
            )
            % {"mark": DISCARD_MARK}
            if any("discarder" in entry for entry in HANDS[code])
            else _("Bold in a box: the winner of the hand.")
        )
    assert pdf_pages(data) == 1
    text = pdf_text(data)
    assert legend in " ".join(text.split())
    assert (DISCARD_MARK in text) == any("discarder" in entry for entry in HANDS[code])
    penalties = "Penalità" if code == "mcr" else ("Penalità" if language == "it" else "Penalties")
    printed = numbers(labelled(text, penalties)[0])
    assert printed == [result.penalty_points for result in results] and printed[2] < 0


@pytest.mark.parametrize("code", RULESETS)
def test_completed_sheets_mark_the_winner_and_the_discarder(db, director, code):
    actor = staff(director)
    tournament = build(players=4, ruleset=code, slug=f"marks-{code}")
    table = tournament.sessions.get(number=1).tables.get()
    fill(table, code, actor)
    rows = text_cells(render_scoresheets(tournament, session_number=1), 1)
    marked = 0
    for line in snapshot(table).lines:
        hand = line.hand
        winners = hand.entry.get("winners") or [hand.winner]
        changes = hand_row(rows, hand.number)[-4:]
        # The winner's points in bold (in a box), the others not.
        assert [bold for _text, bold in changes] == [seat in winners for seat in range(4)]
        # The discarder's after the mark; nobody's on a self-drawn hand.
        assert [text.startswith(DISCARD_MARK) for text, _bold in changes] == [
            seat == hand.discarder for seat in range(4)
        ]
        assert [numbers(text.replace(DISCARD_MARK, "")) for text, _bold in changes] == [
            [change] for change in hand.changes
        ]
        marked += hand.discarder is not None
    # The hands played include wins on a discard where the rule set records the discarder.
    assert marked >= 2 or not any("discarder" in entry for entry in HANDS[code])
    blank = pdf_text(render_scoresheets(tournament, session_number=1, blank=True))
    assert DISCARD_MARK not in blank and "Bold in a box" not in blank


def test_the_form_writes_its_wind_letters_as_its_seat_changes(db):
    """CAMBIO POSTI writes E, S, O, N: the header's letters in every language, explained in
    the small print where the language is not Italian."""
    tournament = build_europeans()
    english = pdf_text(render_scoresheets(tournament, session_number=1, blank=True), 1)
    with translation.override("it"):
        italian = pdf_text(render_scoresheets(tournament, session_number=1, blank=True), 1)
    for text in (english, italian):
        compact = " ".join(text.split())
        for wind, letter in (("EST", "E"), ("SUD", "S"), ("OVEST", "O"), ("NORD", "N")):
            assert f"{wind} ({letter})" in compact
        assert "(W)" not in compact
    assert "EST, SUD, OVEST, NORD (E, S, O, N): East, South, West, North" in " ".join(
        english.split()
    )


# -- issue 15: every name whole, inside its cell -----------------------------------------------

#: Starting seat -> (first name, last name): the 60-character name, a normal name on three
#: lines, and two short ones.
LONG_NAMES = {
    0: ("Jo", "Li"),
    1: ("Maria Antonietta", "Dell'Acqua-Łukasiewicz von Hohenzollern"),
    2: ("Maria Vittoria", "Bevilacqua-Castiglioni"),
    3: ("Þórður", "Þórsson"),
}


def word_boxes(data, page=1):
    """[(word, left, top, right, bottom)] of a page in points from its top left (pdftotext)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "sheets.pdf"
        path.write_bytes(data)
        out = subprocess.run(
            ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"],
            capture_output=True,
            check=True,
            text=True,
        ).stdout
    return [
        (html.unescape(word), *(float(v) for v in box))
        for *box, word in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>',
            out,
        )
    ]


def in_cell(boxes, left, top, width, height):
    """The words whose centre lies in the cell, in reading order."""
    return [
        box
        for box in sorted(boxes, key=lambda b: (round(b[2]), b[1]))
        if left < (box[1] + box[3]) / 2 < left + width
        and top < (box[2] + box[4]) / 2 < top + height
    ]


@pytest.mark.parametrize("code", ["mcr", "riichi2016"])
@pytest.mark.parametrize("language", ["en", "it"])
def test_every_name_prints_whole_inside_its_cell(db, code, language):
    """The 60-character name shrinks, then wraps at spaces and after hyphens: every word is
    there, none is split, none crosses the cell's borders or runs over the player number; a
    normal three-line name stays clear of the borders too."""
    tournament = build(players=4, ruleset=code, slug=f"long-{code}")
    table = tournament.sessions.get(number=1).tables.get()
    for seat in table.seats.select_related("registration__player"):
        player = seat.registration.player
        player.first_name, player.last_name = LONG_NAMES[seat.wind]
        player.save()
    form = FORMS[ruleset_for(tournament).score_sheet]
    first = 3 if code == "mcr" else 2  # the columns before the players'
    column = form.WIDTHS[first]
    top = form.margin + HEADER_HEIGHT + HEADER_GAP + 5 * mm  # under the winds' row
    with translation.override(language):
        data = render_scoresheets(tournament, session_number=1, blank=True)
        expected = {wind: " ".join(name_parts(*name)) for wind, name in LONG_NAMES.items()}
    boxes = word_boxes(data)
    for seat in table.seats.select_related("registration"):
        left = form.margin + sum(form.WIDTHS[:first]) + seat.wind * column
        words = in_cell(boxes, left, top, column, NAME_HEIGHT)
        # All there, in order, a word broken only after its hyphen.
        assert re.sub(r"-\s", "-", " ".join(w[0] for w in words)) == expected[seat.wind]
        for _word, x0, y0, x1, y1 in words:
            assert left + 0.5 < x0 and x1 < left + column - 0.5, (seat.wind, _word)
            assert top + 0.5 < y0 and y1 < top + NAME_HEIGHT - 0.5, (seat.wind, _word)
        number = in_cell(boxes, left, top + NAME_HEIGHT, column, 6 * mm)
        assert [w[0] for w in number] == ["N°", str(seat.registration.number)]
    # The long name wrapped (it cannot fit one line) and shrank less than to unreadable.
    long_words = in_cell(
        boxes, form.margin + sum(form.WIDTHS[:first]) + column, top, column, NAME_HEIGHT
    )
    assert len({round(w[2]) for w in long_words}) >= 3
    assert min(w[4] - w[2] for w in long_words) > 5  # a line's box: over 5 pt


def test_a_long_riichi_session_continues_with_its_table_and_players(db, director):
    """22 hands (the dealer keeps winning) do not fit one page: the next page repeats the
    table's number and the players, and the hands go on there."""
    tournament = build(players=4, ruleset="riichi2016", slug="long-riichi")
    table = tournament.sessions.get(number=1).tables.get()
    ron = {
        "outcome": "ron",
        "winners": [0],
        "discarder": 1,
        "han": [2, 0, 0, 0],
        "fu": [30, 0, 0, 0],
    }
    play(table, [ron] * 22, staff(director))
    data = render_scoresheets(tournament, session_number=1)
    assert pdf_pages(data) == 2
    second = pdf_text(data, 2)
    assert "Table 1" in second
    for seat in table.seats.select_related("registration__player"):
        assert seat.registration.player.last_name in second
    started = {int(n) for n in re.findall(r"^\s*(\d+)\s+2/30", second, re.M)}
    assert 22 in started and 1 not in started
