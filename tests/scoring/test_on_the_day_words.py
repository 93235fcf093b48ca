"""Issue 31, point 8: the words a person reads on the day. A finished session's table link says
what happened, not "Page not found"; a refusal names the players in the one name order of the
language (`common.text.person_name`), as the page around it does; the API token form has a
default kind and labels that start with a capital."""

import re

from django.urls import reverse
from django.utils import translation

from common.text import person_name
from scoring.access import Actor
from tests.factories import build, make_director, page_fields, play_session


def heading(response):
    return re.search(r"<h1[^>]*>(.*?)</h1>", response.content.decode(), re.S)[1].strip()


def test_a_finished_sessions_table_link_says_the_session_is_over(client, db):
    tournament = build(slug="over")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    play_session(tournament, 1, Actor(user=make_director()))
    link = reverse("link:table", kwargs={"token": table.token})
    response = client.get(link)
    assert response.status_code == 404
    assert heading(response) == "Session 1 is over"
    assert "Page not found" not in response.content.decode()
    assert "This table link was for session 1, which is over." in response.content.decode()
    client.cookies["django_language"] = "it"
    italian = client.get(link)
    assert heading(italian) == "Il turno 1 è finito"
    bad = client.get(reverse("link:table", kwargs={"token": "x" * 43}))
    assert bad.status_code == 404 and heading(bad) == "Link del tavolo non valido"
    # any other missing page still says so
    assert heading(client.get("/no-such-page/")) == "Pagina non trovata"


def test_a_refusal_names_a_player_in_the_languages_name_order(client, db):
    tournament = build(ruleset="riichi2016", slug="names")
    table = tournament.sessions.get(number=1).tables.get(number=1)
    player = table.seats.get(wind=1).registration.player
    player.first_name, player.last_name = "Camille", "Dubois"
    player.save()
    link = reverse("link:table", kwargs={"token": table.token})
    for language, name in (("en", "Camille Dubois"), ("it", "Dubois Camille")):
        client.cookies["django_language"] = language
        page = client.get(link)
        data = {**page_fields(page), "session": "1", "outcome": "draw", "riichi": ["1"]}
        refused = client.post(link, data).content.decode()
        with translation.override(language):
            assert person_name("Camille", "Dubois") == name
        error = re.search(r'class="form-errors"[^>]*>\s*<p>(.*?)</p>', refused, re.S)[1]
        assert error.startswith(name), error
        # the seat's full name on the same page (its tooltip) is written the same way
        assert f'title="{name}"' in refused


def test_the_token_form_has_a_default_kind_and_capitalised_labels(client, db):
    tournament = build(slug="tokens")
    client.force_login(make_director())
    page = client.get(reverse("api-tokens", args=[tournament.slug])).content.decode()
    director = re.search(r'<input type="radio" name="kind" value="director"[^>]*>', page)[0]
    assert "checked" in director
    labels = re.findall(r'<label for="id_kind_\d">.*?</label>', page, re.S)
    texts = [re.sub(r"<[^>]+>", "", label).strip() for label in labels]
    assert texts == ["Director", "Referee", "Read-only"]
    client.cookies["django_language"] = "it"
    page = client.get(reverse("api-tokens", args=[tournament.slug])).content.decode()
    labels = re.findall(r'<label for="id_kind_\d">.*?</label>', page, re.S)
    assert [re.sub(r"<[^>]+>", "", label).strip() for label in labels] == [
        "Direttore",
        "Arbitro",
        "Sola lettura",
    ]
