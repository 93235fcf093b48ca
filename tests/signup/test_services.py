"""The sign-up's rules, through its services: who may take an entry, the director's approval
and moves, corrections, erasing, and the refusals that change nothing."""

import datetime as dt

import pytest
from django.core import mail
from django.utils import timezone

from common.errors import ChangedMeanwhile
from scoring.access import Actor
from signup.models import Entry, EntryStatus, EventAction
from signup.services import director, entries
from signup.services.places import SignupError, waiting_rank
from tests.factories import (
    entry_values,
    make_director,
    make_player,
    make_tournament,
    open_signup,
    register_players,
    signed_up,
)
from tournament.models import Player, Registration, TournamentStatus


@pytest.fixture
def boss(db):
    return Actor(user=make_director())


@pytest.fixture
def open_open(db):
    today = timezone.localdate()
    tournament = make_tournament(
        slug="open-open",
        start_date=today + dt.timedelta(days=30),
        end_date=today + dt.timedelta(days=31),
    )
    open_signup(tournament, places=4)
    return tournament


def test_the_same_address_or_ema_id_takes_no_second_entry(
    open_open, django_capture_on_commit_callbacks
):
    signed_up(open_open, 1, ema_id="12345678")
    with django_capture_on_commit_callbacks(execute=True):
        again = entries.sign_up(
            open_open, entry_values(2, email="PLAYER1@example.org"), language="en"
        )
    assert again is None  # the first entry's message went to that address again
    assert Entry.objects.count() == 1
    assert mail.outbox[-1].to == ["player1@example.org"]
    with pytest.raises(SignupError, match="EMA id 12345678 is already in this tournament"):
        entries.sign_up(open_open, entry_values(3, ema_id="12345678"), language="en")
    assert Entry.objects.count() == 1


def test_a_known_ema_id_belongs_to_its_name(open_open):
    make_player(1, first_name="Mario", last_name="Bianchi", ema_id="04000123")
    with pytest.raises(SignupError, match="belongs to another player"):
        entries.sign_up(open_open, entry_values(1, ema_id="04000123"), language="en")
    entry = signed_up(open_open, 2, first_name="mario", last_name="BIANCHI", ema_id="04000123")
    known = Player.objects.get(ema_id="04000123")
    assert entry.registration.player == known
    assert (known.first_name, known.last_name) == ("Mario", "Bianchi")  # never changed


def test_a_registered_player_has_a_place_already(open_open):
    register_players(open_open, 1)
    with pytest.raises(SignupError, match="already registered in this tournament"):
        entries.sign_up(
            open_open, entry_values(1, first_name="Player1", last_name="Test1"), language="en"
        )


def test_a_name_match_is_a_new_player_unless_the_director_says_so(open_open, boss):
    other = make_tournament(slug="elsewhere")
    known = register_players(other, 1)[0].player
    open_signup(open_open, places=4, approval=True)
    values = {"first_name": known.first_name, "last_name": known.last_name}
    first = signed_up(open_open, 1, **values)
    assert first.status == EntryStatus.AWAITING
    first = director.entry_action(open_open, first, director.SAME, expected="awaiting", actor=boss)
    first = director.entry_action(
        open_open, first, director.APPROVE, expected="awaiting", actor=boss
    )
    first.refresh_from_db()
    assert first.status == EntryStatus.CONFIRMED and first.registration.player == known


def test_approval_then_the_places_then_the_waiting_list(open_open, boss):
    open_signup(open_open, places=4, approval=True)
    register_players(open_open, 3)
    a, b = signed_up(open_open, 1), signed_up(open_open, 2)
    assert (a.status, b.status) == (EntryStatus.AWAITING, EntryStatus.AWAITING)
    director.entry_action(open_open, b, director.APPROVE, expected="awaiting", actor=boss)
    director.entry_action(open_open, a, director.APPROVE, expected="awaiting", actor=boss)
    a.refresh_from_db(), b.refresh_from_db()
    assert (b.status, a.status) == (EntryStatus.CONFIRMED, EntryStatus.WAITING)
    assert waiting_rank(a) == 1
    # a page built before a move changes nothing
    with pytest.raises(ChangedMeanwhile):
        director.entry_action(open_open, a, director.APPROVE, expected="awaiting", actor=boss)


