"""An archive whose file or numbers are broken is refused with a message, never a 500: a
damaged gzip stream, numbers no field holds (Infinity, NaN, 1e999) and a fraction written
to take the CPU for hours."""

import gzip
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from desk.archive import ArchiveError, export_archive, restore_archive
from desk.services import delete_tournament
from scoring.access import Actor
from tests.factories import build, play_session
from tournament.models import Tournament


@pytest.fixture
def good(db, director):
    """The text of a good archive (one confirmed session), its tournament deleted here."""
    tournament = build(players=8, slug="numbers")
    play_session(tournament, 1, Actor(user=director))
    text = gzip.decompress(export_archive(tournament)).decode()
    delete_tournament(tournament)
    return text


def test_a_damaged_gzip_stream_is_refused_on_the_upload_page(director_client):
    packed = gzip.compress(b'{"format": "x"}' * 100)
    damaged = packed[:20] + bytes(b ^ 0x5A for b in packed[20:-8]) + packed[-8:]
    response = director_client.post(
        reverse("tournament-restore"), {"file": SimpleUploadedFile("x.desk.gz", damaged)}
    )
    assert response.status_code == 200
    assert "not a tournament archive" in response.content.decode()


@pytest.mark.parametrize(
    "field, written",
    [
        ("score", "Infinity"),
        ("score", "NaN"),
        ("score", "1e999"),
        ("table_points", "-Infinity"),
        ("table_points", '"1e100000000"'),
        ("final_score", '"7/"'),
    ],
)
def test_a_number_no_field_holds_is_refused(good, field, written):
    data = json.loads(good)
    data["results"][0][field] = "@@"
    text = json.dumps(data).replace('"@@"', written)
    with pytest.raises(ArchiveError):
        restore_archive(gzip.compress(text.encode()))
    assert not Tournament.objects.exists()
