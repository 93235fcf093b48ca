"""The invariants the database itself holds, tested by going around the services."""

import pytest
from django.db import DataError, IntegrityError, transaction

from scoring.models import Hand, Outcome, Penalty, PenaltyKind
from tournament.models import Player, Registration, Seat, Table


@pytest.fixture
def table(tournament):
    session = tournament.sessions.get(number=1)
    return Table.objects.create(session=session, number=1)


def _refused(make):
    """The database itself refuses the row (a constraint; on PostgreSQL also a too long value)."""
    with pytest.raises((IntegrityError, DataError)), transaction.atomic():
        make()


def _hand(table, **fields):
    values = {
        "table": table,
        "number": 1,
        "outcome": Outcome.WASHOUT,
        "change_east": 0,
        "change_south": 0,
        "change_west": 0,
        "change_north": 0,
    }
    values.update(fields)
    return Hand.objects.create(**values)


def test_a_registration_sits_at_most_once_per_session(tournament, register, table):
    (registration,) = register(1)
    Seat.objects.create(table=table, registration=registration, wind=0)
    other_table = Table.objects.create(session=table.session, number=2)
    _refused(lambda: Seat.objects.create(table=other_table, registration=registration, wind=1))
    # ...but the same registration sits again in the next session.
    next_table = Table.objects.create(session=tournament.sessions.get(number=2), number=1)
    Seat.objects.create(table=next_table, registration=registration, wind=0)
    assert Seat.objects.filter(registration=registration).count() == 2


def test_seat_wind_is_unique_at_a_table_and_within_0_to_3(register, table):
    first, second, third = register(3)
    Seat.objects.create(table=table, registration=first, wind=0)
    _refused(lambda: Seat.objects.create(table=table, registration=second, wind=0))
    _refused(lambda: Seat.objects.create(table=table, registration=third, wind=4))


def test_seat_session_follows_its_table(register, table):
    (registration,) = register(1)
    seat = Seat.objects.create(table=table, registration=registration, wind=2)
    assert seat.session_id == table.session_id


def test_duplicate_ema_id_is_refused(make_player):
    make_player(ema_id="04000001")
    _refused(lambda: make_player(ema_id="04000001"))


def test_players_without_ema_id_do_not_clash(make_player):
    make_player(ema_id="")
    make_player(ema_id=None)
    assert Player.objects.filter(ema_id__isnull=True).count() == 2


@pytest.mark.parametrize("ema_id", ["1234567", "123456789", "0400000A"])
def test_ema_id_must_be_8_digits_in_the_database(make_player, ema_id):
    _refused(lambda: make_player(ema_id=ema_id))


def test_country_must_be_an_alpha3_code(make_player):
    _refused(lambda: make_player(country="it"))


def test_player_number_unique_in_tournament_and_at_least_one(tournament, make_player):
    Registration.objects.create(tournament=tournament, player=make_player(), number=7)
    _refused(
        lambda: Registration.objects.create(tournament=tournament, player=make_player(), number=7)
    )
    _refused(
        lambda: Registration.objects.create(tournament=tournament, player=make_player(), number=0)
    )


def test_a_player_registers_once_per_tournament(tournament, make_player):
    player = make_player()
    Registration.objects.create(tournament=tournament, player=player, number=1)
    _refused(lambda: Registration.objects.create(tournament=tournament, player=player, number=2))


def test_tournament_cannot_end_before_it_starts(tournament):
    tournament.end_date = tournament.start_date.replace(day=1)
    _refused(tournament.save)


def test_winner_equal_to_discarder_is_refused(table):
    _refused(lambda: _hand(table, outcome=Outcome.DISCARD_WIN, winner=2, discarder=2, fan=8))


def test_hand_outcome_shapes(table):
    _refused(lambda: _hand(table, outcome=Outcome.DISCARD_WIN, winner=1))  # no discarder
    _refused(lambda: _hand(table, outcome=Outcome.SELF_DRAWN, winner=1, discarder=2))
    _refused(lambda: _hand(table, outcome=Outcome.WASHOUT, winner=1))
    _refused(lambda: _hand(table, outcome="invented"))


def test_hand_seats_and_numbers_are_in_range(table):
    _refused(lambda: _hand(table, outcome=Outcome.SELF_DRAWN, winner=4))
    _refused(lambda: _hand(table, number=0))
    _refused(lambda: _hand(table, version=0))


def test_one_current_version_per_hand(table):
    _hand(table, number=3, version=1, is_current=False)
    _hand(table, number=3, version=2, is_current=True)
    _refused(lambda: _hand(table, number=3, version=3, is_current=True))
    _refused(lambda: _hand(table, number=3, version=2, is_current=False))


def test_penalty_invariants(tournament, register, table):
    (registration,) = register(1)
    session = table.session

    def penalty(**fields):
        values = {
            "registration": registration,
            "session": session,
            "kind": PenaltyKind.LATE_ARRIVAL,
            "points": -10,
        }
        values.update(fields)
        return Penalty.objects.create(**values)

    penalty()
    _refused(lambda: penalty(points=5))
    _refused(lambda: penalty(kind=PenaltyKind.FALSE_HU, points=-30, transfer=-10))
    _refused(lambda: penalty(kind=PenaltyKind.INFRACTION, infraction=""))
    _refused(lambda: penalty(kind=PenaltyKind.REFEREE_DECISION, reason=""))
    from django.utils import timezone

    _refused(lambda: penalty(cancelled_at=timezone.now(), cancel_reason=""))
