"""A forged or damaged archive is refused before anything is written (issue 13, point 4).

Each bad archive is a good one, exported by the desk, with the JSON inside the gzip edited the
way an attacker or a broken editor would. Every refusal is an ArchiveError naming what is wrong,
restores nothing, and leaves the home page answering 200.
"""

import copy
import gzip
import json
import uuid

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse
from django.utils import translation

from desk import archive
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


# -- the figures are derived again (issue 30, point 1) ----------------------------------------


def result_of(data, session=1, table=1, wind=0):
    return next(
        r
        for r in data["results"]
        if (r["session"], r["table"], r["wind"]) == (session, table, wind)
    )


def player_name(data, number):
    player = next(r for r in data["registrations"] if r["number"] == number)["player"]
    return f"{player['first_name']} {player['last_name']}"


def test_a_result_that_contradicts_the_hands_is_refused_naming_the_table_and_the_player(good):
    """An archive whose results say 999999 for a player whose hands add to far less: the
    standings, the exports and the public pages would carry it."""
    result = result_of(good, table=2, wind=1)
    derived = result["score"]
    result["score"] = 999999
    message = refused(good, "999999")
    assert "session 1, table 2" in message
    assert player_name(good, result["player"]) in message
    assert str(derived) in message


@pytest.mark.parametrize(
    "field, value",
    [
        ("hand_points", 5),
        ("transfers", 30),
        ("penalty_points", -10),
        ("place", None),  # another place: swapped with the next seat's below
        ("table_points", "1/2"),
        ("final_score", "12345"),
        ("hands_won", 9),
        ("biggest_hand", 88),
    ],
)
def test_every_stored_figure_of_a_result_is_checked(good, field, value):
    result = result_of(good, table=1, wind=0)
    if field == "place":
        other = result_of(good, table=1, wind=1)
        result["place"], other["place"] = other["place"], result["place"]
    elif isinstance(value, int) and not isinstance(result[field], str):
        result[field] = (result[field] or 0) + value
    else:
        result[field] = value
    message = refused(good, "the hands and penalties give")
    assert "session 1, table 1" in message


def test_a_forged_penalty_changes_the_derived_results_and_is_refused(good):
    """The results are derived from the archive's own penalties: one more penalty than the
    stored results count is refused."""
    penalty = dict(next(p for p in good["penalties"] if p["points"]))
    seated = result_of(good, table=2, wind=3)["player"]
    good["penalties"].append(
        {
            **penalty,
            "kind": "referee_decision",
            "player": seated,
            "table": 2,
            "points": -50,
            "transfer": 0,
            "reason": "forged",
            "submission": None,
        }
    )
    refused(good, "the hands and penalties give")


def test_a_closed_table_without_its_results_is_refused(good):
    good["results"] = [r for r in good["results"] if (r["table"], r["wind"]) != (2, 3)]
    message = refused(good, "the result of player")
    assert "session 1, table 2" in message


def test_a_confirmed_session_with_an_open_table_is_refused(good):
    table = next(t for t in good["tables"] if (t["session"], t["number"]) == (1, 2))
    table["closed_at"] = table["closed_by"] = None
    good["results"] = [r for r in good["results"] if r["table"] != 2]
    message = refused(good, "confirmed")
    assert "table 2" in message


def test_the_derived_results_are_refused_on_the_page_and_the_command_in_italian(
    good, director_client, tmp_path
):
    result_of(good)["score"] = 999999
    content = pack(good)
    response = director_client.post(
        reverse("tournament-restore"),
        {"file": SimpleUploadedFile("x.desk.gz", content)},
        HTTP_ACCEPT_LANGUAGE="it",
    )
    page = response.content.decode()
    assert response.status_code == 200 and "999999" in page and "tavolo 1" in page
    path = tmp_path / "forged.desk.gz"
    path.write_bytes(content)
    with pytest.raises(CommandError, match="999999"):
        call_command("restore_tournament", str(path))
    assert not Tournament.objects.exists()


