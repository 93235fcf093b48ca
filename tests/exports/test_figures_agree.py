"""Issue 14, point 8: hand points, transfers and penalties mean one thing everywhere.

One MCR session with a false Hu (a transfer: -30 for the offender, +10 to each other player) and
a late arrival (10 points paid to nobody), and riichi sessions with a chombo (2008: paid at the
table, a transfer; 2016: 20000 off the final score, paid to nobody). The figures are computed
here from the hands and the penalties, then read back from every page, the xlsx, the CSV and the
PDFs (docs/rules.md §6.13).
"""

import csv
import io
import re

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from common import formatting
from exports import csv_file, rows, xlsx
from exports.pdf.scoresheet import render_scoresheets
from exports.pdf.standings import render_standings
from scoring.models import Hand, Penalty, SeatResult
from scoring.services import closing
from scoring.standings.ranking import compute_standings
from tests.exports.page_tables import page_rows
from tests.exports.pdf_support import pdf_text
from tests.factories import build, close, mcr_entry, penalize, play, staff
from tournament.rulesets import ruleset_for

MINUS = "\u2212"


# -- reading the pages back ------------------------------------------------------------------


def number(text):
    """A whole number as pages and prints write it: a negative one with "−", never "-"."""
    text = text.strip()
    assert "-" not in text, f"a hyphen for a minus sign: {text!r}"
    return int(text.replace(MINUS, "-").replace("+", ""))


def by_player(records, results):
    """{starting seat: record}: the record naming the seat's player (the result pages) or
    carrying its registration number (the standings)."""
    found = {}
    for result in results:
        name = result.registration.player.full_name
        matches = [
            r
            for r in records
            if name in r.get("Player", "") or r.get("No.") == str(result.registration.number)
        ]
        assert len(matches) == 1, (name, records)
        found[result.wind] = matches[0]
    return found


# -- the expected figures --------------------------------------------------------------------


def expected_figures(table, ruleset_chombo=None):
    """Per starting seat (hand points, transfers, penalties), from the hands and penalties."""
    seats = {seat.registration_id: seat.wind for seat in table.seats.all()}
    hands, transfers, penalties = [0] * 4, [0] * 4, [0] * 4
    for hand in Hand.objects.current().filter(table=table):
        chombo = hand.entry.get("outcome") == "chombo"
        for seat, change in enumerate(hand.changes):
            if chombo and ruleset_chombo == "paid":
                transfers[seat] += change
            else:
                hands[seat] += change
        if chombo and ruleset_chombo == "final":
            penalties[hand.entry["offender"]] -= 20000
    for penalty in Penalty.objects.filter(session=table.session, cancelled_at__isnull=True):
        offender = seats[penalty.registration_id]
        if penalty.transfer:
            for seat in range(4):
                transfers[seat] += penalty.points if seat == offender else penalty.transfer
        else:
            penalties[offender] += penalty.points
    return [(hands[s], transfers[s], penalties[s]) for s in range(4)]


def confirm_and_publish(tournament, actor):
    session = tournament.sessions.get(number=1)
    closing.confirm_session(session, actor=actor)
    session.results_published = True
    session.save(update_fields=["results_published"])


# -- MCR: false Hu and late arrival ---------------------------------------------------------


@pytest.fixture
def mcr(db, director):
    actor = staff(director)
    tournament = build(players=4, sessions=1, slug="figures")
    table = tournament.sessions.get(number=1).tables.get()
    penalize(table, 2, "late_arrival", actor, minutes=7)
    play(table, [mcr_entry(n) for n in range(1, 9)], actor)
    penalize(table, 1, "false_hu", actor, valid_shape=True, revealed=True)
    play(table, [mcr_entry(n) for n in range(9, 17)], actor)
    close(table, actor)
    confirm_and_publish(tournament, actor)
    return tournament, table


