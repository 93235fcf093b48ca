"""The rows a write of the tournament's own rows locks on PostgreSQL: its tournament first,
then the row itself alone (`select_for_update(of=("self",))`), never a row its query joins by
accident.

- A withdrawal, a player's number, a team or a category locks the registration, not the
  player's record, which every tournament the person plays shares: a merge of two records
  (which locks both records, then moves their registrations) used to deadlock with a
  withdrawal that held the registration and waited for the record;
- a merge locks the tournaments of the registrations it moves before the records: it used to
  deadlock with a withdrawal that held the tournament (the merge's audit entry in that
  tournament waited for it, the withdrawal for the registration the merge had moved);
- a penalty locks the tournament and the session before the player's registration: a
  disqualification used to lock the registration, then wait for the tournament held by a
  withdrawal of the same player, which waited for the registration (a deadlock);
- revoking an API token locks the tournament, as creating one does, then the token, not its
  account (a login writes to it).

PostgreSQL only: SQLite locks the whole file."""

import pytest
from django.db import connection

from api import tokens
from api.models import ApiToken
from scoring.access import Actor
from seasons.merge import merge_players, plan_merge
from tests.factories import build, make_director, penalize, seated
from tests.reliability.threads import Holder, at_once, free
from tournament.models import Player, Registration
from tournament.services import categories, teams
from tournament.services import registrations as registration_service
from tournament.services.registrations import lock_tournament

pytestmark = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks: PostgreSQL's (SQLite locks the file)"
)


def merging(registration, other):
    """A merge of `registration`'s player into another record that has locked both records (its
    first step) and goes on once released."""
    keep, remove = other.player, registration.player
    stamp = plan_merge(keep, remove).stamp
    return Holder(
        lambda: list(Player.objects.select_for_update().filter(pk__in=[keep.pk, remove.pk])),
        then=lambda: merge_players(keep.pk, remove.pk, user=None, stamp=stamp),
    ).start()


def an_unrelated_record(number):
    """A player's record of no tournament (a duplicate typed once), to merge into."""
    return Registration(player=Player.objects.create(first_name="Dup", last_name=f"Rec{number}"))


def test_a_withdrawal_and_a_merge_of_the_players_record_both_finish(transactional_db):
    cup = build(slug="withdraw-merge")
    registration = cup.registrations.order_by("number").first()
    holder = merging(registration, an_unrelated_record(1))
    _waited, results = at_once(
        holder,
        lambda: registration_service.change_registration(
            cup,
            registration,
            registration_service.WITHDRAW,
            expected=registration_service.registration_values(registration),
        ),
    )
    assert len(results) == 1 and isinstance(results[0], Registration), results
    assert len(holder.results) == 1 and not isinstance(holder.results[0], Exception), holder.results
    registration.refresh_from_db()
    assert registration.status == "withdrawn"
    assert registration.player.last_name == "Rec1"


def test_a_team_and_a_category_change_lock_the_registration_not_the_player(transactional_db):
    cup = build(slug="team-rows")
    registration = cup.registrations.order_by("number").first()
    team = teams.create_team(cup, name="North")
    category = categories.create_category(cup, name="Ladies")
    for change in (
        lambda: teams.add_member(cup, team.pk, registration.number),
        lambda: categories.set_categories(cup, registration.number, [category.pk]),
        lambda: registration_service.change_registration(
            cup,
            registration,
            registration_service.NUMBER,
            number=99,
            expected=registration_service.registration_values(
                Registration.objects.get(pk=registration.pk)
            ),
        ),
    ):
        holder = Holder(change).start()
        try:
            assert not free("tournament_tournament", cup.pk)
            assert not free("tournament_registration", registration.pk)
            assert free("tournament_player", registration.player_id)
        finally:
            holder.release()


# -- an API token -----------------------------------------------------------------------------


def test_a_token_revoked_locks_its_tournament_and_the_token_not_the_account(transactional_db):
    cup = build(slug="token-rows")
    director = make_director()
    token, _secret = tokens.create_token(cup, name="desk", kind="director", creator=director)
    holder = Holder(lambda: tokens.revoke_token(cup, token.pk, actor=Actor(user=director))).start()
    try:
        assert not free("tournament_tournament", cup.pk)
        assert not free("api_apitoken", token.pk)
        assert free("auth_user", director.pk)
    finally:
        holder.release()


