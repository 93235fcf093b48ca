"""Query-count guards of the score sheets: their loader reads the session's tables with seats,
players, current hands and results in a fixed number of queries, and printing them adds none per
table. Measured on a small session (4 tables) and a bigger one (8 tables) after 1 and 3 played
sessions; the bound is the same for both, so a query per table, seat or hand (an N+1) fails."""

import copy

import pytest

from exports.pdf.scoresheet import render_scoresheets
from exports.pdf.scoresheet_base import load_tables, seats_by_wind, table_facts
from scoring.access import Actor
from tests.factories import build_played, close, mcr_entry, play

SIZES = [
    pytest.param((16, 1), id="4-tables-1-session"),
    pytest.param((32, 3), id="8-tables-3-sessions"),
]

#: load_tables: tables; seats with their registrations and players (one join); and, for a
#: completed sheet, the current hands and the stored results.
LOADER_QUERIES = {True: 2, False: 4}
#: render_scoresheets: the session, whether it has tables, and the loader's queries.
RENDER_QUERIES = {True: 4, False: 6}


@pytest.fixture(scope="module", params=SIZES)
def module_last_session(request, module_db, module_director):
    players, played = request.param
    actor = Actor(user=module_director)
    with module_db():
        tournament = build_played(
            f"s{players}-{played}",
            actor,
            players=players,
            sessions=played + 1,
            confirmed=played,
            seat_next=True,
        )
        session = tournament.sessions.get(number=played + 1)
        tables = list(session.tables.order_by("number"))
        play(tables[0], [mcr_entry(n) for n in range(1, 17)], actor)
        close(tables[0], actor)
        for table in tables[1:]:
            play(table, [mcr_entry(n) for n in range(1, 5)], actor)
        return tournament, played


@pytest.fixture
def last_session(db, module_last_session):
    """The last of `played` confirmed sessions of `players` players, or with `in_play` the next
    one, drawn, with four hands at every table and table 1 closed after 16. Built once per size
    for the module."""
    return copy.deepcopy(module_last_session)


@pytest.mark.parametrize("in_play", [False, True], ids=["confirmed", "in-play"])
@pytest.mark.parametrize("blank", [True, False], ids=["blank", "completed"])
def test_the_score_sheet_loader_reads_a_fixed_number_of_queries(
    last_session, django_assert_max_num_queries, blank, in_play
):
    tournament, played = last_session
    session = tournament.sessions.get(number=played + 1 if in_play else played)
    with django_assert_max_num_queries(LOADER_QUERIES[blank]):
        tables = load_tables(session, blank=blank)
        # Everything a sheet reads of a table.
        printed = [
            (
                [
                    (seat.registration.number, seat.registration.player.last_name)
                    for seat in seats_by_wind(table)
                ],
                table_facts(table, blank=blank),
                table.is_closed,
            )
            for table in tables
        ]
    assert len(printed) == session.tables.count()
    assert all(len(names) == 4 for names, _facts, _closed in printed)
    if not blank:
        hands = [len(facts[0]) for _names, facts, _closed in printed]
        assert hands == ([16] * len(hands) if not in_play else [16] + [4] * (len(hands) - 1))
        with_results = [facts[1] is not None for _names, facts, _closed in printed]
        assert with_results == [True] + [not in_play] * (len(printed) - 1)


@pytest.mark.parametrize("blank", [True, False], ids=["blank", "completed"])
def test_printing_the_score_sheets_reads_a_fixed_number_of_queries(
    last_session, django_assert_max_num_queries, blank
):
    tournament, played = last_session
    with django_assert_max_num_queries(RENDER_QUERIES[blank]):
        data = render_scoresheets(tournament, session_number=played + 1, blank=blank)
    assert data.startswith(b"%PDF")
