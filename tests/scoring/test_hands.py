"""Entering, correcting and taking back hands through the services."""

import uuid

import pytest

from rules import mcr
from scoring.models import AuditAction, AuditEntry, Hand
from scoring.services import closing
from scoring.services.hands import (
    DuplicateSubmission,
    correct_hand,
    record_hand,
    void_last_hand,
)
from scoring.services.tables import StaleTable, TableError, snapshot
from tests.factories import build, mcr_entry
from tournament.models import SessionStatus


def save(table, entry, actor, **kwargs):
    table.refresh_from_db()
    return record_hand(table, entry, actor=actor, revision=table.revision, **kwargs)


def test_stored_settlement_equals_the_rules(table, link_actor):
    hand, settlement = save(
        table, {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 9}, link_actor
    )
    assert hand.changes == mcr.settle_hand(9, 1, 2) == (-8, 33, -17, -8)
    assert settlement.deltas == hand.changes
    assert (hand.number, hand.version, hand.is_current) == (1, 1, True)
    assert (hand.outcome, hand.winner, hand.discarder, hand.fan) == ("discard", 1, 2, 9)
    assert hand.entered_via == "table link" and hand.entered_by is None
    table.refresh_from_db()
    assert table.revision == 1
    assert table.session.status == SessionStatus.RUNNING
    entry = AuditEntry.objects.get(action=AuditAction.HAND_SAVED)
    assert entry.table == table and entry.changes["changes"] == [-8, 33, -17, -8]


def test_self_drawn_with_flowers_and_washout(table, link_actor):
    save(table, {"outcome": "self_drawn", "winner": 0, "fan": 10, "flowers": 2}, link_actor)
    hand, _ = save(table, {"outcome": "washout"}, link_actor)
    assert hand.changes == (0, 0, 0, 0) and hand.number == 2
    assert snapshot(table).totals == (54, -18, -18, -18)


def test_a_stale_page_is_refused_and_nothing_is_saved(table, link_actor):
    save(table, {"outcome": "washout"}, link_actor)
    with pytest.raises(StaleTable) as caught:
        record_hand(table, {"outcome": "washout"}, actor=link_actor, revision=0)
    assert caught.value.latest[0].number == 1
    assert Hand.objects.filter(table=table).count() == 1


def test_a_double_submit_never_saves_twice(table, link_actor):
    submission = uuid.uuid4()
    first, _ = save(table, {"outcome": "washout"}, link_actor, submission=submission)
    with pytest.raises(DuplicateSubmission) as caught:
        save(table, {"outcome": "washout"}, link_actor, submission=submission)
    assert caught.value.hand == first
    assert Hand.objects.filter(table=table).count() == 1


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 7},
            "Fan must be at least 8; got 7",
        ),
        (
            {"outcome": "self_drawn", "winner": 1, "fan": 9, "flowers": 2},
            "An MCR win needs at least 8 fan not counting flowers; got 7",
        ),
        (
            {"outcome": "discard", "winner": 2, "discarder": 2, "fan": 9},
            "The discarder cannot be the winner",
        ),
        ({"outcome": "discard", "winner": 5, "discarder": 2, "fan": 9}, "Winner"),
        ({"outcome": "discard", "discarder": 2, "fan": 9}, "Winner is required"),
        ({"outcome": "nonsense"}, "The outcome of the hand must be one of"),
    ],
)
def test_bad_input_says_what_is_wrong_and_saves_nothing(table, link_actor, entry, message):
    with pytest.raises(TableError, match=message):
        save(table, entry, link_actor)
    assert not Hand.objects.exists()
    table.refresh_from_db()
    assert table.revision == 0


def test_no_hand_after_the_sixteenth(table, link_actor):
    for number in range(1, 17):
        save(table, mcr_entry(number), link_actor)
    with pytest.raises(TableError, match="Every hand of this session has been entered"):
        save(table, {"outcome": "washout"}, link_actor)


def test_time_up_allows_the_current_hand_only(table, link_actor):
    save(table, {"outcome": "washout"}, link_actor)
    closing.call_time(table, actor=link_actor)
    save(table, {"outcome": "washout"}, link_actor)  # the hand being played when time ran out
    with pytest.raises(TableError, match="Time is up: the session at this table ended with hand 2"):
        save(table, {"outcome": "washout"}, link_actor)


