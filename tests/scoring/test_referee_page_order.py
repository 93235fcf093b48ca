"""Issue 14, points 2 and 3 on the referee's entry page: after the deal moved, the score strip,
every button row, every per-seat field and the hands list follow one seat order (the current
seat winds, East first); messages name the player, not "seat 0"; the strip shows the penalties
apart; after "Time is up" the header no longer says "Hand 3 of 16"."""

import re

import pytest
from django.urls import reverse

from scoring.access import Actor
from scoring.services.closing import call_time
from scoring.services.tables import snapshot
from tests.factories import page_fields
from tests.scoring.referee_tables import RULESETS, referee_table


def link(table, name="table"):
    return reverse(f"link:{name}", kwargs={"token": table.token})


def names_in(html, pattern):
    """The players' last names in the order they appear in the parts of `html` that match."""
    return re.findall(r'class="seat-name" title="[^"]*">([^<]+)<', "".join(pattern.findall(html)))


def wind_order(table):
    """Last names, East of the next hand first."""
    winds = snapshot(table).state.seat_winds
    seats = sorted(table.seats.select_related("registration__player"), key=lambda s: winds[s.wind])
    return [seat.registration.player.last_name for seat in seats]


def block(html, start, end):
    return html[html.index(start) : html.index(end, html.index(start))]


@pytest.mark.parametrize("code", RULESETS)
def test_every_per_seat_element_follows_one_order_after_the_deal_moved(client, db, code):
    table = referee_table(code)
    expected = wind_order(table)
    assert expected != [  # the deal moved: the current order is not the starting one
        table.seats.get(wind=w).registration.player.last_name for w in range(4)
    ]
    html = client.get(link(table)).content.decode()

    strip = block(html, '<ol class="seat-strip"', "</ol>")
    strip_names = re.findall(r'<span class="name">([^<]+)</span>', strip)
    assert strip_names == expected

    form = block(html, '<form method="post" action="', "</form>")
    rows_checked = 0
    # every button row (winner, discarder, winners, riichi, tenpai, liable, offender...)
    for fieldset in re.findall(r"<fieldset.*?</fieldset>", form, re.S):
        if 'class="choice-buttons' in fieldset and "seat-name" in fieldset:
            assert names_in(fieldset, re.compile(r".*", re.S))[:4] == expected, fieldset[:200]
            rows_checked += 1
        if "per-seat-grid" in fieldset:
            body = block(fieldset, "<tbody>", "</tbody>")
            rows = re.findall(r"<tr><th scope=\"row\">.*?</tr>", body, re.S)
            assert [names_in(row, re.compile(r".*", re.S))[0] for row in rows] == expected
            # each row's boxes belong to that row's player (field names carry the starting seat)
            for row, name in zip(rows, expected, strict=True):
                seat = next(
                    s.wind
                    for s in table.seats.select_related("registration__player")
                    if s.registration.player.last_name == name
                )
                boxes = re.findall(r'name="([a-z_]+)_(\d)"', row)
                assert boxes and {int(n) for _field, n in boxes} == {seat}
            rows_checked += 1
    assert rows_checked >= 2

    hands = block(html, '<table class="desk-table hands">', "</thead>")
    assert names_in(hands, re.compile(r".*", re.S)) == expected
    # the newest hand's changes are listed in that order too
    first_changes = re.search(r'<td class="muted">±</td>(.*?)</tr>', html, re.S).group(1)
    cells = re.findall(r'<td class="number">([^<]+)</td>', first_changes)
    newest = snapshot(table).lines[-1].hand.changes
    by_name = {
        s.registration.player.last_name: newest[s.wind]
        for s in table.seats.select_related("registration__player")
    }
    signs = {0: "0"}
    assert cells == [
        signs.get(by_name[n]) or f"{'+' if by_name[n] > 0 else '−'}{abs(by_name[n])}"
        for n in expected
    ]


def test_the_strip_shows_the_penalty_apart_from_the_points(client, db):
    table = referee_table("mcr")  # Bevilacqua-Castiglioni (starting West) was 3 minutes late
    html = client.get(link(table)).content.decode()
    strip = block(html, '<ol class="seat-strip"', "</ol>")
    cards = re.findall(r"<li.*?</li>", strip, re.S)
    late = next(card for card in cards if "Bevilacqua" in card)
    assert "penalties −10" in late
    assert sum("penalties" in card for card in cards) == 1


