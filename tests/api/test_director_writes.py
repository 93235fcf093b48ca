"""A director token's writes: importing players, the draw, publishing a session."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from rules.limits import MAX_IMPORT_ROWS
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


IMPORTS = "/api/v1/tournaments/alpha/players/import/"
#: Line 2 a new player, line 3 a player of tournament A (a name match registered here), line 4 a
#: name match with a player the desk knows from elsewhere.
LIST = (
    "First name,Last name,EMA id,Country,Club\n"
    "Anna,Rossi,,ITA,Bologna\n"
    "{known_first},{known_last},,,\n"
    "Mario,Bianchi,,ITA,\n"
)


def player_list(world):
    from tournament.models import Player

    Player.objects.create(first_name="Mario", last_name="Bianchi", country="ITA")
    known = world["a"].registrations.get(number=1).player
    text = LIST.format(known_first=known.first_name, known_last=known.last_name)
    return known, text


def upload(text):
    return SimpleUploadedFile("players.csv", text.encode(), content_type="text/csv")


def previewed_import(api, text, **choices):
    """Preview the list, then import it with the preview's fingerprint and `choices`."""
    fingerprint = api.post(IMPORTS + "preview/", {"file": upload(text)}).json()["fingerprint"]
    return api.post(IMPORTS, {"file": upload(text), "fingerprint": fingerprint, **choices})


def counts():
    from tournament.models import Player

    return Player.objects.count(), Registration.objects.count()


def test_the_import_preview_says_what_each_row_is_and_writes_nothing(world):
    api = world["clients"]["director A"]
    known, text = player_list(world)
    before = counts()
    response = api.post(IMPORTS + "preview/", {"file": upload(text)})
    assert response.status_code == 200, response.content
    answer = response.json()
    rows = {row["line"]: row for row in answer["rows"]}
    assert rows[2]["how"] == "new" and rows[2]["known"] == ""
    assert rows[3]["how"] == "name" and rows[3]["registered_here"] and rows[3]["same_by_default"]
    assert known.full_name in rows[3]["known"]
    assert rows[4]["how"] == "name" and not rows[4]["registered_here"]
    assert not rows[4]["same_by_default"]
    assert answer["fingerprint"]
    assert counts() == before


def test_the_previewed_import_with_its_choices(world):
    """Imported with the preview's fingerprint, line 4 said to be the known Mario Bianchi: one
    new player (Anna), Mario registered as the player the desk knew."""
    from tournament.models import Player

    api = world["clients"]["director A"]
    _, text = player_list(world)
    players, registrations = counts()
    response = previewed_import(api, text, same_person=[4])
    assert response.status_code == 200, response.content
    assert response.json()["registered"] == 2  # Anna and Mario; line 3 was registered already
    assert counts() == (players + 1, registrations + 2)
    assert Player.objects.filter(first_name="Mario", last_name="Bianchi").count() == 1


def test_an_import_after_a_known_player_changed_is_refused(world):
    """The known player of line 3 gets another club between the preview and the import: the
    import is refused with the page's message and nothing is written."""
    from tournament.services import registrations as registration_services

    api = world["clients"]["director A"]
    known, text = player_list(world)
    fingerprint = api.post(IMPORTS + "preview/", {"file": upload(text)}).json()["fingerprint"]
    registration_services.update_player(
        known,
        expected=registration_services.player_values(known),
        **{**registration_services.player_values(known), "club": "Elsewhere"},
    )
    before = counts()
    response = api.post(IMPORTS, {"file": upload(text), "fingerprint": fingerprint})
    assert response.status_code == 400
    assert "changed since this preview" in response.json()["detail"]
    assert counts() == before


def test_a_bad_list_is_refused_by_the_preview_too(world):
    api = world["clients"]["director A"]
    response = api.post(IMPORTS + "preview/", {"file": upload(CSV + "Luca,,,ITA,\n")})
    assert response.status_code == 400
    assert "4" in response.json()["detail"]
    assert response.json()["errors"]["file"]


def test_only_the_director_previews_an_import(world):
    for role in ("referee", "director B", "anonymous"):
        response = world["clients"][role].post(IMPORTS + "preview/", {"file": upload(CSV)})
        assert response.status_code in (401, 403), role


def test_a_namesake_registered_here_can_be_imported_as_another_person(world):
    """Line 3 has the name of player 1 of tournament A (registered here: the same person by
    default, as importing the same list twice must not duplicate anyone); `new_person` makes it
    a new player, as the page's "New player" choice does."""
    api = world["clients"]["director A"]
    known, text = player_list(world)
    players, registrations = counts()
    response = previewed_import(api, text, new_person=[3])
    assert response.status_code == 200, response.content
    assert response.json()["registered"] == 3  # Anna, the other namesake and Mario
    assert counts() == (players + 3, registrations + 3)
    assert world["a"].registrations.filter(player__last_name=known.last_name).count() == 2


def test_new_person_wins_over_match_by_name(world):
    api = world["clients"]["director A"]
    _, text = player_list(world)
    players, _registrations = counts()
    response = api.post(
        IMPORTS, {"file": upload(text), "match_by_name": True, "new_person": [3, 4]}
    )
    assert response.status_code == 200, response.content
    assert counts()[0] == players + 3  # Anna and two namesakes imported as new players


@pytest.mark.parametrize(
    ("choices", "said"),
    [
        ({"same_person": ["abc"]}, "item 1: A valid integer is required."),
        ({"same_person": [2, 0]}, "item 2: Ensure this value is greater than or equal to 1."),
        (
            {"new_person": [10**12]},
            # a line of a list of MAX_IMPORT_ROWS players under its header (rules.limits)
            f"item 1: Ensure this value is less than or equal to {MAX_IMPORT_ROWS + 1}.",
        ),
        ({"same_person": [4], "new_person": [4]}, "Line 4 cannot be both"),
    ],
)
def test_bad_line_choices_are_refused_with_a_clear_message(world, choices, said):
    api = world["clients"]["director A"]
    _, text = player_list(world)
    before = counts()
    response = api.post(IMPORTS, {"file": upload(text), **choices})
    assert response.status_code == 400
    assert response.json()["detail"].startswith(said)
    assert counts() == before
