"""Two desk server processes on one database behave as one desk (issue 20, point 3).

Two real waitress processes (as `make serve` starts them) share the test database (the SQLite
file, or PostgreSQL's test database under `.ci/with-postgres`), once with the database cache
and once with a Redis server (DESK_CACHE_URL). A phone or a browser may reach either process
for each request, as behind nginx: the throttles count the attempts made on both together, the
standings after a confirmation and a seating just published show on the other process at once.
"""

import http.cookiejar
import os
import re
import signal
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from contextlib import ExitStack

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from django.urls import reverse
from django.utils import translation

from draw.writing import write_draw
from exports.build import ExportRequest, build_export
from exports.document_worker_process import NICENESS
from scoring import access
from tests import servers
from tests.factories import build_played, close, make_director, mcr_entry, play, staff

PASSWORD = "pw-for-tests"  # tests.factories.make_director
#: The login lockout of the servers (DESK_LOGIN_ATTEMPTS), the smallest the desk accepts.
LOGIN_ATTEMPTS = 3
#: Documents an address may fetch without logging in (DESK_DOCUMENT_RATE), per minute.
DOCUMENTS = 4


@pytest.fixture(scope="module", params=["database cache", "redis cache"])
def desk_pair(request, django_db_setup, django_db_blocker):
    """Two server processes on the test database; yields (base URL 1, base URL 2, redis client
    or None, the two processes)."""
    with ExitStack() as stack:
        extra, redis_client = {}, None
        if request.param == "redis cache":
            import redis

            url = stack.enter_context(servers.redis_server())
            extra["DESK_CACHE_URL"] = url
            redis_client = redis.Redis(unix_socket_path=url.removeprefix("unix://"))
            stack.callback(redis_client.close)
        with django_db_blocker.unblock():
            database = servers.database_url(connection.settings_dict)
        data_dir = stack.enter_context(tempfile.TemporaryDirectory(prefix="desk-two-"))
        env = servers.desk_environment(
            data_dir,
            database,
            DESK_LOGIN_ATTEMPTS=LOGIN_ATTEMPTS,
            DESK_DOCUMENT_RATE=f"{DOCUMENTS}/min",
            DESK_DOCUMENT_MAKES="1000/min",  # no spacing between the cards made for visitors
            **extra,
        )
        bases, processes = [], []
        for number in (1, 2):
            port = servers.free_port()
            log = f"{data_dir}/server-{number}.log"
            process = servers.start_desk(port, env, log)
            stack.callback(servers.stop, process)
            process.log_path = log
            bases.append(f"http://127.0.0.1:{port}")
            processes.append(process)
        yield bases[0], bases[1], redis_client, processes


@pytest.fixture
def desk(desk_pair, transactional_db):
    """The two processes, each test on an empty database and an empty cache (the test's own
    cache object is the database table: conftest clears it; a Redis server is flushed here)."""
    first, second, redis_client, _processes = desk_pair
    if redis_client is not None:
        redis_client.flushdb()
    return first, second


class Browser:
    """A browser (or phone) whose requests may reach either process: one cookie jar, whatever
    the port (cookies belong to the host); redirects are not followed."""

    def __init__(self):
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.jar), NoRedirects()
        )

    def request(self, url, data=None):
        body = None
        headers = {}
        if data is not None:
            body = urllib.parse.urlencode(data).encode()
            headers["X-CSRFToken"] = self.cookie("csrftoken")
        try:
            with self.opener.open(urllib.request.Request(url, body, headers), timeout=60) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()

    def get(self, url):
        return self.request(url)

    def post(self, url, data):
        return self.request(url, data)

    def cookie(self, name):
        return next((c.value for c in self.jar if c.name == name), "")

    def log_in(self, base, username, password):
        status, _page = self.get(f"{base}/accounts/login/")
        assert status == 200
        return self.post(
            f"{base}/accounts/login/", {"username": username, "password": password, "next": "/"}
        )


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def test_the_bad_link_counter_counts_the_guesses_made_on_both_processes(desk):
    first, second = desk
    phone = Browser()
    for n in range(access.BAD_TOKEN_LIMIT):
        base = (first, second)[n % 2]
        assert phone.get(f"{base}/r/not-a-real-link-{n}/")[0] == 404
    # Each process saw only half the guesses; together they reach the limit.
    assert phone.get(f"{first}/r/one-more/")[0] == 429
    assert phone.get(f"{second}/r/one-more/")[0] == 429


def test_the_login_lockout_counts_the_failures_made_on_both_processes(desk):
    first, second = desk
    make_server_director()
    browser = Browser()
    assert browser.log_in(first, "boss", "wrong-1")[0] == 200  # the form again
    assert browser.log_in(second, "boss", "wrong-2")[0] == 200
    status, page = browser.log_in(first, "boss", "wrong-3")
    assert status == 429 and "Too many failed logins" in page
    # Locked on both: the right password is refused on the other process too.
    status, page = browser.log_in(second, "boss", PASSWORD)
    assert status == 429 and not browser.cookie("sessionid")


