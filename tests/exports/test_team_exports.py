"""Team standings and sub-rankings in the exports (docs/rules.md §10.2, §10.4): the workbook's
"Teams" and "Sub-rankings" sheets, the CSV kinds, the printed team standings, the command and
the downloads; no cell starts a formula."""

import csv
import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation
from openpyxl import load_workbook

from exports import ExportError
from exports.build import ExportRequest, build_export
from scoring.standings.teams import team_standings
from tests.exports.pdf_support import pdf_text
from tournament.models import Category, Player, Team


@pytest.fixture
def teams(played):
    """`played` (16 players, 2 sessions confirmed) with teams Red (1-4), Blue (5-8) and
    "=Evil" (9-12), the best 3 counted; category Ladies (1, 5, 9); players 1-8 of Italy."""
    for name, numbers in (
        ("Red", (1, 2, 3, 4)),
        ("Blue", (5, 6, 7, 8)),
        ("=Evil", (9, 10, 11, 12)),
    ):
        team = Team.objects.create(tournament=played, name=name, country="ITA")
        played.registrations.filter(number__in=numbers).update(team=team)
    ladies = Category.objects.create(tournament=played, name="Ladies")
    for registration in played.registrations.filter(number__in=(1, 5, 9)):
        registration.categories.add(ladies)
    Player.objects.filter(registrations__tournament=played, registrations__number__lte=8).update(
        country="ITA"
    )
    played.team_counted = 3
    played.save(update_fields=["team_counted"])
    return played


def csv_rows(content):
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))


def test_the_workbook_has_a_teams_and_a_sub_rankings_sheet(teams):
    _name, _type, content = build_export(teams, ExportRequest("standings", "xlsx"))
    book = load_workbook(io.BytesIO(content))
    assert book.sheetnames[:3] == ["Standings", "Teams", "Sub-rankings"]
    sheet = book["Teams"]
    headers = [cell.value for cell in sheet[1]]
    assert headers == [
        "Place",
        "Team",
        "Country",
        "Table points",
        "Score",
        "Members counted",
        "Counted members",
        "Other members",
    ]
    result = team_standings(teams)
    first = result.rows[0]
    row = [cell.value for cell in sheet[2]]
    assert row[1] == first.team.name
    assert row[3] == pytest.approx(float(first.table_points))
    assert row[4] == first.score and row[5] == 3
    assert row[6].count(",") == 2 and row[7]  # 3 counted, 1 not
    evil = next(r for r in sheet.iter_rows(min_row=2) if r[1].value == "=Evil")
    assert evil[1].data_type == "s"  # text, never a formula
    sub = book["Sub-rankings"]
    groups = [(r[0].value, r[1].value) for r in sub.iter_rows(min_row=2)]
    assert groups.count(("Category", "Ladies")) == 3
    assert groups.count(("Country", "Italy")) == 8
    ladies_places = [r[2].value for r in sub.iter_rows(min_row=2) if r[1].value == "Ladies"]
    assert sorted(ladies_places) == ladies_places and ladies_places[0] == 1


def test_the_team_csv_matches_the_team_standings(teams):
    name, content_type, content = build_export(teams, ExportRequest("teams", "csv"))
    assert name == "played-teams.csv" and content_type.startswith("text/csv")
    rows = csv_rows(content)
    assert rows[0][:5] == ["Place", "Team", "Country", "Table points", "Score"]
    assert rows[0][-1] == "Shared place"
    result = team_standings(teams)
    assert [row[1] for row in rows[1:]] == [
        "'=Evil" if r.team.name == "=Evil" else r.team.name for r in result.rows
    ]
    assert [row[4] for row in rows[1:]] == [str(r.score) for r in result.rows]


def test_the_sub_rankings_csv_counts_places_inside_each_group(teams):
    _name, _type, content = build_export(teams, ExportRequest("subrankings", "csv"))
    rows = csv_rows(content)
    assert rows[0][:4] == ["Ranking", "Group", "Place", "Overall"]
    ladies = [row for row in rows[1:] if row[1] == "Ladies"]
    assert len(ladies) == 3
    overall = [int(row[3]) for row in ladies]
    assert overall == sorted(overall)
    assert [int(row[2]) for row in ladies] == [1, 2, 3] or len(set(overall)) < 3


def test_the_csv_is_in_italian_with_semicolons(teams):
    with translation.override("it"):
        _name, _type, content = build_export(teams, ExportRequest("teams", "csv"))
    header = content.decode("utf-8-sig").splitlines()[0]
    assert header.startswith("Pos.;Squadra;Nazione;Punti tavolo;")
    assert "Componenti che contano;Altri componenti" in header


def test_the_printed_team_standings_list_teams_and_members(teams):
    name, _type, content = build_export(teams, ExportRequest("teams", "pdf"))
    assert name == "played-teams.pdf" and content.startswith(b"%PDF")
    text = pdf_text(content)
    assert "Team standings after session 2 of 3" in text
    for team in ("Red", "Blue", "=Evil"):
        assert team in text
    member = teams.registrations.get(number=1).player
    assert member.last_name in text
    assert "best 3 members" in text


def test_a_tournament_without_teams_has_no_team_export(played):
    for fmt in ("pdf", "csv"):
        with pytest.raises(ExportError, match="has no teams"):
            build_export(played, ExportRequest("teams", fmt))


def test_the_command_and_the_download(teams, tmp_path, director_client):
    target = tmp_path / "teams.pdf"
    call_command("export", teams.slug, "teams", "-o", str(target))
    assert target.read_bytes().startswith(b"%PDF")
    call_command("export", teams.slug, "subrankings", "-o", str(tmp_path / "s.csv"))
    assert (tmp_path / "s.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    with pytest.raises(CommandError, match="comes as"):
        call_command("export", teams.slug, "teams", "--format", "xlsx")
    response = director_client.get(reverse("export", args=[teams.slug, "teams", "csv"]))
    assert response.status_code == 200
    page = director_client.get(reverse("standings", args=[teams.slug])).content.decode()
    assert reverse("export", args=[teams.slug, "teams", "pdf"]) in page
    assert reverse("export", args=[teams.slug, "subrankings", "csv"]) in page


def test_one_sub_ranking_as_a_csv(teams, director_client):
    ladies = teams.categories.get()
    request = ExportRequest("subrankings", "csv", group=f"category:{ladies.pk}")
    name, _type, content = build_export(teams, request)
    assert name == f"played-subrankings-category-{ladies.pk}.csv"
    rows = csv_rows(content)
    assert {row[1] for row in rows[1:]} == {"Ladies"} and len(rows) == 4
    with pytest.raises(ExportError, match="no such ranking"):
        build_export(teams, ExportRequest("subrankings", "csv", group="country:XXX"))
    url = reverse("export", args=[teams.slug, "subrankings", "csv"])
    response = director_client.get(url, {"group": "country:ITA"})
    assert response.status_code == 200
    assert (
        response["Content-Disposition"]
        == 'attachment; filename="played-subrankings-country-ita.csv"'
    )
    assert {row[1] for row in csv_rows(response.content)[1:]} == {"Italy"}
    assert director_client.get(url, {"group": "x" * 10_000}).status_code == 400
    page = director_client.get(
        reverse("standings", args=[teams.slug]), {"view": "country:ITA"}
    ).content.decode()
    assert f"{url}?group=country%3AITA" in page
