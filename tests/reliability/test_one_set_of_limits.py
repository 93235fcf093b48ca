"""One set of limits (issue 30, point 2): every number has one range (`rules.limits`), the same
in the page forms, the API, the offline queue (the page's forms, posted by the phone), the
services and restore. The largest and the smallest value each entry point accepts are saved,
and the tournament goes through its archive and back.

A penalty "during hand 999" was accepted through the table link and the API, but the archive
allowed 200 hands: that tournament's own archive could no longer be restored.
"""

import gzip
import json
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from api.models import TokenKind
from api.tokens import create_token
from desk.archive import ArchiveError, export_archive, restore_archive
from desk.services import delete_tournament
from rules.limits import (
    MAX_CLOCK_MINUTES_ADDED,
    MAX_CLOCK_MINUTES_TAKEN_BACK,
    MAX_CLOCK_MINUTES_TOTAL,
    MAX_HAND_NUMBER,
    MAX_HAND_VERSIONS,
    MAX_MINUTES_LATE,
    MAX_PENALTY_AMOUNT,
    MAX_PLAYER_NUMBER,
    MAX_SEED,
)
from rules.mcr import MAX_FAN, MAX_FLOWERS, MIN_FAN
from scoring.access import Actor
from scoring.models import Hand, Penalty
from scoring.services import clock, closing, hands
from scoring.services.penalties import give_penalty
from scoring.services.tables import TableError
from tests.factories import build, mcr_entry, page_fields, play
from tournament.models import Registration
from tournament.services.registrations import RegistrationError, register_player

QUEUED = {"HTTP_X_DESK_QUEUE": "1"}


def link(table, name="table"):
    return reverse(f"link:{name}", kwargs={"token": table.token})


def fresh(table):
    table.refresh_from_db()
    return {"revision": table.revision, "submission": str(uuid.uuid4())}


def self_drawn(winner, fan, flowers):
    return {"outcome": "self_drawn", "winner": winner, "fan": fan, "flowers": flowers}


def decision(registration, amount, hand_number):
    return {
        "registration": registration,
        "kind": "referee_decision",
        "amount": amount,
        "reason": "limits",
        "hand_number": hand_number,
    }


def restored(tournament):
    """The tournament through its archive and back (deleted in between)."""
    content = export_archive(tournament)
    delete_tournament(tournament)
    return restore_archive(content)


@pytest.fixture
def cup(db, director):
    tournament = build(players=8, slug="limits")
    _token, secret = create_token(
        tournament, name="limits", kind=TokenKind.DIRECTOR, creator=director
    )
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    session = tournament.sessions.get(number=1)
    return {
        "tournament": tournament,
        "session": session,
        "table": session.tables.get(number=1),
        "other": session.tables.get(number=2),
        "api": api,
        "actor": Actor(user=director),
    }


