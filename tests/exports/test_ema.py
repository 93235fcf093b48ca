"""The EMA results file (docs/ema-results.md), read back as the EMA's tools read it: the block's
values under their labels, the header row, then one row per player until the place runs out;
and by position, as the reader of the EMA's template does (block on row 3 in A, B and L..R,
players from row 2 in C..J)."""

import copy
import datetime as dt
import io
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from openpyxl import load_workbook

from exports import ExportError, xlsx_package
from exports.build import ExportRequest, build_export
from scoring.access import Actor
from scoring.standings.ranking import compute_standings
from tests.factories import build, build_played, play_session
from tournament.services.registrations import (
    DISQUALIFY,
    SUBSTITUTE,
    WITHDRAW,
    change_registration,
    register_player,
    registration_values,
)

BLOCK_LABELS = (
    "Tournament",
    "Number of players",
    "Tournament country",
    "City",
    "MERS weight",
    "Status",
    "Rules",
    "First day",
    "Number of days",
    "Substitutes",
)
#: What the EMA's reader takes from row 3, by column.
BLOCK_POSITIONS = {
    1: "Tournament",
    2: "Number of players",
    12: "Tournament country",
    13: "City",
    14: "MERS weight",
    16: "Rules",
    17: "First day",
    18: "Number of days",
}
#: The player columns the EMA's reader takes, from column C.
PLAYER_POSITIONS = (
    "Place",
    "First name",
    "Last name",
    "EMA number",
    "Table points",
    "Score",
    "EMA member",
    "Country",
)
RON = {"outcome": "ron", "winners": [2], "discarder": 1, "han": [0, 0, 3, 0], "fu": [0, 0, 40, 0]}


def read_ema(content):
    """(block, players, sheet): the block by its labels, the players as dicts by header."""
    sheet = load_workbook(io.BytesIO(content)).active
    block = {}
    for row in sheet.iter_rows(min_row=1, max_row=10):
        for cell in row:
            if cell.value in BLOCK_LABELS and cell.value not in block:
                block[cell.value] = sheet.cell(cell.row + 1, cell.column).value
    header_row = next(
        row for row in sheet.iter_rows(min_row=1, max_row=10) if "Place" in [c.value for c in row]
    )
    header = {cell.value: cell.column for cell in header_row if cell.value}
    players = []
    number = header_row[0].row + 1
    while sheet.cell(number, header["Place"]).value is not None:
        players.append(
            {label: sheet.cell(number, column).value for label, column in header.items()}
        )
        number += 1
    return block, players, sheet


def read_by_position(sheet):
    """As the reader of the EMA's template: fixed cells, as many player rows as row 3 says."""
    block = {label: sheet.cell(3, column).value for column, label in BLOCK_POSITIONS.items()}
    players = [
        {label: sheet.cell(row, 3 + offset).value for offset, label in enumerate(PLAYER_POSITIONS)}
        for row in range(2, 2 + int(block["Number of players"]))
    ]
    return block, players


def ema(tournament, **options):
    return build_export(tournament, ExportRequest("ema", "xlsx", **options))


def change(tournament, number, action):
    registration = tournament.registrations.get(number=number)
    change_registration(
        tournament, registration, action, expected=registration_values(registration)
    )


@pytest.fixture
def actor(director):
    return Actor(user=director)


@pytest.fixture(scope="module")
def module_finished(module_db, module_director):
    with module_db():
        cup = build_played("finished", Actor(user=module_director), sessions=2, confirmed=2)
        cup.city, cup.country, cup.mers_weight = "Faenza", "ITA", Decimal("1.5")
        cup.save()
        player = cup.registrations.get(number=1).player
        player.ema_id, player.country = "04010023", "ITA"
        player.save()
        return cup


@pytest.fixture
def finished(db, module_finished):
    """An MCR tournament of 16 players, both of its 2 sessions confirmed, with its EMA data."""
    return copy.deepcopy(module_finished)


