"""Issue 31, point 6: a hand is written as it is read. For every rule set, every hand a table's
read gives (`entry`, per-seat figures as arrays by starting seat) is posted back, as it is, to
another table of the session: each one is saved (201) with the same changes, and the second
table then reads exactly as the first."""

import uuid

import pytest

from api.models import TokenKind
from api.tokens import create_token
from scoring.access import Actor
from scoring.services import hands
from tests.factories import build, client_with, make_tournament_director, play

#: Hands of every kind each rule set's form takes: wins of each sort, draws, errors.
RIICHI = [
    {
        "outcome": "ron",
        "winners": [1],
        "discarder": 2,
        "han": [0, 3, 0, 0],
        "fu": [0, 30, 0, 0],
        "riichi": [1],
    },
    {"outcome": "tsumo", "winners": [3], "han": [0, 0, 0, 2], "fu": [0, 0, 0, 40]},
    {"outcome": "draw", "tenpai": [0, 2], "riichi": [2]},
    {"outcome": "chombo", "offender": 1},
    {
        "outcome": "ron",
        "winners": [1, 3],
        "discarder": 0,
        "han": [0, 1, 0, 5],
        "fu": [0, 30, 0, 0],
        "riichi": [3],
    },
    {
        "outcome": "tsumo",
        "winners": [2],
        "han": [0, 0, 0, 0],
        "fu": [0, 0, 0, 0],
        "yakuman": [0, 0, 1, 0],
    },
]
RACK = [
    {"outcome": "mahjong", "winner": 1, "points": [8, 40, 10, 4], "doubles": [0, 1, 0, 0]},
    {"outcome": "washout"},
    {
        "outcome": "mahjong",
        "winner": 0,
        "points": [30, 12, 0, 6],
        "doubles": [2, 0, 0, 1],
        "zero_score": [2],
    },
    {"outcome": "wall_destroyed", "offender": 3, "points": [4, 8, 2, 0]},
    {"outcome": "mahjong", "winner": 2, "points": [0, 0, 20, 0], "limit_hand": True},
]
HANDS = {
    "mcr": [
        {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 9},
        {"outcome": "self_drawn", "winner": 3, "fan": 10, "flowers": 2},
        {"outcome": "washout"},
        {"outcome": "discard", "winner": 0, "discarder": 3, "fan": 24},
    ],
    "riichi2008": [*RIICHI, {"outcome": "abortive_draw", "tenpai": [1]}],
    "riichi2016": RIICHI,
    "european": RACK,
    "fimj": RACK,
    "faentino": RACK,
}


def hands_url(table, suffix="hands/"):
    session = table.session
    return (
        f"/api/v1/tournaments/{session.tournament.slug}/sessions/{session.number}/"
        f"tables/{table.number}/{suffix}"
    )


@pytest.mark.parametrize("code", list(HANDS))
def test_every_hand_read_is_saved_when_posted_back(db, code):
    tournament = build(ruleset=code, slug=f"trip-{code}")
    session = tournament.sessions.get(number=1)
    first, second = session.tables.get(number=1), session.tables.get(number=2)
    if code == "fimj":  # its first hand says who opened the first breach, as the page asks
        hands.record_hand(
            first, HANDS[code][0], actor=Actor(via="table link"), revision=0, first_wind=2
        )
        play(first, HANDS[code][1:], Actor(via="table link"))
    else:
        play(first, HANDS[code], Actor(via="table link"))
    director = make_tournament_director(tournament)
    _token, secret = create_token(
        tournament, name="reader", kind=TokenKind.DIRECTOR, creator=director
    )
    reader = client_with(f"Bearer {secret}")
    read = reader.get(hands_url(first, "")).json()
    assert [hand["number"] for hand in read["hands"]] == list(range(1, len(HANDS[code]) + 1))
    arrays = {k for hand in read["hands"] for k, v in hand["entry"].items() if isinstance(v, list)}
    assert arrays if code != "mcr" else not arrays  # MCR's hands have no figure per seat

    writer = client_with(f"Table {second.token}")
    revision = second.revision
    for hand in read["hands"]:
        body = {**hand["entry"], "revision": revision, "submission": str(uuid.uuid4())}
        answer = writer.post(hands_url(second), body, format="json")
        assert answer.status_code == 201, (code, hand["number"], answer.json())
        assert answer.json()["hand"] == hand["number"]
        revision = answer.json()["revision"]

    again = reader.get(hands_url(second, "")).json()
    assert [(h["outcome"], h["entry"], h["changes"]) for h in again["hands"]] == [
        (h["outcome"], h["entry"], h["changes"]) for h in read["hands"]
    ]
    assert again["totals"] == read["totals"]
    first.refresh_from_db()
    second.refresh_from_db()
    assert second.first_wind == first.first_wind


def test_a_correction_posted_as_read_is_saved(db):
    tournament = build(ruleset="riichi2016", slug="trip-correct")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    play(table, RIICHI[:2], Actor(via="table link"))
    client = client_with(f"Table {table.token}")
    read = client.get(hands_url(table, "")).json()
    entry = {**read["hands"][0]["entry"], "han": [0, 4, 0, 0]}
    body = {**entry, "revision": read["revision"], "submission": str(uuid.uuid4())}
    answer = client.post(hands_url(table, "hands/1/"), body, format="json")
    assert answer.status_code == 200, answer.json()
    hand = client.get(hands_url(table, "")).json()["hands"][0]
    assert hand["version"] == 2 and hand["entry"]["han"] == [0, 4, 0, 0]


@pytest.mark.parametrize(
    "figures, field",
    [
        ({"han": [0, 3, 0]}, "han"),  # three values for four seats
        ({"han": [0, 3, 0, 0], "han_1": "2"}, "han"),  # the two ways disagree
    ],
)
def test_an_array_that_does_not_fit_is_refused_and_nothing_is_saved(db, figures, field):
    tournament = build(ruleset="riichi2016", slug="trip-bad")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    client = client_with(f"Table {table.token}")
    body = {
        "outcome": "ron",
        "winners": [1],
        "discarder": 2,
        "fu": [0, 30, 0, 0],
        **figures,
        "revision": table.revision,
        "submission": str(uuid.uuid4()),
    }
    answer = client.post(hands_url(table), body, format="json")
    assert answer.status_code == 400
    assert field in answer.json()["errors"]
    assert table.hands.count() == 0
