"""A director token's writes: importing players, the draw, publishing a session."""

from django.core.files.uploadedfile import SimpleUploadedFile

from tournament.models import Registration

CSV = "First name,Last name,EMA id,Country,Club\nAnna,Rossi,,ITA,Bologna\nJan,de Vries,,NLD,\n"


def test_a_director_imports_a_player_list(world):
    api = world["clients"]["director A"]
    before = Registration.objects.filter(tournament=world["a"]).count()
    upload = SimpleUploadedFile("players.csv", CSV.encode(), content_type="text/csv")
    response = api.post("/api/v1/tournaments/alpha/players/import/", {"file": upload})
    assert response.status_code == 200, response.content
    assert response.json()["registered"] == 2
    assert Registration.objects.filter(tournament=world["a"]).count() == before + 2


def test_a_bad_list_imports_nothing_and_says_which_row(world):
    api = world["clients"]["director A"]
    before = Registration.objects.count()
    bad = CSV + "Luca,,,ITA,\n"
    upload = SimpleUploadedFile("players.csv", bad.encode(), content_type="text/csv")
    response = api.post("/api/v1/tournaments/alpha/players/import/", {"file": upload})
    assert response.status_code == 400
    assert "4" in response.json()["detail"]  # the line of the bad row
    assert Registration.objects.count() == before


def test_a_referee_token_cannot_import(world):
    upload = SimpleUploadedFile("players.csv", CSV.encode(), content_type="text/csv")
    response = world["clients"]["referee"].post(
        "/api/v1/tournaments/alpha/players/import/", {"file": upload}
    )
    assert response.status_code == 403


def test_the_previewed_draw_is_the_one_written(world):
    api = world["clients"]["director A"]
    preview = api.post(
        "/api/v1/tournaments/alpha/draw/preview/", {"scope": "3", "seed": 11}, format="json"
    )
    assert preview.status_code == 200, preview.content
    plan = preview.json()
    assert plan["written"] is False
    assert not world["a"].sessions.get(number=3).tables.exists()
    written = api.post(
        "/api/v1/tournaments/alpha/draw/",
        {"scope": "3", "seed": 11, "fingerprint": plan["fingerprint"], "publish_seating": True},
        format="json",
    )
    assert written.status_code == 200, written.content
    assert written.json()["tables"] == plan["tables"]
    session = world["a"].sessions.get(number=3)
    assert session.tables.count() == 4
    assert session.seating_published


def test_a_draw_with_an_old_fingerprint_is_refused(world):
    response = world["clients"]["director A"].post(
        "/api/v1/tournaments/alpha/draw/",
        {"scope": "3", "seed": 11, "fingerprint": "0000"},
        format="json",
    )
    assert response.status_code == 400
    assert "changed since this preview" in response.json()["detail"]
    assert not world["a"].sessions.get(number=3).tables.exists()


def test_a_played_session_is_not_drawn_again(world):
    response = world["clients"]["director A"].post(
        "/api/v1/tournaments/alpha/draw/", {"scope": "2"}, format="json"
    )
    assert response.status_code == 400
    assert "cannot be drawn again" in response.json()["detail"]


def test_publishing_the_results(world):
    api = world["clients"]["director A"]
    response = api.post(
        "/api/v1/tournaments/alpha/sessions/2/publish/", {"results": True}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["results_published"] is True
    assert world["a"].sessions.get(number=2).results_published