def test_the_mcr_figures_agree_on_every_page_print_and_export(mcr):
    tournament, table = mcr
    results = list(SeatResult.objects.filter(table=table).order_by("wind"))
    expected = expected_figures(table)
    stored = [(r.hand_points, r.transfers, r.penalty_points) for r in results]
    assert stored == expected
    # The false Hu is a transfer (-30 / +10 / +10 / +10), the late arrival paid to nobody.
    assert [t for _h, t, _p in stored] == [10, -30, 10, 10]
    assert [p for _h, _t, p in stored] == [0, 0, -10, 0]
    assert sum(h for h, _t, _p in stored) == 0
    for result, (hand_points, transfers, penalties) in zip(results, stored, strict=True):
        assert result.score == hand_points + transfers + penalties
    client = Client()

    # The table's result page.
    html = client.get(
        reverse("table-results", args=[tournament.slug, 1, table.number])
    ).content.decode()
    records = by_player(page_rows(html, "Transfers"), results)
    for wind, (hand_points, transfers, penalties) in enumerate(expected):
        record = records[wind]
        assert number(record["Hand points"]) == hand_points
        assert number(record["Transfers"]) == transfers
        assert number(record["Penalties"]) == penalties
        assert number(record["Score"]) == results[wind].score

    # The standings page (one session: the totals are the session's figures).
    html = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    records = by_player(page_rows(html, "Transfers"), results)
    for wind, (_hand_points, transfers, penalties) in enumerate(expected):
        assert number(records[wind]["Transfers"]) == transfers
        assert number(records[wind]["Penalties"]) == penalties
        assert number(records[wind]["Score"]) == results[wind].score

    # Each player's page: the totals and the session line.
    for wind, (hand_points, transfers, penalties) in enumerate(expected):
        number_ = results[wind].registration.number
        html = client.get(reverse("player", args=[tournament.slug, number_])).content.decode()
        facts = dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]*)</dd>", html))
        assert number(facts["Transfers"]) == transfers
        assert number(facts["Penalties"]) == penalties
        (line,) = page_rows(html, "Hand points")
        assert number(line["Hand points"]) == hand_points
        assert number(line["Transfers"]) == transfers
        assert number(line["Penalties"]) == penalties
        assert number(line["Score"]) == results[wind].score

    # The workbook: the session sheet and the standings sheet (numbers stay numbers).
    standings = compute_standings(tournament)
    book = openpyxl.load_workbook(
        io.BytesIO(xlsx.render_workbook(rows.standings_workbook_sheets(standings)))
    )
    sheet = book["Session 1"]
    heads = [cell.value for cell in sheet[1]]
    for row in sheet.iter_rows(min_row=2, values_only=True):
        record = dict(zip(heads, row, strict=True))
        wind = next(r.wind for r in results if r.registration.number == record["No."])
        hand_points, transfers, penalties = expected[wind]
        assert (record["Hand points"], record["Transfers"], record["Penalties"]) == (
            hand_points,
            transfers,
            penalties,
        )
        assert record["Score"] == results[wind].score
    sheet = book["Standings"]
    heads = [cell.value for cell in sheet[1]]
    for row in sheet.iter_rows(min_row=2, values_only=True):
        record = dict(zip(heads, row, strict=True))
        wind = next(r.wind for r in results if r.registration.number == record["No."])
        assert (record["Transfers"], record["Penalties"]) == expected[wind][1:]

    # The CSV of the standings.
    text = csv_file.render_csv(rows.standings_sheet(standings)).decode("utf-8-sig")
    for record in csv.DictReader(io.StringIO(text)):
        wind = next(r.wind for r in results if r.registration.number == int(record["No."]))
        assert (int(record["Transfers"]), int(record["Penalties"])) == expected[wind][1:]

    # The standings PDF: score, transfers and penalties after the table points.
    text = pdf_text(render_standings(tournament))
    for result in results:
        player = result.registration.player
        line = next(x for x in text.splitlines() if player.full_name in x)
        cells = line.split()
        points = cells.index(formatting.table_points(result.table_points))
        score, transfers = (number(cell) for cell in cells[points + 1 : points + 3])
        # An empty penalty cell (no penalty) is left out by the text: the session's table
        # points ("4.00", never a whole number) come next then.
        following = cells[points + 3]
        penalties = 0 if "." in following else number(following)
        assert (score, transfers, penalties) == (result.score, *expected[result.wind][1:])

    # The score sheet (the FIMJ form): a "Trasferimenti" and a "Penalità" row, seat by seat.
    text = pdf_text(render_scoresheets(tournament, session_number=1))
    sheet_rows = {
        label: [number(v) for v in re.findall(r"[+−]?\d+", line.split(label, 1)[1])]
        for line in text.splitlines()
        for label in ("Trasferimenti", "Penalità")
        if line.strip().startswith(label)
    }
    assert sheet_rows["Trasferimenti"] == [t for _h, t, _p in expected]
    assert sheet_rows["Penalità"] == [p for _h, _t, p in expected]


# -- riichi: a chombo in each edition ---------------------------------------------------------

RON = {"outcome": "ron", "winners": [2], "discarder": 1, "han": [0, 0, 3, 0], "fu": [0, 0, 40, 0]}


