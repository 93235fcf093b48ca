"""Teams and categories travel with the archive (docs/rules.md §10): restored with their
members and players, the archive written again is the same, and an older archive without them
still restores; a forged team is refused."""

import gzip
import json

import pytest

from desk.archive import ArchiveError, export_archive, read_archive, restore_archive
from desk.services import delete_tournament
from tests.factories import build
from tournament.services.categories import create_category, set_categories
from tournament.services.teams import add_member, create_team


def groups_of(tournament):
    teams = {
        team.name: (team.country, sorted(team.members.values_list("number", flat=True)))
        for team in tournament.teams.all()
    }
    categories = {
        category.name: sorted(category.registrations.values_list("number", flat=True))
        for category in tournament.categories.all()
    }
    return teams, categories


@pytest.fixture
def grouped(db):
    tournament = build(players=16, slug="grouped")
    for index, (name, country) in enumerate(
        (("Kaze Milano", "ITA"), ("Dragons", "DEU"), ("Empty", ""))
    ):
        team = create_team(tournament, name=name, country=country)
        if name != "Empty":
            for number in range(1 + 4 * index, 5 + 4 * index):
                add_member(tournament, team.pk, number)
    ladies = create_category(tournament, name="Ladies")
    juniors = create_category(tournament, name="Juniors")
    create_category(tournament, name="Seniors")  # nobody in it
    set_categories(tournament, 1, [ladies.pk, juniors.pk])
    set_categories(tournament, 9, [ladies.pk])
    return tournament


def test_teams_and_categories_round_trip(grouped):
    before = groups_of(grouped)
    archive = export_archive(grouped)
    delete_tournament(grouped)
    restored = restore_archive(archive)
    assert groups_of(restored) == before
    assert before[0]["Kaze Milano"] == ("ITA", [1, 2, 3, 4])
    assert before[1] == {"Juniors": [1], "Ladies": [1, 9], "Seniors": []}
    again = read_archive(export_archive(restored))
    first = read_archive(archive)
    for data in (again, first):
        data.pop("exported_at")
    assert again == first


def test_an_archive_without_teams_restores(grouped):
    data = json.loads(gzip.decompress(export_archive(grouped)))
    delete_tournament(grouped)
    del data["teams"], data["categories"]
    for item in data["registrations"]:
        del item["team"], item["categories"]
    restored = restore_archive(gzip.compress(json.dumps(data).encode()))
    assert groups_of(restored) == ({}, {})
    assert restored.registrations.count() == 16


@pytest.mark.parametrize(
    ("damage", "match"),
    [
        (lambda data: data["registrations"][0].update(team="Nobody"), "Nobody"),
        (lambda data: data["registrations"][0].update(categories=["Nope"]), "Nope"),
        (lambda data: data["teams"].append({"name": "kaze milano", "country": ""}), "twice"),
        (
            lambda data: [item.update(team="Dragons") for item in data["registrations"][:7]],
            "more than 6",
        ),
        (
            lambda data: data["registrations"][0].update(is_substitute=True),
            "substitute",
        ),
        (lambda data: data["teams"][0].update(country="XX"), "team"),
    ],
)
def test_a_forged_team_or_category_is_refused(grouped, damage, match):
    data = json.loads(gzip.decompress(export_archive(grouped)))
    delete_tournament(grouped)
    damage(data)
    with pytest.raises(ArchiveError, match=match):
        restore_archive(gzip.compress(json.dumps(data).encode()))
    from tournament.models import Team, Tournament

    assert not Tournament.objects.filter(slug="grouped").exists()
    assert not Team.objects.exists()