def test_a_seat_number_in_a_rules_message_is_the_players_name(client, db):
    table = referee_table("riichi2016")
    page = client.get(link(table))
    winner = table.seats.get(wind=1).registration.player.full_name
    response = client.post(
        link(table),
        {
            **page_fields(page),
            "session": 1,
            "outcome": "ron",
            "winners": "1",
            "discarder": "1",
            "han_1": "2",
            "fu_1": "30",
        },
    )
    text = response.content.decode()
    assert response.status_code == 200
    assert f"The discarder ({winner}) cannot be one of the winners" in text
    assert "seat 1" not in text


def test_after_time_is_up_the_header_says_this_is_the_last_hand(client, db):
    table = referee_table("mcr")
    assert "Hand 3 of 16" in client.get(link(table)).content.decode()
    table.refresh_from_db()
    call_time(table, actor=Actor(via="table link"), revision=table.revision)
    html = client.get(link(table)).content.decode()
    assert "Hand 3 of 16" not in html
    assert "Hand 3, the last one" in html


@pytest.mark.parametrize(
    ("language", "template", "params", "expected"),
    [
        ("en", "Winner seat {seat} needs at least 1 han", {"seat": 3}, "Winner Dora Dahl needs"),
        ("it", "Winner seat {seat} needs at least 1 han", {"seat": 3}, "Il vincitore Dora Dahl"),
        (
            "en",
            "Ron by seat {winners} on the discard of seat {discarder}",
            {"winners": "1, 2", "discarder": 0},
            "Ron by Bo Berg, Cy Cole on the discard of Ann Alm",
        ),
        (
            "it",
            "Ron by seat {winners} on the discard of seat {discarder}",
            {"winners": "1, 2", "discarder": 0},
            "Ron di Bo Berg, Cy Cole sullo scarto di Ann Alm",
        ),
        (
            "it",
            "Hand {hand}, round {round} of {rounds}, East is seat {dealer}",
            {"hand": 3, "round": 1, "rounds": 4, "dealer": 2},
            "Mano 3, giro 1 di 4, Est è Cy Cole",
        ),
        (
            "it",
            "Seat {seat}: 20 fu is a self-drawn pinfu, which is at least 2 han",
            {"seat": 1},
            "Bo Berg: 20 fu",
        ),
    ],
)
def test_a_rules_message_names_the_players_in_both_languages(language, template, params, expected):
    from django.utils import translation

    from common.i18n import translate_message

    names = ["Ann Alm", "Bo Berg", "Cy Cole", "Dora Dahl"]
    with translation.override(language):
        text = translate_message(template, params, names)
        assert text.startswith(expected), text
        assert "seat" not in text.lower() and "posto" not in text.lower()
        # without the names the message keeps its seat numbers
        assert translate_message(template, params) != text


def test_the_strip_counts_a_false_hu_transfer_like_the_closed_table(client, db):
    """The strip showed 25 where the closed table said 35: the others' share of a false Hu."""
    from scoring.services.closing import close_table
    from tests.factories import penalize

    table = referee_table("mcr")
    actor = Actor(via="table link")

    def strip_points():
        html = client.get(link(table)).content.decode()
        strip = block(html, '<ol class="seat-strip"', "</ol>")
        cards = re.findall(r"<li.*?</li>", strip, re.S)
        return {
            re.search(r'<span class="name">([^<]+)<', card).group(1): int(
                re.search(r'<span class="points">([^<]+)<', card).group(1).replace("−", "-")
            )
            for card in cards
        }

    before = strip_points()
    penalize(table, 0, "false_hu", actor, valid_shape=True, revealed=True)
    after = strip_points()
    offender = table.seats.get(wind=0).registration.player.last_name
    assert after[offender] == before[offender] - 30
    assert all(after[name] == before[name] + 10 for name in after if name != offender)
    table.refresh_from_db()
    call_time(table, actor=actor, revision=table.revision)
    table.refresh_from_db()
    close_table(table, actor=actor, revision=table.revision)
    scores = {r.registration.player.last_name: r.score for r in table.results.all()}
    late = table.seats.get(wind=2).registration.player.last_name  # the late arrival, -10
    assert {name: after[name] - (10 if name == late else 0) for name in after} == scores
