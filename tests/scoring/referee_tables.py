"""A table of each rule set as a referee sees it in the middle of a session: long names (the
ones that broke mid-word on the buttons), a few hands played so the deal has moved away from the
starting East, and a penalty. Shared by the phone-width browser test and the seat-order test."""

from scoring.access import Actor
from scoring.services.tables import snapshot
from tests.factories import build, penalize, play

RULESETS = ("mcr", "riichi2008", "riichi2016", "european", "fimj", "faentino")

#: Starting seat (0 = East) -> (first name, last name).
LONG_NAMES = {
    0: ("Søren", "Kierkegård"),
    1: ("Annika", "Andersson"),
    2: ("Maria Vittoria", "Bevilacqua-Castiglioni"),
    3: ("Þórður", "Þórsson"),
}

#: Both riichi editions: two rons by non-dealers.
RIICHI_HANDS = [
    {
        "outcome": "ron",
        "winners": [1],
        "discarder": 2,
        "han": [0, 3, 0, 0],
        "fu": [0, 30, 0, 0],
    },
    {
        "outcome": "ron",
        "winners": [3],
        "discarder": 0,
        "han": [0, 0, 0, 2],
        "fu": [0, 0, 0, 40],
    },
]

#: Every rack game (classic European, FIMJ, Faentino): two Mahjongs by non-dealers.
RACK_HANDS = [
    {"outcome": "mahjong", "winner": 1, "points": [8, 40, 10, 4], "doubles": [0, 1, 0, 0]},
    {"outcome": "mahjong", "winner": 3, "points": [8, 12, 10, 30], "doubles": [0, 0, 1, 1]},
]

#: Hands that move the deal away from the starting East (a non-dealer wins).
HANDS = {
    "mcr": [
        {"outcome": "discard", "winner": 1, "discarder": 2, "fan": 9},
        {"outcome": "self_drawn", "winner": 3, "fan": 8},
    ],
    "riichi2008": RIICHI_HANDS,
    "riichi2016": RIICHI_HANDS,
    "european": RACK_HANDS,
    "fimj": RACK_HANDS,
    "faentino": RACK_HANDS,
}


def referee_table(code):
    """Table 1 of session 1 of a new `code` tournament, hands played, a late arrival given."""
    tournament = build(ruleset=code, slug=f"ref-{code}")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    for seat in table.seats.select_related("registration__player"):
        player = seat.registration.player
        player.first_name, player.last_name = LONG_NAMES[seat.wind]
        player.save(update_fields=["first_name", "last_name"])
    actor = Actor(via="table link")
    play(table, HANDS[code], actor)
    penalize(table, 2, "late_arrival", actor, minutes=3)
    table.refresh_from_db()
    assert snapshot(table).state.seat_winds != (0, 1, 2, 3), f"{code}: the deal did not move"
    return table
