"""The director's API tokens page: create (the secret shown once, only its hash kept), list,
revoke; referee tokens only for the tournament's referee accounts."""

import hashlib
import re

from django.contrib.auth import get_user_model
from django.urls import reverse

from api.models import ApiToken
from tests.factories import client_with


def test_a_director_creates_a_token_and_sees_its_secret_once(world, client):
    client.force_login(world["director"])
    page = reverse("api-tokens", args=["alpha"])
    response = client.post(page, {"name": "Overlay", "kind": "director"})
    assert response.status_code == 200
    secret = re.search(r'id="token-secret">(mtd_[A-Za-z0-9_-]+)<', response.content.decode())[1]
    token = ApiToken.objects.get(name="Overlay")
    assert token.digest == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in str(list(ApiToken.objects.values_list()))
    assert token.prefix == secret[:12]
    listing = client.get(page).content.decode()
    assert token.prefix in listing and secret not in listing
    assert client_with(f"Bearer {secret}").get("/api/v1/tournaments/alpha/").status_code == 200


def test_a_referee_token_needs_a_referee_of_the_tournament(world, client):
    client.force_login(world["director"])
    page = reverse("api-tokens", args=["alpha"])
    stranger = get_user_model().objects.create_user("stranger", password="x")
    response = client.post(page, {"name": "R", "kind": "referee", "referee": stranger.pk})
    assert response.status_code == 200
    assert not ApiToken.objects.filter(name="R").exists()
    client.post(page, {"name": "R", "kind": "referee", "referee": world["referee"].pk})
    assert ApiToken.objects.get(name="R").user == world["referee"]


def test_revoking_a_token_stops_it_at_once(world, client):
    client.force_login(world["director"])
    token = ApiToken.objects.get(name="A")
    api = world["clients"]["director A"]
    assert api.get("/api/v1/tournaments/alpha/").status_code == 200
    response = client.post(reverse("api-token-revoke", args=["alpha", token.pk]))
    assert response.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
    assert api.get("/api/v1/tournaments/alpha/").status_code == 401


def test_a_token_of_another_tournament_is_not_revoked_from_here(world, client):
    client.force_login(world["director"])
    theirs = ApiToken.objects.get(name="B")
    client.post(reverse("api-token-revoke", args=["alpha", theirs.pk]))
    theirs.refresh_from_db()
    assert theirs.revoked_at is None


def test_the_page_is_for_directors_only(world, client):
    page = reverse("api-tokens", args=["alpha"])
    assert client.get(page).status_code == 302
    client.force_login(world["referee"])
    assert client.get(page).status_code == 403
    assert client.post(page, {"name": "x", "kind": "director"}).status_code == 403
    assert not ApiToken.objects.filter(name="x").exists()
