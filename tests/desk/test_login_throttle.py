"""Failed logins are throttled per account at an address and per address, in the database
(issue 13, point 3; issue 30, point 10: nobody locks an account out from every address).

A locked-out login is refused before any password is hashed; the site administrator sees the
lockouts and clears one or all, on the page or with `manage.py clear_lockout`.
"""

import datetime as dt
import io
from unittest import mock

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import MD5PasswordHasher
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from desk import lockouts

PASSWORD = "the-right-pw-123"
LOGIN, ADMIN_LOGIN = "/accounts/login/", "/admin/login/"


@pytest.fixture
def account(db):
    return get_user_model().objects.create_user("chief", password=PASSWORD, is_staff=True)


def attempt(client, url, username, password):
    return client.post(url, {"username": username, "password": password, "next": "/"})


def logged_in(client):
    return "_auth_user_id" in client.session


@pytest.mark.parametrize("url", [LOGIN, ADMIN_LOGIN])
def test_sixty_wrong_passwords_end_in_a_lockout_and_the_right_one_is_refused(account, url):
    client = Client(REMOTE_ADDR="10.1.1.1")
    codes = [attempt(client, url, "chief", f"wrong-{n}").status_code for n in range(60)]
    limit = settings.AXES_FAILURE_LIMIT
    assert codes[: limit - 1] == [200] * (limit - 1)  # the form again, with its error
    assert set(codes[limit - 1 :]) == {429}
    refused = attempt(client, url, "chief", PASSWORD)
    assert refused.status_code == 429 and not logged_in(client)
    assert "Too many failed logins" in refused.content.decode()
    assert 0 < int(refused["Retry-After"]) <= settings.AXES_COOLOFF_TIME.total_seconds()


def test_a_locked_attempt_never_reaches_the_password_hasher(account):
    client = Client(REMOTE_ADDR="10.1.1.2")
    with (
        mock.patch.object(MD5PasswordHasher, "verify", autospec=True) as verify,
        mock.patch.object(MD5PasswordHasher, "encode", autospec=True) as encode,
    ):
        verify.return_value = False
        encode.return_value = "md5$salt$hash"
        attempt(client, LOGIN, "chief", "wrong")
        assert verify.call_count == 1  # an ordinary failure does check the password
        for n in range(settings.AXES_FAILURE_LIMIT):
            attempt(client, LOGIN, "chief", f"wrong-{n}")
        verify.reset_mock(), encode.reset_mock()
        for password in ("wrong-again", PASSWORD):
            assert attempt(client, LOGIN, "chief", password).status_code == 429
        assert verify.call_count == 0 and encode.call_count == 0
        # Nor, from a locked address, for an account name that does not exist (Django hashes a
        # dummy password then).
        for n in range(settings.DESK_LOGIN_ADDRESS_ATTEMPTS):
            attempt(client, LOGIN, f"name-{n}", "wrong")
        verify.reset_mock(), encode.reset_mock()
        assert attempt(client, LOGIN, "nobody", "x").status_code == 429
    assert verify.call_count == 0 and encode.call_count == 0


def test_wrong_passwords_from_one_address_lock_the_account_there_only(account):
    """Anyone could lock the site administrator out from every address: ten wrong passwords
    from one address now lock the account at that address, and only there."""
    guesser = Client(REMOTE_ADDR="10.2.0.1")
    for round_ in range(3):  # again and again
        for n in range(settings.AXES_FAILURE_LIMIT):
            attempt(guesser, LOGIN, "chief", f"wrong-{round_}-{n}")
        assert attempt(guesser, LOGIN, "chief", PASSWORD).status_code == 429
        assert not logged_in(guesser)
        elsewhere = Client(REMOTE_ADDR=f"10.2.1.{round_ + 1}")
        assert attempt(elsewhere, LOGIN, "chief", PASSWORD).status_code == 302
        assert logged_in(elsewhere)
        assert (
            attempt(Client(REMOTE_ADDR="10.2.2.1"), ADMIN_LOGIN, "chief", PASSWORD).status_code
            == 302
        )
    # Another account from the guesser's address is not concerned either.
    get_user_model().objects.create_user("helper", password=PASSWORD)
    assert attempt(guesser, LOGIN, "helper", PASSWORD).status_code == 302


