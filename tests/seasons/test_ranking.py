"""A season's ranking through the services and the pages (docs/rules.md §11, docs/seasons.md):
the three cups of `factories.season_cups`, whose figures are worked out by hand below."""

import csv
import datetime as dt
import io
from fractions import Fraction as F

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from desk.archive import restore
from desk.services import delete_tournament, kept_folder
from scoring.services import closing
from scoring.services.hands import correct_hand
from seasons import services
from seasons.ranking import season_ranking
from tests.factories import ANNA, BRUNO, CARLA, DARIO, ELSA, make_season
from tournament.models import Player


def player(name):
    first, last = name
    return Player.objects.get(first_name=first, last_name=last)


def figures(season):
    """(name, place label, value) of every row."""
    return [
        ((row.first_name, row.last_name), row.place_label, row.value)
        for row in season_ranking(season).rows
    ]


#: By hand (docs/seasons.md, "An example"): spring (MERS 2) Anna 1000, Bruno 666, Carla 333,
#: Dario 0; summer (MERS 1) Bruno 1000, Anna 666, Elsa 333, Carla 0; autumn (no MERS weight: 1)
#: Elsa 1000, Anna 666, Bruno and Dario =3: 333. Anna: A = (2000 + 666 + 666) / 6,
#: B = 3332 / 5, ranking 9163/15 = 610.87 ...
EMA = [
    (ANNA, "1", F(9163, 15)),
    (BRUNO, "2", F(5863, 12)),
    (ELSA, "3", F(11997, 40)),
    (CARLA, "4", F(1221, 10)),
    (DARIO, "5", F(1221, 20)),
]


@pytest.fixture
def ema(cups):
    return make_season("mcr-2025", [cups["spring"], cups["summer"], cups["autumn"]])


@pytest.fixture
def points(cups):
    return make_season(
        "points-2025",
        [cups["spring"], cups["summer"], cups["autumn"]],
        method="points",
        points="25, 18, 15, 12",
        best=2,
    )


def test_the_ema_ranking_of_the_three_cups(ema):
    assert figures(ema) == EMA
    anna = season_ranking(ema).row_of(player(ANNA).pk)
    assert (anna.part_a, anna.part_b) == (F(3332, 6), F(3332, 5))
    assert [(r.member.slug, r.base_rank, r.weight, r.counted, r.part_b) for r in anna.results] == [
        ("spring", 1000, 2, True, True),
        ("autumn", 666, 1, True, True),  # the later of two equal results first
        ("summer", 666, 1, True, True),
    ]
    assert anna.padding == [True, False]  # two results of 0 added: the first in part B


def test_the_page_shows_the_ranking_with_two_decimals_and_shared_places(client, ema, points):
    page = client.get(reverse("season", args=[ema.slug])).content.decode()
    for value in ("610.87", "488.58", "299.93", "122.10", "61.05"):
        assert value in page
    assert page.index("Anna Rossi") < page.index("Bruno Bianchi") < page.index("Dario Neri")
    page = client.get(reverse("season", args=[points.slug])).content.decode()
    assert page.count(">=1<") == 2 and "25.50" in page  # Anna and Bruno share the first place


def test_the_points_ranking_of_the_three_cups(points):
    """Best two of 25, 18, 15, 12: Anna 25 + 18, Bruno 25 + 18 (his =3 of autumn: 13.5, not
    counted), Elsa 25 + 15, Carla 15 + 12, Dario 13.5 + 12."""
    assert figures(points) == [  # equal: by last name
        (BRUNO, "=1", 43),
        (ANNA, "=1", 43),
        (ELSA, "3", 40),
        (CARLA, "4", 27),
        (DARIO, "5", F(51, 2)),
    ]
    bruno = season_ranking(points).row_of(player(BRUNO).pk)
    assert [(r.member.slug, r.points, r.counted) for r in bruno.results] == [
        ("summer", 25, True),
        ("spring", 18, True),
        ("autumn", F(27, 2), False),
    ]


def test_a_players_line_opens_their_results(client, ema):
    dario = player(DARIO)
    page = client.get(reverse("season", args=[ema.slug])).content.decode()
    url = reverse("season-player", args=[ema.slug, dario.pk])
    assert f'href="{url}"' in page
    page = client.get(url).content.decode()
    assert "61.05" in page and "55.50" in page and "66.60" in page  # ranking, part A, part B
    assert page.count("Missing result (fewer than five)") == 3
    assert client.get(reverse("season-player", args=[ema.slug, 10**6])).status_code == 404


def test_the_downloads_give_the_ranking(client, ema):
    answer = client.get(reverse("season-ranking-download", args=[ema.slug, "csv"]))
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    assert rows[0][:7] == [
        "Place",
        "Last name",
        "First name",
        "Country",
        "Club",
        "EMA id",
        "Ranking",
    ]
    assert rows[1][:3] + rows[1][6:9] == ["1", "Rossi", "Anna", "610.87", "555.33", "666.40"]
    assert rows[1][-4:-1] == ["1000", "666", "666"]  # spring, summer, autumn
    answer = client.get(reverse("season-ranking-download", args=[ema.slug, "xlsx"]))
    sheet = load_workbook(io.BytesIO(answer.content)).active
    assert sheet["B2"].value == "Rossi" and abs(sheet["G2"].value - 610.8667) < 1e-3
    assert client.get(f"/seasons/{ema.slug}/ranking.pdf").status_code == 404


