"""Every URL against every role, CSRF on every form, escaping, and referee link guessing.

The matrix (tests/reliability/matrix.py) is built from the URL configuration itself, so a new
page cannot be forgotten: `test_every_url_is_in_the_matrix` fails until it is classified there.
"""

import copy

import pytest
from django.db import models
from django.test import Client
from django.urls import reverse

from scoring import access
from scoring.models import Penalty
from tests.reliability.matrix import (
    AUDIENCE,
    WATCHED,
    WRITES,
    clients,
    concrete_urls,
    database_state,
    url_names,
)
from tournament.models import Category, Player, Table, Team, Tournament


@pytest.fixture
def director(db, module_director):
    """The director who built `world` (tests/reliability/conftest.py)."""
    return copy.deepcopy(module_director)


def test_every_url_is_in_the_matrix():
    assert set(url_names()) - set(AUDIENCE) == set()


def test_no_read_or_write_beyond_the_role(world):
    urls = concrete_urls(world)
    before = database_state()  # checked unchanged after each page: the state before the next
    for role, client in clients(world).items():
        for name, url in urls.items():
            audience = AUDIENCE[name]
            if audience in ("public", "login", "i18n"):
                continue
            if audience in ("link", "entry-link", "player-form"):
                continue  # the link is the credential; see test_links_are_the_only_credential
            if audience == "checkin" and role == "referee of another table":
                continue  # a referee account of this tournament checks its players in
            if audience == "user" and role not in ("anonymous", "link holder of another table"):
                continue
            got = client.get(url).status_code
            posted = client.post(url, WRITES).status_code
            assert got in (302, 403, 404), (role, name, got)
            assert posted in (302, 403, 404, 405), (role, name, posted)
            if got == 302:
                assert client.get(url)["Location"].startswith(reverse("login")), (role, name)
            assert database_state() == before, (role, name)


def test_public_pages_never_write(world):
    urls = concrete_urls(world)
    before = database_state()  # checked unchanged after each page: the state before the next
    for name, url in urls.items():
        if AUDIENCE[name] != "public":
            continue
        assert Client().get(url).status_code == 200, name
        assert Client().post(url, WRITES).status_code == 405, name
        assert database_state() == before, name


def test_the_director_reaches_every_page(world, director_client):
    for name, url in concrete_urls(world).items():
        allowed = ("site-admin", "director", "public", "account", "link", "user", "checkin")
        if AUDIENCE[name] in (*allowed, "entry-link", "player-form"):
            assert director_client.get(url).status_code in (200, 405), name


def test_links_are_the_only_credential(world):
    table, other = world["table"], world["other"]
    assert len(table.token) >= 43 and table.token != other.token  # 256 random bits
    tokens = set(Table.objects.values_list("token", flat=True))
    assert len(tokens) == Table.objects.count()
    holder = Client()
    assert holder.get(reverse("link:table", kwargs={"token": table.token})).status_code == 200
    guess = reverse("link:table", kwargs={"token": other.token[:-2] + "xx"})
    assert holder.get(guess).status_code == 404


def test_repeated_bad_links_from_one_address_are_slowed_down(world):
    from django.core.cache import cache

    cache.clear()
    client = Client(REMOTE_ADDR="10.9.9.9")
    for n in range(access.BAD_TOKEN_LIMIT):
        assert client.get(f"/r/not-a-real-link-{n}/").status_code == 404
    # Issue 13: the next guess waits; a valid link from the same address (the same venue NAT)
    # still works, whatever guesses came from there.
    blocked = client.get("/r/yet-another-guess/")
    assert blocked.status_code == 429 and blocked["Retry-After"] == "600"
    valid = client.get(reverse("link:table", kwargs={"token": world["table"].token}))
    assert valid.status_code == 200
    other_device = Client(REMOTE_ADDR="10.9.9.10")
    assert (
        other_device.get(reverse("link:table", kwargs={"token": world["table"].token})).status_code
        == 200
    )
    cache.clear()


