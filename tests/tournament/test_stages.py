"""Stages (issue 18, item 2; docs/rules.md §9): the cut (refused before the qualifying stage is
confirmed; a tie at the line resolved by the tie-breakers, then lots; undone while allowed),
the final's draw (qualifying sessions only before the cut; by the standings, the pattern or a
draw; consolation tables), and a finalist's withdrawal moving the next player up."""

import copy

import pytest
from django.urls import reverse

from draw.errors import DrawError
from draw.final import snake, turned
from draw.planning import plan_draw
from draw.registrations import change_registration
from draw.writing import write_draw
from scoring.access import Actor
from scoring.stages.services import StageError, cut_plan, make_cut, undo_cut
from scoring.standings.ranking import compute_standings
from tests.factories import build, play_session, qualify, settings_form, staged
from tournament.models import Registration, Tournament
from tournament.services import registrations as registration_service
from tournament.services.seating_report import session_tables


@pytest.fixture
def director(db, module_director):
    """The director who played `module_qualified`."""
    return copy.deepcopy(module_director)


@pytest.fixture
def actor(director):
    return Actor(user=director)


@pytest.fixture(scope="module")
def module_qualified(module_db, module_director):
    with module_db():
        return qualify(staged("qualified"), Actor(user=module_director))


@pytest.fixture
def qualified(db, module_qualified):
    """`staged()` with its three qualifying sessions played, built once for the module: each
    call gives this test's copy, with the final's settings (`staged()`'s) it asks for."""

    def with_settings(*, consolation=False, seating="standings", tie_breaks=None):
        tournament = copy.deepcopy(module_qualified)
        Tournament.objects.filter(pk=tournament.pk).update(
            consolation=consolation, final_seating=seating, tie_breaks=tie_breaks or []
        )
        tournament.refresh_from_db()
        return tournament

    return with_settings


def finalists(tournament):
    return set(tournament.registrations.filter(finalist=True).values_list("pk", flat=True))


def test_the_cut_is_refused_before_the_qualifying_stage_is_confirmed(db, actor):
    tournament = qualify(staged("early"), actor, sessions=(1, 2))
    with pytest.raises(StageError, match="Session 3 of the qualifying stage is not confirmed"):
        make_cut(tournament, actor=actor)
    assert not tournament.registrations.filter(finalist__isnull=False).exists()


def test_the_cut_takes_the_top_of_the_qualifying_standings(actor, qualified):
    tournament = qualified()
    standings = compute_standings(tournament)
    plan = make_cut(tournament, actor=actor)
    assert len(plan.finalists) == 8
    expected = {row.registration.pk for row in standings.rows[:8]}
    assert finalists(tournament) == expected
    assert tournament.registrations.filter(finalist=False).count() == 8
    with pytest.raises(StageError, match="already made"):
        make_cut(tournament, actor=actor)


def test_withdrawn_players_are_not_finalists(actor, qualified):
    tournament = qualified()
    first = compute_standings(tournament).rows[0].registration
    Registration.objects.filter(pk=first.pk).update(status="withdrawn")
    make_cut(tournament, actor=actor)
    assert first.pk not in finalists(tournament)
    assert len(finalists(tournament)) == 8


def set_totals(tournament, totals):
    """Rewrite the qualifying results: registration -> (table points, score, first places);
    the totals go on the player's first sessions, everything else scores 0 in 3rd place."""
    from scoring.models import SeatResult

    for registration, (points, score, firsts) in totals.items():
        results = list(SeatResult.objects.filter(registration=registration).order_by("session"))
        for index, result in enumerate(results):
            SeatResult.objects.filter(pk=result.pk).update(
                table_points=points if index == 0 else 0,
                score=score if index == 0 else 0,
                final_score=score if index == 0 else 0,
                place=1 if index < firsts else 3,
            )


def ranked_field(tournament):
    """Players 1..16 with totals 16..1 table points, except players 8 and 9 tied at the line."""
    registrations = list(tournament.registrations.order_by("number"))
    totals = {r: (40 - r.number, 0, 0) for r in registrations}
    return registrations, totals


def test_a_tie_at_the_line_is_resolved_by_the_tie_breakers(actor, qualified):
    tournament = qualified(tie_breaks=["most_first_places"])
    players, totals = ranked_field(tournament)
    eighth, ninth = players[7], players[8]
    totals[eighth] = (31, 5, 0)
    totals[ninth] = (31, 5, 2)  # two first places: the tie-breaker puts the 9th through
    set_totals(tournament, totals)
    plan = cut_plan(tournament)
    assert {row.registration.pk for row in plan.tied} == {eighth.pk, ninth.pk}
    assert not plan.lots_decide
    assert plan.deciding == "most_first_places"
    make_cut(tournament, actor=actor)
    assert ninth.pk in finalists(tournament) and eighth.pk not in finalists(tournament)
    assert finalists(tournament) == {r.pk for r in players[:7]} | {ninth.pk}


