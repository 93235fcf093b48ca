"""Penalties: the rule set's catalogue, the infraction ladder, transfers, cancellation."""

import re

import pytest

from draw.writing import write_draw
from scoring.models import AuditAction, AuditEntry, Penalty
from scoring.services import closing
from scoring.services.penalties import cancel_penalty, give_penalty, propose
from scoring.services.tables import TableError, snapshot
from tests.factories import mcr_entry
from tests.factories import penalize as give
from tests.factories import seated as player
from tournament.models import RegistrationStatus


@pytest.mark.parametrize(
    ("minutes", "points", "out"),
    [(0, 0, False), (10, -10, False), (11, -20, False), (15, -20, False), (16, 0, True)],
)
def test_late_arrival(table, link_actor, minutes, points, out):
    penalty = give(table, 2, "late_arrival", link_actor, minutes=minutes)
    assert (penalty.points, penalty.disqualified_for_session, penalty.minutes_late) == (
        points,
        out,
        minutes,
    )


def test_false_hu_transfers_to_the_other_three(table, link_actor):
    give(table, 1, "false_hu", link_actor, valid_shape=True, revealed=True)
    give(table, 3, "false_hu", link_actor, valid_shape=False, revealed=True)
    not_revealed = give(table, 0, "false_hu", link_actor, valid_shape=False, revealed=False)
    assert not_revealed.points == 0 and not_revealed.transfer == 0
    paid, transfers = snapshot(table).penalty_totals
    assert paid == (0, 0, 0, 0)
    assert transfers == (10 + 20, -30 + 20, 10 + 20, 10 - 60)


def test_the_infraction_ladder_counts_per_player_infraction_and_session(table, link_actor):
    points = [
        give(table, 0, "infraction", link_actor, infraction="wrong_call").points for _ in range(5)
    ]
    assert points == [0, -5, -10, -20, -30]
    # Another infraction starts its own ladder; another player too.
    assert give(table, 0, "infraction", link_actor, infraction="wrong_tile").points == 0
    assert give(table, 1, "infraction", link_actor, infraction="wrong_call").points == 0
    occurrences = list(
        Penalty.objects.filter(infraction="wrong_call", registration=player(table, 0))
        .values_list("occurrence", flat=True)
        .order_by("occurrence")
    )
    assert occurrences == [1, 2, 3, 4, 5]


def test_the_ladder_resets_each_session_except_obstruction_and_time_wasting(
    cup, table, link_actor, director_actor
):
    registration = player(table, 0)
    for _ in range(2):
        give(table, 0, "infraction", link_actor, infraction="wrong_call")
        give(table, 0, "infraction", link_actor, infraction="time_wasting")
    write_draw(cup, session_number=2, seed=3)
    session2 = cup.sessions.get(number=2)
    assert (
        propose(
            session2, registration, "infraction", infraction="wrong_call"
        ).outcome.offender_points
        == 0
    )
    proposal = propose(session2, registration, "infraction", infraction="time_wasting")
    assert (proposal.occurrence, proposal.outcome.offender_points) == (3, -10)


def test_cancelled_penalties_do_not_count_and_stay_on_record(table, link_actor, director_actor):
    first = give(table, 0, "infraction", link_actor, infraction="wrong_call")
    second = give(table, 0, "infraction", link_actor, infraction="wrong_call")
    with pytest.raises(TableError, match="Only the director"):
        cancel_penalty(second, actor=link_actor, reason="mistake")
    with pytest.raises(TableError, match="Write why"):
        cancel_penalty(second, actor=director_actor, reason="  ")
    cancel_penalty(second, actor=director_actor, reason="Wrong player")
    second.refresh_from_db()
    assert second.is_cancelled and second.cancel_reason == "Wrong player"
    assert Penalty.objects.filter(pk__in=[first.pk, second.pk]).count() == 2
    third = give(table, 0, "infraction", link_actor, infraction="wrong_call")
    assert (third.occurrence, third.points) == (2, -5)
    assert AuditEntry.objects.filter(action=AuditAction.PENALTY_CANCELLED).count() == 1


