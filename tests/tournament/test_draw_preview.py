"""Publishing writes exactly the previewed draw: the preview is stored, not drawn again."""

import pytest
from django.urls import reverse

from draw.errors import DrawError
from draw.planning import plan_draw
from draw.writing import write_draw
from tournament import seating
from tournament.models import Table
from tournament.services.registrations import register_player
from tournament.services.seating_report import session_tables


@pytest.fixture
def sixteen(tournament, register):
    register(16)
    return tournament


def written(tournament):
    sessions = tournament.sessions.exclude(status="draft").order_by("number")
    return [[[r.pk for r in table] for table in session_tables(s)] for s in sessions]


def previewed(plan):
    return [[[r.pk for r in table] for table in tables] for tables in plan.schedule]


@pytest.fixture
def other_search(monkeypatch):
    """Call it to make the search give another answer than it did for the preview (tables and
    seats reversed), as a different machine or a code change could."""
    return lambda: _install_other_search(monkeypatch)


def _install_other_search(monkeypatch):
    real = seating.draw

    def another(players, sessions, **options):
        result = real(players, sessions, **options)
        fixed = len(options.get("fixed", ()))
        schedule = [*result.schedule[:fixed]]
        schedule += [[tuple(reversed(t)) for t in s[::-1]] for s in result.schedule[fixed:]]
        return seating.DrawResult(schedule)

    def another_schedule(players, sessions, **options):
        return another(players, sessions, **options).schedule

    monkeypatch.setattr(seating, "draw", another)
    monkeypatch.setattr(seating, "draw_schedule", another_schedule)


def test_publishing_the_stored_preview_writes_it_without_searching(sixteen, other_search):
    plan = plan_draw(sixteen, seed=5)
    other_search()
    assert plan_draw(sixteen, seed=5).schedule != plan.schedule  # the search changed its mind
    write_draw(sixteen, previewed=plan.stored())
    assert written(sixteen) == previewed(plan)
    assert set(sixteen.sessions.values_list("draw_seed", flat=True)) == {5}


def test_the_page_publishes_exactly_the_previewed_tables(director_client, sixteen, other_search):
    url = reverse("draw", args=[sixteen.slug])
    preview = director_client.post(url, {"scope": "remaining", "seed": "77"})
    plan = preview.context["plan"]
    other_search()  # the publish request would now draw differently
    response = director_client.post(
        reverse("draw-publish", args=[sixteen.slug]),
        {"scope": "remaining", "seed": "77", "fingerprint": plan.fingerprint},
    )
    assert response.status_code == 302
    assert response.url == reverse("seating", args=[sixteen.slug, 1])
    assert written(sixteen) == previewed(plan)


def test_changed_registrations_still_refuse_the_stored_preview(director_client, sixteen):
    url = reverse("draw", args=[sixteen.slug])
    plan = director_client.post(url, {"scope": "remaining", "seed": "3"}).context["plan"]
    for n in range(4):
        register_player(sixteen, first_name=f"New{n}", last_name="Late")
    response = director_client.post(
        reverse("draw-publish", args=[sixteen.slug]),
        {"scope": "remaining", "seed": "3", "fingerprint": plan.fingerprint},
        follow=True,
    )
    assert "changed since this preview" in response.content.decode()
    assert not Table.objects.exists()


def test_a_withdrawn_player_refuses_the_stored_preview(sixteen):
    plan = plan_draw(sixteen, seed=3)
    gone = plan.schedule[0][0][0]
    gone.status = "withdrawn"
    gone.save()
    register_player(sixteen, first_name="New", last_name="Late")
    with pytest.raises(DrawError, match="changed since this preview"):
        write_draw(sixteen, previewed=plan.stored())
    assert not Table.objects.exists()


def test_a_forged_or_foreign_preview_is_refused(sixteen, make_tournament):
    plan = plan_draw(sixteen, seed=3)
    stored = plan.stored()
    with pytest.raises(DrawError, match="changed since this preview"):
        write_draw(sixteen, previewed={**stored, "fingerprint": "0" * 16})
    other = make_tournament(name="Other Cup", slug="other-cup")
    with pytest.raises(DrawError, match="changed since this preview"):
        write_draw(other, previewed=stored)
    swapped = [list(s) for s in stored["schedule"]]
    swapped[0] = [swapped[0][1], swapped[0][0], *swapped[0][2:]]
    with pytest.raises(DrawError, match="changed since this preview"):
        write_draw(sixteen, previewed={**stored, "schedule": swapped})
    assert not Table.objects.exists()


