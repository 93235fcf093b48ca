"""The bad-link counter (issue 13, point 3): a valid link always works, whatever guesses came from
the same address; only unknown links count, in the cache every server process shares."""

import pytest
from django.core.cache import cache, caches
from django.core.cache.backends.db import DatabaseCache
from django.db import connection
from django.test import Client, RequestFactory
from django.urls import reverse

from common.net import client_address
from desk import config
from scoring import access


def link(table):
    return reverse("link:table", kwargs={"token": table.token})


def guess(client, n):
    return client.get(f"/r/not-a-real-link-{n}/")


def test_a_valid_link_works_whatever_guesses_came_from_its_address(table):
    venue = Client(REMOTE_ADDR="192.168.1.1")  # every phone behind the venue's NAT
    for n in range(access.BAD_TOKEN_LIMIT * 2):
        assert guess(venue, n).status_code in (404, 429)
    assert guess(venue, "again").status_code == 429  # guesses from there are refused ...
    assert venue.get(link(table)).status_code == 200  # ... a referee's real link is not
    assert venue.post(link(table), {}).status_code in (200, 302)
    assert guess(Client(REMOTE_ADDR="192.168.1.2"), 0).status_code == 404  # another address


def test_a_valid_link_does_not_count_as_a_guess(table):
    holder = Client(REMOTE_ADDR="10.20.0.1")
    for _ in range(access.BAD_TOKEN_LIMIT + 5):
        assert holder.get(link(table)).status_code == 200
    assert cache.get(access._bad_token_key("10.20.0.1")) is None
    assert guess(holder, 0).status_code == 404


def test_the_counter_lives_in_the_shared_database_cache(table):
    assert isinstance(caches["default"], DatabaseCache)
    guess(Client(REMOTE_ADDR="10.30.0.1"), 0)
    guess(Client(REMOTE_ADDR="10.30.0.1"), 1)
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM desk_cache")
        assert cursor.fetchone()[0] >= 1
    # Another process opens its own cache object on the same table and sees the same count.
    elsewhere = DatabaseCache(config.cache_config({})["LOCATION"], {})
    assert elsewhere.get(access._bad_token_key("10.30.0.1")) == 2


def request_from(remote, forwarded=None):
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return RequestFactory().get("/", **extra)


def test_the_client_address_ignores_x_forwarded_for_unless_configured(settings):
    settings.DESK_PROXY_COUNT = 0
    assert client_address(request_from("10.0.0.5", "1.2.3.4")) == "10.0.0.5"
    assert client_address(request_from("not an address")) == "0.0.0.0"


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (1, "203.0.113.7", "203.0.113.7"),
        (1, "6.6.6.6, 203.0.113.7", "203.0.113.7"),  # the left entry was written by the client
        (2, "6.6.6.6, 203.0.113.7, 10.0.0.2", "203.0.113.7"),
        (2, "203.0.113.7", "10.0.0.9"),  # fewer entries than proxies: the connection's address
        (1, "garbage", "10.0.0.9"),
        (1, "", "10.0.0.9"),
        (1, "2001:db8::1", "2001:db8::1"),
    ],
)
def test_behind_proxies_the_address_the_outermost_proxy_saw(settings, proxies, forwarded, expected):
    settings.DESK_PROXY_COUNT = proxies
    assert client_address(request_from("10.0.0.9", forwarded)) == expected


def test_behind_a_proxy_each_client_has_its_own_counter(settings, table):
    settings.DESK_PROXY_COUNT = 1
    guesser = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.50")
    for n in range(access.BAD_TOKEN_LIMIT):
        guess(guesser, n)
    assert guess(guesser, "more").status_code == 429
    neighbour = Client(REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.51")
    assert guess(neighbour, 0).status_code == 404


@pytest.mark.parametrize("raw", ["-1", "6", "two", "1.5"])
def test_a_bad_proxy_count_is_refused_with_a_message(raw):
    with pytest.raises(config.ConfigError, match="DESK_PROXY_COUNT"):
        config.env_int({"DESK_PROXY_COUNT": raw}, "DESK_PROXY_COUNT", 0, minimum=0, maximum=5)
