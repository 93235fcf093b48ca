"""The import page's example list is in the page's language, and the desk imports it as shown."""

import html
import re

import pytest
from django.urls import reverse

from tests.factories import make_tournament
from tournament.services.player_import import import_players


@pytest.mark.parametrize(
    ("language", "header", "names"),
    [
        ("en", "First name,Last name,EMA id,Country,Club", {"Anna Rossi", "Jan de Vries"}),
        ("it", "Nome,Cognome,Numero EMA,Nazione,Circolo", {"Giulia Bianchi", "Marco Dell'Acqua"}),
    ],
)
def test_the_example_list_is_in_the_pages_language_and_imports(
    director_client, db, language, header, names
):
    tournament = make_tournament(slug=f"example-{language}")
    page = director_client.get(
        reverse("import-players", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE=language
    ).content.decode()
    example = html.unescape(
        re.search(r'<pre class="example"[^>]*>(.*?)</pre>', page, re.S).group(1)
    )
    lines = example.splitlines()
    assert lines[0] == header and len(lines) == 3
    result = import_players(tournament, "example.csv", example.encode())
    assert result.ok, result.errors
    imported = {
        f"{r.player.first_name} {r.player.last_name}" for r in tournament.registrations.all()
    }
    assert imported == names
    assert all(r.player.country for r in tournament.registrations.all())
    assert tournament.registrations.filter(player__ema_id="04000123").count() == 1
