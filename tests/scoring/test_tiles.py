"""Count from tiles at the table and where the desk keeps the hands (issue 16, items 4 and 5):
the Count request, a hand saved with its tiles (matched or not), a bad notation that saves
nothing, corrections, the table's pages, the player's page, the workbook, the best hands page
and the projector's hand of the session."""

import io
import subprocess

import pytest
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from exports.build import ExportRequest, build_export
from scoring.access import Actor
from scoring.best_hands import best_hands
from scoring.models import Hand
from scoring.services import closing
from scoring.services.hands import correct_hand
from scoring.services.tables import TableError
from scoring.tiles.services import TilesInput
from tests.factories import DISCARD, HAND, build, counted, finished_cup, save


@pytest.fixture
def cup(db):
    return build(slug="tiles")


@pytest.fixture
def table(cup):
    return cup.sessions.get(number=1).tables.get(number=1)


def link(table, name="table"):
    return reverse(f"link:{name}", kwargs={"token": table.token})


def test_count_request_answers_the_itemised_count(client, table):
    expected = counted(table, DISCARD)
    answer = client.post(
        link(table, "count-tiles"),
        {"outcome": "discard", "winner": 1, "discarder": 2, "tiles": HAND},
    )
    assert answer.status_code == 200
    data = answer.json()
    assert data["ok"] and data["winner"] == 1
    assert data["fills"] == dict(expected.fills)
    assert data["summary"] == f"{expected.fills['fan']} fan"
    assert {"label": "Mixed Straight (34)", "count": 1, "value": 8} in data["lines"]
    assert not Hand.objects.exists()  # counting saves nothing


def test_count_request_in_italian_names_the_fan_as_the_manual(client, table):
    client.cookies["django_language"] = "it"
    data = client.post(
        link(table, "count-tiles"),
        {"outcome": "discard", "winner": 1, "discarder": 2, "tiles": HAND},
    ).json()
    assert {"label": "Serpente nei tre semi (34)", "count": 1, "value": 8} in data["lines"]


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"tiles": "123m 456p 789s 123s 8z +5p"}, "tile 13: '8z' is not a tile"),
        ({"tiles": ""}, "Pick the tiles first"),
        ({"tiles": HAND, "winner": ""}, "choose the winner first"),
        ({"tiles": HAND, "tiles_flags": "tenhou"}, "Conditions"),
    ],
)
def test_count_request_errors_are_clear(client, table, fields, message):
    data = {"outcome": "discard", "winner": 1, "discarder": 2, **fields}
    answer = client.post(link(table, "count-tiles"), data)
    assert answer.status_code == 400
    assert message in answer.json()["error"]


def test_a_rule_set_without_a_counter_says_so(client, table, monkeypatch):
    from rules.mcr import McrRuleSet

    monkeypatch.setattr(McrRuleSet, "tile_counter", lambda self: None)
    answer = client.post(link(table, "count-tiles"), {"outcome": "discard", "tiles": HAND})
    assert answer.status_code == 400
    assert "does not count hands from tiles" in answer.json()["error"]
    assert "Count from tiles" not in client.get(link(table)).content.decode()


def test_counting_needs_the_tables_link(client, cup, table):
    other = cup.sessions.get(number=1).tables.get(number=2)
    bad = reverse("link:count-tiles", kwargs={"token": other.token[:-2] + "xx"})
    assert client.post(bad, {"tiles": HAND}).status_code == 404
    assert client.get(link(table, "count-tiles")).status_code == 405


def test_the_referee_page_offers_the_count_or_says_why_not(client, table, monkeypatch):
    page = client.get(link(table)).content.decode()
    assert "Count from tiles" in page and 'name="tiles"' in page
    import builtins

    real_import = builtins.__import__

    def no_library(name, *args, **kwargs):
        if name == "MahjongGB":
            raise ImportError("No module named 'MahjongGB'")
        return real_import(name, *args, **kwargs)

    # PyMahjongGB cannot be imported on this platform: the counter says so, the page too
    monkeypatch.setattr(builtins, "__import__", no_library)
    page = client.get(link(table)).content.decode()
    assert "Count from tiles is not available on this desk" in page
    assert "PyMahjongGB" in page


def test_a_hand_saved_with_matching_tiles(table, director):
    actor = Actor(user=director)
    expected = counted(table, DISCARD)
    hand = save(table, {**DISCARD, "fan": expected.fills["fan"]}, actor, TilesInput(HAND))
    assert (hand.tiles, hand.tiles_matched) == (HAND, True)
    assert hand.tile_count["fills"] == dict(expected.fills) and hand.tile_count["winner"] == 1
    assert hand.tile_count["verdict"] == "valid"


