"""The standings PDF: read back with pdftotext and compared with the standings service."""

import copy
import re
from fractions import Fraction

import pytest
from django.utils import translation

from common import formatting
from exports import ExportError
from exports.pdf.standings import StandingsDocument, render_standings
from rules.ranking import format_decimal
from scoring.services import closing
from scoring.standings.ranking import compute_standings
from tests.exports.pdf_support import pdf_page_size, pdf_pages, pdf_text
from tests.factories import (
    build,
    build_europeans,
    close,
    mcr_entry,
    on_discard,
    penalize,
    play,
    self_drawn,
    staff,
)
from tournament.models import RegistrationStatus
from tournament.services.registrations import register_player
from tournament.services.tournaments import update_scoring_options


def seat(tournament, table, wind, session=1):
    return (
        tournament.sessions.get(number=session)
        .tables.get(number=table)
        .seats.get(wind=wind)
        .registration
    )


def line_of(text, registration):
    player = registration.player
    name = player.full_name
    lines = [line for line in text.splitlines() if name in line]
    assert len(lines) == 1, (name, lines)
    return lines[0]


@pytest.fixture(scope="module")
def module_ranked(module_db, module_director):
    with module_db():
        actor = staff(module_director)
        tournament = build(players=8, slug="ranked")
        session = tournament.sessions.get(number=1)
        first, second = session.tables.order_by("number")
        play(first, [self_drawn(0)], actor)  # +48, then three at -16: 4 / 1 / 1 / 1 table points
        play(second, [on_discard(0, 3)], actor)  # +32, -8, -8, -16: 4 / 1.5 / 1.5 / 0
        close(first, actor)
        close(second, actor)
        closing.confirm_session(session, actor=actor)
        return tournament


@pytest.fixture
def ranked(db, module_ranked):
    """8 players, session 1 confirmed: places 1, 2, =3, =3, =5, =5, =5, 8.
    (Built once for the module.)"""
    return copy.deepcopy(module_ranked)


def test_places_shared_places_and_exact_table_points(ranked):
    text = pdf_text(render_standings(ranked)).replace(formatting.MINUS, "-")  # "−8" reads -8
    assert "Standings after session 1 of 3" in text
    assert "Page 1 of 1" in text
    assert re.match(r"^\s*1\s.*\s4\.00\s+48\s", line_of(text, seat(ranked, 1, 0)))
    assert re.match(r"^\s*2\s.*\s4\.00\s+32\s", line_of(text, seat(ranked, 2, 0)))
    for wind in (1, 2):
        line = line_of(text, seat(ranked, 2, wind))
        assert re.match(r"^\s*=3\s", line)
        # totals (table points, score, transfers; no penalty: an empty cell), then session 1
        assert re.search(r"\s1\.50\s+-8\s+0\s+1\.50\s+-8\s*$", line)
    for wind in (1, 2, 3):
        assert re.match(r"^\s*=5\s", line_of(text, seat(ranked, 1, wind)))
    last = line_of(text, seat(ranked, 2, 3))
    assert re.match(r"^\s*8\s", last) and "0.00" in last and "-16" in last


def test_the_rows_are_those_of_the_standings_service(ranked):
    text = pdf_text(render_standings(ranked)).replace(formatting.MINUS, "-")
    standings = compute_standings(ranked)
    rows = re.findall(
        r"^\s*(=?\d+|—)\s+(P\d+ Player\d+)\s+(\d+)\s+([\d.]+)\s+(-?\d+)\s", text, re.M
    )
    assert rows == [
        (
            row.place_label,
            row.player.full_name,
            str(row.registration.number),
            format_decimal(row.table_points),
            str(row.score),
        )
        for row in standings.rows
    ]
    assert sum(row.table_points for row in standings.rows) == 7 * 2