def test_a_tie_left_after_the_tie_breakers_is_drawn_by_lots_with_a_recorded_seed(actor, qualified):
    tournament = qualified()
    players, totals = ranked_field(tournament)
    tied = players[7:9]
    for registration in tied:
        totals[registration] = (31, 5, 0)
    set_totals(tournament, totals)
    plan = cut_plan(tournament)
    assert plan.lots_decide
    assert tournament.lots_seed is None
    make_cut(tournament, actor=actor)
    tournament.refresh_from_db()
    assert tournament.lots_seed is not None  # recorded, so the order can be reproduced
    assert len({r.pk for r in tied} & finalists(tournament)) == 1
    assert {r.pk for r in players[:7]} <= finalists(tournament)


def test_undo_the_cut_while_no_final_session_is_played(actor, qualified):
    tournament = qualified()
    make_cut(tournament, actor=actor)
    write_draw(tournament, seed=1)
    undo_cut(tournament, actor=actor)
    assert not tournament.registrations.filter(finalist__isnull=False).exists()
    assert tournament.sessions.get(number=4).is_draft
    make_cut(tournament, actor=actor)
    play_session(tournament, 4, actor)
    with pytest.raises(StageError, match="already been played"):
        undo_cut(tournament, actor=actor)


def test_only_qualifying_sessions_are_drawn_before_the_cut(db, actor):
    tournament = staged("scope")
    plan = plan_draw(tournament, seed=3)
    assert [s.number for s in plan.scope] == [1, 2, 3]
    with pytest.raises(DrawError, match="belongs to the final"):
        plan_draw(tournament, session_number=4, seed=3)
    qualify(tournament, actor)
    with pytest.raises(DrawError, match="make the cut"):
        plan_draw(tournament, seed=3)


def test_final_drawn_by_the_standings(actor, qualified):
    tournament = qualified()
    make_cut(tournament, actor=actor)
    order = [row.registration for row in compute_standings(tournament).rows[:8]]
    plan = write_draw(tournament, seed=5)
    assert [s.number for s in plan.scope] == [4]
    tables = session_tables(tournament.sessions.get(number=4))
    assert len(tables) == 2  # no consolation: only the finalists sit
    assert set(tables[0]) == set(order[:4]) and set(tables[1]) == set(order[4:])
    assert tables[0] == turned(tuple(order[:4]), 0)


def test_final_by_pattern_and_consolation_tables(actor, qualified):
    tournament = qualified(consolation=True, seating="pattern")
    make_cut(tournament, actor=actor)
    rows = compute_standings(tournament).rows
    order = [row.registration for row in rows[:8]]
    write_draw(tournament, seed=5)
    tables = session_tables(tournament.sessions.get(number=4))
    assert len(tables) == 4
    assert tables[0] == (order[0], order[3], order[4], order[7])  # 1-4-5-8 with two tables
    assert tables[1] == (order[1], order[2], order[5], order[6])
    rest = {row.registration.pk for row in rows[8:]}
    assert {r.pk for table in tables[2:] for r in table} == rest


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_consolation_draw_keeps_team_mates_apart(actor, seed, qualified):
    from tournament.services.teams import add_member, create_team

    tournament = qualified(consolation=True)
    make_cut(tournament, actor=actor)
    others = list(tournament.registrations.filter(finalist=False).order_by("number"))
    for index in range(0, 8, 2):
        team = create_team(tournament, name=f"Team {index}")
        for registration in others[index : index + 2]:
            add_member(tournament, team.pk, registration.number)
    write_draw(tournament, seed=seed)
    for table in session_tables(tournament.sessions.get(number=4))[2:]:
        teams = [r.team_id for r in Registration.objects.filter(pk__in=[r.pk for r in table])]
        assert len(set(teams)) == 4, table


def test_the_report_of_a_final_seated_by_the_standings_expects_its_meetings(
    actor, director_client, qualified
):
    tournament = qualified()
    page = director_client.get(reverse("draw", args=[tournament.slug])).content.decode()
    assert "seat the finalists by the standings or the pattern" not in page
    make_cut(tournament, actor=actor)
    write_draw(tournament, seed=5)
    page = director_client.get(reverse("draw", args=[tournament.slug])).content.decode()
    assert "seat the finalists by the standings or the pattern" in page
    assert "draw the unplayed sessions again" not in page


def test_snake_pattern_of_sixteen():
    assert [list(t) for t in snake(list(range(1, 17)))] == [
        [1, 8, 9, 16],
        [2, 7, 10, 15],
        [3, 6, 11, 14],
        [4, 5, 12, 13],
    ]


def test_final_drawn_among_the_finalists(actor, qualified):
    tournament = qualified(seating="draw")
    make_cut(tournament, actor=actor)
    write_draw(tournament, seed=5)
    tables = session_tables(tournament.sessions.get(number=4))
    assert {r.pk for table in tables for r in table} == finalists(tournament)