def test_a_form_of_another_session_is_refused(table, link_actor):
    with pytest.raises(TableError, match="belongs to session 2"):
        save(table, {"outcome": "washout"}, link_actor, session_number=2)


def test_closed_tables_and_confirmed_sessions_take_no_hands(table, link_actor, director_actor):
    for number in range(1, 17):
        save(table, mcr_entry(number), link_actor)
    closing.close_table(table, actor=link_actor, revision=None)
    with pytest.raises(TableError, match="This table is closed"):
        save(table, {"outcome": "washout"}, link_actor)


def test_correction_is_a_new_version_and_keeps_the_old(table, link_actor):
    save(table, {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 9}, link_actor)
    save(table, {"outcome": "washout"}, link_actor)
    table.refresh_from_db()
    new = correct_hand(
        table,
        1,
        {"outcome": "self_drawn", "winner": 3, "fan": 8},
        actor=link_actor,
        revision=table.revision,
    )
    assert (new.number, new.version, new.changes) == (1, 2, (-16, -16, -16, 48))
    old = Hand.objects.get(table=table, number=1, version=1)
    assert not old.is_current and old.changes == (-8, 33, -17, -8)
    assert snapshot(table).totals == (-16, -16, -16, 48)
    audit = AuditEntry.objects.get(action=AuditAction.HAND_CORRECTED)
    assert audit.changes["before"]["changes"] == [-8, 33, -17, -8]
    assert audit.changes["after"]["changes"] == [-16, -16, -16, 48]


def test_correction_from_a_stale_page_is_refused(table, link_actor):
    save(table, {"outcome": "washout"}, link_actor)
    with pytest.raises(StaleTable):
        correct_hand(table, 1, {"outcome": "washout"}, actor=link_actor, revision=0)


def test_riichi_correction_settles_later_hands_again(db, link_actor):
    tournament = build(ruleset="riichi2008", slug="riichi")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    # Hand 1: East (seat 0) wins by ron and keeps the deal; hand 2: East wins again (honba 1).
    ron = {
        "outcome": "ron",
        "winners": [0],
        "discarder": 1,
        "han": [3, 0, 0, 0],
        "fu": [30, 0, 0, 0],
    }
    save(table, ron, link_actor)
    second, _ = save(table, ron, link_actor)
    assert second.changes == (6100, -6100, 0, 0)  # 5800 + 300 for the counter
    table.refresh_from_db()
    # Hand 1 was really won by South: the deal passes, so hand 2 is South's opponent... East
    # is no longer the dealer in hand 2 and there is no counter.
    correct_hand(
        table,
        1,
        {
            "outcome": "ron",
            "winners": [1],
            "discarder": 2,
            "han": [0, 3, 0, 0],
            "fu": [0, 30, 0, 0],
        },
        actor=link_actor,
        revision=table.revision,
    )
    hand2 = Hand.objects.get(table=table, number=2, is_current=True)
    assert hand2.version == 2 and hand2.changes == (3900, -3900, 0, 0)
    assert "Settled again after the correction of hand 1" in hand2.note
    assert AuditEntry.objects.filter(action=AuditAction.HAND_RESETTLED).count() == 1


def test_take_back_the_last_hand(table, link_actor):
    save(table, {"outcome": "washout"}, link_actor)
    table.refresh_from_db()
    void_last_hand(table, actor=link_actor, revision=table.revision)
    assert snapshot(table).hands_played == 0
    hand, _ = save(table, {"outcome": "self_drawn", "winner": 0, "fan": 8}, link_actor)
    assert (hand.number, hand.version) == (1, 2)
    assert Hand.objects.filter(table=table).count() == 2


def test_a_hand_edited_around_the_services_is_detected(table, link_actor):
    hand, _ = save(table, {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 9}, link_actor)
    Hand.objects.filter(pk=hand.pk).update(change_east=0, change_south=25)
    with pytest.raises(TableError, match="stored with changes"):
        snapshot(table)
