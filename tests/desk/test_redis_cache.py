"""DESK_CACHE_URL=redis://... puts the shared cache in a Redis server (Django's RedisCache):
the bad-link counter, the wrong-PIN counter and the cached standings then live there, seen by
every server process. The tests start Debian's redis-server in a temporary folder."""

from unittest import mock

import pytest
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.test import Client
from django.urls import reverse

from desk import config
from scoring import access
from scoring.standings.ranking import cached_standings
from scoring.standings.views import StandingsView
from tests import servers
from tests.factories import build, build_played, play_session, staff


def test_without_desk_cache_url_the_cache_is_the_database_table():
    assert config.cache_config({})["BACKEND"] == "common.cache.DatabaseCache"
    assert config.cache_config({"DESK_CACHE_URL": "  "})["LOCATION"] == "desk_cache"


@pytest.mark.parametrize(
    "url", ["redis://127.0.0.1:6379/0", "rediss://cache.example:6380/1", "unix:///run/r.sock"]
)
def test_a_redis_url_chooses_djangos_redis_cache(url):
    entry = config.cache_config({"DESK_CACHE_URL": url})
    assert entry["BACKEND"] == "django.core.cache.backends.redis.RedisCache"
    assert entry["LOCATION"] == url


@pytest.mark.parametrize("url", ["memcached://127.0.0.1:11211", "redis", "127.0.0.1:6379"])
def test_another_cache_url_is_refused_with_the_supported_ones(url):
    with pytest.raises(config.ConfigError, match="redis://host:6379/0"):
        config.cache_config({"DESK_CACHE_URL": url})


@pytest.fixture
def redis_cache(settings):
    """The desk's default cache in a throwaway Redis server; yields a client of that server."""
    import redis

    with servers.redis_server() as url:
        settings.CACHES = {"default": config.cache_config({"DESK_CACHE_URL": url})}
        client = redis.Redis(unix_socket_path=url.removeprefix("unix://"))
        try:
            yield client
        finally:
            client.close()
    # settings restores CACHES after the test: Django then drops the Redis cache object.


def keys(client, pattern):
    return sorted(key.decode() for key in client.keys(f"desk:*{pattern}*"))


@pytest.mark.django_db
def test_the_bad_link_counter_counts_in_redis(redis_cache):
    assert isinstance(caches["default"], RedisCache)
    phones = [Client(REMOTE_ADDR="10.40.0.1") for _ in range(2)]
    codes = [
        phones[n % 2].get(f"/r/not-a-real-link-{n}/").status_code
        for n in range(access.BAD_TOKEN_LIMIT)
    ]
    assert set(codes) == {404}
    assert phones[0].get("/r/one-more/").status_code == 429
    assert keys(redis_cache, "bad-table-link:10.40.0.1")
    # Another process opens its own connection to the same server and reads the same count.
    elsewhere = RedisCache(settings_location(), {"KEY_PREFIX": "desk"})
    assert elsewhere.get(access._bad_token_key("10.40.0.1")) == access.BAD_TOKEN_LIMIT
    assert Client(REMOTE_ADDR="10.40.0.2").get("/r/not-real/").status_code == 404


def settings_location():
    from django.conf import settings

    return settings.CACHES["default"]["LOCATION"]


@pytest.mark.django_db
def test_the_wrong_pin_counter_counts_in_redis(redis_cache):
    table = build(slug="pinned").sessions.get(number=1).tables.get(number=1)

    class Request:
        session = {}

    for _ in range(access.PIN_LIMIT):
        assert access.try_pin(Request(), table, "0000-wrong", "10.41.0.1") is False
    with pytest.raises(access.TooManyWrongPins):
        access.try_pin(Request(), table, table.pin, "10.41.0.1")
    assert keys(redis_cache, f"bad-table-pin:{table.pk}:10.41.0.1")


@pytest.mark.django_db
def test_the_standings_are_cached_in_redis_and_follow_a_confirmation(redis_cache, director):
    actor = staff(director)
    tournament = build_played("redis-cup", actor, players=8, sessions=2, confirmed=1)
    page = reverse("standings", kwargs={"slug": tournament.slug})
    first = Client().get(page)
    assert first.status_code == 200
    assert keys(redis_cache, f"standings:{tournament.pk}:1:")  # the rendered table
    with mock.patch.object(StandingsView, "render_table", side_effect=AssertionError):
        assert Client().get(page).status_code == 200  # the table comes from Redis
    standings = cached_standings(tournament)
    assert standings.through == 1
    assert keys(redis_cache, f"standings-data:{tournament.pk}:None:")

    play_session(tournament, 2, actor)
    assert Client().get(page).status_code == 200
    assert keys(redis_cache, f"standings:{tournament.pk}:2:")  # a new version, a new entry
    assert cached_standings(tournament).through == 2
