"""The standings are computed once per standings version and kept in the shared cache
(`cached_standings`, the standings page's rendered table): every change that moves them gives a
new version, so the cached standings after the change equal a fresh computation."""

import copy
import re

import pytest
from django.urls import reverse

import scoring.standings.ranking
from scoring.access import Actor
from scoring.services import closing, penalties
from scoring.standings.ranking import cached_standings, compute_standings, standings_version
from tests.factories import (
    build_played,
    correct_after_confirmation,
    give_late_arrival,
    rename_first_player,
    reopened,
    table_of,
)
from tournament.services import registrations as registration_services


def figures(standings):
    return [
        (
            row.registration.number,
            row.registration.status,
            row.player.full_name,
            row.place_label,
            row.table_points,
            row.score,
            row.penalties,
        )
        for row in standings.rows
    ]


@pytest.fixture(scope="module")
def module_played(module_db, module_director):
    with module_db():
        tournament = build_played(
            "cached", Actor(user=module_director), players=16, sessions=3, confirmed=2
        )
        tournament.actor = Actor(user=module_director)
        return tournament


@pytest.fixture
def played(db, module_played):
    """A tournament with sessions 1 and 2 confirmed, built once for the module."""
    return copy.deepcopy(module_played)


def cancel(tournament):
    penalty = tournament.penalty
    reopened(
        tournament,
        lambda table: penalties.cancel_penalty(penalty, actor=tournament.actor, reason="mistake"),
    )


def with_penalty(tournament):
    tournament.penalty = give_late_arrival(tournament)


def reopen(tournament):
    closing.reopen_table(table_of(tournament), actor=tournament.actor)


def change(action):
    def apply(tournament):
        registration = tournament.registrations.order_by("number").first()
        registration_services.change_registration(
            tournament,
            registration,
            action,
            expected=registration_services.registration_values(registration),
        )

    return apply


CHANGES = [
    pytest.param(give_late_arrival, id="penalty"),
    pytest.param((with_penalty, cancel), id="penalty-cancelled"),
    pytest.param(reopen, id="table-reopened"),
    pytest.param(correct_after_confirmation, id="hand-corrected-after-confirmation"),
    pytest.param(change(registration_services.WITHDRAW), id="withdrawal"),
    pytest.param(change(registration_services.DISQUALIFY), id="disqualification"),
    pytest.param(rename_first_player, id="player-renamed"),
]


@pytest.mark.parametrize("apply", CHANGES)
def test_every_change_gives_fresh_cached_standings(played, apply):
    if isinstance(apply, tuple):
        prepare, apply = apply
        prepare(played)
    before = figures(cached_standings(played))
    version = standings_version(played)
    apply(played)
    assert standings_version(played) != version
    after = figures(cached_standings(played))
    assert after == figures(compute_standings(played))
    assert after != before


def test_cached_standings_are_read_not_computed_again(played, monkeypatch):
    first = cached_standings(played)
    after_one = cached_standings(played, through=1)
    assert after_one.through == 1 and first.through == 2

    def fail(*args, **kwargs):
        raise AssertionError("computed again")

    monkeypatch.setattr(scoring.standings.ranking, "compute_standings", fail)
    assert figures(cached_standings(played)) == figures(first)
    assert figures(cached_standings(played, through=1)) == figures(after_one)
    give_late_arrival(played)  # a new version: computed again
    with pytest.raises(AssertionError, match="computed again"):
        cached_standings(played)


@pytest.mark.parametrize(
    ("apply", "shown"),
    [(rename_first_player, "Renamed"), (change(registration_services.WITHDRAW), "Withdrawn")],
)
def test_the_standings_page_shows_the_change_at_once(played, client, apply, shown):
    url = reverse("standings", args=[played.slug])
    html = client.get(url).content.decode()  # the rendered table is now cached
    assert shown not in html
    apply(played)
    assert shown in client.get(url).content.decode()


def test_teams_categories_and_the_cut_change_the_version(played):
    """The team standings, the sub-rankings and the final follow these: a cached page must not
    outlive them."""
    from tournament.models import Category, Team

    registration = played.registrations.order_by("number").first()
    seen = {standings_version(played)}

    def changed():
        version = standings_version(played)
        assert version not in seen
        seen.add(version)

    team = Team.objects.create(tournament=played, name="Dragons", country="ITA")
    changed()
    registration.team = team
    registration.save(update_fields=["team"])
    changed()
    team.name = "Red Dragons"
    team.save(update_fields=["name"])
    changed()
    category = Category.objects.create(tournament=played, name="Juniors")
    changed()
    registration.categories.add(category)
    changed()
    registration.finalist = True
    registration.save(update_fields=["finalist"])
    changed()
    played.team_counted = 3
    changed()


def standings_entries():
    """The rendered standings tables in the shared cache (the database cache's rows)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT cache_key FROM desk_cache WHERE cache_key LIKE %s", ["%standings:%"])
        return {key for (key,) in cursor.fetchall()}


def table_of_page(response):
    page = response.content.decode()
    return page[page.index('<table class="desk-table') : page.index("</table>")]


def test_the_standings_sorted_by_a_column_and_nothing_else(played, client):
    """A visitor sorts by one of the table's columns; the cached table's column links carry no
    other parameter of that visitor's address, so no visitor's address reaches another's page."""
    url = reverse("standings", args=[played.slug])
    # a session's column (its table points over its score, issue 31) sorts by both
    sorted_page = table_of_page(client.get(url, {"sort": "-s2_tp", "junk": "x1y2"}))
    again = table_of_page(client.get(url, {"sort": "-s2_tp"}))
    assert "junk" not in sorted_page and "x1y2" not in again
    assert "sort=s2_tp" in again  # the column's link sorts the other way round
    by_name = client.get(url, {"sort": "name"}).content.decode()
    names = re.findall(r'<a href="/t/cached/players/\d+/">([^<]+)</a>', by_name)
    assert names == sorted(names, key=lambda name: name.split()[-1]) and len(names) == 16


def test_made_up_sorts_do_not_fill_the_cache(played, client):
    """Anything that is not one of the table's columns sorts nothing and shares the unsorted
    table's cache entry: an address with a thousand made-up sorts stores one table, not a
    thousand (each a recomputation and 170 kB at 400 players)."""
    url = reverse("standings", args=[played.slug])
    default = table_of_page(client.get(url))
    before = standings_entries()
    made_up = ("zzz1", "-nope", "s9_score", "s2_scorex", "x" * 500, "place;", "place")
    # columns of other rule sets (MCR shows no final score) or of a cut not made
    others = ("s1_final", "-final_score", "stage_label", "-s2_final,name")
    for sort in (*made_up, *others, "name,place"):
        asked = client.get(url, {"sort": sort})
        assert asked.status_code == 200
        if sort != "name,place":
            assert table_of_page(asked) == default, sort
    assert len(standings_entries() - before) == 1  # "name,place" sorts by its first column
