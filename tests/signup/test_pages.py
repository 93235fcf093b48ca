"""The sign-up through its pages and a real SMTP server (issue 34's "Done when"): a sign-up
with its confirmation, the waiting list's promotion, a withdrawal and the check-in, each
following the links found in the messages the server received."""

import re

import pytest

from draw.registrations import change_registration
from signup.models import Entry, EntryStatus, EventAction, SignupEvent
from tests.factories import (
    make_tournament,
    make_tournament_director,
    make_user,
    open_signup,
    register_players,
)
from tournament.models import Registration
from tournament.services.registrations import WITHDRAW, registration_values

LINK = re.compile(r"https://desk\.example\.org(/\S+)")


def text_of(message):
    return message.get_body(("plain",)).get_content()


def links_in(message):
    """The desk's links in a message's text, each once, in order."""
    return list(dict.fromkeys(LINK.findall(text_of(message))))


def typed(n, **fields):
    return {
        "first_name": f"Anna{n}",
        "last_name": f"Rossi{n}",
        "email": f"anna{n}@example.org",
        "country": "ITA",
        "club": "Faenza",
        "consent": "on",
        "website": "",
        **fields,
    }


@pytest.fixture
def spring(db):
    tournament = make_tournament(slug="spring", name="Spring Open")
    open_signup(tournament, places=4)
    return tournament


