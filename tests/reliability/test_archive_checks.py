"""A forged or damaged archive is refused before anything is written (issue 13, point 4).

Each bad archive is a good one, exported by the desk, with the JSON inside the gzip edited the
way an attacker or a broken editor would. Every refusal is an ArchiveError naming what is wrong,
restores nothing, and leaves the home page answering 200.
"""

import copy
import gzip
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation

from desk.archive import ArchiveError, export_archive, restore, restore_archive
from desk.services import delete_tournament
from scoring.access import Actor
from scoring.models import Hand
from scoring.services.penalties import give_penalty
from tests.factories import build, make_director, play_session
from tournament.models import Player, Table, Tournament


@pytest.fixture(scope="module")
def built(module_db):
    """The director "boss" and the JSON of a good archive (one confirmed session, a false Hu,
    table 1 refereed by the account "ref1"), its tournament deleted from this desk, whose
    accounts stay. Built once for the module."""
    with module_db():
        director = make_director()
        tournament = build(players=8, slug="forged")
        actor = Actor(user=director)
        session = tournament.sessions.get(number=1)
        table = session.tables.get(number=1)
        referee = get_user_model().objects.create_user("ref1")
        table.referees.add(referee)
        give_penalty(
            session,
            table.seats.get(wind=1).registration,
            "false_hu",
            actor=actor,
            table=table,
            valid_shape=True,
        )
        play_session(tournament, 1, actor)
        data = json.loads(gzip.decompress(export_archive(tournament)))
        delete_tournament(tournament)
        return director, data


@pytest.fixture
def director(db, built):
    return copy.deepcopy(built[0])


@pytest.fixture
def good(db, built):
    """The archive's JSON, this test's own copy to damage."""
    return copy.deepcopy(built[1])


def pack(data):
    return gzip.compress(json.dumps(data).encode())


def current_hand(data, session=1, table=1, number=3):
    return next(
        h
        for h in data["hands"]
        if (h["session"], h["table"], h["number"], h["is_current"])
        == (session, table, number, True)
    )


def refused(data, match):
    """Restoring `data` fails with `match` in the message and leaves the desk unchanged."""
    counts = (Player.objects.count(), get_user_model().objects.count(), Hand.objects.count())
    with pytest.raises(ArchiveError, match=match) as caught:
        restore_archive(pack(data))
    assert not Tournament.objects.exists()
    assert (Player.objects.count(), get_user_model().objects.count(), Hand.objects.count()) == (
        counts
    )
    return str(caught.value)


def test_the_good_archive_restores(good):
    tournament = restore_archive(pack(good))
    assert tournament.slug == "forged"
    assert Hand.objects.filter(table__session__tournament=tournament).count() == len(good["hands"])


@pytest.mark.parametrize("slug", ["Bad Slug/<x>", 'bad"slug', "", "x" * 61, 7])
def test_a_bad_slug_is_refused_and_the_home_page_still_answers(good, client, slug):
    good["tournament"]["slug"] = slug
    refused(good, "short name")
    assert client.get(reverse("home")).status_code == 200


def test_a_hand_that_does_not_sum_to_zero_is_refused_naming_it(good):
    current_hand(good)["change_east"] += 1
    message = refused(good, "incomplete or damaged")
    assert "table 1" in message and "Hand 3" in message


def test_a_hand_with_other_changes_than_its_entry_gives_is_refused(good):
    hand = next(
        h for h in good["hands"] if h["is_current"] and h["change_east"] != h["change_south"]
    )
    hand["change_east"], hand["change_south"] = hand["change_south"], hand["change_east"]
    message = refused(good, "but the rules give")
    assert f"session 1, table {hand['table']}" in message


def test_a_hand_whose_columns_differ_from_its_entry_is_refused(good):
    hand = next(h for h in good["hands"] if h["is_current"] and h["fan"])
    hand["fan"] += 1
    refused(good, f"hand {hand['number']} is stored as")


def test_a_hand_out_of_sequence_is_refused(good):
    current_hand(good)["number"] = 40
    refused(good, "out of sequence")


