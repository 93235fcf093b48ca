"""Likely duplicate players, merging two records and taking a merge back (docs/seasons.md,
"Duplicate players"): through the services and the site administrator's pages. A merge never
changes a result: every standings and every export of every tournament is the same after it."""

import io
import zipfile

import pytest
from django.urls import reverse

from common.errors import ChangedMeanwhile
from desk.archive import export_archive, restore
from desk.services import delete_tournament
from exports import ExportError
from exports.build import ExportRequest, build_export
from exports.exporters import EXPORTERS
from scoring.models import AuditAction, AuditEntry
from scoring.standings.ranking import compute_standings
from seasons.duplicates import likely_duplicates
from seasons.merge import MergeError, merge_players, plan_merge, undo_merge
from seasons.models import PlayerMerge
from tests.factories import ANNA, make_player, make_season
from tournament.models import Player, Tournament


@pytest.fixture
def copied(cups):
    """The autumn cup deleted and restored from its archive: its four players, who have no EMA
    number, come back as four new records with the same details (as on a desk that restores
    another desk's archive)."""
    archive = export_archive(cups["autumn"])
    delete_tournament(cups["autumn"], keep=False)
    return restore(archive).tournament


def by_name(first, last):
    return list(Player.objects.filter(first_name=first, last_name=last).order_by("pk"))


def test_duplicates_by_name_and_country_and_never_two_ema_numbers(cups, copied):
    pairs = {(p.first.full_name, p.reason) for p in likely_duplicates()}
    assert pairs == {
        ("Elsa Gallo", "name"),
        ("Anna Rossi", "name"),
        ("Bruno Bianchi", "name"),
        ("Dario Neri", "name"),
    }
    make_player(1, first_name="Zoë", last_name="d'Arco", country="FRA", ema_id="04000001")
    make_player(2, first_name="zoe", last_name="DARCO", country="FRA")
    make_player(3, first_name="Darco", last_name="Zoe", country="FRA")  # typed last name first
    make_player(4, first_name="Zoe", last_name="Darco", country="FRA", ema_id="04000002")
    make_player(5, first_name="Zoe", last_name="Darco", country="BEL")
    found = [
        (p.first.pk, p.second.pk, p.reason)
        for p in likely_duplicates()
        if "FRA" in (p.first.country, p.second.country)
    ]
    records = list(Player.objects.filter(country="FRA").order_by("pk"))
    one, two, swapped, other_ema = records
    assert (one.pk, two.pk, "name") in found and (two.pk, other_ema.pk, "name") in found
    assert (one.pk, other_ema.pk, "name") not in found  # two EMA numbers: two people
    assert (one.pk, swapped.pk, "swapped") in found or (swapped.pk, one.pk, "swapped") in found
    assert not any(
        p.first.country == "BEL" or p.second.country == "BEL" for p in likely_duplicates()
    )


def test_two_records_of_one_tournament_are_two_people(cups, copied):
    anna, copy = by_name(*ANNA)
    plan = plan_merge(anna, copy)
    assert plan.possible
    # make both play in the same tournament: the copy's registration moves to spring
    registration = copy.registrations.get()
    registration.tournament = cups["spring"]
    registration.number = 99
    registration.save()
    plan = plan_merge(anna, copy)
    assert plan.both_in == ["Cup spring"] and not plan.possible
    with pytest.raises(MergeError, match="one tournament cannot hold the same person twice"):
        merge_players(anna.pk, copy.pk, user=cups["admin"], stamp=plan.stamp)
    with pytest.raises(MergeError):
        plan_merge(anna, anna)


def exports_of(tournament):
    """Every export of the tournament in every format (session 1 where one is needed), or the
    refusal's words."""
    files = {}
    for what, exporter in EXPORTERS.items():
        for fmt in exporter.formats:
            request = ExportRequest(
                what, fmt, session=1 if exporter.needs_session else None, provisional=True
            )
            try:
                content = build_export(tournament, request)[2]
            except ExportError as exc:
                files[what, fmt] = str(exc)
                continue
            if fmt == "xlsx":  # the zip's members; the zip itself stamps the time it was made
                with zipfile.ZipFile(io.BytesIO(content)) as book:
                    content = {name: book.read(name) for name in book.namelist()}
            files[what, fmt] = content
    return files


def standings_of(tournament):
    standings = compute_standings(tournament)
    return [
        (row.registration.number, row.place_label, row.score, row.table_points, row.final_score)
        for row in standings.rows
    ]


def test_a_merge_changes_no_result_and_no_export_of_any_tournament(cups, copied):
    tournaments = list(Tournament.objects.order_by("pk"))
    before = {t.pk: (standings_of(t), exports_of(t)) for t in tournaments}
    season = make_season("with-copy", [cups["spring"], cups["summer"], copied])
    from seasons.ranking import season_ranking

    rows_before = len(season_ranking(season).rows)
    for pair in likely_duplicates():
        plan = plan_merge(pair.first, pair.second)
        merge_players(pair.first.pk, pair.second.pk, user=cups["admin"], stamp=plan.stamp)
    after = {t.pk: (standings_of(t), exports_of(t)) for t in tournaments}
    for tournament in tournaments:
        standings, exports = after[tournament.pk]
        assert standings == before[tournament.pk][0], tournament.slug
        for key, content in exports.items():
            assert content == before[tournament.pk][1][key], (tournament.slug, key)
    # the four restored records are the season's people again: one line each
    ranking = season_ranking(season)
    assert len(ranking.rows) == rows_before - 4
    anna = ranking.row_of(by_name(*ANNA)[0].pk)
    assert sorted(r.member.slug for r in anna.results) == ["autumn", "spring", "summer"]