def test_mcr_file_read_by_label_and_by_position(finished):
    name, _type, content = ema(finished)
    assert name == "finished-ema.xlsx"
    block, players, sheet = read_ema(content)
    standings = compute_standings(finished)
    assert block == {
        "Tournament": "Cup finished",
        "Number of players": 16,
        "Tournament country": "ITA",
        "City": "Faenza",
        "MERS weight": 1.5,
        "Status": "Final",
        "Rules": "MCR",
        "First day": dt.datetime(2026, 5, 2),
        "Number of days": 2,
        "Substitutes": 0,
    }
    assert len(players) == len(standings.rows) == 16
    for row, player in zip(standings.rows, players, strict=True):
        assert (player["First name"], player["Last name"]) == (
            row.player.first_name,
            row.player.last_name,
        )
        assert player["Place"] == row.place
        assert player["Table points"] == pytest.approx(float(row.table_points))
        assert player["Score"] == row.score
    member = next(p for p in players if p["EMA number"])
    assert (member["EMA number"], member["EMA member"], member["Country"]) == (
        "04010023",
        "Y",
        "ITA",
    )
    assert all(p["EMA member"] is None for p in players if p is not member)
    by_position, players_by_position = read_by_position(sheet)
    assert by_position == {label: block[label] for label in BLOCK_POSITIONS.values()}
    assert players_by_position == [
        {label: player[label] for label in PLAYER_POSITIONS} for player in players
    ]
    assert sheet.cell(1, 3).font.bold and sheet.cell(2, 1).font.bold
    assert sheet.cell(3, 17).number_format == "yyyy-mm-dd"


def test_riichi_file_has_no_table_points_and_shares_places(db, actor):
    cup = build(players=8, sessions=1, ruleset="riichi2016", slug="riichi-ema")
    play_session(cup, 1, actor, entries=[RON])  # the same hand at both tables: pairs tie
    block, players, sheet = read_ema(ema(cup)[2])
    assert block["Rules"] == "Riichi" and block["Number of players"] == 8
    assert block["Number of days"] == 2 and block["MERS weight"] is None
    assert sheet.cell(1, 7).value == "Table points"  # the column stays where the EMA reads it
    assert all(player["Table points"] is None for player in players)
    standings = compute_standings(cup)
    scores = {
        (row.player.first_name, row.player.last_name): round(row.final_score)
        for row in standings.rows
    }
    assert [scores[(p["First name"], p["Last name"])] for p in players] == [
        p["Score"] for p in players
    ]
    for player in players:  # 1, 1, 3, 3, ...: a shared place, then the places skip
        assert player["Place"] == 1 + sum(other["Score"] > player["Score"] for other in players)
    assert len({p["Place"] for p in players}) < len(players)
    assert players[1]["Place"] == players[0]["Place"] == 1 and players[2]["Place"] == 3


def test_everyone_tied_share_first_place(db, actor):
    cup = build(slug="ema-ties", sessions=1)
    play_session(cup, 1, actor, entries=[{"outcome": "washout"}] * 16)
    _block, players, _sheet = read_ema(ema(cup)[2])
    assert len(players) == 16 and {p["Place"] for p in players} == {1}


def test_disqualified_withdrawn_and_substitutes(finished):
    standings = compute_standings(finished)
    last, second = standings.rows[-1], standings.rows[1]
    change(finished, second.registration.number, WITHDRAW)
    change(finished, last.registration.number, DISQUALIFY)
    substitute = standings.rows[5].registration
    change(finished, substitute.number, SUBSTITUTE)
    register_player(finished, first_name="Never", last_name="Played")  # no session: not listed
    block, players, sheet = read_ema(ema(finished)[2])
    names = [(p["First name"], p["Last name"]) for p in players]
    assert ("Never", "Played") not in names
    assert (substitute.player.first_name, substitute.player.last_name) not in names
    assert block["Substitutes"] == 1
    # the disqualified player counts in the number of players, listed last, after the 14 ranked
    assert block["Number of players"] == len(players) == 15
    disqualified = players[-1]
    assert (disqualified["First name"], disqualified["Last name"]) == (
        last.player.first_name,
        last.player.last_name,
    )
    assert disqualified["Place"] == 15 and disqualified["Note"] == "Disqualified"
    # the withdrawn player keeps his place, and says so
    withdrawn = players[1]
    assert (withdrawn["First name"], withdrawn["Last name"]) == (
        second.player.first_name,
        second.player.last_name,
    )
    assert withdrawn["Place"] == second.place
    assert withdrawn["Note"] == "Withdrawn (played 2 of 2 sessions)"
    # no gap where the substitute stood: places run to 14 among the ranked
    ranked = [p["Place"] for p in players[:-1]]
    assert ranked == sorted(ranked) and max(ranked) <= 14
    assert all(
        p["Place"] == 1 + sum(q["Place"] < p["Place"] for q in players[:-1]) for p in players[:-1]
    )
    assert read_by_position(sheet)[1][-1]["Place"] == 15


