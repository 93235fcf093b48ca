"""Creating and revoking an API token writes the tournament's audit trail (who gave which write
access, when, and who took it back): the token's name, kind, prefix and account, never its
secret nor its digest; the tokens page shows that trail in English and Italian."""

import json
import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from api.models import ApiToken, TokenKind
from api.tokens import TokenError, create_token, revoke_token
from scoring.access import Actor
from scoring.models import AuditAction, AuditEntry
from scoring.services.audit import log_action
from tests.factories import build, make_tournament_director

CREATED = AuditAction.TOKEN_CREATED
REVOKED = AuditAction.TOKEN_REVOKED


@pytest.fixture
def cup(db):
    """A tournament with a director of its own and a referee account on a table."""
    tournament = build(slug="alpha")
    director = make_tournament_director(tournament, "director-a")
    referee = get_user_model().objects.create_user("ref-a", password="x")
    tournament.sessions.get(number=1).tables.get(number=1).referees.add(referee)
    return {"tournament": tournament, "director": director, "referee": referee}


def token_entries(action=None):
    entries = AuditEntry.objects.filter(action__in=(CREATED, REVOKED))
    return entries.filter(action=action) if action else entries


def created_on_page(client, cup, **data):
    """POST the tokens page; returns (the token, its secret shown once)."""
    response = client.post(reverse("api-tokens", args=["alpha"]), data)
    assert response.status_code == 200
    secret = re.search(r'id="token-secret">(mtd_[A-Za-z0-9_-]+)<', response.content.decode())[1]
    return ApiToken.objects.get(name=data["name"]), secret


def assert_no_secret(entry, token, secret):
    stored = json.dumps(entry.changes)
    assert secret not in stored and secret[12:] not in stored
    assert token.digest not in stored


@pytest.mark.parametrize("kind", ["director", "referee"])
def test_creating_a_token_writes_one_entry_naming_it_without_its_secret(cup, client, kind):
    client.force_login(cup["director"])
    data = {"name": "Overlay", "kind": kind}
    if kind == "referee":
        data["referee"] = cup["referee"].pk
    token, secret = created_on_page(client, cup, **data)
    entry = token_entries().get()
    assert entry.action == CREATED
    assert entry.tournament == cup["tournament"]
    assert entry.session is None and entry.table is None
    assert entry.user == cup["director"]  # who gave the access
    account = "director-a" if kind == "director" else "ref-a"
    assert entry.changes == {
        "token": "Overlay",
        "kind": kind,
        "prefix": token.prefix,
        "account": account,
    }
    assert token.prefix.startswith("mtd_") and len(token.prefix) == 12
    assert_no_secret(entry, token, secret)
    page = client.get(reverse("api-tokens", args=["alpha"])).content.decode()
    assert secret not in page and token.digest not in page


def test_revoking_writes_one_entry_with_who_revoked_and_again_writes_none(cup, client):
    token, secret = create_token(
        cup["tournament"], name="Rating site", kind=TokenKind.DIRECTOR, creator=cup["director"]
    )
    other = make_tournament_director(cup["tournament"], "director-b")
    client.force_login(other)
    url = reverse("api-token-revoke", args=["alpha", token.pk])
    assert client.post(url).status_code == 302
    assert client.post(url).status_code == 302  # a second press changes nothing
    revoke_token(cup["tournament"], token.pk, actor=Actor(user=cup["director"]))
    entry = token_entries(REVOKED).get()
    assert entry.user == other  # who took the access back, not who gave it
    assert entry.changes["token"] == "Rating site"
    assert entry.changes["account"] == "director-a"  # the account the token acted for
    assert_no_secret(entry, token, secret)
    assert token_entries(CREATED).get().user == cup["director"]


def test_a_refused_creation_writes_nothing(cup, client):
    client.force_login(cup["director"])
    page = reverse("api-tokens", args=["alpha"])
    assert client.post(page, {"name": "  ", "kind": "director"}).status_code == 200
    assert client.post(page, {"name": "x" * 81, "kind": "director"}).status_code == 200
    stranger = get_user_model().objects.create_user("stranger", password="x")
    client.post(page, {"name": "R", "kind": "referee", "referee": stranger.pk})
    with pytest.raises(TokenError):
        create_token(cup["tournament"], name=" ", kind=TokenKind.DIRECTOR, creator=cup["director"])
    with pytest.raises(TokenError):
        create_token(cup["tournament"], name="R", kind=TokenKind.REFEREE, creator=cup["director"])
    assert not ApiToken.objects.exists()
    assert not token_entries().exists()


