"""Count from tiles at the classic games' tables (docs/rules.md §7.4): every player's tiles on
the hand form, one player counted at a time, the counts kept with the hand beside the referee's
figures; the FIMJ table's first prevalent wind asked with its first hand (§4.3)."""

import pytest
from django.urls import reverse

from scoring.access import Actor
from scoring.models import Hand
from scoring.services.hands import correct_hand, record_hand
from scoring.services.tables import snapshot
from scoring.tiles.services import PlayerTiles, TilesInput
from tests.factories import build, page_fields

# seed 004's worked example (docs/rules.md §7.3): East wins with 38 points and 1 double
EAST = "222z 123m 456p 55z 78m +9m"
SOUTH = "{8888m} 777z [111z] 99p 24s"
WEST = "[111m] 345p 66z 44z 2s 5s 8s"
NORTH = "111p 234s 567s 33m 7m 9m"
EXAMPLE = {
    "outcome": "mahjong",
    "winner": "0",
    "points_0": "38",
    "doubles_0": "1",
    "points_1": "28",
    "doubles_1": "2",
    "points_2": "10",
    "points_3": "8",
    "tiles_0": EAST,
    "tiles_seasons_0": ["1"],
    "tiles_flowers_0": ["3"],
    "tiles_1": SOUTH,
    "tiles_2": WEST,
    "tiles_flowers_2": ["1"],
    "tiles_3": NORTH,
}


def link(table, name="table"):
    return reverse(f"link:{name}", kwargs={"token": table.token})


def post(client, table, data, name="table"):
    page = client.get(link(table))
    return client.post(
        link(table, name), {**page_fields(page), "session": table.session.number, **data}
    )


@pytest.fixture
def european(db):
    cup = build(ruleset="european", slug="euro")
    return cup.sessions.get(number=1).tables.get(number=1)


def test_the_page_has_every_players_tiles_flowers_and_seasons(client, european):
    page = client.get(link(european)).content.decode()
    assert "Count from tiles" in page and 'name="tiles"' not in page
    for seat in range(4):
        assert f'name="tiles_{seat}"' in page
        assert f'name="tiles_flowers_{seat}"' in page and f'name="tiles_seasons_{seat}"' in page
    assert 'value="self_drawn"' in page and 'value="robbing_kong"' in page
    assert 'value="riichi"' not in page  # a FIMJ condition


def test_counting_one_player_answers_that_players_figures(client, european):
    answer = post(client, european, {**EXAMPLE, "tiles_winner": "1"}, "count-tiles")
    assert answer.status_code == 200, answer.content
    data = answer.json()
    assert data["winner"] == 1 and data["fills"] == {"points": 28, "doubles": 2}
    assert data["summary"] == "28 points, 2 doubles: 110"
    assert {"label": "Concealed kong 8888m", "count": 1, "value": 16} in data["lines"]
    assert {"label": "Pung of dragons 777z", "count": 1, "value": "1 double"} in data["lines"]
    east = post(client, european, {**EXAMPLE, "tiles_winner": "0"}, "count-tiles").json()
    assert east["fills"] == {"points": 38, "doubles": 1, "limit_hand": 0}
    assert not Hand.objects.exists()  # counting saves nothing
    missing = post(client, european, {**EXAMPLE, "tiles_winner": "1", "tiles_1": ""}, "count-tiles")
    assert missing.status_code == 400 and "pick them first" in missing.json()["error"]


def test_a_hand_saved_with_every_players_tiles(client, european):
    response = post(client, european, EXAMPLE)
    assert response.status_code == 302, response.content.decode()[:2000]
    hand = Hand.objects.get()
    assert hand.changes == (480, 42, -258, -264)
    assert hand.tiles_matched is True
    assert hand.tiles.startswith(f"E: {EAST} · S: {SOUTH}")
    players = hand.tile_count["players"]
    assert [(p["winner"], p["points"], p["doubles"], p["score"]) for p in players] == [
        (0, 38, 1, 80),
        (1, 28, 2, 110),
        (2, 10, 0, 10),
        (3, 8, 0, 8),
    ]
    assert players[0]["seasons"] == [1] and players[0]["flowers"] == [3]
    page = client.get(link(european)).content.decode()
    assert "38 points, 1 double: 80" in page and "matched the referee" in page


def test_a_players_figures_that_differ_are_said_and_the_referees_count(client, european):
    response = post(client, european, {**EXAMPLE, "points_3": "12"})
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.tiles_matched is False
    assert [p["matched"] for p in hand.tile_count["players"]] == [True, True, True, False]
    assert hand.changes[3] == -160 - 98 + 2  # the referee's 12 points count
    assert "differs from the referee" in client.get(link(european)).content.decode()