def test_the_director_moves_anyone(open_open, boss):
    register_players(open_open, 4)
    w1, w2, w3 = (signed_up(open_open, n) for n in (1, 2, 3))
    assert [w.status for w in (w1, w2, w3)] == [EntryStatus.WAITING] * 3
    director.entry_action(open_open, w3, director.UP, expected="waiting", actor=boss)
    for entry in (w1, w2, w3):
        entry.refresh_from_db()
    assert [waiting_rank(e) for e in (w1, w3, w2)] == [1, 2, 3]
    # a place beyond the count, on the director's word
    director.entry_action(open_open, w2, director.CONFIRM, expected="waiting", actor=boss)
    w2.refresh_from_db()
    assert w2.status == EntryStatus.CONFIRMED and open_open.registrations.playing().count() == 5
    # back to the waiting list: the registration leaves the tournament
    director.entry_action(open_open, w2, director.WAIT, expected="confirmed", actor=boss)
    w2.refresh_from_db()
    assert w2.status == EntryStatus.WAITING and w2.registration is None
    assert Registration.objects.get(player__first_name="Signed2").status == "withdrawn"
    # and a place again: the same registration comes back
    director.entry_action(open_open, w2, director.CONFIRM, expected="waiting", actor=boss)
    w2.refresh_from_db()
    assert (
        w2.registration.is_active
        and Registration.objects.filter(player__first_name="Signed2").count() == 1
    )
    actions = set(w2.events.values_list("action", flat=True))
    assert {EventAction.PLACE_TAKEN, EventAction.WAITING} <= actions
    assert w2.events.filter(user=boss.user).exists()


def test_a_correction_changes_the_entry_and_a_player_of_this_tournament_only(open_open):
    entry = signed_up(open_open, 1)
    values = {**entry_values(1), "club": "Bologna", "language": "it"}
    entries.correct(open_open, entry, values)
    entry.refresh_from_db()
    assert entry.club == "Bologna" and entry.language == "it"
    assert entry.registration.player.club == "Bologna"
    # a player who also plays elsewhere keeps their name: the director changes it
    other = make_tournament(slug="other-place")
    Registration.objects.create(tournament=other, player=entry.registration.player, number=1)
    with pytest.raises(SignupError, match="ask the director"):
        entries.correct(open_open, entry, {**values, "first_name": "Changed"})
    assert Player.objects.get(pk=entry.registration.player_id).first_name == "Signed1"


def test_the_sign_up_takes_entries_between_its_dates_only(open_open):
    now = timezone.now()
    open_signup(
        open_open, opens_at=now + dt.timedelta(days=1), closes_at=now + dt.timedelta(days=2)
    )
    with pytest.raises(SignupError, match="closed"):
        entries.sign_up(open_open, entry_values(1), language="en")
    assert not Entry.objects.exists()


def test_erasing_keeps_the_results_and_names(open_open, boss):
    entry = signed_up(open_open, 1)
    gone = signed_up(open_open, 2, confirm=False)
    with pytest.raises(SignupError, match="withdrawn or the tournament is over"):
        director.entry_action(open_open, entry, director.ERASE, expected="confirmed", actor=boss)
    entries.withdraw(open_open, gone)
    director.entry_action(open_open, gone, director.ERASE, expected="withdrawn", actor=boss)
    gone.refresh_from_db()
    assert (gone.email, gone.first_name, gone.link_key) == ("", "", "")
    open_open.status = TournamentStatus.FINISHED
    open_open.save()
    assert director.erase_all(open_open, actor=boss) == 1
    entry.refresh_from_db()
    assert entry.email == "" and entry.registration.player.first_name == "Signed1"
    assert entry.events.filter(action=EventAction.ERASED).exists()
    assert not any("@" in str(event.changes) for event in entry.events.all())