def test_revoking_a_token_of_another_tournament_writes_nothing(cup):
    other = build(slug="beta", started=False)
    theirs, _ = create_token(
        other, name="B", kind=TokenKind.DIRECTOR, creator=make_tournament_director(other, "b")
    )
    with pytest.raises(TokenError):
        revoke_token(cup["tournament"], theirs.pk, actor=Actor(user=cup["director"]))
    assert not token_entries(REVOKED).exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            [
                "Who created and revoked tokens",
                "API token created",
                "API token revoked",
                "the whole tournament",
                "Director token “Overlay” of director-a, starting ",
                "Referee token “Tables” of ref-a, starting ",
            ],
        ),
        (
            "it",
            [
                "Chi ha creato e revocato i token",
                "Token API creato",
                "Token API revocato",
                "tutto il torneo",
                "Token direttore “Overlay” di director-a, che inizia con ",
                "Token arbitro “Tables” di ref-a, che inizia con ",
            ],
        ),
    ],
)
def test_the_tokens_page_shows_who_created_and_revoked_them(cup, client, language, words):
    director = cup["director"]
    overlay, secret = create_token(
        cup["tournament"], name="Overlay", kind=TokenKind.DIRECTOR, creator=director
    )
    tables, _ = create_token(
        cup["tournament"],
        name="Tables",
        kind=TokenKind.REFEREE,
        creator=director,
        referee=cup["referee"],
    )
    revoke_token(cup["tournament"], overlay.pk, actor=Actor(user=director))
    client.force_login(director)
    response = client.get(reverse("api-tokens", args=["alpha"]), HTTP_ACCEPT_LANGUAGE=language)
    page = response.content.decode()
    history = page[page.index('id="history-heading"') :]
    for text in words:
        assert text in history
    assert history.count(overlay.prefix) == 2 and history.count(tables.prefix) == 1
    assert secret not in page and overlay.digest not in page and tables.digest not in page
    assert history.count("director-a") >= 3  # who did each of the three


def test_the_history_is_the_tournaments_own(cup, client):
    other = build(slug="beta", started=False)
    theirs = make_tournament_director(other, "director-b")
    create_token(other, name="Theirs", kind=TokenKind.DIRECTOR, creator=theirs)
    client.force_login(cup["director"])
    page = client.get(reverse("api-tokens", args=["alpha"])).content.decode()
    assert "Theirs" not in page


def test_an_entry_needs_a_table_a_session_or_a_tournament(cup):
    with pytest.raises(ValueError):
        log_action(Actor(user=cup["director"]), CREATED, changes={"token": "x"})
    entry = log_action(Actor(user=cup["director"]), CREATED, tournament=cup["tournament"])
    assert entry.tournament == cup["tournament"] and entry.session is None
    session = cup["tournament"].sessions.get(number=1)
    entry = log_action(Actor(user=cup["director"]), AuditAction.CLOCK, session=session)
    assert entry.tournament_id == session.tournament_id and entry.session == session


def test_only_a_director_of_the_tournament_creates_or_revokes_its_tokens(cup):
    """The service itself refuses, whatever page or script calls it: the director of another
    tournament and a referee account create no token of either kind and revoke none."""
    other = make_tournament_director(build(slug="beta"), "director-b")
    tournament = cup["tournament"]
    token, _secret = create_token(
        tournament, name="Overlay", kind=TokenKind.DIRECTOR, creator=cup["director"]
    )
    before = (ApiToken.objects.count(), token_entries().count())
    for outsider in (other, cup["referee"]):
        for kind in (TokenKind.DIRECTOR, TokenKind.REFEREE):
            with pytest.raises(TokenError, match="Only a director"):
                create_token(
                    tournament, name="Mine", kind=kind, creator=outsider, referee=cup["referee"]
                )
        with pytest.raises(TokenError, match="Only a director"):
            revoke_token(tournament, token.pk, actor=Actor(user=outsider))
    token.refresh_from_db()
    assert token.revoked_at is None
    assert (ApiToken.objects.count(), token_entries().count()) == before
