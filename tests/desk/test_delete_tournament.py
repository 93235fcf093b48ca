"""A site administrator deletes a tournament: asked first, the archive kept, and taken back from
the restore page with every figure as it was."""

import pytest
from django.urls import reverse

from desk.services import kept_archives
from scoring.standings.ranking import compute_standings
from tests.factories import build, make_tournament_director
from tournament.models import Tournament


def figures(tournament):
    return [
        (row.registration.number, row.place_label, row.table_points, row.score)
        for row in compute_standings(tournament).rows
    ]


@pytest.fixture
def played(db):
    return build(slug="deleted-cup")


def test_deleting_asks_first_then_keeps_the_archive_and_restores_it(director_client, played):
    before = figures(played)
    url = reverse("tournament-delete", args=[played.slug])

    page = director_client.get(url).content.decode()
    assert "Delete Cup deleted-cup?" in page and "Restore a tournament" in page
    response = director_client.post(url)  # no confirmed=1: the question again, nothing deleted
    assert response.status_code == 200 and Tournament.objects.filter(slug=played.slug).exists()

    response = director_client.post(url, {"confirmed": "1"}, follow=True)
    assert "is deleted. Its archive is kept" in response.content.decode()
    assert not Tournament.objects.filter(slug=played.slug).exists()
    (kept,) = kept_archives()
    assert kept.slug == played.slug

    restore_page = director_client.get(reverse("tournament-restore")).content.decode()
    assert "Deleted tournaments" in restore_page and kept.name in restore_page
    download = director_client.get(reverse("tournament-kept-archive", args=[kept.name]))
    assert download.status_code == 200 and download["Content-Type"] == "application/gzip"

    response = director_client.post(
        reverse("tournament-restore-kept"), {"name": kept.name}, follow=True
    )
    assert "restored" in response.content.decode()
    assert figures(Tournament.objects.get(slug=played.slug)) == before
    assert kept_archives() == []  # brought back: nothing left to restore twice


def test_only_a_site_administrator_deletes_or_restores(client, played):
    director = make_tournament_director(played)  # directs it, but is no site administrator
    client.force_login(director)
    assert (
        client.post(
            reverse("tournament-delete", args=[played.slug]), {"confirmed": "1"}
        ).status_code
        == 403
    )
    assert client.get(reverse("tournament-delete", args=["no-such-cup"])).status_code == 403
    assert Tournament.objects.filter(slug=played.slug).exists()
    assert "Delete this tournament" not in client.get(played.get_absolute_url()).content.decode()
    assert client.post(reverse("tournament-restore-kept"), {"name": "x"}).status_code == 403


@pytest.mark.parametrize("name", ["../secret_key", "desk.sqlite3", "cup-20260101-120000.desk.gz"])
def test_only_a_kept_archive_can_be_named(director_client, db, name):
    response = director_client.post(reverse("tournament-restore-kept"), {"name": name}, follow=True)
    assert "There is no such kept archive." in response.content.decode()
    kept = reverse("tournament-kept-archive", args=["placeholder"]).replace("placeholder", name)
    assert director_client.get(kept).status_code == 404