def test_an_address_is_locked_whatever_account_names_it_tries(account):
    guesser = Client(REMOTE_ADDR="10.3.0.1")
    limit = settings.DESK_LOGIN_ADDRESS_ATTEMPTS
    assert limit > settings.AXES_FAILURE_LIMIT
    for n in range(limit - 1):
        attempt(guesser, LOGIN, f"name-{n}", "wrong")
    get_user_model().objects.create_user("helper", password=PASSWORD)
    assert attempt(guesser, LOGIN, "helper", PASSWORD).status_code == 302
    attempt(guesser, LOGIN, "name-last", "wrong")
    assert attempt(guesser, LOGIN, "chief", PASSWORD).status_code == 429
    other = Client(REMOTE_ADDR="10.3.0.2")
    assert attempt(other, LOGIN, "chief", PASSWORD).status_code == 302 and logged_in(other)
    assert ("address", "10.3.0.1") in [
        (lock.kind, lock.value) for lock in lockouts.current_lockouts()
    ]


def test_the_lockout_is_in_the_database_for_every_process(account):
    first = Client(REMOTE_ADDR="10.4.0.1")
    for n in range(settings.AXES_FAILURE_LIMIT):
        attempt(first, LOGIN, "chief", f"wrong-{n}")
    stored = AccessAttempt.objects.filter(username="chief", ip_address="10.4.0.1").get()
    assert stored.failures_since_start == settings.AXES_FAILURE_LIMIT
    # Another process: a new client, no shared memory, no session; it reads the same table.
    from axes.handlers.proxy import AxesProxyHandler

    AxesProxyHandler.get_implementation(force=True)
    second = Client(REMOTE_ADDR="10.4.0.1")
    assert attempt(second, LOGIN, "chief", PASSWORD).status_code == 429
    assert [(lock.kind, lock.value, lock.address) for lock in lockouts.current_lockouts()] == [
        ("account", "chief", "10.4.0.1")
    ]


def test_the_lockout_ends_after_the_cool_off(account):
    client = Client(REMOTE_ADDR="10.5.0.1")
    for n in range(settings.AXES_FAILURE_LIMIT):
        attempt(client, LOGIN, "chief", f"wrong-{n}")
    assert attempt(client, LOGIN, "chief", PASSWORD).status_code == 429
    AccessAttempt.objects.update(
        attempt_time=dt.datetime.now(dt.UTC) - settings.AXES_COOLOFF_TIME - dt.timedelta(seconds=5)
    )
    assert attempt(client, LOGIN, "chief", PASSWORD).status_code == 302 and logged_in(client)


def test_the_lockout_page_speaks_italian(account):
    client = Client(REMOTE_ADDR="10.6.0.1", HTTP_ACCEPT_LANGUAGE="it")
    for n in range(settings.AXES_FAILURE_LIMIT):
        attempt(client, LOGIN, "chief", f"wrong-{n}")
    page = attempt(client, LOGIN, "chief", PASSWORD).content.decode()
    assert "Troppi accessi falliti" in page and "Too many" not in page


def lock_out(username, address):
    client = Client(REMOTE_ADDR=address)
    for n in range(settings.AXES_FAILURE_LIMIT):
        attempt(client, LOGIN, username, f"wrong-{n}")
    return client