def test_a_merge_is_written_in_the_audit_trail_and_taken_back(cups, copied, client):
    anna, copy = by_name(*ANNA)
    moved = copy.registrations.get()
    merge = merge_players(anna.pk, copy.pk, user=cups["admin"], stamp=plan_merge(anna, copy).stamp)
    moved.refresh_from_db()
    assert moved.player_id == anna.pk and not Player.objects.filter(pk=copy.pk).exists()
    entry = AuditEntry.objects.get(action=AuditAction.PLAYER_MERGED)
    assert entry.tournament_id == copied.pk and list(entry.registrations.all()) == [moved]
    from scoring.audit_words import describe_audit

    assert describe_audit(entry) == (
        f"Player {moved.number}: the record Anna Rossi (record {copy.pk}) was merged into "
        f"Anna Rossi (record {anna.pk})"
    )
    # the removed record's page leads to the kept one
    answer = client.get(reverse("player-history", args=[copy.pk]))
    assert answer.status_code == 302 and answer["Location"] == reverse(
        "player-history", args=[anna.pk]
    )
    back = undo_merge(merge.pk, user=cups["admin"])
    assert back.pk == copy.pk and back.full_name == "Anna Rossi"
    moved.refresh_from_db()
    assert moved.player_id == copy.pk
    merge.refresh_from_db()
    assert merge.is_undone and merge.undone_by == cups["admin"]
    assert AuditEntry.objects.filter(action=AuditAction.PLAYER_MERGE_UNDONE).count() == 1
    with pytest.raises(MergeError, match="taken back already"):
        undo_merge(merge.pk, user=cups["admin"])


def test_the_kept_record_takes_the_removed_ones_empty_details_and_gives_them_back(cups):
    first = make_player(1, first_name="Ivo", last_name="Pace", country="ITA")
    second = make_player(
        2, first_name="Ivo", last_name="Pace", country="ITA", ema_id="12345678", club="Faenza"
    )
    first.notes, second.notes = "left-handed", "arrives late"
    first.save()
    second.save()
    plan = plan_merge(first, second)
    assert plan.filled == {"ema_id": "12345678", "club": "Faenza"}
    merge = merge_players(first.pk, second.pk, user=cups["admin"], stamp=plan.stamp)
    first.refresh_from_db()
    assert (first.ema_id, first.club, first.notes) == (
        "12345678",
        "Faenza",
        "left-handed\narrives late",
    )
    back = undo_merge(merge.pk, user=cups["admin"])
    first.refresh_from_db()
    assert (first.ema_id, first.club, first.notes) == (None, "", "left-handed")
    assert (back.ema_id, back.club, back.notes) == ("12345678", "Faenza", "arrives late")


def test_a_merge_of_records_changed_since_the_preview_is_refused(cups, copied):
    anna, copy = by_name(*ANNA)
    stamp = plan_merge(anna, copy).stamp
    copy.club = "Bologna"
    copy.save()
    with pytest.raises(ChangedMeanwhile):
        merge_players(anna.pk, copy.pk, user=cups["admin"], stamp=stamp)
    assert Player.objects.filter(pk=copy.pk).exists() and not PlayerMerge.objects.exists()


def test_the_pages_preview_merge_and_take_back(client, cups, copied, season_director):
    anna, copy = by_name(*ANNA)
    list_url = reverse("player-duplicates")
    merge_url = reverse("player-merge", args=[anna.pk, copy.pk])
    assert client.get(list_url).status_code == 302  # to the login page
    client.force_login(season_director)
    page = client.get(list_url).content.decode()
    assert merge_url in page and "Same name and country" in page
    preview = client.get(merge_url)
    text = preview.content.decode()
    assert "Cup autumn" in text and "Merge the two records" in text
    assert Player.objects.filter(pk=copy.pk).exists()  # the preview changes nothing
    answer = client.post(merge_url, {"stamp": preview.context["plan"].stamp})
    assert answer.status_code == 302 and not Player.objects.filter(pk=copy.pk).exists()
    merge = PlayerMerge.objects.get()
    undo = reverse("player-merge-undo", args=[merge.pk])
    page = client.get(list_url).content.decode()
    assert undo in page and "data-confirm" in page
    asked = client.post(undo)  # without confirmed=1: the question, nothing written
    assert asked.status_code == 200 and "Take the merge back?" in asked.content.decode()
    assert not Player.objects.filter(pk=copy.pk).exists()
    assert client.post(undo, {"confirmed": "1"}).status_code == 302
    assert Player.objects.filter(pk=copy.pk).exists()


def test_only_a_site_administrator_merges(client, cups, copied):
    from tests.factories import make_tournament_director

    director = make_tournament_director(copied, "copy-director")
    client.force_login(director)
    anna, copy = by_name(*ANNA)
    url = reverse("player-merge", args=[anna.pk, copy.pk])
    assert client.get(url).status_code == 403
    assert client.post(url, {"stamp": plan_merge(anna, copy).stamp}).status_code == 403
    assert Player.objects.filter(pk=copy.pk).exists()