def test_provisional_results_are_refused_then_marked(played, tmp_path):
    """2 of 3 sessions confirmed: not final."""
    with pytest.raises(ExportError, match="Only 2 of the 3 sessions are confirmed"):
        ema(played)
    name, _type, content = ema(played, provisional=True)
    assert name == "played-ema-provisional-after-session2-of-3.xlsx"
    block, players, _sheet = read_ema(content)
    assert block["Status"] == "PROVISIONAL after session 2 of 3"
    assert len(players) == 16
    with pytest.raises(CommandError, match="--provisional"):
        call_command("export", played.slug, "ema", "-o", str(tmp_path / "ema.xlsx"))
    call_command("export", played.slug, "ema", "--provisional", "-o", str(tmp_path / "p.xlsx"))
    assert read_ema((tmp_path / "p.xlsx").read_bytes())[0]["Status"].startswith("PROVISIONAL")


def test_provisional_on_the_web_is_a_labelled_choice(director_client, played):
    page = director_client.get(reverse("standings", args=[played.slug])).content.decode()
    assert "EMA results (provisional, after session 2 of 3)" in page
    url = reverse("export", args=[played.slug, "ema", "xlsx"])
    assert f"{url}?provisional=1" in page
    refused = director_client.get(url)
    assert refused.status_code == 400
    assert "Only 2 of the 3 sessions are confirmed" in refused.content.decode()
    response = director_client.get(url, {"provisional": "1"})
    assert response.status_code == 200
    assert "provisional-after-session2-of-3" in response["Content-Disposition"]
    standings = reverse("standings", args=[played.slug])
    italian = director_client.get(standings, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Risultati EMA (provvisori, dopo la sessione 2 di 3)" in italian
    refused = director_client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "Solo 2 sessioni su 3 sono confermate" in refused


def test_a_final_tournament_offers_the_final_file(director_client, finished):
    page = director_client.get(reverse("standings", args=[finished.slug])).content.decode()
    assert "provisional" not in page
    assert "EMA results" in page
    # asked for as provisional when it is final, the file is the final one
    name, _type, content = ema(finished, provisional=True)
    assert name == "finished-ema.xlsx" and read_ema(content)[0]["Status"] == "Final"


def test_formula_looking_names_stay_text(finished):
    player = finished.registrations.get(number=2).player
    player.first_name = "=1+1"
    player.last_name = '=HYPERLINK("http://evil","x")'
    player.save()
    _block, players, sheet = read_ema(ema(finished)[2])
    evil = next(p for p in players if p["Last name"] == player.last_name)
    assert evil["First name"] == "=1+1"
    cells = [cell for row in sheet.iter_rows() for cell in row if str(cell.value).startswith("=")]
    assert len(cells) == 2 and all(cell.data_type == "s" for cell in cells)


def test_a_tournament_name_that_looks_like_a_formula_stays_text(finished):
    finished.name = "=SUM(A1:A9)"
    finished.save()
    block, _players, sheet = read_ema(ema(finished)[2])
    assert block["Tournament"] == "=SUM(A1:A9)" and sheet.cell(3, 1).data_type == "s"


def test_the_file_is_in_english_whatever_the_language(finished, settings):
    from django.utils import translation

    with translation.override("it"):
        block, players, _sheet = read_ema(ema(finished)[2])
    assert block["Status"] == "Final" and len(players) == 16


def test_a_rule_set_the_ema_does_not_rank_names_itself(db, actor):
    cup = build(ruleset="european", slug="ema-classic", sessions=1)
    play_session(cup, 1, actor, entries=[{"outcome": "washout"}] * 4)
    block, players, _sheet = read_ema(ema(cup)[2])
    assert block["Rules"] not in ("MCR", "Riichi") and block["Rules"]
    assert all(player["Table points"] is None for player in players)


@pytest.mark.parametrize(
    ("weight", "message"),
    [
        ("2.3", "A MERS weight is a multiple of 0.5"),
        ("9.9", "Ensure this value is less than or equal to 9.5."),
        ("12", "Ensure that there are no more than 1 digit before the decimal point."),
        ("0", "Ensure this value is greater than or equal to 0.5."),
        ("1e400", "Ensure that there are no more than 2 digits in total."),
        ("inf", "Enter a number."),
    ],
)
def test_the_tournament_form_checks_the_ema_block(director_client, finished, weight, message):
    from tournament.forms import TournamentForm

    # the form as the page fills it, whatever other settings it has
    form = TournamentForm(instance=finished)
    data = {name: value for name, value in form.initial.items() if name in form.fields}
    data = {name: value for name, value in data.items() if value not in (None, False)}
    data |= {"city": "Città di Castello", "country": "ITA", "mers_weight": weight}
    url = reverse("tournament-edit", args=[finished.slug])
    response = director_client.post(url, data)
    assert response.status_code == 200 and message in response.content.decode()
    finished.refresh_from_db()
    assert (finished.city, finished.mers_weight) == ("Faenza", Decimal("1.5"))  # unchanged
    data["mers_weight"], data["country"] = "2.5", "XYZ"
    assert (
        "XYZ is not one of the available choices"
        in director_client.post(url, data).content.decode()
    )
    data["country"] = "ITA"
    assert director_client.post(url, data).status_code == 302
    finished.refresh_from_db()
    assert (finished.city, finished.country, finished.mers_weight) == (
        "Città di Castello",
        "ITA",
        Decimal("2.5"),
    )
    block = read_ema(ema(finished)[2])[0]
    assert (block["City"], block["MERS weight"]) == ("Città di Castello", 2.5)


def test_the_block_survives_an_archive(finished):
    from desk.archive import export_archive, restore_archive
    from desk.services import delete_tournament

    content = export_archive(finished)
    delete_tournament(finished)
    restored = restore_archive(content)
    assert (restored.city, restored.country, restored.mers_weight) == (
        "Faenza",
        "ITA",
        Decimal("1.5"),
    )
    assert read_ema(ema(restored)[2])[0]["MERS weight"] == 1.5


LONG_FIRST, LONG_LAST = "Maria Antonietta", "Dell'Acqua-Łukasiewicz von Hohenzollern"
LONG_CLUB = "Associazione Sportiva Dilettantistica Mahjong Club Città di Castello"


@pytest.mark.parametrize("language", ["en", "it"])
def test_a_long_name_is_written_whole(finished, language):
    from django.utils import translation

    player = finished.registrations.get(number=3).player
    player.first_name, player.last_name, player.club = LONG_FIRST, LONG_LAST, LONG_CLUB
    player.save()
    with translation.override(language):
        _block, players, sheet = read_ema(ema(finished)[2])
    row = next(p for p in players if p["Last name"] == LONG_LAST)
    assert row["First name"] == LONG_FIRST
    assert sheet.column_dimensions["E"].width >= len(LONG_LAST)


def test_characters_a_workbook_cannot_hold_are_left_out_of_every_workbook(finished):
    """A name typed with a stray control character or U+FFFF (the player form takes them)
    still exports: the EMA file and the standings workbook leave those characters out, and
    every part of the standings workbook is well-formed XML."""
    import zipfile
    from xml.dom import minidom

    player = finished.registrations.get(number=2).player
    player.first_name, player.last_name = "Ann\x01a", "Bad\uffffname"
    player.save()
    _block, players, _sheet = read_ema(ema(finished)[2])
    assert any(p["First name"] == "Anna" and p["Last name"] == "Badname" for p in players)
    _name, _type, content = build_export(finished, ExportRequest("standings", "xlsx"))
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        for part in archive.namelist():
            if part.endswith(".xml"):
                minidom.parseString(archive.read(part))  # raises on a character XML refuses
    book = load_workbook(io.BytesIO(content), read_only=True)
    values = [c for row in book.worksheets[0].iter_rows(values_only=True) for c in row]
    assert "Badname" in " ".join(str(v) for v in values)
    # Longer than a cell holds (a database without length checks could give one): cut.
    assert len(xlsx_package.cell_text("C" * 40000)) == 32767


def test_a_riichi_score_that_is_a_half_rounds_up_not_to_even():
    from fractions import Fraction

    from exports.ema import _player_row
    from rules.registry import get_ruleset

    ruleset = get_ruleset("riichi2016")
    data = {
        "first_name": "A",
        "last_name": "B",
        "ema_id": "",
        "table_points": None,
        "country": "",
        "final_score": Fraction(5, 2),
        "score": Fraction(5, 2),
    }
    assert _player_row(data, 1, ruleset, "")[5] == 3
    data["final_score"] = data["score"] = Fraction(-5, 2)
    assert _player_row(data, 1, ruleset, "")[5] == -2
