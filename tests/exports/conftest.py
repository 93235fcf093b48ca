"""Tournaments with confirmed sessions, for the standings and export tests."""

import pytest

from scoring.access import Actor
from scoring.services import closing
from scoring.services.hands import record_hand
from tests.scoring.conftest import build, mcr_entry


def play_session(tournament, number, actor, entries=None):
    """Play every table of session `number` (drawing it if needed), close and confirm it."""
    from tournament.services.draw import write_draw

    session = tournament.sessions.get(number=number)
    if session.status == "draft":
        write_draw(tournament, session_number=number, seed=number)
    for table in session.tables.order_by("number"):
        for index, entry in enumerate(
            entries or [mcr_entry(n + table.number + number) for n in range(1, 17)]
        ):
            table.refresh_from_db()
            record_hand(table, entry, actor=actor, revision=table.revision)
            assert index < 16
        closing.close_table(table, actor=actor)
    closing.confirm_session(session, actor=actor)
    session.results_published = True
    session.seating_published = True
    session.save(update_fields=["results_published", "seating_published"])
    return session


@pytest.fixture
def played(db, director):
    """An MCR tournament of 16 players with sessions 1 and 2 confirmed."""
    tournament = build(slug="played")
    actor = Actor(user=director)
    play_session(tournament, 1, actor)
    play_session(tournament, 2, actor)
    return tournament
