"""Documents visitors may fetch are made once per standings version, kept in the shared cache,
and anonymous requests for them are throttled per address (issue 30, point 9).

One public report card costs about 45 ms of CPU: eight anonymous clients fetching them at will
moved a referee's median save from 52 to 274 ms (`bench/load.py --documents 8` measures it).
"""

from contextlib import ExitStack

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from exports import public_documents, sources, views
from exports.public_documents import TURN
from scoring.access import Actor
from scoring.services.penalties import cancel_penalty, give_penalty
from scoring.standings import ranking
from tests.factories import build_played
from tournament.models import Tournament


@pytest.fixture
def cup(db, director):
    return build_played("cards", Actor(user=director), confirmed=1)


@pytest.fixture
def made(monkeypatch):
    """The report cards actually rendered, by player."""
    calls = []
    real = views.build_export

    def counted(tournament, export):
        calls.append(export.player)
        return real(tournament, export)

    monkeypatch.setattr(views, "build_export", counted)
    return calls


def card(tournament, number):
    return reverse("player-reportcard", args=[tournament.slug, number])


def test_a_report_card_is_made_once_per_standings_version(cup, made, settings, director):
    settings.DESK_DOCUMENT_RATE = "1000/min"
    first = Client(REMOTE_ADDR="10.20.0.1").get(card(cup, 1))
    assert first.status_code == 200 and first["Content-Type"] == "application/pdf"
    for address in ("10.20.0.1", "10.20.0.2", "10.20.0.3"):  # any visitor, any process
        again = Client(REMOTE_ADDR=address).get(card(cup, 1))
        assert again.content == first.content
    assert len(made) == 1
    Client().get(card(cup, 2))
    assert len(made) == 2  # another player's card is another document
    # A new standings version (a penalty in a confirmed session, then cancelled; a rename)
    # makes it again, never a stale one.
    table = cup.sessions.get(number=1).tables.get(number=1)
    registration = table.seats.get(wind=0).registration
    penalty = give_penalty(
        cup.sessions.get(number=1),
        registration,
        "disqualification",
        actor=Actor(user=director),
        reason="x",
    )
    cancel_penalty(penalty, actor=Actor(user=director), reason="by mistake")
    Client().get(card(cup, 1))
    assert len(made) == 3
    Tournament.objects.filter(pk=cup.pk).update(name="Renamed Cup")
    renamed = Client().get(card(cup, 1))
    assert len(made) == 4 and renamed.content != first.content
    Client(HTTP_ACCEPT_LANGUAGE="it").get(card(cup, 1))
    assert len(made) == 5  # each language its own document


def test_anonymous_requests_for_documents_are_throttled_per_address(cup, made, settings):
    settings.DESK_DOCUMENT_RATE = "3/min"
    visitor = Client(REMOTE_ADDR="10.21.0.1")
    assert [visitor.get(card(cup, n)).status_code for n in (1, 2, 3)] == [200, 200, 200]
    refused = visitor.get(card(cup, 4))
    assert refused.status_code == 429 and int(refused["Retry-After"]) == 60
    assert "Too many documents" in refused.content.decode()
    assert len(made) == 3  # a refused request renders nothing
    # another address is not concerned, nor a logged-in account at the same address
    assert Client(REMOTE_ADDR="10.21.0.2").get(card(cup, 4)).status_code == 200
    referee = Client(REMOTE_ADDR="10.21.0.1")
    referee.force_login(get_user_model().objects.create_user("ref", password="x"))
    assert referee.get(card(cup, 4)).status_code == 200
    # the count is in the shared cache: every server process counts together
    assert cache.get("desk:document-requests:10.21.0.1") == 3


def test_the_refusal_speaks_italian(cup, settings):
    settings.DESK_DOCUMENT_RATE = "1/min"
    visitor = Client(REMOTE_ADDR="10.22.0.1", HTTP_ACCEPT_LANGUAGE="it")
    visitor.get(card(cup, 1))
    refused = visitor.get(card(cup, 1))
    assert refused.status_code == 429 and "Troppi documenti" in refused.content.decode()