def test_referee_decision_needs_a_reason(table, link_actor):
    with pytest.raises(TableError, match="written reason"):
        give(table, 0, "referee_decision", link_actor, amount=15, reason="")
    penalty = give(
        table, 0, "referee_decision", link_actor, amount=15, reason="Broke the wall on purpose"
    )
    assert penalty.points == -15 and penalty.reason == "Broke the wall on purpose"


def test_disqualification_is_for_the_director_only(table, link_actor, director_actor):
    with pytest.raises(TableError, match="cannot be given here"):
        give(table, 0, "disqualification", link_actor, reason="Cheating")
    give(table, 0, "disqualification", director_actor, reason="Cheating")
    assert player(table, 0).status == RegistrationStatus.DISQUALIFIED


def test_a_player_of_another_table_is_refused(cup, table, link_actor):
    other = cup.sessions.get(number=1).tables.get(number=2)
    with pytest.raises(TableError, match="does not sit at this table"):
        give_penalty(
            table.session,
            other.seats.get(wind=0).registration,
            "tile_not_shown",
            actor=link_actor,
            table=table,
            revision=table.revision,
        )


def test_penalties_count_in_the_table_result(table, link_actor):
    give(table, 1, "tile_not_shown", link_actor)
    give(table, 2, "false_hu", link_actor, valid_shape=True)
    for number in range(1, 17):
        table.refresh_from_db()
        from scoring.services.hands import record_hand

        record_hand(table, mcr_entry(number), actor=link_actor, revision=table.revision)
    snap = snapshot(table)
    results = closing.close_table(table, actor=link_actor)
    by_wind = {result.wind: result for result in results}
    assert by_wind[1].penalty_points == -10
    assert by_wind[1].score == snap.totals[1] + 10 - 10
    assert by_wind[2].score == snap.totals[2] - 30
    assert by_wind[0].score == snap.totals[0] + 10
    assert sum(r.hand_points for r in results) == 0


def test_infractions_are_named_in_words_on_every_page(client, table, director_client):
    from django.urls import reverse

    from scoring.access import Actor

    registration = table.seats.get(wind=1).registration
    give_penalty(
        table.session,
        registration,
        "infraction",
        actor=Actor(via="table link"),
        table=table,
        revision=table.revision,
        infraction="wrong_call",
    )
    pages = [
        reverse("session-penalties", args=[table.session.tournament.slug, 1]),
        reverse("player-audit", args=[table.session.tournament.slug, registration.number]),
    ]
    for url in pages:
        page = director_client.get(url).content.decode()
        assert ": Wrong call (cannot be carried out)" in page, url
    listing = director_client.get(pages[0]).content.decode()
    assert listing.count("wrong_call") == listing.count('value="wrong_call"')  # the form's only


def test_the_player_audit_shows_the_hands_at_their_tables(table, director_client):
    from django.urls import reverse

    from scoring.access import Actor
    from scoring.services.hands import record_hand

    record_hand(
        table,
        {"outcome": "self_drawn", "winner": 0, "fan": 8},
        actor=Actor(via="table link"),
        revision=table.revision,
    )
    number = table.seats.get(wind=2).registration.number
    page = director_client.get(
        reverse("player-audit", args=[table.session.tournament.slug, number])
    ).content.decode()
    assert "Hand saved" in page


def test_a_double_tap_on_the_directors_confirm_saves_one_penalty(table, director_client):
    from django.urls import reverse

    url = reverse("session-penalties", args=[table.session.tournament.slug, 1])
    registration = table.seats.get(wind=1).registration
    ask = {
        "registration": registration.pk,
        "kind": "infraction",
        "infraction": "wrong_call",
        "revision": 0,
    }
    proposal = director_client.get(url)  # the page, then "Compute the penalty"
    assert proposal.status_code == 200
    page = director_client.post(url, ask).content.decode()
    assert "Confirm the penalty" in page
    seen = re.search(r'name="seen" value="(\d+)"', page).group(1)
    confirm = {**ask, "confirmed": "True", "seen": seen}
    assert director_client.post(url, confirm).status_code == 302
    again = director_client.post(url, confirm)
    assert "was saved meanwhile" in again.content.decode()
    assert list(Penalty.objects.values_list("occurrence", flat=True)) == [1]