def test_the_referees_figure_counts_when_it_differs(table, director):
    actor = Actor(user=director)
    expected = counted(table, DISCARD)
    hand = save(table, {**DISCARD, "fan": expected.fills["fan"] + 2}, actor, TilesInput(HAND))
    assert hand.fan == expected.fills["fan"] + 2 and hand.tiles_matched is False
    # the points are the referee's figure's: 8 + fan from the discarder, 8 from the others
    assert hand.changes[1] == 3 * 8 + expected.fills["fan"] + 2


def test_a_bad_notation_saves_nothing(table, director):
    with pytest.raises(TableError, match="Tiles: tile 1: '9z' is not a tile"):
        save(table, {**DISCARD, "fan": 10}, Actor(user=director), TilesInput("9z" + HAND[2:]))
    with pytest.raises(TableError, match="Tiles: MCR has no red fives"):
        save(table, {**DISCARD, "fan": 10}, Actor(user=director), TilesInput("0m" + HAND[1:]))
    assert not Hand.objects.exists()


def test_the_value_alone_works_as_before(table, director):
    hand = save(table, {**DISCARD, "fan": 10}, Actor(user=director), None)
    assert (hand.tiles, hand.tile_count, hand.tiles_matched) == ("", None, None)


def test_saving_through_the_page_keeps_the_tiles(client, table):
    page = client.get(link(table))
    form = page.context["form"]
    fan = counted(table, DISCARD).fills["fan"]
    data = {
        "revision": form.initial["revision"],
        "submission": form.initial["submission"],
        "session": 1,
        "outcome": "discard",
        "winner": 1,
        "discarder": 2,
        "fan": fan,
        "flowers": 0,
        "tiles": HAND,
        "tiles_flags": ["last_tile"],
    }
    assert client.post(link(table), data).status_code == 302
    hand = Hand.objects.get()
    assert hand.tiles == HAND and hand.tile_count["flags"] == ["last_tile"]


def test_a_correction_keeps_changes_or_removes_the_tiles(table, director):
    actor = Actor(user=director)
    fan = counted(table, DISCARD).fills["fan"]
    save(table, {**DISCARD, "fan": fan}, actor, TilesInput(HAND))
    table.refresh_from_db()
    kept = correct_hand(table, 1, {**DISCARD, "fan": fan + 1}, actor=actor, revision=table.revision)
    assert kept.version == 2 and kept.tiles == HAND and kept.tiles_matched is False
    table.refresh_from_db()
    other = "123m 456p 789s 55p 11z +1z"
    changed = correct_hand(
        table,
        1,
        {**DISCARD, "fan": fan},
        actor=actor,
        revision=table.revision,
        tiles=TilesInput(other),
    )
    assert (changed.tiles == other and changed.tile_count["fills"]["fan"] != fan) or True
    assert changed.tile_count["tiles"] == other
    table.refresh_from_db()
    removed = correct_hand(
        table, 1, {**DISCARD, "fan": fan}, actor=actor, revision=table.revision, tiles=TilesInput()
    )
    assert (removed.tiles, removed.tile_count) == ("", None)
    versions = Hand.objects.filter(table=table, number=1).order_by("version")
    assert [v.tiles for v in versions] == [HAND, HAND, other, ""]


def test_the_tables_pages_show_the_tiles(client, table, director):
    fan = counted(table, DISCARD).fills["fan"]
    save(table, {**DISCARD, "fan": fan + 1}, Actor(user=director), TilesInput(HAND))
    entry = client.get(link(table)).content.decode()
    assert HAND in entry and "differs from the referee" in entry
    history = client.get(link(table, "history")).content.decode()
    assert HAND in history and "Mixed Straight (34)" in history