def test_anonymous_visitors_have_documents_made_one_at_a_time_and_spaced_out(
    cup, made, settings, director
):
    """Whatever their addresses, visitors have at most DESK_DOCUMENT_MAKES new documents made,
    spread evenly ("20/min": one, then none for 3 seconds), never in a burst (the referees'
    saves share the desk's CPU); a document made already is served; a refusal writes nothing."""
    settings.DESK_DOCUMENT_RATE = "1000/min"
    settings.DESK_DOCUMENT_MAKES = "20/min"
    answers = [Client(REMOTE_ADDR=f"10.23.0.{n}").get(card(cup, n)) for n in (1, 2, 3)]
    assert [answer.status_code for answer in answers] == [200, 429, 429]
    assert int(answers[1]["Retry-After"]) == 3
    assert "busy" in answers[1].content.decode()
    assert made == [cup.registrations.get(number=1).player_id]
    assert Client(REMOTE_ADDR="10.23.0.9").get(card(cup, 1)).status_code == 200  # kept
    logged_in = Client()
    logged_in.force_login(director)
    assert logged_in.get(card(cup, 3)).status_code == 200  # the director is not held back
    cache.delete(TURN)  # 3 seconds later
    assert Client(REMOTE_ADDR="10.23.0.2").get(card(cup, 2)).status_code == 200
    settings.DESK_DOCUMENT_MAKES = "2/min"
    cache.delete(TURN)
    Client(REMOTE_ADDR="10.23.0.4").get(card(cup, 4))
    refused = Client(REMOTE_ADDR="10.23.0.5").get(card(cup, 5))
    assert refused.status_code == 429 and int(refused["Retry-After"]) == 30


def test_documents_are_made_for_visitors_one_at_a_time(cup, made, settings, monkeypatch):
    """While a visitor's document is being made (on any process), another visitor whose
    document is not made yet is asked to come back in a few seconds; once made, the turn is
    held for the spacing of DESK_DOCUMENT_MAKES."""
    settings.DESK_DOCUMENT_RATE = "1000/min"
    settings.DESK_DOCUMENT_MAKES = "20/min"
    cache.add(TURN, 1, 60)  # being made elsewhere
    waiting = Client(REMOTE_ADDR="10.24.0.1").get(card(cup, 1))
    assert waiting.status_code == 429 and int(waiting["Retry-After"]) == 3
    assert made == []
    cache.delete(TURN)
    held, set_entry = [], cache.set
    monkeypatch.setattr(
        cache,
        "set",
        lambda key, *args, **kw: (held.append((key, *args)), set_entry(key, *args, **kw)),
    )
    assert Client(REMOTE_ADDR="10.24.0.1").get(card(cup, 1)).status_code == 200
    assert (TURN, 1, 3.0) in held  # the turn held for the spacing, not for MAKING_SECONDS
    assert cache.get(TURN) == 1  # held after the document is made


@pytest.fixture
def cache_writes(monkeypatch):
    """The shared cache's writes, by method and key (on SQLite each one takes the database's
    write lock, which the referees' saves wait for)."""
    writes = []
    for name in ("add", "set", "incr", "delete", "touch", "set_many", "delete_many"):
        real = getattr(cache, name)

        def recorded(*args, _name=name, _real=real, **kwargs):
            writes.append((_name, args[0] if args else None))
            return _real(*args, **kwargs)

        monkeypatch.setattr(cache, name, recorded)
    return writes


def test_a_refused_document_request_writes_nothing(cup, made, settings, cache_writes):
    """Refused for its address or because a document is being made: only reads, and the
    address is not counted for a document it was not given."""
    settings.DESK_DOCUMENT_RATE = "2/min"
    settings.DESK_DOCUMENT_MAKES = "20/min"
    cache.add(TURN, 1, 60)  # a document is being made for another visitor
    del cache_writes[:]
    busy = Client(REMOTE_ADDR="10.25.0.1").get(card(cup, 1))
    assert busy.status_code == 429 and cache_writes == [] and made == []
    assert cache.get("desk:document-requests:10.25.0.1") is None  # not counted
    cache.delete(TURN)
    settings.DESK_DOCUMENT_MAKES = "1000000/min"
    visitor = Client(REMOTE_ADDR="10.25.0.1")
    assert [visitor.get(card(cup, n)).status_code for n in (1, 2)] == [200, 200]
    assert cache.get("desk:document-requests:10.25.0.1") == 2
    del cache_writes[:]
    refused = visitor.get(card(cup, 1))  # kept, but this address has had its two
    assert refused.status_code == 429 and cache_writes == []
    assert cache.get("desk:document-requests:10.25.0.1") == 2


