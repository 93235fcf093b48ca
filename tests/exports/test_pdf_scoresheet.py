"""The score sheets: the FIMJ form of MCR App. B (docs/rules.md §2.1), blank and completed."""

import re

import pytest
from django.utils import translation

from common import formatting
from exports import ExportError
from exports.pdf.scoresheet import render_scoresheets
from exports.pdf.scoresheet_base import DISCARD_MARK
from scoring.models import SeatResult
from scoring.services import closing
from scoring.services.penalties import give_penalty
from scoring.services.tables import snapshot
from tests.exports.pdf_support import pdf_pages, pdf_text
from tests.factories import build, build_europeans, close, mcr_entry, on_discard, play, staff

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


def numbers(line):
    """The whole numbers of a line; the sheet writes a negative one with "−" (U+2212)."""
    return [int(value) for value in re.findall(r"[+-]?\d+", line.replace("\u2212", "-"))]


def labelled(text, label):
    """The lines of a page that start with `label` (the form's first column), without it."""
    return [
        line.strip()[len(label) :] for line in text.splitlines() if line.strip().startswith(label)
    ]


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


@pytest.fixture
def played(db, director):
    """8 players: table 1 plays 16 hands (a late arrival costs 10), table 2 only 10 (time)."""
    actor = staff(director)
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
    with pytest.raises(ExportError, match="has no session 9"):
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
