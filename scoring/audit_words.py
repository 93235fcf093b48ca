"""The audit trail in words: each entry of a table's or a tournament's trail as one sentence
with the players' names (what was saved, corrected, voided, published, merged, ...). Pure
formatting on top of scoring.presentation; no writes."""

from types import SimpleNamespace
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _

from common.text import person_name
from scoring.calls.presentation import call_sentence
from scoring.models import AuditAction, PenaltyKind

if TYPE_CHECKING:
    pass
from scoring.presentation import describe_changes, describe_hand, hand_value, seat_name, signed


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


def _hand_of(entry, changes):
    """A stand-in for a Hand from the entry and changes an audit entry stored, enough for
    `describe_hand`."""
    winners = entry.get("winners") or []
    winner = entry.get("winner", winners[0] if winners else None)

    def per_winner(value):
        if isinstance(value, list | tuple):
            return value[winner] if winner is not None and winner < len(value) else None
        return value

    return SimpleNamespace(
        entry=entry,
        outcome=entry.get("outcome", ""),
        winner=winner,
        discarder=entry.get("discarder"),
        fan=entry.get("fan"),
        han=per_winner(entry.get("han")),
        fu=per_winner(entry.get("fu")),
        changes=tuple(changes or ()),
    )


def _past_hand(hand, seats):
    """What happened in a hand, as the trail tells it: "Anna Rossi won on Marco Bianchi's
    discard, 12 fan"; draws, washouts and chombo as the hands list says them."""
    winners = hand.entry.get("winners") or ([hand.winner] if hand.winner is not None else [])
    if not winners:
        return describe_hand(hand, seats)
    names = ", ".join(seat_name(seats, seat) for seat in winners)
    value = hand_value(hand)
    if hand.discarder is not None:
        text = _("%(winners)s won on %(discarder)s's discard") % {
            "winners": names,
            "discarder": seat_name(seats, hand.discarder),
        }
    elif hand.entry.get("outcome", hand.outcome) in ("self_drawn", "tsumo"):
        text = _("%(winners)s won self-drawn") % {"winners": names}
    else:
        text = _("%(winners)s won") % {"winners": names}
    return f"{text}, {value}" if value else text


def _hand_sentence(stored, seats):
    """ "Anna Rossi won on Marco Bianchi's discard, 12 fan · Anna Rossi +36 · …" """
    if not isinstance(stored, dict) or "entry" not in stored:
        return ""
    text = _past_hand(_hand_of(stored["entry"], stored.get("changes")), seats)
    if stored.get("changes"):
        text += " · " + describe_changes(stored["changes"], seats)
    return text


def _names(entry):
    return ", ".join(r.player.full_name for r in entry.registrations.all())


def _token_sentence(changes):
    """ "Director token “Overlay” of director-a, starting mtd_Ab12Cd34" (an API token as the
    trail keeps it: never its secret)."""
    words = {
        "token": changes.get("token", "?"),
        "account": changes.get("account", "?"),
        "prefix": changes.get("prefix", "?"),
    }
    if changes.get("kind") == "referee":
        return _("Referee token “%(token)s” of %(account)s, starting %(prefix)s") % words
    return _("Director token “%(token)s” of %(account)s, starting %(prefix)s") % words


def _time_sentence(action, changes):
    """The clock and the time calls in words: "Time called after hand 7: the hand being played
    is the last", "“Time is up” taken back: play goes on after hand 9", "5 minutes added"."""
    names = {
        "after": changes.get("after_hand", "?"),
        "hands": changes.get("hands", "?"),
        "minutes": abs(changes.get("minutes") or 0),
        "paused": round((changes.get("paused_seconds") or 0) / 60),
    }
    if action == AuditAction.TIME_UP:
        if changes.get("clock"):
            return _(
                "The clock ran out after hand %(after)s: the hand being saved is the last."
            ) % (names)
        return _("Time called after hand %(after)s: the hand being played is the last.") % names
    if action == AuditAction.TIME_RESUMED:
        if changes.get("reason") == "minutes added":
            return (
                _(
                    "Minutes added: play goes on after hand %(hands)s (time was called after hand "
                    "%(after)s)."
                )
                % names
            )
        return (
            _(
                "“Time is up” taken back: play goes on after hand %(hands)s (time was called "
                "after hand %(after)s)."
            )
            % names
        )
    what = changes.get("clock")
    if changes.get("session") == "started":
        return _("Session started without the clock")
    if what == "started":
        return _("Clock started")
    if what == "paused":
        return _("Clock paused")
    if what == "resumed":
        return _("Clock running again after %(paused)s min paused") % names
    if what == "extended":
        if (changes.get("minutes") or 0) < 0:
            return _("%(minutes)s minutes taken back") % names
        return _("%(minutes)s minutes added") % names
    return describe_details(changes)