def test_the_director_sees_and_clears_one_lockout(account, director_client):
    locked = lock_out("chief", "10.7.0.1")
    page = director_client.get(reverse("lockouts")).content.decode()
    assert "Account “chief” from 10.7.0.1" in page
    response = director_client.post(
        reverse("lockout-clear"), {"kind": "account", "value": "chief", "address": "10.7.0.1"}
    )
    assert response.status_code == 302
    assert not AccessAttempt.objects.filter(username="chief").exists()
    assert attempt(locked, LOGIN, "chief", PASSWORD).status_code == 302  # works again
    assert logged_in(locked)


def test_the_director_clears_an_address_or_every_lockout(account, director_client):
    lock_out("a-name", "10.8.0.1")
    lock_out("b-name", "10.8.0.2")
    director_client.post(reverse("lockout-clear"), {"kind": "address", "value": "10.8.0.1"})
    assert {lock.value for lock in lockouts.current_lockouts()} == {"b-name"}
    director_client.post(reverse("lockout-clear"), {"kind": "all"})
    assert lockouts.current_lockouts() == [] and not AccessAttempt.objects.exists()
    assert "Nobody is locked out." in director_client.get(reverse("lockouts")).content.decode()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "address", "value": "not-an-address"}, "is not an address"),
        ({"kind": "account", "value": "  "}, "Choose a lockout to clear."),
        ({"kind": "bogus", "value": "chief"}, "Choose a lockout to clear."),
        ({}, "Choose a lockout to clear."),
    ],
)
def test_bad_clear_requests_change_nothing(account, director_client, data, message):
    lock_out("chief", "10.9.0.1")
    before = list(AccessAttempt.objects.values_list("pk", "failures_since_start"))
    response = director_client.post(reverse("lockout-clear"), data, follow=True)
    assert response.status_code == 200 and message in response.content.decode()
    assert list(AccessAttempt.objects.values_list("pk", "failures_since_start")) == before


def test_only_a_director_clears_and_only_with_the_csrf_token(account, director):
    lock_out("chief", "10.10.0.1")
    referee = get_user_model().objects.create_user("ref", password=PASSWORD)
    other = Client()
    other.force_login(referee)
    assert other.get(reverse("lockouts")).status_code == 403
    assert other.post(reverse("lockout-clear"), {"kind": "all"}).status_code == 403
    anonymous = Client().post(reverse("lockout-clear"), {"kind": "all"})
    assert anonymous.status_code == 302 and reverse("login") in anonymous["Location"]
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(director)
    assert strict.post(reverse("lockout-clear"), {"kind": "all"}).status_code == 403
    assert AccessAttempt.objects.exists()


def test_the_home_page_links_the_director_to_the_lockouts(director_client):
    assert reverse("lockouts") in director_client.get(reverse("home")).content.decode()


def test_the_site_administrator_clears_a_lockout_with_a_command(account):
    lock_out("chief", "10.11.0.1")
    lock_out("chief", "10.11.0.2")
    lock_out("other", "10.11.0.3")
    out = io.StringIO()
    call_command("clear_lockout", stdout=out)
    listed = out.getvalue()
    assert "chief" in listed and "10.11.0.1" in listed and "10.11.0.3" in listed
    call_command("clear_lockout", "chief", "--address", "10.11.0.1", stdout=io.StringIO())
    assert {(lock.value, lock.address) for lock in lockouts.current_lockouts()} == {
        ("chief", "10.11.0.2"),
        ("other", "10.11.0.3"),
    }
    call_command("clear_lockout", "chief", stdout=io.StringIO())
    assert {lock.value for lock in lockouts.current_lockouts()} == {"other"}
    with pytest.raises(CommandError, match="is not an address"):
        call_command("clear_lockout", "--address", "nowhere")
    call_command("clear_lockout", "--address", "10.11.0.3", stdout=io.StringIO())
    assert lockouts.current_lockouts() == []
    lock_out("chief", "10.11.0.4")
    call_command("clear_lockout", "--all", stdout=io.StringIO())
    assert not AccessAttempt.objects.exists()
    assert attempt(Client(REMOTE_ADDR="10.11.0.4"), LOGIN, "chief", PASSWORD).status_code == 302