def test_bad_tiles_or_bonus_tiles_without_tiles_save_nothing(client, european):
    response = post(client, european, {**EXAMPLE, "tiles_1": SOUTH + " 1m"})
    assert response.status_code == 200 and "13 tiles" in response.content.decode()
    response = post(client, european, {**EXAMPLE, "tiles_3": "", "tiles_flowers_3": ["2"]})
    assert response.status_code == 200 and "Give this player" in response.content.decode()
    assert not Hand.objects.exists()


def test_a_correction_counts_the_players_again(european, director):
    actor = Actor(user=director)
    tiles = TilesInput(players=(PlayerTiles(0, EAST, (3,), (1,)), PlayerTiles(1, SOUTH)), flags=())
    entry = {
        "outcome": "mahjong",
        "winner": 0,
        "points": (38, 28, 10, 8),
        "doubles": (1, 2, 0, 0),
    }
    hand, _settlement = record_hand(european, entry, actor=actor, revision=0, tiles=tiles)
    assert hand.tiles_matched and len(hand.tile_count["players"]) == 2
    assert TilesInput.from_hand(hand) == tiles
    european.refresh_from_db()
    corrected = correct_hand(
        european,
        1,
        {**entry, "points": (38, 30, 10, 8)},
        actor=actor,
        revision=european.revision,
    )
    assert corrected.tiles == hand.tiles and corrected.tiles_matched is False


@pytest.fixture
def fimj(db):
    cup = build(ruleset="fimj", slug="fimj")
    return cup.sessions.get(number=1).tables.get(number=1)


# seed 001: "Il primo vento del giro è quello corrispondente al giocatore che apre la prima breccia
# nel muro."
def test_the_fimj_first_hand_asks_who_opened_the_first_breach(client, fimj):
    page = client.get(link(fimj)).content.decode()
    assert 'name="first_breach"' in page and "first breach in the wall" in page
    assert "Washout</button>" not in page  # no one-tap washout before the breach is known
    refused = post(client, fimj, {"outcome": "washout"})
    assert refused.status_code == 200 and "first breach" in refused.content.decode()
    west_pung = "333z 123m 456p 789s 5p +5p"  # a concealed pung of West
    data = {
        "outcome": "mahjong",
        "winner": "0",
        "points_0": "30",
        "tiles_0": west_pung,
        "first_breach": "2",
    }
    counted = post(client, fimj, {**data, "tiles_winner": "0"}, "count-tiles").json()
    assert counted["ok"] and any("prevalent wind" in line["label"] for line in counted["lines"])
    assert post(client, fimj, data).status_code == 302
    fimj.refresh_from_db()
    assert fimj.first_wind == 2
    snap = snapshot(fimj)
    assert snap.lines[0].state.prevalent_wind == 2 and snap.state.first_wind == 2
    page = client.get(link(fimj)).content.decode()
    assert 'name="first_breach"' not in page and "West round" in page


def test_correcting_the_first_fimj_hand_can_change_the_first_wind(fimj, director):
    actor = Actor(user=director)
    entry = {"outcome": "mahjong", "winner": 0, "points": (30, 0, 0, 0)}
    record_hand(fimj, entry, actor=actor, revision=0, first_wind=3)
    fimj.refresh_from_db()
    assert fimj.first_wind == 3 and snapshot(fimj).lines[0].state.prevalent_wind == 3
    correct_hand(fimj, 1, entry, actor=actor, revision=fimj.revision, first_wind=1)
    fimj.refresh_from_db()
    assert fimj.first_wind == 1 and snapshot(fimj).state.prevalent_wind == 1


def test_a_faentino_count_fills_the_rack_points(client, db):
    cup = build(ruleset="faentino", slug="faenza")
    table = cup.sessions.get(number=1).tables.get(number=1)
    data = {"outcome": "mahjong", "winner": "1", "tiles_1": "[222p] 456p 789s 55s 67m +8m"}
    answer = post(client, table, {**data, "tiles_winner": "1"}, "count-tiles").json()
    assert answer["fills"] == {"points": 2, "doubles": 0, "limit_hand": 0}
    assert answer["summary"] == "22 points: 20"


def test_the_score_sheet_gives_each_counted_players_score(european, director, tmp_path):
    import subprocess

    from exports.build import ExportRequest, build_export

    tiles = TilesInput(
        players=(
            PlayerTiles(0, EAST, (3,), (1,)),
            PlayerTiles(1, SOUTH),
            PlayerTiles(2, WEST, (1,)),
            PlayerTiles(3, NORTH),
        )
    )
    entry = {"outcome": "mahjong", "winner": 0, "points": (38, 28, 10, 8), "doubles": (1, 2, 0, 0)}
    record_hand(european, entry, actor=Actor(user=director), revision=0, tiles=tiles)
    cup = european.session.tournament
    _name, _type, pdf = build_export(cup, ExportRequest("scoresheets", "pdf", session=1))
    (tmp_path / "sheets.pdf").write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", "-layout", str(tmp_path / "sheets.pdf"), "-"],
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    assert "Counted from tiles: 1: E 80, S 110, W 10, N 8" in " ".join(text.split())
