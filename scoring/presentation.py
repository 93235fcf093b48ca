"""How hands, tables and results read on screen and on paper: names instead of seat numbers,
signed point changes, wind names. Pure formatting; no writes, no rules of its own."""

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import gettext as _

from tournament.models import WIND_LETTERS, WIND_NAMES


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


def describe_changes(changes, seats):
    return " · ".join(
        f"{seat_name(seats, seat)} {signed(change)}" for seat, change in enumerate(changes)
    )


def _value(hand):
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
    value = _value(hand)
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


@dataclass
class SeatCard:
    seat: object
    wind: int
    wind_name: str
    wind_letter: str
    points: int
    is_dealer: bool


def seat_cards(snap):
    """The four players in the order of their seat wind for the next hand (East first)."""
    winds = snap.state.seat_winds
    cards = [
        SeatCard(
            seat,
            winds[seat.wind],
            WIND_NAMES[winds[seat.wind]],
            WIND_LETTERS[winds[seat.wind]],
            snap.points[seat.wind],
            winds[seat.wind] == 0,
        )
        for seat in snap.seats
    ]
    return sorted(cards, key=lambda card: card.wind)


@dataclass
class HandRow:
    hand: object
    description: str
    changes: tuple
    totals: tuple
    round_name: str
    correct_url: str | None


def hand_rows(snap, table_url=None):
    """The current hands, newest first, with their changes and the running totals."""
    rows = []
    editable = table_url is not None and not snap.table.is_closed
    for line in snap.lines:
        rows.append(
            HandRow(
                hand=line.hand,
                description=describe_hand(line.hand, snap.seats),
                changes=tuple(signed(c) for c in line.hand.changes),
                totals=tuple(snap.starting_points + t for t in line.totals),
                round_name=str(WIND_NAMES[line.state.prevalent_wind]),
                correct_url=table_url("correct", number=line.hand.number) if editable else None,
            )
        )
    return list(reversed(rows))


def describe_details(value):
    """An audit entry's `changes` as one readable line: "fan 9 · changes −8 / +33 / −17 / −8"."""
    if isinstance(value, dict):
        parts = []
        for key, item in value.items():
            if item in (None, "", [], {}):
                continue
            text = describe_details(item)
            parts.append(
                f"{key.replace('_', ' ')}: {text}"
                if isinstance(item, dict | list)
                else f"{key.replace('_', ' ')} {text}"
            )
        return " · ".join(parts)
    if isinstance(value, list):
        if all(isinstance(item, int) for item in value) and len(value) == 4:
            return " / ".join(signed(item) for item in value)
        return "; ".join(describe_details(item) for item in value)
    return str(value)
