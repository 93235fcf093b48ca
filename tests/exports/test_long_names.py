"""Every print holds every name (issue 15, item 2): each PDF document of the registry
(`exports.exporters.EXPORTERS`, every exporter with a PDF format, blank and completed, in English
and Italian) is rendered for a tournament whose players include a 60-character accented name and
a long club, and read back with pdftotext: every word of the name is there, whole (a name may
break at a space or after a hyphen, never inside a word), so the first name is never lost."""

import copy
import dataclasses
import datetime as dt

import pytest
from django.utils import translation

from exports.build import ExportRequest, build_export
from exports.exporters import EXPORTERS
from tests.exports.pdf_support import CLUB, FIRST, LAST, OTHER_LAST, pdf_text, whole_word, words
from tests.factories import build_played, staff
from tournament.models import Team

LANGUAGES = ("en", "it")


def pdf_requests():
    """(exporter identifier, ExportRequest) of every PDF document the desk makes: blank and
    completed where there are both, one player's and everyone's where a player can be named."""
    has_player = "player" in {field.name for field in dataclasses.fields(ExportRequest)}
    for identifier, exporter in EXPORTERS.items():
        if "pdf" not in exporter.formats:
            continue
        session = 1 if exporter.needs_session else None
        variants = [{"blank": False}]
        if exporter.has_blank_variant:
            variants.append({"blank": True})
        for variant in variants:
            yield identifier, ExportRequest(identifier, "pdf", session=session, **variant)
        if has_player and identifier == "reportcards":
            yield identifier, "player"


@pytest.fixture(scope="module")
def module_long_named(module_db, module_director):
    """16 players, sessions 1 and 2 of 3 played and confirmed, session 3 drawn; player 1 is
    "Maria Antonietta Dell'Acqua-Łukasiewicz von Hohenzollern" of a long club, player 2 has a
    long hyphenated last name and the same club; the two are a team named like the club."""
    with module_db():
        tournament = build_played("longnames", staff(module_director), confirmed=2, seat_next=True)
        registrations = list(tournament.registrations.order_by("number").select_related("player"))
        first, second = registrations[0].player, registrations[1].player
        first.first_name, first.last_name, first.club = FIRST, LAST, CLUB
        first.save()
        second.last_name, second.club = OTHER_LAST, CLUB
        second.save()
        for session in tournament.sessions.all():  # a long start date in Italian: mercoledì…
            session.scheduled_start = dt.datetime(
                2026, 9, 30, 13, 30, tzinfo=dt.UTC
            ) + dt.timedelta(days=session.number - 1)
            session.save(update_fields=["scheduled_start"])
        # A team of both (docs/rules.md §10.2): the printed team standings name its members.
        team = Team.objects.create(tournament=tournament, name=CLUB)
        tournament.registrations.filter(pk__in=[r.pk for r in registrations[:2]]).update(team=team)
        tournament.long_player = first
        return tournament


@pytest.fixture
def long_named(db, module_long_named):
    return copy.deepcopy(module_long_named)


def test_every_pdf_document_is_covered():
    identifiers = {identifier for identifier, _request in pdf_requests()}
    expected = {i for i, exporter in EXPORTERS.items() if "pdf" in exporter.formats}
    assert identifiers == expected
    assert {"standings", "scoresheets", "seating", "schedules", "tablecards"} <= identifiers


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("identifier", "request_"),
    list(pdf_requests()),
    ids=lambda value: (
        value.what + ("-blank" if value.blank else "")
        if isinstance(value, ExportRequest)
        else str(value)
    ),
)
def test_every_document_prints_every_name_whole(long_named, identifier, request_, language):
    everyone = request_ != "player"  # one player's document need not name player 2
    if not everyone:
        request_ = ExportRequest(identifier, "pdf", player=long_named.long_player.pk)
    with translation.override(language):
        _name, _type, content = build_export(long_named, request_)
    text = pdf_text(content)
    missing = [word for word in words(f"{FIRST} {LAST}") if not whole_word(word, text)]
    assert not missing, f"{identifier} ({language}): {missing} not found whole"
    if everyone:
        assert whole_word("Papadopoulou", text) and whole_word("Karamanlidou", text)
    assert "…" not in text  # no name (nor anything else) cut short with an ellipsis
    if whole_word("Dilettantistica", text) or identifier == "standings":
        club_missing = [word for word in words(CLUB) if not whole_word(word, text)]
        assert not club_missing, f"{identifier} ({language}): club {club_missing}"


def test_the_checks_catch_a_word_split_or_cut():
    assert whole_word("Łukasiewicz", "Dell'Acqua-\nŁukasiewicz von")
    assert not whole_word("Łukasiewicz", "Dell'Acqua-Łukasi\newicz von")
    assert not whole_word("Hohenzollern", "von Hohenzoll…")
    assert not whole_word("Maria", "Mariano Rossi")
