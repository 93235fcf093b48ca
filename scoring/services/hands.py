"""Entering and correcting hands.

Every function here runs in one transaction that first locks the table row, then re-checks what
the page was built from (the table's `revision`), so two devices at one table can never overwrite
each other, and a crash leaves either the whole hand or nothing. A correction saves a new version
and keeps the old one; hands after it are settled again (their dealer or counters may have
changed) and get a new version only when their points change.
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

import rules
from common.clock import database_now
from common.i18n import translate_error
from common.text import person_name
from rules.limits import MAX_HAND_NUMBER, MAX_HAND_VERSIONS
from scoring.models import AuditAction, Hand
from scoring.services.audit import log_action
from scoring.services.tables import (
    StaleTable,
    TableError,
    bump_revision,
    check_writable,
    current_hands,
    hand_entry_state,
    lock_table,
    submission_used_elsewhere,
)
from scoring.tiles.services import TilesInput, hand_tile_fields
from tournament.models import Session, SessionStatus
from tournament.rulesets import ruleset_for
from tournament.services.tournaments import follow_sessions


class DuplicateSubmission(Exception):
    """The same form was submitted twice; `hand` is what the first submission saved."""

    def __init__(self, hand):
        super().__init__(str(hand))
        self.hand = hand


def _first(value):
    if isinstance(value, list | tuple):
        return value[0] if value else None
    return value


def hand_columns(entry, deltas):
    """The normalized columns of a hand, for lists, filters and constraints.

    `entry` is the hand's entry as the rule set cleaned it, `deltas` its four point changes by
    starting seat (east, south, west, north). Returns the `Hand` fields kept beside the entry:
    outcome, winner, discarder, fan, flowers, the winner's han and fu, change_east..north. Every
    saved hand gets them from here, and a restore (`desk.archive_hands`) compares an archived
    hand's stored columns with them.
    """
    outcome = entry["outcome"]
    winners = entry.get("winners")
    winner = entry.get("winner", _first(winners))
    han, fu = entry.get("han"), entry.get("fu")
    return {
        "outcome": outcome,
        "winner": winner,
        "discarder": entry.get("discarder"),
        "fan": entry.get("fan"),
        "flowers": entry.get("flowers") or 0,
        "han": han[winner] if isinstance(han, list | tuple) and winner is not None else None,
        "fu": fu[winner] if isinstance(fu, list | tuple) and winner is not None else None,
        "change_east": deltas[0],
        "change_south": deltas[1],
        "change_west": deltas[2],
        "change_north": deltas[3],
    }


def _jsonable(entry):
    return {key: list(value) if isinstance(value, tuple) else value for key, value in entry.items()}


def seat_names(table):
    """The players' full names by starting seat: a rule's message names them, not "seat 0"."""
    names = ["?"] * 4
    rows = table.seats.values_list(
        "wind", "registration__player__first_name", "registration__player__last_name"
    )
    for wind, first_name, last_name in rows:
        if 0 <= wind < 4:
            names[wind] = person_name(first_name, last_name)
    return names


def _settle(ruleset, entry, state, table=None):
    try:
        clean = rules.base.clean_entry(ruleset.hand_fields(state), entry)
        return clean, ruleset.settle(clean, state)
    except rules.RuleError as exc:
        names = seat_names(table) if table is not None else None
        raise TableError(translate_error(exc, names)) from exc


def _existing_submission(submission, table):
    """The hand this one-time id saved at `table`, or None; refused when it saved something at
    another table (ids are unique over the desk: the form must get a new one)."""
    if submission is None:
        return None
    hand = Hand.objects.filter(submission=submission).first()
    if hand is not None and hand.table_id != table.pk:
        raise submission_used_elsewhere()
    return hand


def _create(
    table, number, version, clean, settlement, actor, submission=None, note="", tile_fields=None
):
    # Called inside the service's transaction: a refused row rolls all of it back.
    if number > MAX_HAND_NUMBER:
        raise TableError(
            _("A table has at most %(maximum)s hands: close the table.")
            % {"maximum": MAX_HAND_NUMBER}
        )
    if version > MAX_HAND_VERSIONS:
        raise TableError(
            _("Hand %(number)s has been changed %(maximum)s times already: ask the director.")
            % {"number": number, "maximum": MAX_HAND_VERSIONS}
        )
    try:
        with transaction.atomic():  # a savepoint, so that the check below can still read
            return Hand.objects.create(
                table=table,
                number=number,
                version=version,
                is_current=True,
                entry=_jsonable(clean),
                entered_by=actor.user,
                entered_via=actor.via,
                submission=submission,
                table_revision=table.revision + 1,  # the bump that follows in the same transaction
                note=note,
                **hand_columns(clean, settlement.deltas),
                **(tile_fields or {}),
            )
    except IntegrityError as exc:
        if submission is not None and Hand.objects.filter(submission=submission).exists():
            # the same one-time id saved at another table at the same instant (saves at two
            # tables go side by side: `lock_table`)
            raise submission_used_elsewhere() from exc
        raise TableError(_("The hand could not be saved: %(error)s") % {"error": exc}) from exc


def _audited(hand):
    """What the audit log keeps of a hand version: its entry, its changes and its tiles."""
    kept = {"entry": hand.entry, "changes": list(hand.changes)}
    if hand.tiles:
        kept["tiles"] = hand.tiles
    return kept


def _check_page(table, actor, revision, submission):
    """The page's revision must be the table's; a stale page that already saved its hand (a
    double tap, a refresh, the phone's queue sending again after a lost answer) is recognised
    by its one-time submission id first, whatever the table's state now (closed meanwhile)."""
    duplicate = _existing_submission(submission, table)
    if duplicate is not None:
        raise DuplicateSubmission(duplicate)
    try:
        check_writable(table, actor=actor, revision=revision)
    except StaleTable:
        duplicate = _existing_submission(submission, table)
        if duplicate is not None:
            raise DuplicateSubmission(duplicate) from None
        raise


def _call_time_if_the_clock_ran_out(table, hands, actor):
    """The session clock ran out: the hand being entered now is the table's last one."""
    from scoring.services.clock import clock_state

    if table.time_up_at is None and clock_state(table.session, table).over:
        table.time_up_at = database_now()
        table.time_up_after_hand = len(hands)
        table.save(update_fields=["time_up_at", "time_up_after_hand"])
        log_action(
            actor,
            AuditAction.TIME_UP,
            table=table,
            changes={"after_hand": len(hands), "clock": "ran out"},
        )


def _check_time(table, hands):
    after = table.time_up_after_hand
    if after is not None and len(hands) > after:
        raise TableError(
            _(
                "Time is up: the session at this table ended with hand %(number)s. Close the "
                "table, or ask the director."
            )
            % {"number": len(hands)}
        )


def _first_wind(table, ruleset, hands, first_wind):
    """Record the FIMJ table's first prevalent wind with its first hand (docs/rules.md §4.3):
    the wind of the player who opened the first breach in the wall. The hand form asks for it;
    a table that never got one plays the East round first. A rule set that does not ask for it,
    or a table already playing, ignores it."""
    if not ruleset.asks_first_wind or hands or first_wind is None:
        return
    if first_wind not in (0, 1, 2, 3):
        raise TableError(_("The first breach is opened by one of the four players."))
    if table.first_wind != first_wind:
        table.first_wind = first_wind
        table.save(update_fields=["first_wind"])


@transaction.atomic
def record_hand(
    table,
    entry,
    *,
    actor,
    revision,
    submission=None,
    session_number=None,
    tiles=None,
    first_wind=None,
):
    """Save the next hand of `table` from the referee's `entry`; return (hand, settlement).

    `tiles` (a `TilesInput`) are counted and kept with the hand beside the referee's figures.
    `first_wind`: the FIMJ table's first prevalent wind, given with its first hand."""
    # The director's hand in a seated session starts it (below): the session and the tournament
    # are then written, so they are locked for update from the start (`lock_table`). Read
    # before the lock: a session seen running stays running while its tables exist (only a
    # re-draw, which replaces them, seats it again), and one seen seated is locked for update.
    seated = Session.objects.filter(tables=table.pk, status=SessionStatus.SEATED)
    starts = actor.is_director and seated.exists()
    table = lock_table(table, exclusive=starts)
    if session_number is not None and int(session_number) != table.session.number:
        raise TableError(
            _(
                "This form belongs to session %(form)s, but the table is in session "
                "%(table)s. Reload the page."
            )
            % {"form": session_number, "table": table.session.number}
        )
    _check_page(table, actor, revision, submission)
    ruleset = ruleset_for(table.session.tournament)
    every_version = list(Hand.objects.filter(table=table).order_by("number", "version"))
    for hand in every_version:  # a double submit is always at the same table
        if submission is not None and hand.submission == submission:
            raise DuplicateSubmission(hand)
    hands = [hand for hand in every_version if hand.is_current]
    _first_wind(table, ruleset, hands, first_wind)
    _lines, state, _totals, _chombo = hand_entry_state(ruleset, hands, table.first_wind)
    if state.finished:
        raise TableError(_("Every hand of this session has been entered: close the table."))
    _call_time_if_the_clock_ran_out(table, hands, actor)
    _check_time(table, hands)
    clean, settlement = _settle(ruleset, entry, state, table)
    tiles = tiles or TilesInput()
    names = seat_names(table) if tiles else None  # a counter's messages name the players
    tile_fields = hand_tile_fields(ruleset, clean, state, tiles, names)
    version = sum(1 for hand in every_version if hand.number == state.hand_number) + 1
    hand = _create(
        table, state.hand_number, version, clean, settlement, actor, submission, "", tile_fields
    )
    bump_revision(table)
    if table.session.is_seated and actor.is_director:
        # The director entering a hand starts the session; a referee cannot write before it
        # started (check_writable), so a stray hand never marks a session as running.
        table.session.status = SessionStatus.RUNNING
        table.session.save(update_fields=["status"])
        follow_sessions(table.session.tournament_id)
    log_action(
        actor,
        AuditAction.HAND_SAVED,
        table=table,
        hand_number=hand.number,
        changes=_audited(hand),
    )
    return hand, settlement


@transaction.atomic
def correct_hand(
    table, number, entry, *, actor, revision, submission=None, tiles=None, first_wind=None
):
    """Replace hand `number` by a new version; settle the later hands again. Returns the hand.

    `tiles` None keeps the hand's tiles (counted again); an empty `TilesInput` removes them.
    `first_wind` (the FIMJ table's first prevalent wind) may be corrected with the first hand;
    None keeps it."""
    duplicate = _existing_submission(submission, table)
    if duplicate is not None:
        raise DuplicateSubmission(duplicate)
    table = lock_table(table)
    _check_page(table, actor, revision, submission)
    ruleset = ruleset_for(table.session.tournament)
    hands = current_hands(table)
    index = next((i for i, hand in enumerate(hands) if hand.number == int(number)), None)
    if index is None:
        raise TableError(_("There is no hand %(number)s at this table.") % {"number": number})
    if index == 0:
        _first_wind(table, ruleset, [], first_wind)
    lines, _state, _totals, _chombo = hand_entry_state(ruleset, hands, table.first_wind)
    state = lines[index].state
    old = hands[index]
    clean, settlement = _settle(ruleset, entry, state, table)
    names = seat_names(table)
    if tiles is None:
        tiles = TilesInput.from_hand(old)
    tile_fields = {old.pk: hand_tile_fields(ruleset, clean, state, tiles, names, old)}
    replacements = [(old, clean, settlement, AuditAction.HAND_CORRECTED)]
    state = settlement.next_state
    for later in hands[index + 1 :]:
        if state.finished:
            raise TableError(
                _(
                    "After this correction the session ends before hand %(number)s: correct or "
                    "remove the later hands first."
                )
                % {"number": later.number}
            )
        try:
            later_clean, later_settlement = _settle(ruleset, later.entry, state, table)
            tile_fields[later.pk] = hand_tile_fields(
                ruleset, later_clean, state, TilesInput.from_hand(later), names, later
            )
        except TableError as exc:
            raise TableError(
                _("After this correction hand %(number)s no longer fits: %(error)s")
                % {"number": later.number, "error": exc}
            ) from exc
        if (
            tuple(later_settlement.deltas) != later.changes
            or tile_fields[later.pk]["tile_count"] != later.tile_count
        ):
            replacements.append((later, later_clean, later_settlement, AuditAction.HAND_RESETTLED))
        state = later_settlement.next_state
    saved = []
    for hand, hand_entry, hand_settlement, action in replacements:
        Hand.objects.filter(pk=hand.pk).update(is_current=False)
        note = (
            ""
            if action == AuditAction.HAND_CORRECTED
            else _("Settled again after the correction of hand %(number)s") % {"number": number}
        )
        new = _create(
            table,
            hand.number,
            hand.version + 1,
            hand_entry,
            hand_settlement,
            actor,
            submission if action == AuditAction.HAND_CORRECTED else None,
            note,
            tile_fields[hand.pk],
        )
        log_action(
            actor,
            action,
            table=table,
            hand_number=hand.number,
            changes={
                "before": _audited(hand),
                "after": _audited(new),
            },
        )
        saved.append(new)
    bump_revision(table)
    return saved[0]


@transaction.atomic
def void_last_hand(table, *, actor, revision):
    """Take back the last hand (entered by mistake). Its versions stay in the history."""
    table = lock_table(table)
    check_writable(table, actor=actor, revision=revision)
    hands = current_hands(table)
    if not hands:
        raise TableError(_("No hand has been entered at this table."))
    last = hands[-1]
    Hand.objects.filter(pk=last.pk).update(is_current=False)
    bump_revision(table)
    log_action(
        actor,
        AuditAction.HAND_CORRECTED,
        table=table,
        hand_number=last.number,
        changes={
            "before": {"entry": last.entry, "changes": list(last.changes)},
            "after": None,
            "voided_at": database_now().isoformat(),
        },
    )
    return last