def test_an_unpublished_season_is_seen_by_site_administrators_only(client, ema, season_director):
    ema.published = False
    ema.save()
    assert client.get(reverse("season", args=[ema.slug])).status_code == 404
    assert client.get(reverse("api-season-ranking", args=[ema.slug])).status_code == 404
    client.force_login(season_director)
    assert client.get(reverse("season", args=[ema.slug])).status_code == 200


def test_a_reopened_and_corrected_tournament_moves_the_ranking_at_once(client, cups, ema):
    actor = cups["actor"]
    url = reverse("season", args=[ema.slug])
    assert "610.87" in client.get(url).content.decode()  # cached now
    autumn = cups["autumn"]
    table = autumn.sessions.get().tables.get()
    closing.reopen_table(table, actor=actor)
    without = {name: value for name, _place, value in figures(ema)}
    # Anna without autumn: (2000 + 666) / 6 and / 5; Elsa has one result left: not ranked
    assert without[ANNA] == (F(2666, 6) + F(2666, 5)) / 2 and without[ELSA] is None
    page = client.get(url).content.decode()
    assert "610.87" not in page and "needs 2 results" in page
    # the hand Elsa won becomes Dario's: autumn is Dario 1, Anna 2, Bruno and Elsa =3
    table.refresh_from_db()
    dario_wind = table.seats.get(registration__player=player(DARIO)).wind
    correct_hand(
        table,
        1,
        {"outcome": "self_drawn", "winner": dario_wind, "fan": 24},
        actor=actor,
        revision=table.revision,
    )
    closing.close_table(table, actor=actor)
    closing.confirm_session(table.session, actor=actor)
    dario = season_ranking(ema).row_of(player(DARIO).pk)
    assert [(r.member.slug, r.base_rank) for r in dario.results] == [
        ("autumn", 1000),
        ("spring", 0),
    ]
    # Dario: A = (1000 + 0) / (1 + 2 + 3), B = 1000 / (1 + 2 + 2): 183.33
    assert dario.value == (F(1000, 6) + F(1000, 5)) / 2
    page = client.get(url).content.decode()
    assert "61.05" not in page and "183.33" in page


def test_a_deleted_tournament_leaves_and_its_restored_archive_brings_it_back(client, cups, ema):
    before = figures(ema)
    delete_tournament(cups["autumn"])
    assert {name for name, _place, value in figures(ema) if value is None} == {ELSA, DARIO}
    archive = next(kept_folder().glob("autumn-*.desk.gz")).read_bytes()
    restored = restore(archive).tournament
    assert restored.slug == "autumn" and ema.members.get(slug="autumn").tournament is None
    # the archive names its players without EMA numbers: they come back as new records, which
    # the site administrator merges (tests/seasons/test_merge.py); with them merged the ranking
    # is the one before
    from seasons.duplicates import likely_duplicates
    from seasons.merge import merge_players, plan_merge

    for pair in likely_duplicates():
        keep, remove = sorted((pair.first, pair.second), key=lambda p: p.pk)
        merge_players(keep.pk, remove.pk, user=cups["admin"], stamp=plan_merge(keep, remove).stamp)
    assert figures(ema) == before


def test_the_season_takes_public_tournaments_of_its_rules_within_its_days(cups, ema):
    with pytest.raises(services.SeasonError, match="not played by the season's rules"):
        services.add_tournament(ema, cups["riichi"].pk)
    with pytest.raises(services.SeasonError, match="in the season already"):
        services.add_tournament(ema, cups["spring"].pk)
    assert list(services.candidates(ema)) == []
    other = make_season("early", [cups["spring"]], end_date=dt.date(2025, 5, 1))
    with pytest.raises(services.SeasonError, match="within the season's days"):
        services.add_tournament(other, cups["summer"].pk)
    cups["summer"].published = False
    cups["summer"].save()
    with pytest.raises(services.SeasonError, match="Only a public tournament"):
        services.add_tournament(other, cups["summer"].pk)
    # a tournament made private leaves the ranking while it is
    assert [m.slug for m in season_ranking(ema).members] == ["spring", "autumn"]
    with pytest.raises(services.SeasonError, match="remove them before changing its rules"):
        services.update_season(
            ema,
            services.SeasonSettings(
                ema.name, ema.slug, ema.start_date, ema.end_date, "riichi", "ema", published=True
            ),
        )
    member = ema.members.get(slug="spring")
    services.remove_tournament(ema, member.pk)
    assert [m.slug for m in season_ranking(ema).members] == ["autumn"]


def test_the_reckoning_day_is_the_last_day_or_today(cups):
    from seasons.ranking import reckoning_day

    season = make_season("running", [cups["spring"]], end_date=dt.date(2099, 12, 31))
    assert reckoning_day(season, dt.date(2026, 5, 1)) == dt.date(2026, 5, 1)
    assert reckoning_day(season, dt.date(2100, 1, 2)) == dt.date(2099, 12, 31)


def test_another_tournament_given_a_deleted_members_short_name_does_not_join(cups, ema):
    from tests.factories import make_tournament

    delete_tournament(cups["autumn"])
    newcomer = make_tournament(
        slug="autumn", start_date=dt.date(2025, 10, 4), end_date=dt.date(2025, 10, 5)
    )
    newcomer.published = True
    newcomer.save()
    assert [member.slug for member in season_ranking(ema).members] == ["spring", "summer"]
