"""Per-tournament roles: the director of one tournament against every URL of another, two
directors of one tournament, site administrators, and the commands (issue 20)."""

import copy

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from tests.factories import make_tournament_director
from tests.reliability.matrix import AUDIENCE, WRITES, concrete_urls, database_state
from tournament.forms import TournamentForm
from tournament.models import Tournament
from tournament.permissions import directed_tournaments, is_director, visible_tournaments
from tournament.services.tournaments import create_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def director(db, module_director):
    """The director who built `world` (tests/reliability/conftest.py)."""
    return copy.deepcopy(module_director)


def settings_form(tournament, **changes):
    """The tournament's settings form as its page would post it, with `changes`."""
    form = TournamentForm(instance=tournament)
    data = {}
    for name, value in {**form.initial, **changes}.items():
        if name not in form.fields or value is False or value is None:
            continue
        data[name] = "on" if value is True else value
    return data


def logged_in(user):
    client = Client()
    client.force_login(user)
    return client


def test_the_director_of_b_gets_nothing_of_a(world):
    """Every URL of tournament A, read and written by a director of B only: refused, and the
    database is the same afterwards."""
    client = logged_in(world["director_b"])
    refused = 0
    before = database_state()  # checked unchanged after each page: the state before the next
    for name, url in concrete_urls(world).items():
        if AUDIENCE[name] not in ("director", "site-admin", "account"):
            continue
        got = client.get(url)
        posted = client.post(url, WRITES)
        assert got.status_code in (403, 404), (name, got.status_code)
        assert posted.status_code in (403, 404, 405), (name, posted.status_code)
        assert database_state() == before, name
        refused += 1
    assert refused >= 50  # every director page of A was tried


def test_both_directors_of_a_reach_every_director_page_of_a(world):
    second = make_tournament_director(world["a"], "director-a2")
    for account in (world["director_a"], second):
        client = logged_in(account)
        for name, url in concrete_urls(world).items():
            audience = AUDIENCE[name]
            status = client.get(url).status_code
            if audience == "director":
                assert status in (200, 405), (account, name, status)
            elif audience == "site-admin":
                assert status == 403, (account, name, status)


def test_a_director_of_a_writes_to_a_but_not_to_b(world):
    a, b = world["a"], world["b"]
    client = logged_in(world["director_a"])
    edit = settings_form(a, name="Renamed A")
    client.post(reverse("tournament-edit", args=[a.slug]), edit)
    assert Tournament.objects.get(pk=a.pk).name == "Renamed A"
    before = database_state()
    refused = client.post(reverse("tournament-edit", args=[b.slug]), settings_form(b, name="X"))
    assert refused.status_code == 403
    assert database_state() == before
    assert client.get(reverse("export", args=[b.slug, "standings", "csv"])).status_code == 403
    assert client.get(reverse("tournament-archive", args=[b.slug])).status_code == 403
    assert client.get(reverse("export", args=[a.slug, "standings", "csv"])).status_code == 200


def test_an_unpublished_tournament_is_seen_only_by_its_directors(world):
    b = world["b"]
    Tournament.objects.filter(pk=b.pk).update(published=False)
    assert b not in visible_tournaments(world["director_a"])
    assert b in visible_tournaments(world["director_b"])
    assert logged_in(world["director_a"]).get(b.get_absolute_url()).status_code == 404
    assert logged_in(world["director_b"]).get(b.get_absolute_url()).status_code == 200
    home = logged_in(world["director_a"]).get(reverse("home")).content.decode()
    assert b.name not in home


def test_roles(world, director):
    a, b = world["a"], world["b"]
    assert is_director(director, a) and is_director(director, b)  # the site administrator
    assert is_director(world["director_a"], a) and not is_director(world["director_a"], b)
    assert list(directed_tournaments(world["director_b"])) == [b]
    assert not is_director(world["referee_a"], a)