def test_publishing_without_a_stored_preview_asks_for_a_new_one(director_client, sixteen):
    plan = plan_draw(sixteen, seed=8)  # computed, but never previewed in this browser
    response = director_client.post(
        reverse("draw-publish", args=[sixteen.slug]),
        {"scope": "remaining", "seed": "8", "fingerprint": plan.fingerprint},
        follow=True,
    )
    assert "This preview is no longer available" in response.content.decode()
    assert not Table.objects.exists()


def test_the_page_flags_a_draw_cut_short_by_the_safety_clock(director_client, sixteen, monkeypatch):
    real = seating.draw

    def stopped(players, sessions, **options):
        return seating.DrawResult(real(players, sessions, **options).schedule, clock_stopped=True)

    monkeypatch.setattr(seating, "draw", stopped)
    url = reverse("draw", args=[sixteen.slug])
    preview = director_client.post(url, {"scope": "remaining", "seed": "4"})
    assert preview.context["plan"].report["clock_stopped"]
    assert "The safety clock stopped the search" in preview.content.decode()
    director_client.cookies["django_language"] = "it"
    page = director_client.post(url, {"scope": "remaining", "seed": "4"}).content.decode()
    assert "Il limite di tempo di sicurezza" in page


def test_the_command_prints_the_draw_it_wrote(sixteen, capsys):
    """`manage.py draw` computes the draw once, inside the writing transaction, and prints the
    figures of exactly what it wrote."""
    from django.core.management import call_command

    from tournament.services.seating_report import current_report

    call_command("draw", sixteen.slug, "--seed", "12")
    out = capsys.readouterr().out
    stored = current_report(sixteen)
    assert f"repeats {stored['repeats']} " in out
    assert f"wind spread {stored['wind_spread']}," in out
    assert f"group clashes {stored['group_clashes']}" in out
    assert "safety clock" not in out
    assert written(sixteen) == previewed(plan_draw(sixteen, seed=12))


def test_the_preview_names_whose_schedule_a_substitution_changes(director_client, sixteen):
    from tournament.services.registrations import (
        WITHDRAW,
        change_registration,
        registration_values,
    )

    write_draw(sixteen, seed=4)
    before = written(sixteen)
    leaver = sixteen.registrations.get(number=3)
    change_registration(sixteen, leaver, WITHDRAW, expected=registration_values(leaver))
    newcomer = register_player(sixteen, first_name="New", last_name="Comer")
    plan = plan_draw(sixteen, seed=9)
    mates = {r for tables in before for table in tables if leaver.pk in table for r in table}
    changed = {r.pk for r in plan.changed}
    assert {leaver.pk, newcomer.pk} <= changed <= mates | {newcomer.pk}
    for old, new in zip(before, previewed(plan), strict=True):
        for old_table, new_table in zip(old, new, strict=True):
            if leaver.pk not in old_table:
                assert old_table == new_table  # every other table keeps its number and seats
    page = director_client.post(
        reverse("draw", args=[sixteen.slug]), {"scope": "remaining", "seed": "9"}
    )
    text = page.content.decode()
    assert f"The schedules of {len(changed)} players change" in text and "New Comer" in text
    # docs/rules.md §8.2: the kept plan's figures beside the fresh draw's, and which was taken
    kept = plan.report.kept_plan
    assert kept is not None and kept.taken and kept.kept is not None
    assert kept.kept.cards == len(changed - {leaver.pk}) < kept.fresh.cards
    assert kept.kept.table_revisits - kept.fresh.table_revisits < kept.fresh.cards - kept.kept.cards
    assert "Previous plan kept" in text and "Fresh draw" in text and "Cards to reprint" in text
    assert "The previous plan is kept as far as the change of players allows" in text
    assert f"fewest possible: {plan.report.revisit_bound}" in text


def test_late_registrations_redraw_only_the_newcomers_tables(tournament, register):
    register(32)
    write_draw(tournament, seed=4)
    before = written(tournament)
    late = [register_player(tournament, first_name=f"Late{i}", last_name="Comer") for i in range(4)]
    plan = plan_draw(tournament, seed=9)
    after = previewed(plan)
    for old, new in zip(before, after, strict=True):
        assert len(new) == len(old) + 1  # a table more, at the next number
        other = [t for t, table in enumerate(new) if t >= len(old) or set(old[t]) != set(table)]
        assert len(other) <= 4
        assert {r.pk for r in late} <= {pk for t in other for pk in new[t]}
    assert {r.pk for r in late} <= {r.pk for r in plan.changed}
    assert plan.report.repeats == 0 and plan.report.wind_spread <= 1