def test_the_extremes_every_entry_point_accepts_survive_archive_and_restore(cup, director_client):
    tournament, session, table, api = cup["tournament"], cup["session"], cup["table"], cup["api"]
    actor = cup["actor"]
    seated = [table.seats.get(wind=wind).registration for wind in range(4)]
    phone = Client()
    base = f"/api/v1/tournaments/{tournament.slug}/sessions/1/tables/{table.number}/"

    # Hands: the page, the phone's queue, the API and the service, at both ends of each field.
    answer = phone.post(
        link(table),
        {**page_fields(phone.get(link(table))), "session": "1", **self_drawn(0, MAX_FAN, 0)},
    )
    assert answer.status_code == 302, answer.content[:300]
    answer = phone.post(
        link(table),
        {**fresh(table), "session": "1", **self_drawn(1, MIN_FAN + MAX_FLOWERS, MAX_FLOWERS)},
        **QUEUED,
    )
    assert answer.json()["status"] == "saved", answer.json()
    answer = api.post(base + "hands/", {**fresh(table), **self_drawn(2, MAX_FAN, 0)}, format="json")
    assert answer.status_code == 201, answer.json()
    hands.record_hand(
        table, self_drawn(3, MIN_FAN, 0), actor=actor, revision=fresh(table)["revision"]
    )

    # Penalties, at both ends of the amount, the hand number and the minutes late.
    answer = phone.post(
        link(table, "penalty"),
        {
            **fresh(table),
            **decision(seated[0].pk, MAX_PENALTY_AMOUNT, MAX_HAND_NUMBER),
            "confirmed": "True",
        },
    )
    assert answer.status_code == 302, answer.content[:300]
    answer = phone.post(
        link(table, "penalty"),
        {**fresh(table), **decision(seated[1].pk, 0, 1), "confirmed": "True"},
        **QUEUED,
    )
    assert answer.json()["status"] == "saved", answer.json()
    answer = api.post(
        base + "penalties/",
        {**fresh(table), **decision(seated[2].number, MAX_PENALTY_AMOUNT, MAX_HAND_NUMBER)},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    answer = api.post(
        base + "penalties/",
        {**fresh(table), "registration": seated[3].number, "kind": "late_arrival", "minutes": 0},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    give_penalty(
        session,
        seated[3],
        "late_arrival",
        actor=actor,
        table=table,
        revision=fresh(table)["revision"],
        minutes=MAX_MINUTES_LATE,
        hand_number=MAX_HAND_NUMBER,
    )

    # The clock: the director's page at both ends, then the service up to the total's limit.
    clock_url = reverse("session-clock", args=[tournament.slug, 1])
    for minutes in (MAX_CLOCK_MINUTES_ADDED, -MAX_CLOCK_MINUTES_TAKEN_BACK):
        director_client.post(clock_url, {"action": "extend", "minutes": str(minutes)})
        director_client.post(
            clock_url, {"action": "extend", "minutes": str(-minutes), "table": str(table.pk)}
        )
    session.refresh_from_db()
    while session.clock_extra_minutes < MAX_CLOCK_MINUTES_TOTAL:
        step = min(MAX_CLOCK_MINUTES_ADDED, MAX_CLOCK_MINUTES_TOTAL - session.clock_extra_minutes)
        session = clock.extend_clock(session, step, actor=actor)
    assert session.clock_extra_minutes == MAX_CLOCK_MINUTES_TOTAL

    # The rest of the session, closed and confirmed.
    play(table, [mcr_entry(n) for n in range(5, 17)], actor)
    play(cup["other"], [mcr_entry(n) for n in range(1, 17)], actor)
    for each in (table, cup["other"]):
        each.refresh_from_db()
        closing.close_table(each, actor=actor)
    closing.confirm_session(session, actor=actor)

    # The draw's seed, the largest, through the API; a player's number, the largest.
    answer = api.post(
        f"/api/v1/tournaments/{tournament.slug}/draw/",
        {"scope": "2", "seed": MAX_SEED},
        format="json",
    )
    assert answer.status_code in (200, 201), answer.json()
    register_player(tournament, first_name="Last", last_name="Number", number=MAX_PLAYER_NUMBER)

    def kept(tournament):
        return {
            "penalties": sorted(
                Penalty.objects.filter(session__tournament=tournament).values_list(
                    "hand_number", "points", "minutes_late"
                ),
                key=repr,
            ),
            "fans": sorted(
                Hand.objects.filter(table__session__tournament=tournament).values_list(
                    "fan", "flowers"
                ),
                key=repr,
            ),
            "clock": list(
                tournament.sessions.order_by("number").values_list(
                    "clock_extra_minutes", "draw_seed"
                )
            ),
            "tables": sorted(
                tournament.sessions.get(number=1).tables.values_list("number", "extra_minutes")
            ),
            "numbers": max(tournament.registrations.values_list("number", flat=True)),
        }

    before = kept(tournament)
    assert (MAX_HAND_NUMBER, -MAX_PENALTY_AMOUNT, None) in before["penalties"]
    assert (None, 0, MAX_MINUTES_LATE) not in before["penalties"]  # it was during hand 999
    assert (MAX_FAN, 0) in before["fans"] and (MIN_FAN, 0) in before["fans"]
    assert (MIN_FAN + MAX_FLOWERS, MAX_FLOWERS) in before["fans"]  # 8 fan, not counting flowers
    assert before["clock"][1][1] == MAX_SEED and before["numbers"] == MAX_PLAYER_NUMBER
    assert kept(restored(tournament)) == before


def test_one_more_than_the_limit_is_refused_by_every_entry_point(cup):
    tournament, table, api = cup["tournament"], cup["table"], cup["api"]
    registration = table.seats.get(wind=0).registration
    phone = Client()
    too_late = decision(registration.pk, 0, MAX_HAND_NUMBER + 1)
    page = phone.post(link(table, "penalty"), {**fresh(table), **too_late, "confirmed": "True"})
    assert page.status_code == 200 and str(MAX_HAND_NUMBER) in page.content.decode()
    queued = phone.post(
        link(table, "penalty"), {**fresh(table), **too_late, "confirmed": "True"}, **QUEUED
    )
    assert queued.json()["status"] == "invalid"
    answer = api.post(
        f"/api/v1/tournaments/{tournament.slug}/sessions/1/tables/1/penalties/",
        {**fresh(table), **decision(registration.number, 0, MAX_HAND_NUMBER + 1)},
        format="json",
    )
    assert answer.status_code == 400
    with pytest.raises(TableError, match=str(MAX_HAND_NUMBER)):
        give_penalty(
            table.session,
            registration,
            "referee_decision",
            actor=cup["actor"],
            table=table,
            hand_number=MAX_HAND_NUMBER + 1,
            amount=1,
            reason="x",
        )
    session = clock.extend_clock(table.session, MAX_CLOCK_MINUTES_ADDED, actor=cup["actor"])
    session.clock_extra_minutes = MAX_CLOCK_MINUTES_TOTAL
    session.save(update_fields=["clock_extra_minutes"])
    with pytest.raises(TableError, match=str(MAX_CLOCK_MINUTES_TOTAL)):
        clock.extend_clock(session, 1, actor=cup["actor"])
    with pytest.raises(RegistrationError, match=str(MAX_PLAYER_NUMBER)):
        register_player(
            tournament, first_name="One", last_name="Over", number=MAX_PLAYER_NUMBER + 1
        )
    answer = api.post(
        f"/api/v1/tournaments/{tournament.slug}/draw/preview/",
        {"scope": "2", "seed": MAX_SEED + 1},
        format="json",
    )
    assert answer.status_code == 400
    assert Penalty.objects.count() == 0


def test_a_hand_changed_as_often_as_the_desk_allows_restores_and_no_more(cup):
    """Versions of one hand: the service refuses the one past MAX_HAND_VERSIONS, and an archive
    holding that many restores."""
    table, actor = cup["table"], cup["actor"]
    play(table, [mcr_entry(1)], actor)
    first = Hand.objects.get(table=table)
    Hand.objects.filter(pk=first.pk).update(is_current=False)
    earlier = []
    for version in range(2, MAX_HAND_VERSIONS):
        copy = Hand.objects.get(pk=first.pk)
        copy.pk, copy.version, copy.is_current = None, version, False
        earlier.append(copy)
    Hand.objects.bulk_create(earlier)
    last = Hand.objects.get(pk=first.pk)
    last.pk, last.version, last.is_current = None, MAX_HAND_VERSIONS, True
    last.save()
    table.refresh_from_db()
    with pytest.raises(TableError, match=str(MAX_HAND_VERSIONS)):
        hands.correct_hand(table, 1, mcr_entry(2), actor=actor, revision=table.revision)
    data = json.loads(gzip.decompress(export_archive(cup["tournament"])))
    versions = [h["version"] for h in data["hands"] if h["number"] == 1 and h["table"] == 1]
    assert max(versions) == MAX_HAND_VERSIONS
    tournament = restored(cup["tournament"])
    assert Hand.objects.filter(table__session__tournament=tournament).count() == MAX_HAND_VERSIONS
    data["tournament"]["slug"] = "past-the-limit"
    data["tables"] = [{**t, "token": t["token"][:-1] + "x"} for t in data["tables"]]
    over = next(h for h in data["hands"] if h["version"] == MAX_HAND_VERSIONS)
    data["hands"].append({**over, "version": MAX_HAND_VERSIONS + 1, "is_current": False})
    with pytest.raises(ArchiveError, match="out of range"):
        restore_archive(gzip.compress(json.dumps(data).encode()))


def test_restore_refuses_a_player_number_the_desk_never_gives(cup):
    data = json.loads(gzip.decompress(export_archive(cup["tournament"])))
    delete_tournament(cup["tournament"])
    data["registrations"][0]["number"] = MAX_PLAYER_NUMBER + 1
    with pytest.raises(ArchiveError, match="out of range"):
        restore_archive(gzip.compress(json.dumps(data).encode()))
    assert not Registration.objects.exists()
