"""Player schedule cards: every seated registration, each drawn session's table and wind."""

import datetime as dt
import re

import pytest
from django.utils import timezone

from draw.writing import write_draw
from exports import ExportError
from exports.pdf.schedules import COLUMNS, SchedulesDocument, render_schedules
from tests.exports.pdf_support import pdf_pages, pdf_text
from tests.factories import build_europeans
from tournament.models import Seat
from tournament.services.registrations import register_player
from tournament.services.tournaments import create_tournament

WINDS = ("East", "South", "West", "North")


@pytest.fixture
def europeans(db):
    """Sessions 1 and 2 of 3 drawn; session 1 starts at 9:30."""
    tournament = build_europeans()
    write_draw(tournament, session_number=2, seed=4)
    session = tournament.sessions.get(number=1)
    session.scheduled_start = timezone.make_aware(dt.datetime(2026, 5, 2, 9, 30))
    session.save()
    return tournament


def card_texts(tournament, data):
    """The text of each card, cropped from its place on the page."""
    document = SchedulesDocument(
        tournament, [s for s in tournament.sessions.all() if s.tables.exists()]
    )
    rows = document.rows_per_page()
    width = document.frame_width / COLUMNS
    height = (document.frame_height - 4 * 72 / 25.4) / rows
    top = document.margin + document.top_space
    texts = []
    for page in range(1, pdf_pages(data) + 1):
        for row in range(rows):
            for column in range(COLUMNS):
                texts.append(
                    pdf_text(
                        data,
                        page,
                        crop=(
                            document.margin + column * width + 1,
                            top + row * height + 1,
                            width - 2,
                            height - 2,
                        ),
                    )
                )
    return [text for text in texts if text.strip()]


def test_a_card_for_every_seated_player_with_each_session(europeans):
    data = render_schedules(europeans)
    assert pdf_pages(data) == 1  # 8 cards of two sessions fit one page
    text = pdf_text(data)
    assert "Player schedules" in text and "Page 1 of 1" in text
    cards = card_texts(europeans, data)
    assert len(cards) == 8
    seats = Seat.objects.filter(session__tournament=europeans).select_related(
        "table", "session", "registration__player"
    )
    expected = {}
    for seat in seats:
        expected.setdefault(seat.registration, {})[seat.session.number] = seat
    for card in cards:
        # The card's first line: the name (the language's one order) and the player number.
        registration = next(
            r
            for r in expected
            if re.search(rf"^\s*{re.escape(r.player.full_name)}\s+{r.number}\s*$", card, re.M)
        )
        player = registration.player
        assert player.full_name in card
        assert ("Substitute" in card) == registration.is_substitute
        for session_number, seat in expected[registration].items():
            line = re.search(rf"^\s*{session_number}\s+(.*)$", card, re.M).group(1)
            assert re.search(rf"\s{seat.table.number}\s+{WINDS[seat.wind]}\s*$", f" {line}")
            assert ("09:30" in line) == (session_number == 1)
    assert sorted(
        int(re.search(r"(\d+)\s*$", card.splitlines()[0]).group(1)) for card in cards
    ) == list(range(1, 9))


def test_players_not_seated_in_a_session_say_so(europeans):
    # A ninth player registered after the draws sits nowhere: no card. Session 3 drawn now
    # seats them (the substitute is no longer needed) and every card gets a third line.
    register_player(europeans, first_name="Nina", last_name="Novak")
    write_draw(europeans, session_number=3, seed=5)
    cards = card_texts(europeans, render_schedules(europeans))
    assert len(cards) == 9
    novak = next(card for card in cards if "Nina Novak" in card)
    assert re.search(r"^\s*1\s+.*—\s+not seated\s*$", novak, re.M)
    assert re.search(r"^\s*3\s+.*\d+\s+(East|South|West|North)\s*$", novak, re.M)


def test_no_schedules_before_any_draw(db):
    tournament = create_tournament(
        name="Empty",
        slug="empty",
        start_date=dt.date(2026, 5, 2),
        end_date=dt.date(2026, 5, 2),
        ruleset="mcr",
        session_count=2,
    )
    with pytest.raises(ExportError, match="No session of Empty has been drawn yet"):
        render_schedules(tournament)
