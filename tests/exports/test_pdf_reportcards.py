"""Report cards (one A4 page per player) and the all-sessions schedule (issue 15, item 5)."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from common import formatting
from common.i18n import translate_text
from exports.build import ExportRequest, build_export
from scoring.access import Actor
from scoring.standings.ranking import compute_standings
from tests.exports.pdf_support import (
    CLUB,
    FIRST,
    LAST,
    pdf_page_size,
    pdf_pages,
    pdf_text,
    whole_word,
    words,
)
from tests.factories import build, build_played, play_session, staff
from tournament.models import WIND_NAMES, Seat
from tournament.rulesets import ruleset_for
from tournament.services.registrations import (
    DISQUALIFY,
    change_registration,
    registration_values,
)


def report_cards(tournament, **kwargs):
    with translation.override("en"):
        return build_export(tournament, ExportRequest("reportcards", "pdf", **kwargs))[2]


def opponents(tournament, number, registration):
    """The names of the three others at the registration's table in session `number`."""
    seat = Seat.objects.get(
        session__tournament=tournament, session__number=number, registration=registration
    )
    return [
        other.registration.player.full_name
        for other in Seat.objects.filter(table=seat.table)
        .exclude(registration=registration)
        .select_related("registration__player")
    ]


def test_one_page_per_player_in_the_order_of_the_standings(played):
    data = report_cards(played)
    standings = compute_standings(played)
    assert pdf_pages(data) == len(standings.rows) == 16
    for page, row in enumerate(standings.rows, start=1):
        text = pdf_text(data, page=page)
        assert row.player.full_name in text, page
        assert re.search(rf"no\. {row.registration.number}\b", text)


def test_the_figures_on_each_card_agree_with_the_standings(played):
    data = report_cards(played)
    with translation.override("en"):
        standings = compute_standings(played)
        after = {n: compute_standings(played, through=n) for n in standings.session_numbers}
        for page, row in enumerate(standings.rows, start=1):
            text = pdf_text(data, page=page)
            assert "Place after session 2 of 3" in text
            number = row.registration.number
            assert re.search(rf"no\. {number}\s+{re.escape(row.place_label)}\n", text)
            for number, line in row.sessions.items():
                rank = next(r for r in after[number].rows if r.registration == row.registration)
                expected = (
                    rf"^\s*{number}\s+.*\s{line.table}\s+{WIND_NAMES[line.wind]}\s.*\s"
                    rf"{re.escape(formatting.whole(line.score))}\s+"
                    rf"{re.escape(formatting.table_points(line.table_points))}\s+"
                    rf"{line.place}\s+{re.escape(rank.place_label)}\s*$"
                )
                assert re.search(expected, text, re.M), (page, number, text)
                for name in opponents(played, number, row.registration):
                    assert name in text
            total = (
                rf"^\s*Total\s+{re.escape(formatting.whole(row.score))}\s+"
                rf"{re.escape(formatting.table_points(row.table_points))}\s+"
                rf"{re.escape(row.place_label)}\s*$"
            )
            assert re.search(total, text, re.M), text
            assert "Rank after each session" in text


def test_the_running_rank_is_the_place_in_the_standings_after_each_session(played):
    """Session 1's rank is not the final place for everyone: the card shows the one then."""
    data = report_cards(played)
    standings = compute_standings(played)
    after_one = {
        r.registration.pk: r.place_label for r in compute_standings(played, through=1).rows
    }
    differs = 0
    for page, row in enumerate(standings.rows, start=1):
        first_line = next(
            line for line in pdf_text(data, page=page).splitlines() if re.match(r"\s*1\s+\D", line)
        )
        assert first_line.split()[-1] == after_one[row.registration.pk]
        differs += after_one[row.registration.pk] != row.place_label
    assert differs > 0


def test_one_players_card(played):
    registration = played.registrations.get(number=5)
    data = report_cards(played, player=registration.player_id)
    assert pdf_pages(data) == 1
    assert registration.player.full_name in pdf_text(data)
    with translation.override("en"):
        name, _type, _content = build_export(
            played, ExportRequest("reportcards", "pdf", player=registration.player_id)
        )
    assert name == f"{played.slug}-reportcards-player{registration.player_id}.pdf"


def test_a_player_without_a_card_gets_a_message(played, director_client):
    url = reverse("export", args=[played.slug, "reportcards", "pdf"])
    response = director_client.get(url, {"player": "999999"})
    assert response.status_code == 400
    assert b"no report card" in response.content
    assert director_client.get(url, {"player": "x"}).status_code == 400
    assert director_client.get(url, {"player": str(10**30)}).status_code == 400
    assert director_client.get(url).status_code == 200


