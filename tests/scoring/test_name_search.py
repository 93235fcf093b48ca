"""'Where do I sit?' finds a name however it is typed: accents, case, apostrophes, spaces and
hyphens do not matter; Þ reads as th, ø as o, ł as l."""

from types import SimpleNamespace

import pytest
from django.test import Client
from django.urls import reverse

from common.text import fold, search_key
from scoring.views.public import name_matches
from tests.factories import build

# (first name, last name, query, found)
CASES = [
    ("Seán", "O'Brien", "obrien", True),
    ("Seán", "O’Brien", "obrien", True),
    ("Seán", "O'Brien", "O'Brien", True),
    ("Seán", "O'Brien", "o brien", True),
    ("Seán", "O'Brien", "sean obrien", True),
    ("Pieter", "de Vries", "devries", True),
    ("Pieter", "de Vries", "de vries", True),
    ("Pieter", "de Vries", "de-vries", True),
    ("Pieter", "de Vries", "pieterdevries", True),
    ("Pieter", "de Vries", "devriespieter", True),
    ("Gunnar", "Þórsson", "thorsson", True),
    ("Gunnar", "þórsson", "THORSSON", True),
    ("Maria", "Dell'Acqua-Łukasiewicz", "dellacqualukasiewicz", True),
    ("Maria", "Dell'Acqua-Łukasiewicz", "dell'acqua lukasiewicz", True),
    ("Maria", "Dell'Acqua-Łukasiewicz", "lukasiewicz maria", True),
    ("Martin", "Ødegaard", "odegaard", True),
    ("Anna", "Rossi", "annarossi", True),
    ("Anna", "Rossi", "ros an", True),
    # not found
    ("Seán", "O'Brien", "obrian", False),
    ("Pieter", "de Vries", "devriez", False),
    ("Gunnar", "Þórsson", "torsson", False),
    ("Anna", "Rossi", "anna bianchi", False),
    ("Anna", "Rossi", "'", False),
    ("Anna", "Rossi", " - ", False),
]


@pytest.mark.parametrize(("first", "last", "query", "found"), CASES)
def test_name_matches(first, last, query, found):
    player = SimpleNamespace(first_name=first, last_name=last)
    assert name_matches(query, player) is found


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("O'Brien", "obrien"),
        ("O’Neill", "oneill"),
        ("de Vries", "devries"),
        ("Þórsson", "thorsson"),
        ("Dell'Acqua-Łukasiewicz", "dellacqualukasiewicz"),
        ("Ødegaard", "odegaard"),
    ],
)
def test_search_key(text, key):
    assert search_key(text) == key


def test_fold_reads_capital_thorn_as_th():
    assert fold("Þór") == fold("þór") == "thor"


def test_the_find_seat_page_finds_apostrophes_spaces_and_hyphens(db):
    from tournament.models import Player

    cup = build(slug="names")
    renamed = {
        1: ("Seán", "O'Brien"),
        2: ("Pieter", "de Vries"),
        3: ("Gunnar", "Þórsson"),
        4: ("Maria", "Dell'Acqua-Łukasiewicz"),
    }
    for number, (first, last) in renamed.items():
        Player.objects.filter(registrations__tournament=cup, registrations__number=number).update(
            first_name=first, last_name=last
        )
    find = reverse("find-seat", args=[cup.slug])
    public = Client()
    expected = {
        "obrien": "O&#x27;Brien",
        "devries": "de Vries",
        "thorsson": "Þórsson",
        "dellacqualukasiewicz": "Dell&#x27;Acqua-Łukasiewicz",
    }
    for query, shown in expected.items():
        page = public.get(find, {"q": query}).content.decode()
        assert shown in page, query
        others = [name for key, name in expected.items() if key != query]
        assert not any(name in page for name in others), query
    nobody = public.get(find, {"q": "'-"}).content.decode()
    assert "Nobody called" in nobody
