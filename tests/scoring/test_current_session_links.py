"""Issue 13, point 2: a table's link writes only in the session being played, a stray hand never
blocks a redraw, the optional per-table PIN, and the device of each write in the audit."""

import pytest
from django.urls import reverse

from draw.errors import DrawError
from draw.writing import write_draw
from scoring import access
from scoring.access import Actor
from scoring.models import AuditAction, AuditEntry, Hand
from scoring.services import hands
from scoring.services.clock import start_clock, start_session
from scoring.services.tables import TableError
from tests.factories import build, make_user, mcr_entry, page_fields
from tournament.models import SessionStatus

PHONE = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/126.0 Mobile Safari/537.36"
)
IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)


def link(table, name="table"):
    return reverse(f"link:{name}", kwargs={"token": table.token})


def hand_form(client, table, **entry):
    page = client.get(link(table))
    return {**page_fields(page), "session": table.session.number, **entry}


@pytest.fixture
def seated(db):
    """Session 1 drawn and its seating published, not started."""
    return build(slug="seated", started=False)


def first_table(tournament, number=1):
    return tournament.sessions.get(number=number).tables.get(number=1)


# -- the current session -------------------------------------------------------------------


def test_a_link_of_a_session_not_started_shows_why_and_writes_nothing(client, seated):
    table = first_table(seated)
    page = client.get(link(table))
    text = page.content.decode()
    assert page.status_code == 200 and "Session 1 has not started yet" in text
    assert 'name="outcome"' not in text and "Table 1" in text
    response = client.post(link(table), {"outcome": "washout", "revision": 0, "session": 1})
    assert response.status_code == 403
    for name in ("void-last", "time-up", "close", "penalty"):
        assert client.post(link(table, name), {"revision": 0}).status_code == 403
    table.refresh_from_db()
    assert not Hand.objects.exists() and table.time_up_at is None and not table.is_closed
    assert seated.sessions.get(number=1).status == SessionStatus.SEATED


def test_the_services_refuse_a_referee_before_the_start(seated):
    table = first_table(seated)
    with pytest.raises(TableError, match="has not started yet"):
        hands.record_hand(table, {"outcome": "washout"}, actor=Actor(via="table link"), revision=0)
    assert not Hand.objects.exists()


def test_the_link_writes_once_the_director_starts_the_session(client, seated, director):
    table = first_table(seated)
    start_session(seated.sessions.get(number=1), actor=Actor(user=director))
    response = client.post(link(table), hand_form(client, table, outcome="washout"))
    assert response.status_code == 302 and Hand.objects.filter(table=table).count() == 1


def test_the_clock_starts_the_session_too(client, seated, director):
    table = first_table(seated)
    start_clock(seated.sessions.get(number=1), actor=Actor(user=director))
    assert seated.sessions.get(number=1).is_current
    response = client.post(link(table), hand_form(client, table, outcome="washout"))
    assert response.status_code == 302 and Hand.objects.count() == 1


def test_a_started_session_whose_seating_is_hidden_is_not_current(client, seated, director):
    session = seated.sessions.get(number=1)
    start_session(session, actor=Actor(user=director))
    seated.sessions.filter(number=1).update(seating_published=False)
    table = first_table(seated)
    assert "has not started yet" in client.get(link(table)).content.decode()
    with pytest.raises(TableError, match="has not started yet"):
        hands.record_hand(table, {"outcome": "washout"}, actor=Actor(via="table link"), revision=0)


def test_a_link_of_a_later_session_waits_while_the_current_one_writes(client, director):
    cup = build(slug="later")
    write_draw(cup, session_number=2, seed=2)
    cup.sessions.filter(number=2).update(seating_published=True)
    later = first_table(cup, 2)
    text = client.get(link(later)).content.decode()
    assert "Session 2 has not started yet" in text
    assert client.post(link(later), {"outcome": "washout"}).status_code == 403
    now = first_table(cup, 1)
    assert client.post(link(now), hand_form(client, now, outcome="washout")).status_code == 302
    assert list(Hand.objects.values_list("table__session__number", flat=True)) == [1]


def test_a_referee_account_follows_the_same_rule(client, seated, director):
    table = first_table(seated)
    referee = make_user("ref")
    table.referees.add(referee)
    client.force_login(referee)
    url = reverse("account:table", kwargs={"table_id": table.pk})
    assert "has not started yet" in client.get(url).content.decode()
    assert client.post(url, {"outcome": "washout"}).status_code == 403
    start_session(seated.sessions.get(number=1), actor=Actor(user=director))
    page = client.get(url)
    assert 'name="outcome"' in page.content.decode()