def test_a_refusal_for_a_document_never_made_reads_no_standings(cup, made, settings):
    """Not the visitors' turn and the document never made: refused from the shared cache alone,
    before the standings' version is read (on PostgreSQL its queries cost a refusal some 60 ms
    of database time beside the referees' saves). A document made for an earlier version is
    still looked up under the current one."""
    settings.DESK_DOCUMENT_RATE = "1000/min"
    settings.DESK_DOCUMENT_MAKES = "20/min"
    assert Client(REMOTE_ADDR="10.28.0.1").get(card(cup, 1)).status_code == 200  # made
    assert cache.get(TURN) == 1  # the spacing after it
    with CaptureQueriesContext(connection) as queries:
        refused = Client(REMOTE_ADDR="10.28.0.2").get(card(cup, 2))
    assert refused.status_code == 429 and len(made) == 1
    read = " ".join(query["sql"] for query in queries)
    assert "scoring_seatresult" not in read and "scoring_penalty" not in read, read
    assert len(queries) == 2, read  # the tournament, then one read of the shared cache
    # player 1's card, made: served from the cache under the version read afresh
    with CaptureQueriesContext(connection) as queries:
        kept = Client(REMOTE_ADDR="10.28.0.3").get(card(cup, 1))
    assert kept.status_code == 200 and len(made) == 1
    assert "scoring_seatresult" in " ".join(query["sql"] for query in queries)
    # a rename gives a new version: the card made under the old one is not served
    Tournament.objects.filter(pk=cup.pk).update(name="Renamed")
    stale = Client(REMOTE_ADDR="10.28.0.4").get(card(cup, 1))
    assert stale.status_code == 429 and len(made) == 1


def test_visitors_asking_together_for_new_documents_cost_one_standings_read(
    cup, made, settings, monkeypatch
):
    """The visitors' turn is taken before the standings' version is read, for a document never
    made: of visitors asking at the same moment (each found the turn free), the ones that lose
    the race for it are refused without reading the version; a turn taken for a document that
    another process made meanwhile is given back at once."""
    settings.DESK_DOCUMENT_RATE = "1000/min"
    settings.DESK_DOCUMENT_MAKES = "20/min"
    reads, real = [], public_documents.standings_page_version

    def read(tournament):
        reads.append(cache.has_key(TURN))  # the turn, as the version is read
        return real(tournament)

    monkeypatch.setattr(public_documents, "standings_page_version", read)
    # every visitor found the turn free, and the first of them took it first
    looked, get_many = [], cache.get_many

    def turn_free(keys, version=None):
        if TURN not in keys:
            return get_many(keys, version)
        looked.append(keys)
        return {}

    monkeypatch.setattr(cache, "get_many", turn_free)
    answers, read_by = [], []
    for n in (1, 2, 3):
        with CaptureQueriesContext(connection) as queries:
            answers.append(Client(REMOTE_ADDR=f"10.29.0.{n}").get(card(cup, n)))
        read_by.append(" ".join(query["sql"] for query in queries))
    assert [answer.status_code for answer in answers] == [200, 429, 429]
    # the two who lost the turn read no player and no session: refused at the look
    assert ["tournament_registration" in read for read in read_by] == [True, False, False]
    assert ["tournament_session" in read for read in read_by] == [True, False, False]
    assert reads == [True] and len(looked) == 3  # one version read, in the turn
    assert len(made) == 1 and cache.has_key(TURN)  # held for the spacing after the card
    # player 1's card made on another process meanwhile: the turn is given back unused
    cache.delete(TURN)
    assert Client(REMOTE_ADDR="10.29.0.9").get(card(cup, 1)).status_code == 200
    assert len(made) == 1 and not cache.has_key(TURN)


def test_a_kept_document_costs_its_visitor_one_write(cup, made, settings, cache_writes):
    """A document already made, for an address already counting: the count goes up in one
    write (no add that fails first)."""
    settings.DESK_DOCUMENT_RATE = "10/min"
    Client(REMOTE_ADDR="10.26.0.1").get(card(cup, 1))
    del cache_writes[:]
    again = Client(REMOTE_ADDR="10.26.0.1").get(card(cup, 1))
    assert again.status_code == 200 and len(made) == 1
    assert cache_writes == [("incr", "desk:document-requests:10.26.0.1")]


