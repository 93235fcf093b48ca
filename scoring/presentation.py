"""How hands, tables and results read on screen and on paper: names instead of seat numbers,
signed point changes, wind names. Pure formatting; no writes, no rules of its own."""

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from scoring.figures import table_figures
from tournament.models import WIND_LETTERS, WIND_NAMES, Seat

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


def signed(value):
    """+33, -17, 0 (with the active language's digits grouping)."""
    text = number_format(abs(value), force_grouping=False)
    if value > 0:
        return f"+{text}"
    if value < 0:
        return f"−{text}"
    return "0"


def seat_name(seats, seat):
    for item in seats:
        if item.wind == seat:
            return item.registration.player.full_name
    return _("seat %(seat)s") % {"seat": seat}


def describe_changes(changes, seats, order=None):
    """ "Anna Rossi +33 · Marco Bianchi −11 · …", by starting seat or in `order` (the page's
    seat order, `seat_order`)."""
    order = range(len(changes)) if order is None else order
    return " · ".join(f"{seat_name(seats, seat)} {signed(changes[seat])}" for seat in order)


def hand_value(hand):
    """A hand's value as the referee typed it: "9 fan", "3 han 40 fu", "2,000 points"."""
    if hand.fan is not None:
        return _("%(fan)s fan") % {"fan": hand.fan}
    if hand.han is not None:
        if hand.fu:
            return _("%(han)s han %(fu)s fu") % {"han": hand.han, "fu": hand.fu}
        return _("%(han)s han") % {"han": hand.han}
    points = hand.entry.get("points")
    winners = hand.entry.get("winners") or ([hand.winner] if hand.winner is not None else [])
    if points and winners:
        # a multiple win reads "120 / 40 points", in the order of the winners
        return _("%(points)s points") % {"points": " / ".join(str(points[s]) for s in winners)}
    return ""


def describe_penalty(penalty):
    """ "Penalty: Late arrival, Anna Rossi −10" for the list of what another device saved."""
    return _("Penalty: %(kind)s, %(player)s %(points)s") % {
        "kind": penalty.get_kind_display(),
        "player": penalty.registration.player.full_name,
        "points": signed(penalty.points),
    }


def describe_hand(hand, seats):
    """One line for a hand: "Rossi wins 24 fan on the discard of Bianchi"."""
    entry = hand.entry
    outcome = entry.get("outcome", hand.outcome)
    winners = entry.get("winners") or ([hand.winner] if hand.winner is not None else [])
    names = ", ".join(seat_name(seats, seat) for seat in winners)
    value = hand_value(hand)
    if hand.discarder is not None and winners:
        text = _("%(winners)s wins %(value)s on the discard of %(discarder)s") % {
            "winners": names,
            "value": value,
            "discarder": seat_name(seats, hand.discarder),
        }
    elif outcome in ("self_drawn", "tsumo"):
        text = _("%(winner)s wins %(value)s self-drawn") % {"winner": names, "value": value}
    elif winners:
        text = _("%(winner)s wins %(value)s") % {"winner": names, "value": value}
    elif outcome == "replayed":
        text = _("Hand replayed")
    elif outcome == "chombo":
        text = _("Chombo by %(offender)s") % {"offender": seat_name(seats, entry.get("offender"))}
    elif outcome in ("draw", "washout"):
        tenpai = entry.get("tenpai")
        text = _("Exhaustive draw") if outcome == "draw" else _("Washout")
        if tenpai:
            text += " · " + _("tenpai: %(names)s") % {
                "names": ", ".join(seat_name(seats, s) for s in tenpai)
            }
    else:
        text = outcome.replace("_", " ").capitalize()
    return text


def seat_order(state):
    """The starting seats in the order of their seat wind in `state` (East first): the one
    order of every per-seat thing on a referee page (score strip, buttons, per-seat fields,
    hands list), so a han is never typed into the wrong player's box after the deal moved."""
    winds = state.seat_winds if state is not None else (0, 1, 2, 3)
    return sorted(range(4), key=lambda seat: winds[seat])


@dataclass
class SeatCard:
    seat: Seat
    wind: int
    wind_name: "StrOrPromise"
    wind_letter: "StrOrPromise"
    points: int
    is_dealer: bool
    penalties: int = 0


def seat_cards(snap):
    """The four players in the order of their seat wind for the next hand (East first), each
    with the points in front of them (starting points, hands and transfers such as a false Hu's:
    the hands list's running total plus the transfers) and the penalties paid to nobody apart
    (late arrival, the infraction ladder, a 2016 chombo), which the closed table's score counts
    as its rule set says."""
    winds = snap.state.seat_winds
    figures = table_figures(snap)
    by_seat = {seat.wind: seat for seat in snap.seats}
    return [
        SeatCard(
            by_seat[seat],
            winds[seat],
            WIND_NAMES[winds[seat]],
            WIND_LETTERS[winds[seat]],
            snap.starting_points + figures[seat].hand_points + figures[seat].transfers,
            winds[seat] == 0,
            figures[seat].penalties,
        )
        for seat in seat_order(snap.state)
        if seat in by_seat
    ]


@dataclass
class HandRow:
    hand: object
    description: str
    changes: tuple
    totals: tuple
    round_name: str
    correct_url: str | None


def hand_rows(snap, table_url=None, order=(0, 1, 2, 3)):
    """The current hands, newest first, with their changes and the running totals (of the
    hands: penalties are shown apart), per seat in `order` (starting seats)."""
    rows = []
    editable = table_url is not None and not snap.table.is_closed
    for line in snap.lines:
        rows.append(
            HandRow(
                hand=line.hand,
                description=describe_hand(line.hand, snap.seats),
                changes=tuple(signed(line.hand.changes[seat]) for seat in order),
                totals=tuple(snap.starting_points + line.totals[seat] for seat in order),
                round_name=str(WIND_NAMES[line.state.prevalent_wind]),
                correct_url=table_url("correct", number=line.hand.number) if editable else None,
            )
        )
    return list(reversed(rows))