def test_only_the_director_starts_a_session(seated):
    with pytest.raises(TableError, match="Only the director"):
        start_session(seated.sessions.get(number=1), actor=Actor(via="table link"))


# -- a stray hand never blocks a redraw ------------------------------------------------------


def test_the_directors_hand_starts_a_seated_session(seated, director):
    table = first_table(seated)
    hands.record_hand(table, mcr_entry(1), actor=Actor(user=director), revision=0)
    assert seated.sessions.get(number=1).status == SessionStatus.RUNNING


def test_a_hand_taken_back_does_not_block_a_redraw(seated, director):
    actor = Actor(user=director)
    table = first_table(seated)
    hands.record_hand(table, mcr_entry(1), actor=actor, revision=0)
    table.refresh_from_db()
    hands.void_last_hand(table, actor=actor, revision=table.revision)
    write_draw(seated, session_number=1, seed=11)
    session = seated.sessions.get(number=1)
    assert session.status == SessionStatus.SEATED and session.draw_seed == 11
    assert not Hand.objects.exists() and session.tables.count() == 4
    # The audit trail keeps the hand and its taking back.
    assert AuditEntry.objects.filter(action=AuditAction.HAND_SAVED, hand_number=1).exists()


def test_a_current_hand_blocks_the_redraw(seated, director):
    table = first_table(seated)
    hands.record_hand(table, mcr_entry(1), actor=Actor(user=director), revision=0)
    with pytest.raises(DrawError, match="already been played"):
        write_draw(seated, session_number=1, seed=11)
    assert Hand.objects.count() == 1


def test_a_started_session_without_hands_is_drawn_again_and_stops(seated, director):
    session = seated.sessions.get(number=1)
    start_clock(session, actor=Actor(user=director))
    write_draw(seated, seed=5)  # every session without results, session 1 included
    session.refresh_from_db()
    seated.refresh_from_db()
    assert session.status == SessionStatus.SEATED and session.clock_started_at is None
    assert seated.status == "preparing"


def test_every_session_left_starts_after_the_ones_with_results(seated, director):
    table = first_table(seated)
    hands.record_hand(table, mcr_entry(1), actor=Actor(user=director), revision=0)
    plan = write_draw(seated, seed=5)
    assert [s.number for s in plan.scope] == [2, 3]


# -- the PIN ---------------------------------------------------------------------------------


@pytest.fixture
def pinned(db):
    cup = build(slug="pinned")
    cup.referee_pin = True
    cup.save(update_fields=["referee_pin"])
    return cup


def test_every_table_has_its_own_pin(pinned):
    pins = list(pinned.sessions.get(number=1).tables.values_list("pin", flat=True))
    assert all(len(pin) == 6 and pin.isdigit() for pin in pins)
    assert len(set(pins)) == len(pins)  # 1 in 10^6 per pair to fail by chance


def test_a_new_device_types_the_pin_once(client, pinned):
    table = first_table(pinned)
    page = client.get(link(table)).content.decode()
    assert 'name="table_pin"' in page and 'name="outcome"' not in page
    wrong = "000000" if table.pin != "000000" else "111111"
    response = client.post(link(table), {"table_pin": wrong})
    assert response.status_code == 403 and "not the table" in response.content.decode()
    response = client.post(link(table), {"table_pin": table.pin})
    assert response.status_code == 302 and response.url == link(table)
    assert 'name="outcome"' in client.get(link(table)).content.decode()
    assert client.post(link(table), hand_form(client, table, outcome="washout")).status_code == 302
    assert Hand.objects.count() == 1


def test_without_the_pin_nothing_is_written(client, pinned):
    table = first_table(pinned)
    response = client.post(link(table), {"outcome": "washout", "revision": 0, "session": 1})
    assert response.status_code == 403 and 'name="table_pin"' in response.content.decode()
    assert client.post(link(table, "close"), {"revision": 0}).status_code == 403
    assert not Hand.objects.exists()
    other = pinned.sessions.get(number=1).tables.get(number=2)
    client.post(link(table), {"table_pin": table.pin})
    assert 'name="table_pin"' in client.get(link(other)).content.decode()  # per table


def test_wrong_pins_are_throttled(client, pinned):
    table = first_table(pinned)
    wrong = "000000" if table.pin != "000000" else "111111"
    for _ in range(access.PIN_LIMIT):
        assert client.post(link(table), {"table_pin": wrong}).status_code == 403
    response = client.post(link(table), {"table_pin": table.pin})
    assert response.status_code == 429 and response["Retry-After"] == str(access.PIN_WINDOW)
    assert 'name="outcome"' not in client.get(link(table)).content.decode()