def test_the_refusal_is_a_short_translated_answer_with_the_security_headers(cup, settings):
    settings.DESK_DOCUMENT_RATE = "1000/min"
    settings.DESK_DOCUMENT_MAKES = "20/min"
    cache.add(TURN, 1, 60)
    for language, words in (("en", "The desk is busy"), ("it", "Il Desk è occupato")):
        refused = Client(REMOTE_ADDR="10.27.0.1", HTTP_ACCEPT_LANGUAGE=language).get(card(cup, 1))
        assert refused.status_code == 429 and refused["Retry-After"] == "3"
        assert refused["Content-Type"] == "text/plain; charset=utf-8"
        assert refused.content.decode().startswith(words)
        assert b"<" not in refused.content  # a line of text, not a page
        assert "default-src" in refused["Content-Security-Policy"]
        assert refused["X-Content-Type-Options"] == "nosniff"
        assert refused["X-Frame-Options"] == "DENY"
        assert refused["Content-Language"] == language


def test_requests_at_the_same_instant_from_one_address_cannot_pass_its_limit_together(
    cup, made, settings, rf
):
    """Every request read the address's count before any was given its document: the count
    is compared again when the document is given."""
    settings.DESK_DOCUMENT_RATE = "2/min"
    requests = []
    for _ in range(3):
        request = rf.get("/", REMOTE_ADDR="10.28.0.1")
        request.user = AnonymousUser()
        requests.append(request)
    made = ("a", "b", b"c")
    public_documents.document(cup, ("test",), ("test",), lambda: made)  # made before

    def give(visitor):
        return public_documents.document(cup, ("test",), ("test",), lambda: made, visitor=visitor)

    with ExitStack() as looks:
        visitors = [
            looks.enter_context(public_documents.visitors_look(request, cup, ("test",)))
            for request in requests
        ]
        assert all(visitors)  # none refused at its look
        assert give(visitors[0]) == give(visitors[1]) == made
        with pytest.raises(public_documents.TooMany) as refused:
            give(visitors[2])
    assert refused.value.wait == 60


def test_the_cards_of_one_standings_version_add_up_the_results_once(
    cup, settings, monkeypatch, director
):
    """The cards are made from the standings kept in the shared cache for the current
    standings version (`cached_standings`, as the projector and the player pages read them):
    the second player's card reads the results no second time (on PostgreSQL that read shares
    the database with the referees' saves); a new version adds them up again."""
    settings.DESK_DOCUMENT_RATE = "1000/min"
    settings.DESK_DOCUMENT_MAKES = "1000/min"
    computed = []
    real = ranking.compute_standings

    def counted(*args, **kwargs):
        computed.append(kwargs.get("through"))
        return real(*args, **kwargs)

    monkeypatch.setattr(ranking, "compute_standings", counted)
    monkeypatch.setattr(sources, "compute_standings", counted, raising=False)
    for number in (1, 2, 3):
        answer = Client(REMOTE_ADDR="10.27.0.1").get(card(cup, number))
        assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    assert computed == [1]
    session = cup.sessions.get(number=1)  # a penalty in it: new standings
    registration = session.tables.get(number=1).seats.get(wind=0).registration
    give_penalty(session, registration, "disqualification", actor=Actor(user=director), reason="x")
    assert Client(REMOTE_ADDR="10.27.0.1").get(card(cup, 1)).status_code == 200
    assert computed == [1, 1]


def test_a_card_of_a_number_no_player_can_have_is_not_found(cup):
    for number in (0, 100_000, 10**300):
        assert Client().get(card(cup, number)).status_code == 404


def test_a_turn_taken_for_a_card_that_cannot_be_made_is_given_back(cup, settings):
    """The look takes the visitors' turn for a card never made; when no card comes of it (no
    such player) the turn is free again at once, not held for the spacing."""
    settings.DESK_DOCUMENT_RATE = "1000/min"
    settings.DESK_DOCUMENT_MAKES = "20/min"
    assert Client(REMOTE_ADDR="10.30.0.1").get(card(cup, 999)).status_code == 404
    assert not cache.has_key(TURN)
    assert Client(REMOTE_ADDR="10.30.0.2").get(card(cup, 1)).status_code == 200
    assert cache.has_key(TURN)  # held for the spacing after a card made