def test_who_may_download_one_players_card(played, director_client):
    client = Client()  # the public (director_client is the test client, logged in)
    registration = played.registrations.get(number=3)
    url = reverse("player-reportcard", args=[played.slug, 3])
    # the player page links it, for everyone, once results are public
    page = client.get(reverse("player", args=[played.slug, 3])).content.decode()
    assert url in page
    response = client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert pdf_pages(response.content) == 1
    assert registration.player.full_name in pdf_text(response.content)
    # the public sees the sessions whose results are published, the director every one
    played.sessions.filter(number=2).update(results_published=False)
    public_text = pdf_text(client.get(url).content)
    assert "Place after session 1 of 3" in public_text, public_text
    assert "Place after session 2 of 3" in pdf_text(director_client.get(url).content)
    played.sessions.filter(number=1).update(results_published=False)
    hidden = client.get(url)
    assert hidden.status_code == 400 and b"No results have been published" in hidden.content
    assert url not in client.get(reverse("player", args=[played.slug, 3])).content.decode()
    assert client.get(reverse("player-reportcard", args=[played.slug, 99])).status_code == 404
    # everyone's cards are the director's export: the public is sent to log in
    everyone = reverse("export", args=[played.slug, "reportcards", "pdf"])
    assert client.get(everyone).status_code == 302
    # an unpublished tournament is not there for the public at all
    played.sessions.update(results_published=True)
    assert client.get(url).status_code == 200
    type(played).objects.filter(pk=played.pk).update(published=False)
    assert client.get(url).status_code == 404
    assert director_client.get(url).status_code == 200


@pytest.mark.parametrize("language", ["en", "it"])
def test_long_names_print_whole(db, director, language):
    tournament = build_played("longcards", staff(director), confirmed=2)
    registration = tournament.registrations.get(number=1)
    player = registration.player
    player.first_name, player.last_name, player.club = FIRST, LAST, CLUB
    player.save()
    with translation.override(language):
        _name, _type, data = build_export(tournament, ExportRequest("reportcards", "pdf"))
        own = build_export(tournament, ExportRequest("reportcards", "pdf", player=player.pk))[2]
    for text in (pdf_text(data), pdf_text(own)):
        missing = [w for w in words(f"{FIRST} {LAST}") + words(CLUB) if not whole_word(w, text)]
        assert not missing
        assert "…" not in text
    assert pdf_pages(own) == 1 and pdf_pages(data) == 16
    # the opponents' cards name the long-named player whole too
    table = Seat.objects.get(session__number=1, registration=registration).table
    other = table.seats.exclude(registration=registration).first().registration
    with translation.override(language):
        theirs = pdf_text(
            build_export(
                tournament,
                ExportRequest("reportcards", "pdf", player=other.player_id),
            )[2]
        )
    assert all(whole_word(w, theirs) for w in words(f"{FIRST} {LAST}"))


def test_the_all_sessions_schedule(played):
    with translation.override("en"):
        data = build_export(played, ExportRequest("allsessions", "pdf"))[2]
    width, height = pdf_page_size(data)
    assert width > height  # landscape
    text = pdf_text(data)
    seats = Seat.objects.filter(session__tournament=played).select_related(
        "registration__player", "session", "table"
    )
    names = sorted(
        {s.registration.player for s in seats}, key=lambda p: (p.last_name, p.first_name)
    )
    lines = [line for line in text.splitlines() if re.match(r"\S.*\s\d+\s+\d+\s?[ESWN]", line)]
    assert [line.split("  ")[0].strip() for line in lines] == [p.full_name for p in names]
    for seat in seats:
        letter = "ESWN"[seat.wind]
        line = next(li for li in lines if li.startswith(seat.registration.player.full_name + " "))
        cells = re.findall(r"(\d+)\s?([ESWN])", line.split(str(seat.registration.number), 1)[1])
        assert cells[seat.session.number - 1] == (str(seat.table.number), letter)


def test_ten_sessions_take_two_blocks_a_page(played):
    """The layout: with 10 sessions two blocks of rows stand side by side on a page."""
    from exports.pdf.allsessions import AllSessionsDocument

    sessions = list(played.sessions.drawn().filter(tables__isnull=False).distinct())
    document = AllSessionsDocument(played, sessions)
    document.sessions = (sessions * 5)[:10]
    assert document.layout()[1] == 2
    document.sessions = (sessions * 15)[:30]
    assert document.layout()[1] == 1


RON = {"outcome": "ron", "winners": [2], "discarder": 1, "han": [0, 0, 3, 0], "fu": [0, 0, 40, 0]}


def test_riichi_cards_show_the_final_score_and_no_table_points(db, director):
    """The rule set says what a card shows: riichi has no table points but a final score."""
    cup = build(players=8, sessions=1, ruleset="riichi2016", slug="riichi-cards")
    play_session(cup, 1, Actor(user=director), entries=[RON])
    ruleset = ruleset_for(cup)
    assert not ruleset.uses_table_points and ruleset.shows_final_score
    with translation.override("en"):
        data = build_export(cup, ExportRequest("reportcards", "pdf"))[2]
        standings = compute_standings(cup)
        label = translate_text(ruleset.total_label)
        assert pdf_pages(data) == 8
        for page, row in enumerate(standings.rows, start=1):
            text = pdf_text(data, page=page)
            assert "Final place" in text and label in text and "Table points" not in text
            line = row.sessions[1]
            final = re.escape(formatting.final_score(line.final_score, ruleset))
            score = re.escape(formatting.whole(line.score))
            assert re.search(rf"\s{score}\s+{final}\s+{line.place}\s", text), text


def test_a_disqualified_player_is_marked_and_comes_last(db, director):
    cup = build_played("dq-cards", Actor(user=director), sessions=2, confirmed=2)
    registration = cup.registrations.get(number=4)
    change_registration(cup, registration, DISQUALIFY, expected=registration_values(registration))
    data = report_cards(cup)
    last = pdf_text(data, page=pdf_pages(data))
    assert registration.player.full_name in last and "Disqualified" in last
    assert "Final place" not in last
