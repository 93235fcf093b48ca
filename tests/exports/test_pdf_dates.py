"""Dates in one style on every print (issue 15): `print_date` / `print_datetime` of
`exports/pdf/base.py`, in English and Italian, and the documents that write dates use them."""

import datetime as dt

import pytest
from django.utils import translation

from exports.pdf.base import format_dates, print_date, print_datetime
from exports.pdf.schedules import render_schedules
from exports.pdf.seating import render_seating
from exports.pdf.tablecards import render_tablecards
from tests.exports.pdf_support import pdf_text
from tests.factories import build_europeans

SUNDAY = dt.date(2026, 11, 22)


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "Sunday 22 November 2026"), ("it", "domenica 22 novembre 2026")],
)
def test_one_full_date_style_per_language(language, expected):
    with translation.override(language):
        assert print_date(SUNDAY) == expected


def test_a_moment_in_the_desk_time_zone(settings):
    settings.TIME_ZONE = "Europe/Rome"
    moment = dt.datetime(2026, 11, 22, 12, 30, tzinfo=dt.UTC)
    with translation.override("it"):
        assert print_datetime(moment) == "domenica 22 novembre 2026, 13:30"
    with translation.override("en"):
        assert print_datetime(moment) == "Sunday 22 November 2026, 13:30"


@pytest.fixture
def europeans(db, settings):
    settings.TIME_ZONE = "Europe/Rome"
    tournament = build_europeans()
    session = tournament.sessions.get(number=1)
    session.scheduled_start = dt.datetime(2026, 5, 2, 12, 30, tzinfo=dt.UTC)
    session.save(update_fields=["scheduled_start"])
    return tournament


@pytest.mark.parametrize(
    ("language", "day", "short"),
    [
        ("en", "Saturday 2 May 2026", ("Sat 2 May", "2 May,")),
        ("it", "sabato 2 maggio 2026", ("Sab 2 Mag", "2 maggio,")),
    ],
)
def test_every_print_writes_the_same_style(europeans, language, day, short):
    with translation.override(language):
        assert format_dates(europeans) == f"{day} – {print_date(dt.date(2026, 5, 3))}"
        documents = {
            "seating": render_seating(europeans, session_number=1),
            "schedules": render_schedules(europeans),
            "tablecards": render_tablecards(europeans, session_number=1),
        }
    for name, data in documents.items():
        text = " ".join(pdf_text(data).split())
        assert f"{day}, 14:30" in text, name  # the session's start
        for other in short:
            assert other not in text, (name, other)
    for name in ("seating", "schedules"):  # the page header: the tournament's days
        assert day in " ".join(pdf_text(documents[name]).split())