def test_settings_in_range_only(open_open, boss):
    from django.core.exceptions import ValidationError

    from rules.limits import MAX_OFFER_HOURS, MAX_SIGNUP_PLACES

    for wrong in ({"places": MAX_SIGNUP_PLACES + 1}, {"offer_hours": MAX_OFFER_HOURS + 1}):
        with pytest.raises(ValidationError):
            open_signup(open_open, **wrong)
    assert open_open.signup.places == 4


def test_the_command_ends_offers_past_their_time(open_open):
    from django.core.management import call_command

    register_players(open_open, 4)
    waiting = signed_up(open_open, 1)
    registration = open_open.registrations.get(number=1)
    from signup.services.places import withdraw_registration

    withdraw_registration(open_open, registration)
    call_command("settle_signups", verbosity=0)
    waiting.refresh_from_db()
    assert waiting.status == EntryStatus.OFFERED
    Entry.objects.filter(pk=waiting.pk).update(offer_expires_at=timezone.now() - dt.timedelta(1))
    call_command("settle_signups", verbosity=0)
    waiting.refresh_from_db()
    assert waiting.status == EntryStatus.WITHDRAWN


def test_a_correction_never_rewrites_what_another_tournament_shows(open_open):
    """A shared record's country and club are last year's standings and EMA file too."""
    entry = signed_up(open_open, 1)
    player = entry.registration.player
    other = make_tournament(slug="last-year", start_date=dt.date(2025, 5, 2))
    Registration.objects.create(tournament=other, player=player, number=1)
    values = {**entry_values(1, club="Elsewhere", country="FRA"), "language": "en"}
    with pytest.raises(SignupError, match="ask the director"):
        entries.correct(open_open, entry, values)
    player.refresh_from_db()
    entry.refresh_from_db()
    assert (player.club, player.country) == ("Faenza", "ITA") == (entry.club, entry.country)


def test_a_correction_to_another_records_ema_id_is_refused_and_changes_nothing(open_open):
    make_player(9, first_name="Signed1", last_name="Player1", ema_id="12345678")
    entry = signed_up(open_open, 1)
    values = {**entry_values(1, ema_id="12345678"), "language": "en"}
    with pytest.raises(SignupError, match="another player's record"):
        entries.correct(open_open, entry, values)
    entry.refresh_from_db()
    assert entry.ema_id is None
    assert Player.objects.filter(ema_id="12345678").count() == 1


def test_once_a_session_is_played_an_entry_neither_changes_nor_takes_a_place_by_itself(open_open):
    from draw.writing import write_draw
    from signup.models import Signup
    from tests.factories import play_session
    from tournament.models import SessionStatus
    from tournament.services.tournaments import follow_sessions

    late = signed_up(open_open, 9, confirm=False)
    first = [signed_up(open_open, n) for n in range(1, 5)]
    write_draw(open_open, session_number=1, seed=1)
    open_open.sessions.filter(number=1).update(seating_published=True, status=SessionStatus.RUNNING)
    follow_sessions(open_open.pk)
    play_session(open_open, 1, Actor(user=make_director()))
    Signup.objects.filter(tournament=open_open).update(places=8)  # places still free
    late = entries.confirm_email(open_open, late)
    assert late.registration is None and late.status == EntryStatus.WAITING
    assert open_open.registrations.playing().count() == 4
    with pytest.raises(SignupError, match="has started"):
        entries.correct(open_open, first[0], {**entry_values(1, club="Late"), "language": "en"})
    assert Player.objects.get(pk=first[0].registration.player_id).club == "Faenza"
