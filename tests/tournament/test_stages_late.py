"""Late changes and what the stages show (docs/rules.md §9.5, §10.2): a player who moves up
after playing a consolation session, the cut hidden from earlier standings, the teams counted
on one scale once the final ranking applies, a finalist who cannot become a substitute."""

import copy

import pytest

from draw.registrations import change_registration
from draw.writing import write_draw
from scoring.access import Actor
from scoring.stages.services import make_cut
from scoring.standings.ranking import compute_standings
from scoring.standings.stages import half
from scoring.standings.teams import team_standings
from scoring.views.public import projector_version
from tests.factories import build, play_session
from tournament.models import StageCarry, Tournament
from tournament.services import registrations as registration_service
from tournament.services.registrations import RegistrationError
from tournament.services.teams import TeamError, add_member, create_team


@pytest.fixture
def director(db, module_director):
    """The director who played and cut `module_in_stages`."""
    return copy.deepcopy(module_director)


@pytest.fixture
def actor(director):
    return Actor(user=director)


def in_stages(slug, actor, *, carry=StageCarry.HALF):
    """16 players, 3 qualifying sessions and a final of 2 for 8, with a consolation stage;
    qualified and cut."""
    tournament = build(players=16, sessions=5, slug=slug)
    Tournament.objects.filter(pk=tournament.pk).update(
        final_sessions=2, finalists=8, consolation=True, final_carry=carry
    )
    tournament.refresh_from_db()
    for number in (1, 2, 3):
        play_session(tournament, number, actor)
    make_cut(tournament, actor=actor)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture(scope="module")
def module_in_stages(module_db, module_director):
    with module_db():
        return in_stages("in-stages", Actor(user=module_director))


@pytest.fixture
def cut(db, module_in_stages):
    """`in_stages()`, built once for the module: each call gives this test's copy, with the
    carry it asks for."""

    def with_carry(carry=StageCarry.HALF):
        tournament = copy.deepcopy(module_in_stages)
        Tournament.objects.filter(pk=tournament.pk).update(final_carry=carry)
        tournament.refresh_from_db()
        return tournament

    return with_carry


def withdraw(tournament, registration):
    return change_registration(
        tournament,
        registration,
        registration_service.WITHDRAW,
        expected=registration_service.registration_values(registration),
    )


def test_a_consolation_session_played_before_moving_up_is_not_in_the_final(actor, cut):
    tournament = cut()
    write_draw(tournament, seed=5)
    play_session(tournament, 4, actor)
    cut = [row.registration for row in compute_standings(tournament, through=3).rows]
    newcomer = withdraw(tournament, cut[0]).moved_up
    assert newcomer.pk == cut[8].pk
    qualifying = {r.registration.pk: r for r in compute_standings(tournament, through=3).rows}
    row = next(r for r in compute_standings(tournament).rows if r.registration.pk == newcomer.pk)
    assert row.finalist and 4 in row.sessions  # played session 4, at a consolation table
    assert row.sessions[4].table > 2
    assert 4 not in row.counted
    # what they carry (half) and nothing of session 4
    assert row.score == half(qualifying[newcomer.pk].score)
    assert row.table_points == half(qualifying[newcomer.pk].table_points)


def test_earlier_standings_do_not_show_the_cut(actor, cut):
    tournament = cut()
    assert all(row.finalist is None for row in compute_standings(tournament, through=2).rows)
    after = compute_standings(tournament, through=3).rows
    assert sum(1 for row in after if row.finalist) == 8


def test_team_standings_count_every_session_in_full_after_the_cut(actor, cut):
    tournament = cut(StageCarry.RESET)
    write_draw(tournament, seed=5)
    play_session(tournament, 4, actor)
    full = {
        row.registration.pk: row
        for row in compute_standings(tournament, stages=False, with_movement=False).rows
    }
    final = compute_standings(tournament)
    assert final.stage == "final"
    team = create_team(tournament, name="Mixed")
    finalist = next(row for row in final.rows if row.finalist)
    other = next(row for row in final.rows if row.finalist is False)
    for row in (finalist, other):
        add_member(tournament, team.pk, row.registration.number)
    result = team_standings(tournament, standings=final)
    (team_row,) = result.rows
    expected = sum(full[row.registration.pk].table_points for row in (finalist, other))
    assert team_row.table_points == expected
    # with the reset carry, the finalist's own final-ranking figure leaves out the qualifying
    assert finalist.table_points != full[finalist.registration.pk].table_points


def test_a_finalist_cannot_be_made_a_substitute(actor, cut):
    tournament = cut()
    finalist = tournament.registrations.filter(finalist=True).first()
    with pytest.raises(RegistrationError, match="is a finalist"):
        change_registration(
            tournament,
            finalist,
            registration_service.SUBSTITUTE,
            expected=registration_service.registration_values(finalist),
        )
    finalist.refresh_from_db()
    assert not finalist.is_substitute and finalist.finalist


def test_the_projector_reloads_after_the_cut_and_a_change_of_team(db, actor):
    tournament = build(players=16, sessions=5, slug="projector-version")
    Tournament.objects.filter(pk=tournament.pk).update(final_sessions=2, finalists=8)
    tournament.refresh_from_db()
    for number in (1, 2, 3):
        play_session(tournament, number, actor)
    before = projector_version(tournament)
    make_cut(tournament, actor=actor)
    after_cut = projector_version(tournament)
    assert after_cut != before
    team = create_team(tournament, name="Kaze")
    add_member(tournament, team.pk, 1)
    assert projector_version(tournament) != after_cut


def test_team_names_are_unique_whatever_the_case_in_any_alphabet(db):
    tournament = build(players=8, sessions=1, slug="casefold")
    create_team(tournament, name="København Kan")
    with pytest.raises(TeamError, match="already has a team"):
        create_team(tournament, name="KØBENHAVN KAN")


def test_the_cut_and_its_undoing_are_in_the_audit_trail(actor, director_client, cut):
    from django.urls import reverse

    from scoring.models import AuditEntry
    from scoring.stages.services import undo_cut

    tournament = cut()
    entry = AuditEntry.objects.get(action="cut_made")
    finalists = sorted(
        tournament.registrations.filter(finalist=True).values_list("number", flat=True)
    )
    assert entry.session.number == 3 and entry.user == actor.user
    assert entry.changes["finalists"] == finalists and entry.registrations.count() == 8
    undo_cut(tournament, actor=actor)
    assert AuditEntry.objects.filter(action="cut_undone", session__number=3).exists()
    page = director_client.get(reverse("player-audit", args=[tournament.slug, finalists[0]]))
    text = page.content.decode()  # a finalist's own trail shows the cut that took them
    assert "Cut to the final made" in text and "Finalists: players " in text