def test_withdrawn_and_disqualified_players_are_marked(ranked):
    withdrawn, disqualified = seat(ranked, 1, 3), seat(ranked, 2, 3)
    withdrawn.status = RegistrationStatus.WITHDRAWN
    withdrawn.save()
    disqualified.status = RegistrationStatus.DISQUALIFIED
    disqualified.save()
    text = pdf_text(render_standings(ranked))
    assert "(Withdrawn)" in line_of(text, withdrawn)
    assert re.match(r"^\s*=5\s", line_of(text, withdrawn))  # keeps the place
    line = line_of(text, disqualified)
    assert "(Disqualified)" in line and re.match(r"^\s*—\s", line)
    names = [line for line in text.splitlines() if re.search(r"P\d+ Player", line)]
    assert names[-1] == line  # listed after the ranked players


def test_thirds_of_table_points_in_english_and_italian(db, director):
    actor = staff(director)
    tournament = build(players=4, slug="thirds")
    session = tournament.sessions.get(number=1)
    table = session.tables.get()
    # Three wins on the discards of North: 16, 16, 16, -48 -> 7/3 table points each.
    play(table, [on_discard(0, 3), on_discard(1, 3), on_discard(2, 3)], actor)
    results = close(table, actor)
    assert [r.table_points for r in results] == [Fraction(7, 3)] * 3 + [0]
    closing.confirm_session(session, actor=actor)
    english = pdf_text(render_standings(tournament))
    assert english.count("=1 ") == 3 and "2.33" in english and "2,33" not in english
    with translation.override("it"):
        italian = pdf_text(render_standings(tournament))
    assert "2,33" in italian and "2.33" not in italian


def test_european_names_print_and_substitutes_never_appear(db, director):
    actor, europeans = staff(director), build_europeans()
    session = europeans.sessions.get(number=1)
    for table in session.tables.all():
        play(table, [self_drawn(table.number % 4)], actor)
        close(table, actor)
    closing.confirm_session(session, actor=actor)
    text = pdf_text(render_standings(europeans))
    for name in (
        "Łukasz Wiśniewski",
        "Zoltán Szőke",
        "Tomáš Dvořák",
        "Søren Kjærgaard",
        "Çağla Öztürk",
        "Jürgen Weiß",
    ):
        assert name in text
    assert "Ürge" not in text  # the substitute played but is not ranked


def test_long_standings_repeat_the_header_on_every_page(ranked):
    for n in range(1, 151):
        register_player(ranked, first_name=f"Late{n}", last_name=f"Comer{n:03d}")
    data = render_standings(ranked)
    pages = pdf_pages(data)
    assert pages >= 3
    for page in range(1, pages + 1):
        text = pdf_text(data, page)
        assert re.search(r"Place\s+Player\s+No\.\s+Country\s+Club\s+TP\s+Score", text)
        assert f"Page {page} of {pages}" in text


def test_many_sessions_turn_the_page_to_landscape(ranked):
    standings = compute_standings(ranked)
    data = StandingsDocument(ranked, standings).render()
    width, height = pdf_page_size(data)
    assert width < height  # one session: portrait, with both values of the session
    assert "S1 TP" in pdf_text(data) and "S1 pts" in pdf_text(data)
    standings.session_numbers = list(range(1, 11))  # as if ten sessions had been confirmed
    data = StandingsDocument(ranked, standings).render()
    width, height = pdf_page_size(data)
    text = pdf_text(data)
    assert width > height
    assert "S10 TP" in text  # every session fits, with its table points
    assert "Page 1 of 1" in text


def test_no_standings_before_a_confirmed_session(ranked):
    fresh = build(players=4, slug="fresh")
    with pytest.raises(ExportError, match="No session of Cup fresh has been confirmed yet"):
        render_standings(fresh)
    with pytest.raises(ExportError, match="Session 2 has not been confirmed yet"):
        render_standings(ranked, through=2)


