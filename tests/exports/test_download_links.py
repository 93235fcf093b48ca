"""Every document the director prints is one click away on the director's pages."""

import re

from django.urls import reverse


def links(page):
    return [url.replace("&amp;", "&") for url in re.findall(r'href="([^"]*/export/[^"]*)"', page)]


def test_the_dashboard_and_tournament_page_link_every_document(played, director_client):
    dashboard = director_client.get(
        reverse("session-dashboard", args=[played.slug, 1])
    ).content.decode()
    tournament = director_client.get(reverse("tournament", args=[played.slug])).content.decode()
    found = links(dashboard) + links(tournament)
    kinds = {re.search(r"/export/(\w+)\.", url).group(1) for url in found}
    assert kinds >= {"seating", "tablecards", "scoresheets", "schedules"}
    assert any("blank=1" in url for url in found)
    for url in found:
        response = director_client.get(url)
        assert response.status_code == 200, url
        assert response["Content-Type"] == "application/pdf", url


def test_a_per_session_document_without_a_session_offers_the_sessions(played, director_client):
    """The web asks "which session?" in its own words and links; the command keeps --session N."""
    url = reverse("export", args=[played.slug, "seating", "pdf"])
    response = director_client.get(url)
    page = response.content.decode()
    assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
    assert "Choose a session" in page and "The seating list is printed per session." in page
    assert "--session" not in page
    drawn = list(played.sessions.drawn().values_list("number", flat=True))
    assert drawn and links(page) == [] and 'href="?session=' in page
    offered = [int(n) for n in re.findall(r'href="\?session=(\d+)"', page)]
    assert offered == drawn
    chosen = director_client.get(f"{url}?session={drawn[0]}")
    assert chosen.status_code == 200 and chosen["Content-Type"] == "application/pdf"
    blank = director_client.get(
        reverse("export", args=[played.slug, "scoresheets", "pdf"]), {"blank": "1"}
    ).content.decode()
    assert "The score sheets are printed per session." in blank
    assert f'href="?session={drawn[0]}&amp;blank=1"' in blank
    italian = director_client.get(url, HTTP_ACCEPT_LANGUAGE="it").content.decode()
    assert "--session" not in italian and "Scegli una sessione" in italian
