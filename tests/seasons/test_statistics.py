"""The statistics from the hands (docs/rules.md §12) of two hand-made sessions, MCR and riichi,
counted by hand, through the statistics, the player's page and the downloads."""

import csv
import io
from fractions import Fraction as F

import pytest
from django.urls import reverse

from exports.build import ExportRequest, build_export
from scoring.access import Actor
from scoring.services import closing
from scoring.services.hands import record_hand
from scoring.services.tables import entry_state
from scoring.statistics.tallies import tournament_statistics
from scoring.tiles.services import TilesInput
from tests.factories import build, make_director, make_season, penalize, seated

HAND = "123m 456p 789s 123s 5p +5p"  # counted from tiles: Mixed Straight, All Chows, ...


def save(table, entry, actor, tiles=None):
    table.refresh_from_db()
    return record_hand(table, entry, actor=actor, revision=table.revision, tiles=tiles)[0]


def finish(table, actor):
    table.refresh_from_db()
    closing.close_table(table, actor=actor)
    session = table.session
    closing.confirm_session(session, actor=actor)
    session.results_published = True
    session.save(update_fields=["results_published"])


@pytest.fixture(scope="module")
def played(django_db_setup, django_db_blocker):
    """An MCR and a riichi session of one table each, played hand by hand (below)."""
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        director = make_director("stats-admin")
        actor = Actor(user=director)
        mcr = build(players=4, sessions=1, slug="stats-mcr")
        table = mcr.sessions.get().tables.get()
        ruleset, _seats, state = entry_state(table)
        count = ruleset.tile_counter().count(HAND, winner=1, self_drawn=False, state=state)
        fan = count.fills["fan"]
        discard = {"outcome": "discard", "discarder": 2, "winner": 1, "fan": fan}
        save(table, discard, actor, TilesInput(HAND))  # South wins, counted from tiles
        save(table, {"outcome": "self_drawn", "winner": 1, "fan": 8}, actor)
        save(table, {"outcome": "discard", "winner": 0, "discarder": 1, "fan": 10}, actor)
        save(table, {"outcome": "discard", "winner": 3, "discarder": 2, "fan": 9}, actor)
        save(table, {"outcome": "washout"}, actor)
        save(table, {**discard, "discarder": 3}, actor, TilesInput(HAND))
        penalize(table, 1, "false_hu", actor, valid_shape=True, revealed=True)
        penalize(table, 1, "late_arrival", actor, minutes=5)
        finish(table, actor)

        riichi = build(players=4, sessions=1, slug="stats-riichi", ruleset="riichi2016")
        table = riichi.sessions.get().tables.get()

        hands = [
            {  # South wins on East's discard, both in riichi
                "outcome": "ron",
                "winners": [1],
                "discarder": 0,
                "han": [0, 3, 0, 0],
                "fu": [0, 30, 0, 0],
                "riichi": [0, 1],
            },
            {"outcome": "tsumo", "winners": [2], "han": [0, 0, 4, 0], "fu": [0, 0, 30, 0]},
            {"outcome": "draw", "tenpai": [1], "riichi": [1]},
            {"outcome": "chombo", "offender": 1},
            {  # a double ron on West: South 2 han, North a yakuman
                "outcome": "ron",
                "winners": [1, 3],
                "discarder": 2,
                "han": [0, 2, 0, 0],
                "fu": [0, 40, 0, 0],
                "yakuman": [0, 0, 0, 1],
                "riichi": [],
            },
        ]
        stored = [save(table, entry, actor) for entry in hands]
        finish(table, actor)
        yield {
            "actor": actor,
            "mcr": mcr,
            "riichi": riichi,
            "fan": fan,
            "patterns": sorted(name for name, _it in ruleset.hand_patterns(count.as_json())),
            "riichi_hands": stored,
        }
        transaction.set_rollback(True)


def tally_of(tournament, wind):
    statistics = tournament_statistics(tournament, [1])
    registration = seated(tournament.sessions.get().tables.get(), wind)
    return statistics.tallies[registration.pk], registration