def test_a_good_archive_restores_the_figures_the_desk_derives(good):
    tournament = restore_archive(pack(good))
    from scoring.models import SeatResult
    from scoring.services.closing import seat_results
    from scoring.services.tables import snapshot

    for table in Table.objects.filter(session__tournament=tournament, closed_at__isnull=False):
        stored = SeatResult.objects.filter(table=table).order_by("wind")
        derived = sorted(seat_results(snapshot(table)), key=lambda r: r.wind)
        assert [(r.score, r.place, r.table_points, r.final_score) for r in stored] == [
            (r.score, r.place, r.table_points, r.final_score) for r in derived
        ]


# -- the desk's own validators and constraints (issue 30, point 3) ----------------------------


def refused_by_the_plan(data, match, monkeypatch):
    """Refused with `match` by the checks, before the write transaction: the database's own
    constraints never had to refuse it (their messages name no table and no player)."""

    def write(prepared):
        raise AssertionError("the archive reached the database")

    monkeypatch.setattr(archive, "write", write)
    return refused(data, match)


@pytest.mark.parametrize("pin", ["1", "12345", "1234567", "abcdef", "12 456", "١٢٣٤٥٦"])
def test_a_pin_the_desk_never_makes_is_refused(good, monkeypatch, pin):
    good["tables"][0]["pin"] = pin
    refused_by_the_plan(good, "PIN", monkeypatch)


def test_two_hands_with_one_submission_id_are_refused(good, monkeypatch):
    submission = str(uuid.uuid4())
    first, second = [h for h in good["hands"] if h["is_current"]][:2]
    first["submission"], second["submission"] = submission, submission.upper()
    refused_by_the_plan(good, "submission|listed twice", monkeypatch)


def test_two_penalties_with_one_submission_id_are_refused(good, monkeypatch):
    submission = str(uuid.uuid4())
    penalty = good["penalties"][0]
    penalty["submission"] = submission
    good["penalties"].append(
        {
            **penalty,
            "cancelled_at": penalty["given_at"],
            "cancel_reason": "typed twice",
            "submission": submission,
        }
    )
    refused_by_the_plan(good, "submission", monkeypatch)


def test_a_penalty_submission_id_this_desk_used_already_is_refused(good, director, monkeypatch):
    other = build(players=8, slug="other")
    table = other.sessions.get(number=1).tables.get(number=1)
    submission = uuid.uuid4()
    give_penalty(
        table.session,
        table.seats.get(wind=0).registration,
        "false_hu",
        actor=Actor(user=director),
        table=table,
        valid_shape=True,
        submission=submission,
    )
    good["penalties"][0]["submission"] = str(submission)
    monkeypatch.setattr(archive, "write", lambda prepared: pytest.fail("written"))
    with pytest.raises(ArchiveError, match="already used in this desk"):
        restore_archive(pack(good))
    assert list(Tournament.objects.values_list("slug", flat=True)) == ["other"]


@pytest.mark.parametrize(
    "damage, match",
    [
        (lambda d: d["tournament"].update(finalists=5, final_sessions=1), "finalists"),
        (lambda d: d["tournament"].update(final_sessions=3, finalists=8), "final_sessions"),
        (lambda d: d["tournament"].update(final_sessions=1, finalists=0), "final_stage"),
        (lambda d: d["tournament"].update(country="ita"), "country"),
        (lambda d: d["registrations"][0]["player"].update(country="Italy"), "country|Italy"),
        (lambda d: d["registrations"][0]["player"].update(first_name=""), "name|blank"),
        (lambda d: d["seats"][0].update(replaced=d["seats"][0]["player"]), "replaced"),
        (lambda d: d["hands"][0].update(outcome="washout", winner=2), "winner|fit"),
        (lambda d: d["tables"][0].update(waiting_reported=5000), "waiting|999"),
        (lambda d: d["penalties"][0].update(hand_number=0), "hand|range"),
        (lambda d: d["audit"][0].update(hand_number=-1), "hand|range|greater"),
    ],
)
def test_every_constraint_of_the_database_is_checked_before_writing(
    good, monkeypatch, damage, match
):
    damage(good)
    refused_by_the_plan(good, match, monkeypatch)