@pytest.mark.parametrize(
    "options, match",
    [
        ({"no_such_option": 1}, "no_such_option"),
        ({"limit": "lots"}, "scoring settings"),
        (["not", "a", "mapping"], "not a mapping"),
    ],
)
def test_unknown_or_bad_scoring_options_are_refused(good, client, options, match):
    good["tournament"]["scoring_options"] = options
    refused(good, match)
    assert client.get(reverse("home")).status_code == 200


def test_unknown_tie_breakers_are_refused(good):
    good["tournament"]["tie_breaks"] = ["coin_toss"]
    refused(good, "tie-breakers")


@pytest.mark.parametrize(
    "token", ["a", "x" * 64, "bad token with spaces and more than 43 chars!", None]
)
def test_a_table_link_the_desk_does_not_make_is_refused(good, token):
    good["tables"][0]["token"] = token
    refused(good, "referee link")


def test_two_tables_with_one_link_are_refused(good):
    good["tables"][1]["token"] = good["tables"][0]["token"]
    refused(good, "another table")


def test_a_link_already_used_in_this_desk_is_refused(good, director):
    other = build(slug="other")
    good["tables"][0]["token"] = other.sessions.get(number=1).tables.first().token
    with pytest.raises(ArchiveError, match="already used"):
        restore_archive(pack(good))
    assert list(Tournament.objects.values_list("slug", flat=True)) == ["other"]


def test_an_existing_account_gets_no_right_from_an_archive(good, director):
    User = get_user_model()
    ref2 = User.objects.create_user("ref2")
    good["tables"][0]["referees"] = ["ref1", "ref2", "boss", "ghost"]
    restored = restore(pack(good))
    table = Table.objects.get(session__tournament=restored.tournament, session__number=1, number=1)
    # ref1 and ref2 (and the director "boss") exist here: none becomes the table's referee.
    assert list(table.referees.values_list("username", flat=True)) == ["ghost"]
    assert not User.objects.get(username="ghost").is_active
    assert not ref2.refereed_tables.exists() and not ref2.is_staff
    assert User.objects.get(username="ref2").is_staff is False
    assert sorted(name for _s, _t, name in restored.skipped_referees) == ["boss", "ref1", "ref2"]


def test_an_archive_never_changes_an_existing_account(good, director):
    for hand in good["hands"]:
        hand["entered_by"] = "boss"
    good["sessions"][0]["confirmed_by"] = "boss"
    before = get_user_model().objects.values().get(username="boss")
    restore_archive(pack(good))
    assert get_user_model().objects.values().get(username="boss") == before


@pytest.mark.parametrize(
    "damage, match",
    [
        (lambda d: d["seats"][0].update(player=999), "player 999 is not registered"),
        (lambda d: d["seats"][0].update(table=42), "no table 42"),
        (lambda d: d["seats"][1].update(wind=d["seats"][0]["wind"]), "listed twice"),
        (lambda d: d["seats"][4].update(player=d["seats"][0]["player"]), "two seats"),
        (lambda d: d["hands"][0].update(table=99), "no table 99"),
        (lambda d: d["hands"][0].update(session=9), "no session 9"),
        (lambda d: d["penalties"][0].update(player=77), "player 77"),
        (lambda d: d["penalties"][0].update(session=4), "no session 4"),
        (lambda d: d["penalties"][0].update(points=5), "zero or negative"),
        (lambda d: d["penalties"][0].update(transfer=1), "does not match"),
        (lambda d: d["penalties"][0].update(kind="chombo"), "not a penalty of this rule set"),
        (lambda d: d["results"][0].update(player=d["results"][1]["player"]), "does not sit"),
        (lambda d: d["results"][0].update(place=9), "1 to 4"),
        (lambda d: d["audit"][0].update(players=[500]), "player 500"),
        (lambda d: d["audit"][0].update(action="rm -rf"), "action"),
        (lambda d: d["registrations"][0].update(number=0), "out of range"),
        (lambda d: d["registrations"][1].update(number=d["registrations"][0]["number"]), "twice"),
        (lambda d: d["sessions"][0].update(number=31), "out of range"),
        (lambda d: d["tournament"].update(session_count=1000), "session"),
        (lambda d: d["tournament"].update(end_date="2020-01-01"), "last day"),
        (lambda d: d["tables"][0].update(extra_minutes=10**9), "out of range"),
        (lambda d: d["tables"][0].update(revision=-1), "revision"),
        # PostgreSQL's smallint: there the model field's own validator names the limit first.
        (lambda d: d["hands"][0].update(fan=70000), "out of range|less than or equal to 32767"),
        (lambda d: d["hands"][0].update(entered_at="yesterday"), "not a date and time"),
        (lambda d: d["hands"][0].update(outcome="ron"), "not an outcome of this rule set"),
        (lambda d: d["results"][0].update(final_score="1/7"), "twelfths"),
        (lambda d: d["tables"][0].update(referees=["bad name!"]), "account"),
        (lambda d: d.update(seats={"not": "a list"}), "seats"),
    ],
)
def test_every_reference_and_range_is_checked(good, client, damage, match):
    damage(good)
    refused(good, match)
    assert client.get(reverse("home")).status_code == 200