@pytest.mark.parametrize(
    ("ruleset", "chombo", "offender_figures"),
    [
        ("riichi2008", "paid", (0, -8000, 0)),  # 4000 to the dealer, 2000 to the others
        ("riichi2016", "final", (0, 0, -20000)),  # 20000 off the final score
    ],
)
def test_a_riichi_chombo_shows_the_same_everywhere(db, director, ruleset, chombo, offender_figures):
    actor = staff(director)
    tournament = build(players=4, sessions=1, ruleset=ruleset, slug=f"chombo-{ruleset}")
    table = tournament.sessions.get(number=1).tables.get()
    play(table, [RON, {"outcome": "chombo", "offender": 3}], actor)
    close(table, actor)
    confirm_and_publish(tournament, actor)
    results = list(SeatResult.objects.filter(table=table).order_by("wind"))
    start = ruleset_for(tournament).starting_points
    expected = expected_figures(table, chombo)
    assert [(r.hand_points, r.transfers, r.penalty_points) for r in results] == expected
    hand_points, transfers, penalties = expected[3]
    assert (0, transfers, penalties) == offender_figures
    assert sum(t for _h, t, _p in expected) == 0
    for result, (hand_points, transfers, _penalties) in zip(results, expected, strict=True):
        assert result.score == start + hand_points + transfers  # the points in front of him

    html = (
        Client()
        .get(reverse("table-results", args=[tournament.slug, 1, table.number]))
        .content.decode()
    )
    records = by_player(page_rows(html, "Transfers"), results)
    for wind, (hand_points, transfers, penalties) in enumerate(expected):
        assert number(records[wind]["Hand points"]) == hand_points
        assert number(records[wind]["Transfers"]) == transfers
        assert number(records[wind]["Penalties"]) == penalties

    # The standings show them in the unit of the final score beside them: thousands.
    html = Client().get(reverse("standings", args=[tournament.slug])).content.decode()
    records = by_player(page_rows(html, "Transfers"), results)
    ruleset = ruleset_for(tournament)
    for wind, (_hand_points, transfers, penalties) in enumerate(expected):
        assert records[wind]["Transfers"] == formatting.figure(transfers, ruleset)
        assert records[wind]["Penalties"] == formatting.figure(penalties, ruleset)
    column, text = ("Transfers", "−8.0") if chombo == "paid" else ("Penalties", "−20.0")
    assert records[3][column] == text  # the offender's chombo, never "−8000" or "−20000"

    standings = compute_standings(tournament)
    book = openpyxl.load_workbook(
        io.BytesIO(xlsx.render_workbook(rows.standings_workbook_sheets(standings)))
    )
    sheet = book["Session 1"]
    heads = [cell.value for cell in sheet[1]]
    for row in sheet.iter_rows(min_row=2, values_only=True):
        record = dict(zip(heads, row, strict=True))
        wind = next(r.wind for r in results if r.registration.number == record["No."])
        assert (record["Hand points"], record["Transfers"], record["Penalties"]) == expected[wind]

    # The generic score sheet prints the chombo in its "Transfers" or "Penalties" row.
    text = pdf_text(render_scoresheets(tournament, session_number=1))
    label = "Transfers" if chombo == "paid" else "Penalties"
    line = next(x for x in text.splitlines() if x.strip().startswith(label))
    values = [number(v) for v in re.findall(r"[+−]?\d+", line.split(label, 1)[1])]
    column = 1 if chombo == "paid" else 2
    assert values == [figures[column] for figures in expected]

    # The sheet adds up: the chombo is counted once. Its hand row (2008) shows the payment in
    # brackets, marked "Chombo" and "In Transfers", and the running totals leave it out, so the
    # last total is the starting points + the hand points, and + the transfers, the score
    # (2016: the penalty comes after the score, off the final score).
    def sheet_row(label, line=None):
        line = line or next(x for x in text.splitlines() if x.strip().startswith(label))
        return [number(v) for v in re.findall(r"[+−]?\d+", line.split(label, 1)[1])]

    lines = text.splitlines()
    totals = [sheet_row("Total", x) for x in lines if x.strip().startswith("Total")]
    assert totals[-1] == [start + h for h, _t, _p in expected]
    if chombo == "paid":
        chombo_row = next(x for x in lines if "Chombo" in x)
        assert "In Transfers" in chombo_row
        assert sheet_row("Chombo", chombo_row.replace("(", " ").replace(")", " ")) == [
            t for _h, t, _p in expected
        ]
        assert totals[-1] == totals[-2]  # the chombo's total is the one before it
        assert chombo_row.count("(") == 4
    scores = sheet_row("Score")
    assert scores == [r.score for r in results]
    assert scores == [total + t for total, (_h, t, _p) in zip(totals[-1], expected, strict=True)]


# -- an archive written before transfers were kept apart -------------------------------------


def test_an_archive_from_before_the_split_restores_the_same_figures(mcr):
    import gzip
    import json

    from desk.archive import export_archive, read_archive, restore_archive
    from desk.services import delete_tournament

    tournament, table = mcr
    before = {
        (r.registration.number, r.hand_points, r.transfers, r.penalty_points, r.score)
        for r in SeatResult.objects.filter(table=table).select_related("registration")
    }
    data = read_archive(export_archive(tournament))
    for item in data["results"]:  # as the desk wrote it then: transfers inside hand points
        item["hand_points"] += item.pop("transfers")
    delete_tournament(tournament)
    restored = restore_archive(gzip.compress(json.dumps(data).encode()))
    after = {
        (r.registration.number, r.hand_points, r.transfers, r.penalty_points, r.score)
        for r in SeatResult.objects.filter(session__tournament=restored).select_related(
            "registration"
        )
    }
    assert after == before
