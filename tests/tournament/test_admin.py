"""Django's admin as the desk sets it up: a session's start is one date-time field with one
label (the browser's picker), which the admin reads and saves."""

from datetime import datetime

from django.urls import reverse
from django.utils import timezone

from tests.factories import build


def test_a_session_start_is_one_labelled_field_and_saves(db, director_client):
    cup = build(slug="admin-start")
    session = cup.sessions.get(number=1)
    url = reverse("admin:tournament_session_change", args=[session.pk])
    response = director_client.get(url)
    page = response.content.decode()
    assert 'type="datetime-local"' in page and 'for="id_scheduled_start"' in page
    assert "scheduled_start_0" not in page  # not the split date and time boxes
    form = {}  # the page's form as it stands, a new start typed in
    for field in response.context["adminform"].form:
        value = field.value()
        if isinstance(value, bool):
            if value:
                form[field.html_name] = "on"
        elif value is not None:
            form[field.html_name] = field.field.widget.format_value(value)
    form["scheduled_start"] = "2026-05-01T10:30"
    response = director_client.post(url, form)
    assert response.status_code == 302, response.content.decode()[:2000]
    session.refresh_from_db()
    expected = timezone.make_aware(datetime(2026, 5, 1, 10, 30))
    assert session.scheduled_start == expected