def test_whoever_creates_a_tournament_directs_it(db, director):
    client = logged_in(director)
    model = create_tournament(
        name="Model", slug="model", start_date="2026-04-01", end_date="2026-04-02", session_count=4
    )
    response = client.post(
        reverse("tournament-create"), settings_form(model, name="Spring Cup", slug="spring")
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert list(Tournament.objects.get(slug="spring").directors.all()) == [director]


def test_the_site_administrator_gives_and_takes_directors(world, director):
    a = world["a"]
    admin = logged_in(director)
    url = reverse("directors", args=[a.slug])
    assert "director-b" not in [u.username for u in a.directors.all()]
    admin.post(url, {"username": "director-b"})
    assert a.directors.filter(username="director-b").exists()
    assert logged_in(world["director_b"]).get(reverse("draw", args=[a.slug])).status_code == 200
    # a director of A sees the page but cannot change who directs it
    director_a = logged_in(world["director_a"])
    assert director_a.get(url).status_code == 200
    assert director_a.post(url, {"username": "ref-a"}).status_code == 403
    account = a.directors.get(username="director-b")
    assert (
        director_a.post(reverse("director-remove", args=[a.slug]), {"account": account.pk})
    ).status_code == 403
    admin.post(reverse("director-remove", args=[a.slug]), {"account": account.pk})
    assert not a.directors.filter(username="director-b").exists()
    assert logged_in(world["director_b"]).get(reverse("draw", args=[a.slug])).status_code == 403
    # an unknown account: a message, nothing changes
    before = database_state()
    page = admin.post(url, {"username": "nobody-here"})
    assert page.status_code == 200 and "There is no active account" in page.content.decode()
    assert database_state() == before


def test_only_a_site_administrator_creates_accounts_and_tournaments(world, director):
    director_a = logged_in(world["director_a"])
    assert director_a.get(reverse("accounts")).status_code == 403
    assert director_a.get(reverse("tournament-create")).status_code == 403
    admin = logged_in(director)
    page = admin.post(
        reverse("accounts"), {"username": "anna", "password": "short", "site_admin": ""}
    )
    assert "anna" not in database_state()["accounts"][0]
    assert page.status_code == 200
    admin.post(reverse("accounts"), {"username": "anna", "password": "Mahjong-Hall-2026"})
    from django.contrib.auth import get_user_model

    anna = get_user_model().objects.get(username="anna")
    assert anna.check_password("Mahjong-Hall-2026") and not anna.is_superuser


def test_referee_accounts_of_a_tournament(world):
    a = world["a"]
    director_a = logged_in(world["director_a"])
    director_a.post(
        reverse("referee-account-new", args=[a.slug]),
        {"new-username": "giulia", "new-password": "Table-Referee-77"},
    )
    director_a.post(reverse("referees", args=[a.slug]), {"username": "giulia", "tables": "2-3"})
    from django.contrib.auth import get_user_model

    giulia = get_user_model().objects.get(username="giulia")
    session = a.sessions.get(number=2)
    assert sorted(session.tables.filter(referees=giulia).values_list("number", flat=True)) == [
        2,
        3,
    ]
    referee = logged_in(giulia)
    table2 = session.tables.get(number=2)
    table1 = session.tables.get(number=1)
    assert referee.get(reverse("account:table", kwargs={"table_id": table2.pk})).status_code == 200
    assert referee.get(reverse("account:table", kwargs={"table_id": table1.pk})).status_code == 403
    # a director of B cannot give anyone tables of A
    before = database_state()
    logged_in(world["director_b"]).post(
        reverse("referees", args=[a.slug]), {"username": "giulia", "tables": "1"}
    )
    assert database_state() == before
    director_a.post(reverse("referee-remove", args=[a.slug]), {"account": giulia.pk})
    assert not session.tables.filter(referees=giulia).exists()


def test_a_redraw_keeps_the_referees_table_numbers(db, director):
    from draw.writing import write_draw
    from tests.factories import build
    from tournament.services.accounts import assign_referee, create_account

    cup = build(slug="redraw", started=False)
    create_account("marco", "Table-Referee-77")
    assign_referee(cup, "marco", "1, 3")
    write_draw(cup, session_number=1, seed=99)
    numbers = cup.sessions.get(number=1).tables.filter(referees__username="marco")
    assert sorted(numbers.values_list("number", flat=True)) == [1, 3]


def test_commands_check_the_role(world, director, tmp_path):
    a = world["a"]
    out = tmp_path / "a.csv"
    with pytest.raises(CommandError, match="several directors"):
        call_command("export", a.slug, "standings", "--format", "csv", "-o", str(out))
    with pytest.raises(CommandError, match="does not manage"):
        call_command(
            "export", a.slug, "standings", "--format", "csv", "-o", str(out), "--user", "director-b"
        )
    assert not out.exists()
    call_command(
        "export", a.slug, "standings", "--format", "csv", "-o", str(out), "--user", "director-a"
    )
    assert out.exists()
    with pytest.raises(CommandError, match="does not manage"):
        call_command("draw", a.slug, "--user", "director-b")
    with pytest.raises(CommandError, match="does not manage"):
        call_command("archive_tournament", a.slug, "-o", str(tmp_path / "x"), "--user", "ref-a")
    with pytest.raises(CommandError, match="site administrator"):
        call_command("restore_tournament", str(out), "--user", "director-a")
