"""Two people taking the last place at once: one place and one waiting-list position, never two
places (the tournament's row is locked, then the places are counted again). The threads commit
for real (transactional_db), on a SQLite file or on PostgreSQL when DATABASE_URL says so
(`.ci/with-postgres`)."""

import pytest

from signup.models import Entry, EntryStatus
from signup.services import entries
from tests.factories import make_tournament, open_signup, register_players, signed_up
from tests.reliability.threads import in_threads


@pytest.fixture
def last_place(transactional_db):
    tournament = make_tournament(slug="last-place")
    open_signup(tournament, places=4)
    register_players(tournament, 3)
    return tournament, [signed_up(tournament, n, confirm=False) for n in (1, 2)]


def test_two_confirmations_at_once_take_one_place_and_one_position(last_place):
    tournament, pending = last_place
    results = in_threads(
        2, lambda n: entries.confirm_email(tournament, Entry.objects.get(pk=pending[n].pk))
    )
    assert [kind for kind, _value in results] == ["ok", "ok"], results
    statuses = sorted(Entry.objects.values_list("status", flat=True))
    assert statuses == [EntryStatus.CONFIRMED, EntryStatus.WAITING]
    waiting = Entry.objects.get(status=EntryStatus.WAITING)
    assert waiting.position is not None and waiting.registration is None
    assert tournament.registrations.playing().count() == 4


def test_ten_at_once_fill_the_place_and_queue_in_distinct_positions(transactional_db):
    tournament = make_tournament(slug="crowd")
    open_signup(tournament, places=4)
    register_players(tournament, 3)
    pending = [signed_up(tournament, n, confirm=False) for n in range(1, 11)]
    results = in_threads(
        10, lambda n: entries.confirm_email(tournament, Entry.objects.get(pk=pending[n].pk))
    )
    assert all(kind == "ok" for kind, _value in results), results
    assert Entry.objects.filter(status=EntryStatus.CONFIRMED).count() == 1
    positions = list(
        Entry.objects.filter(status=EntryStatus.WAITING).values_list("position", flat=True)
    )
    assert len(positions) == 9 and len(set(positions)) == 9