def test_a_finalist_withdraws_and_the_next_player_moves_up(db, actor):
    tournament = build(players=16, sessions=5, slug="late")
    Tournament.objects.filter(pk=tournament.pk).update(final_sessions=2, finalists=8)
    tournament.refresh_from_db()
    qualify(tournament, actor)
    make_cut(tournament, actor=actor)
    write_draw(tournament, seed=5)
    play_session(tournament, 4, actor)
    played = session_tables(tournament.sessions.get(number=4))
    order = [row.registration for row in compute_standings(tournament, through=3).rows]
    leaving = order[0]
    registration = change_registration(
        tournament,
        leaving,
        registration_service.WITHDRAW,
        expected=registration_service.registration_values(leaving),
    )
    assert registration.moved_up.pk == order[8].pk
    assert finalists(tournament) == {r.pk for r in order[1:9]}
    plan = write_draw(tournament, seed=6)
    assert [s.number for s in plan.scope] == [5]  # only the unplayed final session
    assert session_tables(tournament.sessions.get(number=4)) == played
    seated = {r.pk for table in session_tables(tournament.sessions.get(number=5)) for r in table}
    assert seated == finalists(tournament)
    # the final ranking: the withdrawn player drops to the others, the newcomer is a finalist
    standings = compute_standings(tournament)
    assert standings.stage == "final"
    top = {row.registration.pk for row in standings.rows[:8]}
    assert top == finalists(tournament)


@pytest.mark.parametrize(
    ("stage", "message"),
    [
        ({"final_sessions": "1", "finalists": "6"}, "a multiple of 4"),
        ({"final_sessions": "1", "finalists": "20"}, "Only 16 players are registered"),
        ({"final_sessions": "4", "finalists": "8"}, "fewer sessions than the tournament (4)"),
        ({"final_sessions": "1", "finalists": "0"}, "at least 4 finalists"),
        ({"final_sessions": "0", "finalists": "8"}, "Finalists need a final"),
    ],
)
def test_the_stage_settings_are_checked_on_the_form(director_client, stage, message):
    tournament = build(players=16, sessions=4, slug="form")
    url = reverse("tournament-edit", args=[tournament.slug])
    response = director_client.post(url, settings_form(tournament, **stage))
    assert response.status_code == 200
    assert message in response.content.decode()
    tournament.refresh_from_db()
    assert (tournament.final_sessions, tournament.finalists) == (0, 0)


def test_the_stage_settings_are_saved_from_the_form(director_client):
    tournament = build(players=16, sessions=4, slug="formok")
    url = reverse("tournament-edit", args=[tournament.slug])
    form = settings_form(tournament, final_sessions="1", finalists="8", consolation="on")
    assert director_client.post(url, form).status_code == 302
    tournament.refresh_from_db()
    assert (tournament.final_sessions, tournament.finalists) == (1, 8)
    assert (tournament.final_carry, tournament.final_seating) == ("half", "pattern")
    assert tournament.consolation and tournament.has_stages


def test_the_cut_freezes_the_stage_settings(actor, qualified):
    from tournament.services.tournaments import TournamentError, update_tournament

    tournament = qualified()
    make_cut(tournament, actor=actor)
    with pytest.raises(TournamentError, match="undo it"):
        update_tournament(tournament, finalists=4)
    update_tournament(tournament, final_carry="reset")  # the carry may still change


def test_final_sessions_drawn_together_keep_their_tables_and_turn_the_winds(db, actor):
    tournament = build(players=16, sessions=5, slug="turns")
    Tournament.objects.filter(pk=tournament.pk).update(final_sessions=2, finalists=8)
    tournament.refresh_from_db()
    qualify(tournament, actor)
    make_cut(tournament, actor=actor)
    plan = write_draw(tournament, seed=5)
    assert [s.number for s in plan.scope] == [4, 5]
    first = session_tables(tournament.sessions.get(number=4))
    second = session_tables(tournament.sessions.get(number=5))
    assert second == [turned(table, 1) for table in first]
    assert all(a[0] != b[0] for a, b in zip(first, second, strict=True))  # another East


def test_the_registration_page_says_who_moved_up(director_client, director, qualified):
    tournament = qualified()
    make_cut(tournament, actor=Actor(user=director))
    order = [row.registration for row in compute_standings(tournament).rows]
    leaving = order[2]
    url = reverse("registration", args=[tournament.slug, leaving.number])
    response = director_client.post(
        url,
        {
            "action": "withdraw",
            "was_id": leaving.pk,
            "was_number": leaving.number,
            "was_status": leaving.status,
            "was_substitute": leaving.is_substitute,
        },
        follow=True,
    )
    text = response.content.decode()
    newcomer = order[8]
    assert f"{leaving.player.full_name} was a finalist" in text
    assert f"{newcomer.player.full_name} (player {newcomer.number})" in text
    newcomer.refresh_from_db()
    leaving.refresh_from_db()
    assert newcomer.finalist and leaving.finalist is False


def test_a_finalist_disqualified_by_a_penalty_is_replaced(actor, qualified):
    from tests.factories import penalize, seated

    tournament = qualified()
    make_cut(tournament, actor=actor)
    write_draw(tournament, seed=5)
    table = tournament.sessions.get(number=4).tables.get(number=1)
    offender = seated(table, 0)
    before = finalists(tournament)
    penalize(table, 0, "disqualification", actor, reason="Cheating")
    after = finalists(tournament)
    assert offender.pk not in after and len(after) == 8
    assert len(after - before) == 1