def _publication_sentence(changes):
    """What the public pages show from now: "Seating made public · Results hidden"."""
    parts = []
    words = {
        ("tournament", True): _("Tournament published"),
        ("tournament", False): _("Tournament unpublished"),
        ("seating", True): _("Seating made public"),
        ("seating", False): _("Seating hidden"),
        ("results", True): _("Results made public"),
        ("results", False): _("Results hidden"),
    }
    for key in ("tournament", "seating", "results"):
        if key in changes:
            parts.append(str(words.get((key, bool(changes[key])), "")))
    return " · ".join(parts) or describe_details(changes)


def _merge_sentence(action, changes):
    """ "Player 12 is now the record of Anna Rossi (id 4); the record Anna Rosi (id 9) was
    merged into it" (docs/seasons.md, "Duplicate players")."""

    def person(key):
        record = changes.get(key) if isinstance(changes.get(key), dict) else {}
        return _("%(name)s (record %(id)s)") % {
            "name": person_name(record.get("first_name", "?"), record.get("last_name", "?")),
            "id": record.get("id", "?"),
        }

    words = {
        "number": changes.get("number", "?"),
        "kept": person("kept"),
        "removed": person("removed"),
    }
    if action == AuditAction.PLAYER_MERGE_UNDONE:
        return (
            _("Merge taken back: player %(number)s is %(removed)s again, apart from %(kept)s")
            % words
        )
    return _("Player %(number)s: the record %(removed)s was merged into %(kept)s") % words


def describe_audit(entry):
    """An audit entry as a sentence with the players' names, from its stored data: "Anna Rossi
    won on Marco Bianchi's discard, 12 fan · …", not "winner 1 · discarder 3 · wind 0".
    Actions without a sentence of their own keep the readable list of their changes."""
    changes = entry.changes or {}
    seats = list(entry.table.seats.all()) if entry.table_id else []
    action = entry.action
    if action == AuditAction.HAND_SAVED:
        return _hand_sentence(changes, seats)
    if action in (AuditAction.HAND_CORRECTED, AuditAction.HAND_RESETTLED):
        before = _hand_sentence(changes.get("before"), seats)
        if changes.get("after") is None:
            return _("Taken back: %(hand)s") % {"hand": before}
        return _("Before: %(before)s. After: %(after)s") % {
            "before": before,
            "after": _hand_sentence(changes.get("after"), seats),
        }
    if action == AuditAction.PENALTY_GIVEN:
        kind = changes.get("kind", "")
        label = PenaltyKind(kind).label if kind in PenaltyKind.values else kind
        text = _("%(player)s: %(kind)s, %(points)s") % {
            "player": _names(entry),
            "kind": label,
            "points": signed(changes.get("points") or 0),
        }
        if changes.get("transfer"):
            text += " · " + _("%(points)s to each other player") % {
                "points": signed(changes["transfer"])
            }
        return text
    if action == AuditAction.CUT_MADE:
        numbers = ", ".join(str(number) for number in changes.get("finalists") or [])
        text = _("Finalists: players %(numbers)s") % {"numbers": numbers}
        if changes.get("lots_seed") is not None:
            text += " · " + _("seed of the lots: %(seed)s") % {"seed": changes["lots_seed"]}
        return text
    if action == AuditAction.PENALTY_CANCELLED:
        return _("%(player)s: penalty of %(points)s cancelled (%(reason)s)") % {
            "player": _names(entry),
            "points": signed(changes.get("points") or 0),
            "reason": changes.get("reason") or "—",
        }
    if action == AuditAction.TABLE_CLOSED and isinstance(changes.get("results"), list):
        return " · ".join(
            _("%(player)s: place %(place)s, score %(score)s")
            % {
                "player": seat_name(seats, item.get("wind")),
                "place": item.get("place"),
                "score": signed(item.get("score") or 0),
            }
            for item in changes["results"]
        )
    if action in (AuditAction.TOKEN_CREATED, AuditAction.TOKEN_REVOKED):
        return _token_sentence(changes)
    if action in (AuditAction.TIME_UP, AuditAction.TIME_RESUMED, AuditAction.CLOCK):
        return _time_sentence(action, changes)
    if action == AuditAction.PUBLISHED:
        return _publication_sentence(changes)
    calls = (
        AuditAction.CALL_MADE,
        AuditAction.CALL_TAKEN,
        AuditAction.CALL_CLOSED,
        AuditAction.CALL_REOPENED,
    )
    if action in calls:
        return call_sentence(action, changes, calls)
    if action in (AuditAction.PLAYER_MERGED, AuditAction.PLAYER_MERGE_UNDONE):
        return _merge_sentence(action, changes)
    if action == AuditAction.SUBSTITUTE_SEATED:
        by_number = {r.number: r.player.full_name for r in entry.registrations.all()}
        return _("%(substitute)s takes the seat of %(replaced)s") % {
            "substitute": by_number.get(changes.get("substitute"), "?"),
            "replaced": by_number.get(changes.get("replaced"), "?"),
        }
    return describe_details(changes)
