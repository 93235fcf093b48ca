"""A restore's checks of the tables' results: every figure derived again, never believed.

`ResultChecks` is the last of `desk.archive_plan`'s planner's checks and runs after
`PlayChecks` (`desk.archive_hands`), whose replay of each table's current hands (`self.replayed`) and planned
penalties it reads. Each closed table's results are computed again from its hands and live
penalties by the very code that closes a table (`scoring.services.closing.seat_results` on a
`TableSnapshot`, with the rule set's settlement, table points and uma), and every stored figure
(hand points, transfers, penalties, score, place, table points, final score, hands won, biggest
hand) must equal it: an archive that says a player scored 999999 where the hands give -87 is
refused, naming the table and the player. The standings are read from these results (only
confirmed sessions, every table of which must be closed, as `confirm_session` requires), so they
come out as the desk computes them.

A figure the archive does not hold (written before the desk kept it) is taken as derived.
"""

from django.utils.translation import gettext as _

from desk.archive_hands import PlayChecks
from desk.archive_values import (
    check_constraints,
    column,
    damaged,
    fill,
    items_of,
    require,
    validate,
)
from scoring.models import SEAT_RESULT_FIGURES, SeatResult
from scoring.services.closing import seat_results
from scoring.services.tables import TableError, TableSnapshot, hand_entry_state

#: The figures of a seat result, each derived again.
FIGURES = SEAT_RESULT_FIGURES


class ResultChecks(PlayChecks):
    """Results (the planner's checks after the play, whose replay of the tables they use)."""

    def results(self):
        closed = {key for key, table in self.tables_by_key.items() if table.closed_at}
        placed = {}  # (session, table, wind) -> (result, the figures the archive holds)
        for item in items_of(self.data, "results"):
            session, table, wind, registration, where = self.seat_item(
                item,
                _("results"),
                _("result of session %(session)s, table %(table)s, seat %(wind)s"),
            )
            key = (session.number, table.number, wind)
            require((session.number, table.number) in closed, where, _("the table is not closed"))
            require(key not in placed, where, _("listed twice"))
            require(
                self.seat_at.get(key) is registration,
                where,
                _("player %(number)s does not sit there") % {"number": registration.number},
            )
            result = fill(
                SeatResult(table=table, session=session, registration=registration),
                item,
                where,
                ("session", "table", "player", "wind"),
            )
            result.wind = wind
            if "transfers" not in item:
                # Written before transfers were kept apart from the hand points (scoring
                # migration 0007): the false Hu transfers were inside the hand points.
                result.transfers = self.old_transfers(session, table, registration)
                result.hand_points = (result.hand_points or 0) - result.transfers
            held = {name for name in FIGURES if name in item}
            for name in FIGURES:  # not held: filled in from the derived result below
                if name not in held and getattr(result, name) is None:
                    setattr(result, name, 0)
            validate(result, where, constraints=False)
            require(1 <= result.place <= 4, where, _("the place must be 1 to 4"))
            check_constraints(result, where)
            self.plan.results.append(result)
            placed[key] = (result, held)
        self.derive_results(placed)

    def old_transfers(self, session, table, registration):
        """The false Hu transfers of `registration` at `table`, from the archive's live
        penalties: its own points for its false Hu, the others' shares for theirs."""
        # Planned registrations may have no primary key yet: compared by identity.
        seated = [self.seat_at.get((session.number, table.number, wind)) for wind in range(4)]
        total = 0
        for penalty in self.plan.penalties:
            if (
                penalty.session is session
                and penalty.transfer
                and penalty.cancelled_at is None
                and any(penalty.registration is seat for seat in seated if seat is not None)
            ):
                own = penalty.registration is registration
                total += penalty.points if own else penalty.transfer
        return total

    # the figures derived again

    def derive_results(self, placed):
        """Every confirmed session's tables closed; every closed table's four results equal to
        those the desk computes from its hands and penalties."""
        for session in self.plan.sessions:
            if session.is_confirmed:
                open_tables = [
                    str(number)
                    for (session_number, number), table in sorted(self.tables_by_key.items())
                    if session_number == session.number and not table.closed_at
                ]
                require(
                    not open_tables,
                    _("session %(number)s") % {"number": session.number},
                    _("it is confirmed, but table %(tables)s is not closed")
                    % {"tables": ", ".join(open_tables)},
                )
        for (session_number, number), table in sorted(self.tables_by_key.items()):
            if table.closed_at:
                self.derive_table(session_number, number, table, placed)

    def derive_table(self, session_number, number, table, placed):
        where = _("session %(session)s, table %(table)s") % {
            "session": session_number,
            "table": number,
        }
        seats = sorted(
            (seat for seat in self.plan.seats if seat.table is table), key=lambda s: s.wind
        )
        require(len(seats) == 4, where, _("it is closed but does not have four players"))
        for seat in seats:
            require(
                (session_number, number, seat.wind) in placed,
                where,
                _("it is closed but the result of player %(number)s is missing")
                % {"number": seat.registration.number},
            )
        seated = [seat.registration for seat in seats]
        replayed = self.replayed.get((session_number, number)) or hand_entry_state(
            self.ruleset, [], table.first_wind
        )
        lines, state, totals, chombo = replayed
        snap = TableSnapshot(
            table=table,
            ruleset=self.ruleset,
            seats=seats,
            lines=lines,
            state=state,
            totals=totals,
            # the live penalties of the session's seated players, as `snapshot()` reads them
            penalties=[
                penalty
                for penalty in self.plan.penalties
                if penalty.session is table.session
                and penalty.cancelled_at is None
                and any(penalty.registration is registration for registration in seated)
            ],
            chombo=chombo,
        )
        try:
            derived = {row.wind: row for row in seat_results(snap)}
        except TableError as exc:
            raise damaged(where, str(exc)) from None
        for seat in seats:
            result, held = placed[(session_number, number, seat.wind)]
            for name in FIGURES:
                value = getattr(derived[seat.wind], name)
                if name not in held:
                    setattr(result, name, value)
                    continue
                require(
                    getattr(result, name) == value,
                    where,
                    _(
                        "the archive stores %(what)s %(stored)s for player %(number)s "
                        "(%(name)s), but the hands and penalties give %(derived)s"
                    )
                    % {
                        "what": column(SeatResult, name).verbose_name,
                        "stored": _shown(getattr(result, name)),
                        "number": seat.registration.number,
                        "name": seat.registration.player.full_name,
                        "derived": _shown(value),
                    },
                )


def _shown(value):
    return "—" if value is None else str(value)