def test_the_director_needs_no_pin(director_client, pinned):
    table = first_table(pinned)
    assert 'name="outcome"' in director_client.get(link(table)).content.decode()


def test_a_new_pin_asks_again(client, pinned):
    table = first_table(pinned)
    client.post(link(table), {"table_pin": table.pin})
    table.pin = "123456" if table.pin != "123456" else "654321"
    table.save(update_fields=["pin"])
    assert 'name="table_pin"' in client.get(link(table)).content.decode()


# -- the device in the audit -----------------------------------------------------------------


def test_each_write_records_the_device_and_its_browser(db, client, django_user_model):
    from django.test import Client

    cup = build(slug="devices")
    table = first_table(cup)
    phone = Client(HTTP_USER_AGENT=PHONE)
    other = Client(HTTP_USER_AGENT=IPHONE)
    assert phone.post(link(table), hand_form(phone, table, outcome="washout")).status_code == 302
    assert other.post(link(table), hand_form(other, table, outcome="washout")).status_code == 302
    first, second = AuditEntry.objects.filter(action=AuditAction.HAND_SAVED).order_by("id")
    assert first.device and second.device and first.device != second.device
    assert first.device_agent == "Android, Chrome" and second.device_agent == "iPhone, Safari"
    assert first.device_label == f"{first.device[:6]} · Android, Chrome"
    # The same phone keeps its id (a long-lived signed cookie).
    cookie = phone.cookies[access.DEVICE_COOKIE]
    assert int(cookie["max-age"]) >= 365 * 24 * 3600 and cookie["httponly"]
    table.refresh_from_db()
    phone.post(link(table), hand_form(phone, table, outcome="washout"))
    third = AuditEntry.objects.filter(action=AuditAction.HAND_SAVED).order_by("id").last()
    assert third.device == first.device


def test_a_forged_device_cookie_is_replaced(db, client):
    cup = build(slug="forged")
    table = first_table(cup)
    client.cookies[access.DEVICE_COOKIE] = "AAAAAAAAAAAAAAAA"  # not signed by the desk
    client.post(link(table), hand_form(client, table, outcome="washout"))
    entry = AuditEntry.objects.get(action=AuditAction.HAND_SAVED)
    assert entry.device and entry.device != "AAAAAAAAAAAAAAAA"


def test_the_history_shows_the_device(db, client):
    cup = build(slug="history")
    table = first_table(cup)
    client.post(link(table), hand_form(client, table, outcome="washout"))
    entry = AuditEntry.objects.get(action=AuditAction.HAND_SAVED)
    assert entry.device[:6] in client.get(link(table, "history")).content.decode()


@pytest.mark.parametrize(
    ("agent", "family"),
    [
        (PHONE, "Android, Chrome"),
        (IPHONE, "iPhone, Safari"),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
            "Windows, Firefox",
        ),
        ("curl/8.5.0", ""),
        ("", ""),
    ],
)
def test_the_browser_family(agent, family):
    assert access.agent_family(agent) == family


# -- the director's side ---------------------------------------------------------------------


def test_the_dashboard_offers_the_slips_shows_the_pins_and_starts_the_session(
    director_client, director, tmp_path
):
    cup = build(slug="dash", started=False)
    table = first_table(cup)
    url = reverse("session-dashboard", args=["dash", 1])
    page = director_client.get(url).content.decode()
    slips = reverse("export", args=["dash", "refslips", "pdf"]) + "?session=1"
    assert slips in page and f"<strong>{table.pin}</strong>" not in page
    cup.referee_pin = True
    cup.save(update_fields=["referee_pin"])
    assert f"<strong>{table.pin}</strong>" in director_client.get(url).content.decode()
    response = director_client.post(
        reverse("session-clock", args=["dash", 1]), {"action": "start-session"}
    )
    assert response.status_code == 302
    session = cup.sessions.get(number=1)
    assert session.is_current and session.clock_started_at is None
    download = director_client.get(slips)
    assert download.status_code == 200 and download["Content-Type"] == "application/pdf"


def test_manage_py_exports_the_slips(db, tmp_path):
    from django.core.management import call_command

    from tests.exports.pdf_support import pdf_text

    cup = build(slug="cmd")
    out = tmp_path / "slips.pdf"
    call_command(
        "export",
        "cmd",
        "refslips",
        "--session",
        "1",
        "--link-base",
        "http://10.0.0.5:8000",
        "-o",
        str(out),
    )
    table = first_table(cup)
    assert f"http://10.0.0.5:8000/r/{table.token}/" in pdf_text(out.read_bytes(), 1)