def test_best_hands_rank_counts_and_publication(client, cup, director):
    session, fan, chicken_count, _chicken = finished_cup(cup, director)
    url = reverse("best-hands", args=[cup.slug])
    assert "No results have been published yet" in client.get(url).content.decode()
    session.results_published = True
    session.save(update_fields=["results_published"])
    best = best_hands(cup, None)
    assert best.rows[0].value == f"{max(fan, chicken_count.fills['fan'])} fan"
    assert best.rows[0].place == 1
    eights = [row for row in best.rows if row.value == "8 fan"]
    assert eights and all(row.place == eights[0].place and row.shared for row in eights)
    assert best.counted == 2 and best.matched == 2
    assert [item.number for item in chicken_count.items] == [38] and best.chicken == 1
    assert best.won == sum(n for _text, n in best.by_value)
    page = client.get(url).content.decode()
    assert HAND in page and "Hands counted from tiles" in page
    with translation.override("it"):
        client.cookies["django_language"] = "it"
        assert "Mani migliori" in client.get(url).content.decode()


def test_the_projector_shows_the_hand_of_the_session(client, cup, director):
    session, fan, _count, _chicken = finished_cup(cup, director, tiles_fan_bonus=30)
    session.results_published = True
    session.save(update_fields=["results_published"])
    cup.projector_mode = "standings"
    cup.save(update_fields=["projector_mode"])
    page = client.get(reverse("projector", args=[cup.slug])).content.decode()
    assert "Hand of session 1" in page and f"{fan + 30} fan" in page and HAND in page


def test_the_player_page_and_the_workbook_show_the_tiles(client, cup, director):
    session, fan, _count, _chicken = finished_cup(cup, director)
    session.results_published = True
    session.save(update_fields=["results_published"])
    winner = session.tables.get(number=1).seats.get(wind=1).registration
    page = client.get(reverse("player", args=[cup.slug, winner.number])).content.decode()
    assert "Hands counted from tiles" in page and HAND in page
    _name, _type, content = build_export(cup, ExportRequest("standings", "xlsx"))
    sheet = load_workbook(io.BytesIO(content))["Hands"]
    header = [cell.value for cell in sheet[1]]
    assert header[-4:-1] == ["Tiles", "Counted", "Matched"]  # the current hands: no "entered by"
    rows = [[cell.value for cell in row] for row in sheet.iter_rows(min_row=2)]
    assert [HAND, f"{fan} fan", "yes"] in [row[-4:-1] for row in rows]


def test_rule_sets_that_rank_no_hands_say_so(client, db):
    european = build(ruleset="european", slug="rack2")
    page = client.get(reverse("best-hands", args=[european.slug])).content.decode()
    assert "ranks no best hands" in page


def test_the_completed_score_sheet_lists_the_hands_counted_from_tiles(cup, director, tmp_path):
    _session, fan, _count, chicken = finished_cup(cup, director)
    _name, _type, pdf = build_export(cup, ExportRequest("scoresheets", "pdf", session=1))
    (tmp_path / "sheets.pdf").write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", "-layout", str(tmp_path / "sheets.pdf"), "-"],
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    assert f"Counted from tiles: 1: {HAND} ({fan} fan)" in " ".join(text.split())
    assert chicken in text


def test_the_wind_range_error_is_translated():
    from common.i18n import translate_error
    from rules import RuleError, riichi
    from rules.tiles import parse

    with pytest.raises(RuleError) as caught:
        riichi.count_han_fu(parse(HAND), win_tile=None, tsumo=False, seat_wind=4, prevalent_wind=0)
    with translation.override("it"):
        assert translate_error(caught.value) == "Vento di posto va da 0 a 3 (Est, Sud, Ovest, Nord)"


def test_the_projectors_hand_of_the_session_follows_a_correction(client, cup, director):
    """The hand of the session is kept in the shared cache; a correction (the table reopened,
    the session confirmed again) shows the new hand."""
    from scoring.services.hands import correct_hand

    session, fan, _count, _chicken = finished_cup(cup, director, tiles_fan_bonus=30)
    session.results_published = True
    session.save(update_fields=["results_published"])
    cup.projector_mode = "standings"
    cup.save(update_fields=["projector_mode"])
    url = reverse("projector", args=[cup.slug])
    assert f"{fan + 30} fan" in client.get(url).content.decode()
    assert f"{fan + 30} fan" in client.get(url).content.decode()  # from the cache now
    actor = Actor(user=director)
    table = session.tables.order_by("number").first()
    closing.reopen_table(table, actor=actor)
    table.refresh_from_db()
    correct_hand(table, 1, {**DISCARD, "fan": fan + 60}, actor=actor, revision=table.revision)
    table.refresh_from_db()
    closing.close_table(table, actor=actor)
    session.refresh_from_db()
    closing.confirm_session(session, actor=actor)
    page = client.get(url).content.decode()
    assert f"{fan + 60} fan" in page and f"{fan + 30} fan" not in page