def test_the_mcr_session_by_hand(played):
    south, _registration = tally_of(played["mcr"], 1)
    fan = played["fan"]
    assert (south.hands, south.won, south.self_drawn, south.dealt_in, south.draws) == (
        6,
        3,
        1,
        1,
        1,
    )
    assert (south.average_value, south.largest_value) == (F(2 * fan + 8, 3), max(fan, 8))
    # the false Hu is a penalty paid to the others (a transfer), the late arrival 10 to nobody
    assert (south.penalties, south.penalty_points, south.chombo) == (2, -10, 0)
    assert south.frequent_pattern == (played["patterns"][0], 2) and south.counted_wins == 2
    west, _registration = tally_of(played["mcr"], 2)
    assert (west.hands, west.won, west.dealt_in, west.penalties) == (6, 0, 2, 0)
    east, _registration = tally_of(played["mcr"], 0)
    assert (east.won, east.largest_value, east.frequent_pattern) == (1, 10, None)


def test_the_riichi_session_by_hand(played):
    stored = played["riichi_hands"]
    south, _registration = tally_of(played["riichi"], 1)
    assert (south.hands, south.won, south.self_drawn, south.dealt_in) == (5, 2, 0, 0)
    assert (south.riichi, south.riichi_won, south.riichi_dealt_in) == (2, 1, 0)
    assert (south.chombo, south.draws, south.average_han) == (1, 1, F(5, 2))
    assert south.largest_value == max(stored[0].changes[1], stored[4].changes[1])
    east, _registration = tally_of(played["riichi"], 0)
    assert (east.dealt_in, east.riichi, east.riichi_dealt_in, east.won) == (1, 1, 1, 0)
    west, _registration = tally_of(played["riichi"], 2)
    assert (west.won, west.self_drawn, west.dealt_in, west.average_han) == (1, 1, 1, 4)
    north, _registration = tally_of(played["riichi"], 3)
    assert (north.won, north.average_han) == (1, None)  # a yakuman has no han to average
    assert north.average_value == stored[4].changes[3]


def test_the_player_page_and_the_downloads_show_the_same_figures(client, played):
    season = make_season("stats-season", [played["mcr"]])
    _tally, registration = tally_of(played["mcr"], 1)
    page = client.get(reverse("player-history", args=[registration.player_id]))
    text = page.content.decode()
    assert "Statistics from the hands" in text and "Most frequent fan" in text
    statistics = page.context["history"].statistics
    assert [line.label for line in statistics[0].lines] == ["Cup stats-mcr", season.name]
    assert statistics[0].lines[0].tally.won == 3
    answer = client.get(reverse("season-statistics-download", args=[season.slug, "csv"]))
    rows = list(csv.DictReader(io.StringIO(answer.content.decode("utf-8-sig"))))
    row = next(r for r in rows if r["Last name"] == registration.player.last_name)
    assert (row["Hands played"], row["Hands won"], row["Dealt in"], row["Penalty points"]) == (
        "6",
        "3",
        "1",
        "-10",
    )
    assert row["Most frequent fan"].startswith(played["patterns"][0] + " (2 of 2")
    answer = client.get(reverse("player-statistics-download", args=[registration.player_id, "csv"]))
    assert answer.status_code == 200 and "Season: Season stats-season" in answer.content.decode(
        "utf-8-sig"
    )
    _name, _type, content = build_export(played["mcr"], ExportRequest("statistics", "csv"))
    rows = list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))
    assert next(r for r in rows if r["No."] == str(registration.number))["Self-drawn"] == "1"


def test_the_riichi_figures_on_the_player_page_in_italian(client, played):
    _tally, registration = tally_of(played["riichi"], 1)
    client.cookies["django_language"] = "it"
    text = client.get(reverse("player-history", args=[registration.player_id])).content.decode()
    assert (
        "Riichi dichiarati" in text
        and "Scarti pagati in riichi" in text
        and "Media han" in text
        and "2,50" in text
    )