def test_csrf_on_every_form(world, director):
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(director)
    before = database_state()  # checked unchanged after each form: the state before the next
    for name, url in concrete_urls(world).items():
        if AUDIENCE[name] in ("public", "i18n"):
            continue
        response = strict.post(url, WRITES)
        assert response.status_code in (403, 405), (name, response.status_code)
        assert database_state() == before, name


HOSTILE = '<script>alert("x")</script>'


def test_no_user_text_is_rendered_unescaped(world, director_client):
    a = world["a"]
    Player.objects.filter(registrations__tournament=a, registrations__number=1).update(
        last_name=HOSTILE, club='"><img src=x onerror=alert(1)>'
    )
    Tournament.objects.filter(pk=a.pk).update(name=HOSTILE, venue=HOSTILE)
    Penalty.objects.update(reason=HOSTILE)
    Team.objects.update(name=HOSTILE)
    Category.objects.update(name=HOSTILE)
    for name, url in concrete_urls(world).items():
        if AUDIENCE[name] in ("login", "i18n") or name == "export":
            continue
        for client in (director_client, Client()):
            response = client.get(url, {"q": HOSTILE})
            if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
                continue
            page = response.content.decode()
            assert HOSTILE not in page, name
            assert "<img src=x" not in page, name


def test_a_player_list_upload_is_limited_in_size_and_type(world, director_client, settings):
    from django.core.files.uploadedfile import SimpleUploadedFile

    url = reverse("import-players", args=[world["a"].slug])
    settings.PLAYER_IMPORT_MAX_BYTES = 1000
    before = database_state()
    big = SimpleUploadedFile("players.csv", b"First name,Last name\n" + b"A,B\n" * 400)
    assert "the limit is 1000" in director_client.post(url, {"file": big}).content.decode()
    exe = SimpleUploadedFile("players.exe", b"MZ\x90\x00")
    assert "Upload a .csv file" in director_client.post(url, {"file": exe}).content.decode()
    assert database_state() == before


def test_models_listed_cover_every_model_that_can_be_written():
    from django.apps import apps

    ours = {m for m in apps.get_models() if m._meta.app_label in ("tournament", "scoring")}
    assert ours <= set(WATCHED), ours - set(WATCHED)
    assert all(issubclass(model, models.Model) for model in WATCHED)


def test_the_admin_cannot_delete_penalties_or_change_hands(table_with_history, admin_client):
    """Even a superuser: hands change by new versions, penalties are cancelled, never deleted."""
    from scoring.models import Hand, Penalty

    hand, penalty = table_with_history
    for model, obj in ((Hand, hand), (Penalty, penalty)):
        meta = model._meta
        base = f"admin:{meta.app_label}_{meta.model_name}"
        assert admin_client.get(reverse(f"{base}_changelist")).status_code == 200
        assert (
            admin_client.post(reverse(f"{base}_delete", args=[obj.pk]), {"post": "yes"}).status_code
            == 403
        )
        page = admin_client.get(reverse(f"{base}_change", args=[obj.pk])).content.decode()
        assert 'name="_save"' not in page
        assert admin_client.get(reverse(f"{base}_add")).status_code == 403
    assert (
        Hand.objects.filter(pk=hand.pk).exists() and Penalty.objects.filter(pk=penalty.pk).exists()
    )


@pytest.fixture
def table_with_history(db, director):
    from scoring.access import Actor
    from scoring.services.hands import record_hand
    from scoring.services.penalties import give_penalty
    from tests.factories import build

    table = build(slug="admin").sessions.get(number=1).tables.get(number=1)
    actor = Actor(user=director)
    hand, _ = record_hand(table, {"outcome": "washout"}, actor=actor, revision=0)
    table.refresh_from_db()
    penalty = give_penalty(
        table.session,
        table.seats.first().registration,
        "late_arrival",
        actor=actor,
        table=table,
        revision=table.revision,
        minutes=5,
    )
    return hand, penalty
