"""Issue 31, point 5: one meaning of a chombo in the Penalties column, before and after the cut.

An EMA Riichi 2016 tournament in two stages: a chombo in each qualifying session's table (20000
off the offender's final score, docs/rules.md §3.6). Every view and file that shows a player's
penalties (the standings page, the standings CSV, xlsx and PDF, the player page, the report
card, the API) is read before the cut, after the cut, and after a final session without a
chombo: each player's penalties stay what they were, for finalists as for the others
(§9.2), and read in the unit of the scores beside them (thousands: "−20.0", never "−20000";
the API keeps points)."""

import csv
import io
import re

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from api.models import TokenKind
from api.tokens import create_token
from draw.writing import write_draw
from exports.build import ExportRequest, build_export
from scoring.access import Actor
from scoring.stages.services import make_cut
from tests.exports.page_tables import page_rows
from tests.exports.pdf_support import pdf_text
from tests.factories import (
    build,
    client_with,
    make_director,
    make_tournament_director,
    play_session,
)
from tournament.models import Registration, Tournament

RON = {"outcome": "ron", "winners": [1], "discarder": 2, "han": [0, 3, 0, 0], "fu": [0, 30, 0, 0]}
QUALIFYING = [RON, {"outcome": "chombo", "offender": 0}]
FINAL = [RON]


def export(tournament, what, fmt, **extra):
    return build_export(tournament, ExportRequest(what, fmt, **extra))[2]


def read_everything(tournament, api):
    """{view or file: {player number: the penalties it shows}}."""
    tournament.refresh_from_db()
    slug = tournament.slug
    seen = {}
    page = Client().get(reverse("standings", args=[slug])).content.decode()
    seen["page"] = {int(row["No."]): row["Penalties"] for row in page_rows(page, "Penalties")}
    text = export(tournament, "standings", "csv").decode("utf-8-sig")
    records = list(csv.DictReader(io.StringIO(text)))
    seen["csv"] = {int(row["No."]): row["Penalties"] for row in records}
    book = openpyxl.load_workbook(io.BytesIO(export(tournament, "standings", "xlsx")))
    sheet = book["Standings"]
    heads = [cell.value for cell in sheet[1]]
    seen["xlsx"] = {
        row[heads.index("No.")]: row[heads.index("Penalties")]
        for row in sheet.iter_rows(min_row=2, values_only=True)
    }
    answer = api.get(f"/api/v1/tournaments/{slug}/standings/").json()
    seen["api"] = {row["number"]: row["penalties"] for row in answer["rows"]}
    printed = pdf_text(export(tournament, "standings", "pdf"))
    registrations = Registration.objects.filter(tournament=tournament).select_related("player")
    seen["pdf"] = {}
    seen["player page"] = {}
    seen["report card"] = {}
    for registration in registrations:
        last = registration.player.last_name
        line = next(line for line in printed.splitlines() if f" {last} " in f" {line} ")
        seen["pdf"][registration.number] = "−20.0" if "−20.0" in line else ""
        player = Client().get(reverse("player", args=[slug, registration.number]))
        facts = re.search(r"<dt>Penalties</dt><dd>(.*?)</dd>", player.content.decode())
        seen["player page"][registration.number] = facts[1]
        card = pdf_text(export(tournament, "reportcards", "pdf", player=registration.player_id))
        seen["report card"][registration.number] = "−20.0" if "−20.0" in card else ""
    return seen


@pytest.fixture
def staged(db):
    director = make_director()
    actor = Actor(user=director)
    tournament = build(players=16, sessions=3, ruleset="riichi2016", slug="chombo-cut")
    Tournament.objects.filter(pk=tournament.pk).update(final_sessions=1, finalists=8)
    tournament.refresh_from_db()
    for number in (1, 2):
        play_session(tournament, number, actor, entries=QUALIFYING)
    account = make_tournament_director(tournament)
    _token, secret = create_token(tournament, name="r", kind=TokenKind.DIRECTOR, creator=account)
    return tournament, actor, client_with(f"Bearer {secret}")


def test_a_qualifying_chombo_stays_in_every_view_and_file_through_the_cut(staged):
    tournament, actor, api = staged
    before = read_everything(tournament, api)
    # the offenders: the East of each qualifying table, once or twice
    offenders = {number for number, points in before["api"].items() if points}
    assert offenders and all(before["api"][n] in (-20000, -40000) for n in offenders)
    thousands = {-20000: "−20.0", -40000: "−40.0"}
    for number in before["api"]:
        points = before["api"][number]
        text = thousands.get(points, "0.0")
        assert before["page"][number] == text, number
        assert before["player page"][number] == text, number
        assert before["csv"][number] == text.replace("−", "-"), number
        assert before["xlsx"][number] == points / 1000, number
        if points == -20000:
            assert before["pdf"][number] == before["report card"][number] == "−20.0"
    assert "20000" not in str(before["page"]) + str(before["csv"])

    make_cut(tournament, actor=actor)
    finalists = set(
        Registration.objects.filter(tournament=tournament, finalist=True).values_list(
            "number", flat=True
        )
    )
    assert finalists & offenders and offenders - finalists  # both kinds of player
    assert read_everything(tournament, api) == before

    write_draw(tournament, seed=1)
    play_session(tournament, 3, actor, entries=FINAL)  # the final: no chombo
    after = read_everything(tournament, api)
    assert after == before
