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