def test_the_message_is_translated(good):
    current_hand(good)["change_east"] += 1
    with translation.override("it"), pytest.raises(ArchiveError) as caught:
        restore_archive(pack(good))
    assert "L'archivio è incompleto o danneggiato" in str(caught.value)


def test_the_upload_page_shows_the_refusal(good, director_client):
    good["tournament"]["slug"] = 'bad"slug'
    response = director_client.post(
        reverse("tournament-restore"), {"file": SimpleUploadedFile("x.desk.gz", pack(good))}
    )
    assert response.status_code == 200
    assert "short name" in response.content.decode()
    assert not Tournament.objects.exists()
    assert director_client.get(reverse("home")).status_code == 200


def test_the_upload_page_says_which_referee_assignments_were_left_out(good, director_client):
    response = director_client.post(
        reverse("tournament-restore"),
        {"file": SimpleUploadedFile("x.desk.gz", pack(good))},
        follow=True,
    )
    assert response.status_code == 200
    assert "ref1 (session 1, table 1)" in response.content.decode()
    assert not get_user_model().objects.get(username="ref1").refereed_tables.exists()


def test_the_command_refuses_a_forged_archive_and_reports_left_out_referees(good, tmp_path, capsys):
    path = tmp_path / "forged.desk.gz"
    good["tournament"]["slug"] = "Bad Slug/<x>"
    path.write_bytes(pack(good))
    with pytest.raises(CommandError, match="short name"):
        call_command("restore_tournament", str(path))
    assert not Tournament.objects.exists()
    good["tournament"]["slug"] = "forged"
    path.write_bytes(pack(good))
    call_command("restore_tournament", str(path))
    assert "ref1 (session 1, table 1)" in capsys.readouterr().err
    assert Tournament.objects.get().slug == "forged"


@pytest.mark.parametrize(
    "tiles",
    [
        {"tiles": "123m 456p 789s 123s 5p +5p", "tile_count": None, "tiles_matched": True},
        {"tiles": "", "tile_count": {"fills": {}, "items": []}, "tiles_matched": None},
        {"tiles": "123m", "tile_count": {"fills": 7, "items": []}, "tiles_matched": False},
        {"tiles": "123m", "tile_count": {"fills": {}, "items": []}, "tiles_matched": "yes"},
    ],
)
def test_tiles_without_their_count_or_a_count_without_tiles_are_refused(good, tiles):
    current_hand(good).update(tiles)
    refused(good, "the tiles and their count do not fit together|must be either True, False")


def test_a_hand_with_tiles_and_its_count_restores_with_them(good):
    count = {
        "tiles": "123m 456p 789s 123s 5p +5p",
        "fills": {"fan": 14, "flowers": 0},
        "items": [{"number": 34, "name": "Mixed Straight", "count": 1, "value": 8}],
        "verdict": "valid",
        "winner": 0,
    }
    current_hand(good).update(tiles=count["tiles"], tile_count=count, tiles_matched=False)
    tournament = restore_archive(pack(good))
    hand = Hand.objects.current().get(
        table__session__tournament=tournament, table__number=1, number=3
    )
    assert (hand.tiles, hand.tile_count, hand.tiles_matched) == (count["tiles"], count, False)