def test_a_token_created_and_one_revoked_at_once_both_finish(transactional_db):
    cup = build(slug="token-both")
    director = make_director()
    token, _secret = tokens.create_token(cup, name="old", kind="director", creator=director)
    holder = Holder(
        lambda: tokens.create_token(cup, name="new", kind="director", creator=director)
    ).start()
    waited, results = at_once(
        holder, lambda: tokens.revoke_token(cup, token.pk, actor=Actor(user=director))
    )
    assert waited  # the revocation waited for the tournament
    assert len(results) == 1 and not isinstance(results[0], Exception), results
    revoked = {token.name: token.revoked_at is not None for token in ApiToken.objects.all()}
    assert revoked == {"old": True, "new": False}


def test_a_merge_waits_for_a_withdrawal_that_holds_the_tournament(transactional_db):
    cup = build(slug="merge-withdraw")
    registration = cup.registrations.order_by("number").first()
    other = an_unrelated_record(2)
    stamp = plan_merge(other.player, registration.player).stamp
    holder = Holder(
        lambda: lock_tournament(cup),
        then=lambda: registration_service.change_registration(
            cup,
            registration,
            registration_service.WITHDRAW,
            expected=registration_service.registration_values(registration),
        ),
    ).start()
    waited, results = at_once(
        holder,
        lambda: merge_players(other.player.pk, registration.player.pk, user=None, stamp=stamp),
    )
    assert waited
    assert len(holder.results) == 1 and isinstance(holder.results[0], Registration), holder.results
    assert len(results) == 1 and not isinstance(results[0], Exception), results
    registration.refresh_from_db()
    assert registration.status == "withdrawn"
    assert registration.player.last_name == "Rec2"


def test_a_penalty_waits_for_a_withdrawal_that_holds_the_tournament(transactional_db):
    director = Actor(user=make_director())
    cup = build(slug="penalty-withdraw")
    table = cup.sessions.get(number=1).tables.get(number=1)
    offender = seated(table, 0)
    holder = Holder(
        lambda: lock_tournament(cup),
        then=lambda: registration_service.change_registration(
            cup,
            offender,
            registration_service.WITHDRAW,
            expected=registration_service.registration_values(offender),
        ),
    ).start()
    waited, results = at_once(
        holder, lambda: penalize(table, 0, "disqualification", director, reason="Cheating")
    )
    assert waited
    assert len(holder.results) == 1 and isinstance(holder.results[0], Registration), holder.results
    assert len(results) == 1 and not isinstance(results[0], Exception), results


def test_a_merge_and_the_undo_of_an_earlier_merge_into_its_record_take_turns(transactional_db):
    """Record "Ana Middle" was merged into "Anna Middle" (no tournament: nothing to lock
    first); "Anna Middle" is then merged into "Anna Keep" while the first merge is taken back.
    The undo locks the record kept before the merge's row, as a merge does: it waits for the
    merge, then finds its record merged away and asks for a reload (it locked the merge's row
    first and deadlocked with the merge, which renames the earlier merges into the removed
    record)."""
    from common.errors import ChangedMeanwhile
    from seasons.merge import undo_merge
    from seasons.models import PlayerMerge

    keep = Player.objects.create(first_name="Anna", last_name="Keep")
    middle = Player.objects.create(first_name="Anna", last_name="Middle")
    typo = Player.objects.create(first_name="Ana", last_name="Middle")
    earlier = merge_players(middle.pk, typo.pk, user=None, stamp=plan_merge(middle, typo).stamp)
    stamp = plan_merge(keep, middle).stamp
    holder = Holder(  # the merge's own first locks: the two records
        lambda: list(Player.objects.select_for_update().filter(pk__in=[keep.pk, middle.pk])),
        then=lambda: merge_players(keep.pk, middle.pk, user=None, stamp=stamp),
    ).start()
    waited, results = at_once(holder, lambda: undo_merge(earlier.pk, user=None))
    assert waited
    assert len(holder.results) == 1 and isinstance(holder.results[0], PlayerMerge), holder.results
    assert len(results) == 1 and isinstance(results[0], ChangedMeanwhile), results
    earlier.refresh_from_db()
    assert earlier.kept_id == keep.pk and not earlier.is_undone
    assert not Player.objects.filter(pk__in=[middle.pk, typo.pk]).exists()
    # taken back from the page again, it now gives the record back beside the one kept
    assert undo_merge(earlier.pk, user=None).pk == typo.pk