@pytest.mark.parametrize("language", ["en", "it"])
def test_no_column_title_runs_into_its_neighbour(ranked, language):
    """Titles are longer in Italian ("Punteggio", "Nazione"): each column fits its own."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from exports.pdf.base import FONT_CONDENSED_BOLD
    from exports.pdf.standings import PADDING, SIZE

    with translation.override(language):
        document = StandingsDocument(ranked, compute_standings(ranked))
        for column in document.columns():
            title = stringWidth(str(column.title), FONT_CONDENSED_BOLD, SIZE)
            assert title + 2 * PADDING <= column.width, (language, column.title)
        header = pdf_text(render_standings(ranked), 1)
    titles = (
        ("PT", "Punteggio", "Nazione", "Club")
        if language == "it"
        else ("TP", "Score", "Country", "Club")
    )
    assert all(re.search(rf"(^|\s){title}(\s|$)", header, re.M) for title in titles), header


def test_any_number_of_sessions_shows_table_points_and_score(ranked):
    """Six or ten sessions: each session's table points and score, one above the other in
    one column per session (side by side they would not fit)."""
    standings = compute_standings(ranked)
    document = StandingsDocument(ranked, standings)
    assert not document.stacked()  # one session: side by side ("S1 TP", "S1 pts")
    leader = seat(ranked, 1, 0)
    long_named = seat(ranked, 2, 1).player  # and a long name and club take the room they need
    long_named.first_name = "Maria Antonietta"
    long_named.last_name = "Dell'Acqua-Łukasiewicz von Hohenzollern"
    long_named.club = "Associazione Sportiva Dilettantistica Mahjong Club Città di Castello"
    long_named.save()
    standings = compute_standings(ranked)
    for count in (6, 10):
        standings.session_numbers = list(range(1, count + 1))  # as if confirmed
        document = StandingsDocument(ranked, standings)
        assert document.stacked()
        text = pdf_text(document.render()).replace(formatting.MINUS, "-")
        assert pdf_pages(document.render()) == 1
        assert all(f"S{number} TP" in text for number in range(1, count + 1))
        for word in re.split(r"[\s-]+", f"{long_named.full_name} {long_named.club}"):
            assert re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text), word
        lines = text.splitlines()
        at = next(i for i, line in enumerate(lines) if leader.player.full_name in line)
        # the leader's session 1 (the last column with a value): table points 4.00 above the
        # score 48, around the row's line
        tails = [line.split()[-1] for line in lines[at - 1 : at + 2] if line.split()]
        assert "4.00" in tails and "48" in tails, lines[at - 1 : at + 2]
        assert tails.index("4.00") < tails.index("48")


def test_penalty_cells_are_empty_without_a_penalty(db, director):
    actor = staff(director)
    tournament = build(players=4, sessions=1, slug="penalties")
    table = tournament.sessions.get(number=1).tables.get()
    penalize(table, 2, "late_arrival", actor, minutes=7)
    play(table, [mcr_entry(n) for n in range(1, 5)], actor)
    close(table, actor)
    closing.confirm_session(tournament.sessions.get(number=1), actor=actor)
    text = pdf_text(render_standings(tournament)).replace(formatting.MINUS, "-")
    penalized = seat(tournament, 1, 2)
    # table points, score, transfers, the penalty, then session 1's table points and score
    line = line_of(text, penalized)
    assert re.search(r"\s\d\.\d\d\s+-?\d+\s+-?\d+\s+-10\s+\d\.\d\d\s+-?\d+\s*$", line), line
    for wind in (0, 1, 3):
        line = line_of(text, seat(tournament, 1, wind))
        # table points, score, transfers, then straight on to session 1: no "0" penalty
        assert re.search(r"\s\d\.\d\d\s+-?\d+\s+-?\d+\s+\d\.\d\d\s+-?\d+\s*$", line), line


def test_the_tie_breakers_and_the_seed_of_the_lots_are_printed_under_the_table(ranked):
    assert "ordered by" not in pdf_text(render_standings(ranked))
    update_scoring_options(ranked, {}, tie_breaks=["sum_of_scores", "drawing_lots"], lots_seed=77)
    ranked.refresh_from_db()
    text = " ".join(pdf_text(render_standings(ranked)).split())
    assert (
        "Players equal on the ranking are ordered by: Sum of session scores; "
        "Drawing lots (recorded seed); seed of the lots: 77." in text
    )
    with translation.override("it"):
        text = " ".join(pdf_text(render_standings(ranked)).split())
    assert "seme del sorteggio: 77." in text