@pytest.fixture
def send(django_capture_on_commit_callbacks):
    """Run a request (or anything) and send the messages it committed."""

    def run(call, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return call(*args, **kwargs)

    return run


def sign_up_and_confirm(client, send, mail_server, n, **fields):
    """Sign up through the page, follow the message's link and confirm: the last message."""
    response = send(client.post, "/t/spring/signup/", typed(n, **fields))
    assert response.status_code == 200, response.content.decode()
    assert "signup/sent.html" in [template.name for template in response.templates]
    [message] = mail_server.to(f"anna{n}@example.org")
    [link] = links_in(message)
    page = client.get(link)
    assert 'name="action" value="confirm"' in page.content.decode()
    send(client.post, link, {"action": "confirm"})
    return mail_server.to(f"anna{n}@example.org")[-1], link


def test_a_sign_up_confirmed_by_its_link_takes_a_place(client, spring, mail_server, send):
    message, link = sign_up_and_confirm(client, send, mail_server, 1)
    assert message["Subject"] == "Spring Open: you have a place"
    assert message["From"] == "Test Open <desk@example.org>"
    text = text_of(message)
    assert "you are player number 1" in text
    # the check-in QR code rides inline in the HTML version, referenced by its Content-ID
    images = [part for part in message.walk() if part.get_content_type() == "image/png"]
    assert [image["Content-ID"] for image in images] == ["<checkin-qr>"]
    assert 'src="cid:checkin-qr"' in message.get_body(("html",)).get_content()
    entry = Entry.objects.get(email="anna1@example.org")
    assert entry.status == EntryStatus.CONFIRMED
    registration = entry.registration
    assert (registration.player.first_name, registration.player.club) == ("Anna1", "Faenza")
    assert registration.is_active and not registration.is_substitute
    page = client.get(link).content.decode()
    assert "You have a place: player number 1." in page
    assert "anna1@example.org" not in page  # the own page shows no address either
    actions = list(entry.events.order_by("id").values_list("action", flat=True))
    assert actions == [
        EventAction.SIGNED_UP,
        EventAction.EMAIL_CONFIRMED,
        EventAction.PLACE_TAKEN,
    ]


def test_the_message_comes_in_the_players_language(client, spring, mail_server, send):
    client.cookies["django_language"] = "it"
    message, _link = sign_up_and_confirm(client, send, mail_server, 2)
    assert message["Subject"] == "Spring Open: hai un posto"
    assert "sei il giocatore numero 1" in text_of(message)
    assert Entry.objects.get().language == "it"


def test_the_waiting_list_fills_a_place_freed_by_a_withdrawal(client, spring, mail_server, send):
    register_players(spring, 3)  # three of the four places taken by the director's list
    first, first_link = sign_up_and_confirm(client, send, mail_server, 1)
    assert first["Subject"] == "Spring Open: you have a place"
    waiting, waiting_link = sign_up_and_confirm(client, send, mail_server, 2)
    assert waiting["Subject"] == "Spring Open: you are on the waiting list"
    assert "You are number 1 on the waiting list" in client.get(waiting_link).content.decode()

    # the first withdraws through their own link (asked first), and is told
    withdraw = first_link + "withdraw/"
    asked = client.post(withdraw)
    assert "Withdraw your entry?" in asked.content.decode()
    assert Entry.objects.get(email="anna1@example.org").status == EntryStatus.CONFIRMED
    send(client.post, withdraw, {"confirmed": "1"})
    gone = Entry.objects.get(email="anna1@example.org")
    assert gone.status == EntryStatus.WITHDRAWN
    assert gone.registration.status == Registration.Status.WITHDRAWN
    assert mail_server.to("anna1@example.org")[-1]["Subject"] == (
        "Spring Open: your entry is withdrawn"
    )

    # the place is offered to the first on the list, who takes it through the message's link
    offer = mail_server.to("anna2@example.org")[-1]
    assert offer["Subject"] == "Spring Open: a place is free for you"
    [offer_link] = links_in(offer)
    page = client.get(offer_link).content.decode()
    assert "A place is free for you: take it before" in page
    send(client.post, offer_link, {"action": "accept"})
    placed = mail_server.to("anna2@example.org")[-1]
    assert placed["Subject"] == "Spring Open: you have a place"
    entry = Entry.objects.get(email="anna2@example.org")
    assert entry.status == EntryStatus.CONFIRMED and entry.position is None
    assert spring.registrations.playing().count() == 4


def test_an_offer_not_taken_in_time_goes_to_the_next(client, spring, mail_server, send):
    register_players(spring, 4)
    for n in (1, 2):
        sign_up_and_confirm(client, send, mail_server, n)
    # the director withdraws a registered player (the registration page's service)
    registration = spring.registrations.get(number=1)
    change_registration(spring, registration, WITHDRAW, expected=registration_values(registration))
    # the next page opened settles the list: the first waiting is offered the place
    send(client.get, "/t/spring/signup/")
    first = Entry.objects.get(email="anna1@example.org")
    assert first.status == EntryStatus.OFFERED
    Entry.objects.filter(pk=first.pk).update(offer_expires_at="2000-01-01T00:00Z")
    send(client.get, "/t/spring/signup/")
    first.refresh_from_db()
    assert first.status == EntryStatus.WITHDRAWN
    assert mail_server.to("anna1@example.org")[-1]["Subject"] == (
        "Spring Open: the place went to the next player"
    )
    assert Entry.objects.get(email="anna2@example.org").status == EntryStatus.OFFERED
    assert mail_server.to("anna2@example.org")[-1]["Subject"] == (
        "Spring Open: a place is free for you"
    )
    expired = SignupEvent.objects.get(entry=first, action=EventAction.OFFER_EXPIRED)
    assert expired.actor == "the desk"


def test_check_in_at_the_desk_and_with_the_players_own_code(client, spring, mail_server, send):
    message, _link = sign_up_and_confirm(client, send, mail_server, 1)
    checkin_link = next(link for link in links_in(message) if "/checkin/" in link)
    page = client.get(checkin_link).content.decode()
    assert "Check-in is not open yet" in page
    refused = client.post(checkin_link)
    assert refused.status_code == 302
    registration = Registration.objects.get()
    assert registration.checked_in_at is None

    director = make_tournament_director(spring)
    client.force_login(director)
    client.post("/director/t/spring/checkin/open/", {"open": "1"})
    spring.refresh_from_db()
    assert spring.checkin_open
    client.logout()

    assert "I am here" in client.get(checkin_link).content.decode()
    client.post(checkin_link)
    registration.refresh_from_db()
    assert registration.checked_in_at is not None
    assert "You are checked in" in client.get(checkin_link).content.decode()

    # the desk's page: undo, then present again, by the director
    client.force_login(director)
    page = client.get("/director/t/spring/checkin/?q=anna").content.decode()
    assert "Anna1" in page
    client.post("/director/t/spring/checkin/", {"action": "undo", "number": 1})
    registration.refresh_from_db()
    assert registration.checked_in_at is None
    client.post("/director/t/spring/checkin/", {"action": "present", "number": 1})
    registration.refresh_from_db()
    assert registration.checked_in_at is not None
    actions = list(
        SignupEvent.objects.filter(registration=registration)
        .order_by("id")
        .values_list("action", flat=True)
    )
    assert actions[-3:] == [
        EventAction.CHECKED_IN,
        EventAction.CHECK_IN_UNDONE,
        EventAction.CHECKED_IN,
    ]


def test_only_the_director_and_the_referees_reach_the_check_in_page(client, spring):
    assert client.get("/director/t/spring/checkin/").status_code == 302  # to the login
    client.force_login(make_user("stranger"))
    assert client.get("/director/t/spring/checkin/").status_code == 403
    assert client.post("/director/t/spring/checkin/open/", {"open": "1"}).status_code == 403


def test_a_robot_filling_the_hidden_field_gets_the_same_answer_and_nothing(
    client, spring, mail_server, send
):
    response = send(client.post, "/t/spring/signup/", typed(1, website="http://spam.example"))
    assert "signup/sent.html" in [template.name for template in response.templates]
    assert not Entry.objects.exists() and mail_server.messages == []


def test_fields_are_bounded_with_clear_messages_and_consent_is_needed(client, spring):
    response = client.post(
        "/t/spring/signup/",
        typed(1, first_name="A" * 101, ema_id="1234", consent="", email="not-an-address"),
    )
    page = response.content.decode()
    assert "Ensure this value has at most 100 characters (it has 101)." in page
    assert "An EMA id is exactly 8 digits" in page
    assert "Tick the box to agree" in page
    assert "Enter a valid email address." in page
    assert not Entry.objects.exists()


def test_sign_ups_are_throttled_per_address(client, spring, settings):
    from signup.views.public import SIGNUP_LIMIT

    for n in range(SIGNUP_LIMIT):
        client.post("/t/spring/signup/", typed(n, website="robot"))  # counted, nothing written
    refused = client.post("/t/spring/signup/", typed(99))
    assert "Too many entries were sent from your connection" in refused.content.decode()
    assert not Entry.objects.exists()


def test_a_forged_link_is_refused(client, spring):
    response = client.get("/t/spring/signup/e/WzEsImFiYyJd:forged/")
    assert response.status_code == 404
    assert "This link is not valid" in response.content.decode()


def test_correcting_to_another_records_ema_id_answers_a_message_not_an_error(client, spring):
    from signup import links
    from tests.factories import entry_values, make_player, signed_up

    make_player(9, first_name="Signed1", last_name="Player1", ema_id="12345678")
    entry = signed_up(spring, 1)
    client.raise_request_exception = False
    url = f"/t/spring/signup/e/{links.token(entry)}/correct/"
    body = {**entry_values(1, ema_id="12345678"), "team": "", "categories": "", "language": "en"}
    response = client.post(url, body)
    assert response.status_code == 200
    assert "another player" in response.content.decode().replace("&#x27;", "'")
    entry.refresh_from_db()
    assert entry.ema_id is None
