"""The public standings on a phone: place, name, table points and the total show first; every
other column is marked "secondary" (hidden on a small screen until "Show all columns")."""

import re

from django.test import Client
from django.urls import reverse

from scoring.access import Actor
from tests.factories import build_played


def cells(page, tag):
    """(text, classes) of every `tag` cell of the standings table's first row of that tag."""
    table = page[page.index('class="desk-table standings"') :]
    row = re.search(rf"<tr[^>]*>\s*(<{tag}.*?)</tr>", table, re.S).group(1)
    found = []
    for attrs, inner in re.findall(rf"<{tag}([^>]*)>(.*?)</{tag}>", row, re.S):
        classes = re.search(r'class="([^"]*)"', attrs)
        text = " ".join(re.sub(r"<[^>]+>", " ", inner).split())
        found.append((text, set(classes.group(1).split()) if classes else set()))
    return found


def test_only_place_name_table_points_and_score_are_primary(db, director):
    cup = build_played("phone", Actor(user=director), confirmed=2)
    page = Client().get(reverse("standings", args=[cup.slug])).content.decode()
    heads = cells(page, "th")
    primary = [text for text, classes in heads if "secondary" not in classes]
    assert [text.rstrip(" ▲▼") for text in primary] == ["Place", "Player", "Table points", "Score"]
    secondary = {text for text, classes in heads if "secondary" in classes}
    assert {"Move", "No.", "Country", "Club", "Penalties"} <= secondary
    assert any(text.startswith("S1") for text in secondary)
    body = cells(page, "td")
    assert len(body) == len(heads)
    for (head, head_classes), (_, cell_classes) in zip(heads, body, strict=True):
        assert ("secondary" in head_classes) == ("secondary" in cell_classes), head
    assert 'id="standings-all-columns"' in page and "Show all columns" in page
    italian = Client().get(reverse("standings", args=[cup.slug]), HTTP_ACCEPT_LANGUAGE="it")
    assert "Mostra tutte le colonne" in italian.content.decode()