def test_the_document_throttle_counts_the_requests_made_on_both_processes(desk):
    """Anonymous report cards (issue 30, point 9): one address's requests count together
    whichever process answers, in the shared cache; the card is made once and kept there."""
    first, second = desk
    tournament = build_played("cards", staff(make_server_director()), players=8, confirmed=1)
    card = reverse("player-reportcard", kwargs={"slug": tournament.slug, "number": 1})

    answers = [fetch((first, second)[n % 2] + card) for n in range(DOCUMENTS)]
    assert [status for status, _content in answers] == [200] * DOCUMENTS
    assert answers[0][1].startswith(b"%PDF") and answers[0][1] == answers[1][1]
    assert fetch(first + card)[0] == 429
    assert fetch(second + card)[0] == 429


def fetch(url, language="en"):
    """(status, bytes) of an anonymous GET (a PDF: bytes, not text)."""
    request = urllib.request.Request(url, headers={"Accept-Language": language})
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def workers_of(process):
    """The pids of the server process's worker that makes documents (exports/document_worker.py:
    a "spawn" child, not Python's resource tracker)."""
    return [
        pid
        for pid in servers.children(process.pid)
        if b"spawn_main" in servers.command_line(pid)
        and b"resource_tracker" not in servers.command_line(pid)
    ]


def test_report_cards_are_made_by_a_worker_process_of_lower_priority(desk, desk_pair):
    """Each waitress process makes the documents visitors ask for in its worker process
    (issue 30, point 9): the same bytes as made in a server's own process, in the visitor's
    language, at a lower priority; a worker that died is replaced and the card still made."""
    first, second = desk
    processes = desk_pair[3]
    tournament = build_played("worked", staff(make_server_director()), players=8, confirmed=1)
    players = dict(tournament.registrations.values_list("number", "player_id"))

    def card(number):
        return reverse("player-reportcard", kwargs={"slug": tournament.slug, "number": number})

    def made_here(number, language="en"):
        export = ExportRequest(what="reportcards", fmt="pdf", through=1, player=players[number])
        with translation.override(language):
            return build_export(tournament, export)[2]

    for number, language in ((1, "en"), (1, "it")):
        status, content = fetch(first + card(number), language)
        assert status == 200 and content == made_here(number, language)
    assert made_here(1, "en") != made_here(1, "it")
    (worker,) = workers_of(processes[0])  # started by the first document
    assert servers.niceness(worker) == min(19, servers.niceness(processes[0].pid) + NICENESS)

    os.kill(worker, signal.SIGKILL)  # out of memory, or ended by hand
    status, content = fetch(first + card(2))
    assert status == 200 and content == made_here(2)
    assert workers_of(processes[0]) not in ([], [worker])
    status, content = fetch(second + card(3))
    assert status == 200 and content == made_here(3)
    assert len(workers_of(processes[1])) == 1  # the other process has a worker of its own


def make_server_director():
    """The director, with a password the servers can check: the tests hash with MD5
    (tests/conftest.py), the servers know only the desk's own hashers."""
    director = make_director()
    hasher = PBKDF2PasswordHasher()
    director.password = hasher.encode(PASSWORD, hasher.salt())
    director.save(update_fields=["password"])
    return director


def director_on(base):
    browser = Browser()
    status, _page = browser.log_in(base, "boss", PASSWORD)
    assert status == 302, "the director could not log in"
    return browser


def standings_table(page):
    return re.search(r"<table.*?</table>", page, re.S).group(0)


def test_a_confirmation_on_one_process_shows_in_the_standings_of_the_other(desk):
    first, second = desk
    director = make_server_director()
    actor = staff(director)
    tournament = build_played("two", actor, players=8, sessions=3, confirmed=1, seat_next=True)
    for table in tournament.sessions.get(number=2).tables.all():
        play(table, [mcr_entry(n + table.number) for n in range(1, 17)], actor)
        close(table, actor)
    slug = tournament.slug
    standings = reverse("standings", kwargs={"slug": slug})
    public = Browser()
    status, before = public.get(second + standings)
    assert status == 200 and "After session 1" in before  # now cached by the second process

    browser = director_on(second)  # logged in on one process, acting on the other
    session = {"slug": slug, "number": 2}
    confirm = first + reverse("session-confirm", kwargs=session)
    assert browser.post(confirm, {"confirmed": "1"})[0] == 302
    publish = first + reverse("session-publish", kwargs=session)
    assert browser.post(publish, {"results": "1"})[0] == 302

    status, after = public.get(second + standings)
    assert status == 200 and "After session 2" in after
    assert standings_table(after) != standings_table(before)
    assert standings_table(after) == standings_table(public.get(first + standings)[1])
    after_one = second + reverse("standings-after", kwargs={"slug": slug, "number": 1})
    assert standings_table(public.get(after_one)[1]) == standings_table(before)


def test_a_seating_published_on_one_process_shows_on_the_other(desk):
    first, second = desk
    director = make_server_director()
    tournament = build_played("seat", staff(director), players=8, sessions=3, confirmed=1)
    write_draw(tournament, session_number=2, seed=2)
    session = {"slug": tournament.slug, "number": 2}
    seating = reverse("seating", kwargs=session)
    player = Browser()
    status, page = player.get(second + seating)
    assert status == 404 and "has not been published yet" in page

    browser = director_on(first)
    publish = first + reverse("session-publish", kwargs=session)
    assert browser.post(publish, {"seating": "1"})[0] == 302

    status, page = player.get(second + seating)
    assert status == 200
    seat = tournament.sessions.get(number=2).tables.get(number=1).seats.get(wind=0)
    assert seat.registration.player.last_name in page
    assert player.get(first + seating)[0] == 200
