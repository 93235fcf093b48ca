"""Two tournaments and a credential of every kind, for the API's tests."""

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient

from api.models import TokenKind
from api.tokens import create_token, revoke_token
from scoring.access import Actor
from scoring.services.hands import record_hand
from tests.factories import (
    build,
    build_played,
    make_director,
    make_season,
    make_tournament_director,
)
from tournament.models import SessionStatus
from tournament.services.teams import add_member, create_team
from tournament.services.tournaments import follow_sessions


def client_with(header=None, **extra):
    client = APIClient()
    if header:
        client.credentials(HTTP_AUTHORIZATION=header, **extra)
    return client


@pytest.fixture
def world(db):
    """A ("alpha"): session 1 confirmed and public, session 2 seated, public and running, one
    hand at its table 1, a team; B ("beta"): session 1 seated. A token of every kind (director,
    referee, read-only)."""
    cache.clear()
    admin = make_director("boss")  # the site administrator builds both tournaments
    actor = Actor(user=admin)
    a = build_played("alpha", actor, confirmed=1, seat_next=True)
    a.sessions.filter(number=2).update(seating_published=True, status=SessionStatus.RUNNING)
    follow_sessions(a.pk)
    b = build(slug="beta")
    director = make_tournament_director(a, "director-a")
    other_director = make_tournament_director(b, "director-b")
    session = a.sessions.get(number=2)
    table = session.tables.get(number=1)
    other = session.tables.get(number=2)
    record_hand(table, {"outcome": "washout"}, actor=actor, revision=table.revision)
    table.refresh_from_db()
    team = create_team(a, name="Kaze", country="ITA")
    add_member(a, team.pk, 1)
    add_member(a, team.pk, 2)
    users = get_user_model().objects
    referee = users.create_user("ref-a", password="x")
    table.referees.add(referee)
    referee_other = users.create_user("ref-a2", password="x")
    other.referees.add(referee_other)
    tokens = {}
    _, tokens["director A"] = create_token(a, name="A", kind=TokenKind.DIRECTOR, creator=director)
    _, tokens["director B"] = create_token(
        b, name="B", kind=TokenKind.DIRECTOR, creator=other_director
    )
    _, tokens["referee"] = create_token(
        a, name="ref", kind=TokenKind.REFEREE, creator=director, referee=referee
    )
    _, tokens["referee of another table"] = create_token(
        a, name="ref2", kind=TokenKind.REFEREE, creator=director, referee=referee_other
    )
    _, tokens["read-only"] = create_token(
        a, name="reader", kind=TokenKind.READ_ONLY, creator=director
    )
    revoked, tokens["revoked"] = create_token(
        a, name="old", kind=TokenKind.DIRECTOR, creator=director
    )
    revoke_token(a, revoked.pk, actor=Actor(user=director))
    clients = {"anonymous": client_with()}
    clients["table link"] = client_with(f"Table {table.token}")
    for role, secret in tokens.items():
        clients[role] = client_with(f"Bearer {secret}")
    season = make_season("api-season", [a])
    return {
        "a": a,
        "b": b,
        "season": season,
        "director": director,
        "table": table,
        "other": other,
        "referee": referee,
        "tokens": tokens,
        "clients": clients,
    }
