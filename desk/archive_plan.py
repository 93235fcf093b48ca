"""Everything an archive would write, checked before anything is written.

`plan_restore(data)` turns the parsed archive into unsaved model objects and checks every one
of them the way the desk's own pages and services would: field values and ranges, the slug and
the referee links, the scoring settings against the rule set, every reference (seats to tables
and registrations, hands to tables, penalties to registrations, sessions and tables, results to
seats), and every current hand, settled again from its stored entry by the rule set and compared
with the stored changes. `desk.archive_write` then only inserts, inside the short write
transaction `restore()` opens.

Accounts: a user name this desk lacks comes back as a new inactive account (so who entered each
hand stays on record); an existing account is linked by name but never given a right by an
archive: it does not become a referee of a restored table.

Every problem is an `ArchiveError` naming what is wrong and where, in the active language.
"""

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.utils.translation import gettext as _

import rules
from common.i18n import translate_error
from desk.archive_values import (
    ArchiveError,
    already_here,
    chunks,
    damaged,
    fill,
    items_of,
    read_datetime,
    require,
    validate,
    whole_number,
)
from scoring.models import (
    NO_WINNER,
    SELF_DRAWN_WINS,
    WINS_ON_A_DISCARD,
    AuditEntry,
    Hand,
    Outcome,
    Penalty,
    PenaltyKind,
    SeatResult,
)
from scoring.services.hands import _columns as hand_columns
from scoring.services.tables import TableError, hand_entry_state
from tournament.models import (
    Player,
    Registration,
    Seat,
    Session,
    SessionStatus,
    Table,
    TieBreak,
    Tournament,
)
from tournament.rulesets import check_scoring_options

#: A referee link's secret as `tournament.models.new_table_token` makes it (32 bytes, URL-safe).
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")
#: Minutes added to a session's or a table's clock, in total (a week either way).
MAX_EXTRA_MINUTES = 7 * 24 * 60
#: Seconds a session's clock may have been paused, in total (a week).
MAX_PAUSED_SECONDS = 7 * 24 * 3600
#: Hands of one table in one session, and versions of one hand.
MAX_HANDS = 200
MAX_VERSIONS = 1000


@dataclass
class RestorePlan:
    """Unsaved objects in the order they are written; FKs point at unsaved objects."""

    tournament: Tournament
    new_users: list = field(default_factory=list)
    new_players: list = field(default_factory=list)
    registrations: list = field(default_factory=list)
    sessions: list = field(default_factory=list)
    tables: list = field(default_factory=list)
    referees: list = field(default_factory=list)  # (table, new inactive account)
    skipped_referees: list = field(default_factory=list)  # (table, name of an existing account)
    seats: list = field(default_factory=list)
    hands: list = field(default_factory=list)
    penalties: list = field(default_factory=list)
    results: list = field(default_factory=list)
    audit: list = field(default_factory=list)  # (entry, [registrations])


# -- the plan ------------------------------------------------------------------------------


class _Planner:
    def __init__(self, data):
        self.data = data
        self.accounts = {}
        self.existing_accounts = set()

    # accounts

    def load_accounts(self):
        names = set()
        for key, fields in (
            ("sessions", ("confirmed_by",)),
            ("tables", ("closed_by",)),
            ("hands", ("entered_by",)),
            ("penalties", ("given_by", "cancelled_by")),
            ("audit", ("user",)),
        ):
            for item in items_of(self.data, key):
                names.update(item.get(name) for name in fields)
            if key == "tables":
                for item in items_of(self.data, key):
                    referees = item.get("referees", [])
                    require(isinstance(referees, list), key, _("referees must be a list"))
                    names.update(referees)
        names.discard(None)
        User = get_user_model()
        field_ = User._meta.get_field(User.USERNAME_FIELD)
        for name in names:
            try:
                require(isinstance(name, str), name, _("not a user name"))
                field_.clean(name, None)
            except ValidationError as exc:
                raise damaged(
                    _("account “%(name)s”") % {"name": name}, " ".join(exc.messages)
                ) from None
        for user in User.objects.filter(**{f"{User.USERNAME_FIELD}__in": names}):
            self.accounts[user.get_username()] = user
            self.existing_accounts.add(user.get_username())
        for name in sorted(names - self.existing_accounts):
            account = User(**{User.USERNAME_FIELD: name, "is_active": False})
            account.set_unusable_password()
            self.accounts[name] = account
            self.plan.new_users.append(account)

    def user(self, name):
        return self.accounts[name] if name else None

    # tournament

    def tournament(self):
        values = self.data.get("tournament")
        where = _("the tournament")
        require(isinstance(values, dict), where, _("missing"))
        slug = values.get("slug")
        try:
            require(isinstance(slug, str), where, _("the short name is missing"))
            validate_slug(slug)
            require(len(slug) <= 60, where, _("the short name is longer than 60 characters"))
        except ValidationError:
            raise damaged(
                where,
                _(
                    "the short name “%(slug)s” may hold only letters, digits, hyphens and "
                    "underscores"
                )
                % {"slug": slug},
            ) from None
        if Tournament.objects.filter(slug=slug).exists():
            raise already_here(slug)
        tournament = fill(Tournament(), values, where, exclude=("slug",))
        tournament.slug = slug
        for name in ("name", "start_date", "end_date", "ruleset", "session_count"):
            what = Tournament._meta.get_field(name).verbose_name
            require(values.get(name) is not None, where, _("%(what)s is missing") % {"what": what})
        options = values.get("scoring_options") or {}
        require(isinstance(options, dict), where, _("the scoring settings are not a mapping"))
        problem = check_scoring_options(tournament.ruleset, options)
        if problem:
            raise damaged(where, _("scoring settings: %(problem)s") % {"problem": problem})
        tie_breaks = values.get("tie_breaks") or []
        require(
            isinstance(tie_breaks, list)
            and all(code in TieBreak.values for code in tie_breaks)
            and len(set(tie_breaks)) == len(tie_breaks),
            where,
            _("unknown or repeated tie-breakers: %(value)s") % {"value": tie_breaks},
        )
        tournament.scoring_options, tournament.tie_breaks = options, tie_breaks
        validate(tournament, where)
        require(
            tournament.end_date >= tournament.start_date,
            where,
            _("the last day is before the first day"),
        )
        self.ruleset = rules.get_ruleset(tournament.ruleset, options or None)
        self.plan = RestorePlan(tournament=tournament)
        return tournament

    # players and registrations

    def registrations(self):
        tournament = self.plan.tournament
        items = items_of(self.data, "registrations")
        ema_ids = []
        for item in items:
            person = item.get("player")
            require(isinstance(person, dict), _("registrations"), _("a player is missing"))
            if person.get("ema_id"):
                ema_ids.append(person["ema_id"])
        repeated = [ema for ema, count in Counter(ema_ids).items() if count > 1]
        require(
            not repeated,
            _("registrations"),
            _("EMA id %(ema)s is registered twice") % {"ema": ", ".join(map(str, repeated))},
        )
        known = {p.ema_id: p for p in Player.objects.filter(ema_id__in=ema_ids)}
        self.registrations_by_number = {}
        for item in items:
            number = whole_number(item.get("number"), _("registrations"), _("player number"))
            where = _("player %(number)s") % {"number": number}
            require(number not in self.registrations_by_number, where, _("registered twice"))
            person = item["player"]
            player = known.get(person.get("ema_id")) if person.get("ema_id") else None
            if player is None:
                player = fill(Player(), person, where)
                player.ema_id = player.ema_id or None
                validate(player, where)
                self.plan.new_players.append(player)
            registration = fill(
                Registration(tournament=tournament, player=player), item, where, ("player",)
            )
            validate(registration, where)
            registered_at = read_datetime(item.get("registered_at"), where, _("registered"))
            registration.registered_at = registered_at
            self.plan.registrations.append(registration)
            self.registrations_by_number[number] = registration

    def registration(self, number, where):
        whole_number(number, where, _("player number"))
        require(
            number in self.registrations_by_number,
            where,
            _("player %(number)s is not registered") % {"number": number},
        )
        return self.registrations_by_number[number]

    # sessions and tables

    def sessions(self):
        tournament = self.plan.tournament
        self.sessions_by_number = {}
        for item in items_of(self.data, "sessions"):
            number = whole_number(
                item.get("number"), _("sessions"), _("session"), 1, tournament.session_count
            )
            where = _("session %(number)s") % {"number": number}
            require(number not in self.sessions_by_number, where, _("listed twice"))
            if item.get("status") == "finished":  # archives written before the rename
                item = {**item, "status": SessionStatus.CONFIRMED}
            session = fill(Session(tournament=tournament), item, where, ("confirmed_by",))
            session.confirmed_by = self.user(item.get("confirmed_by"))
            validate(session, where)
            require(
                session.swiss_band is None or session.swiss_band >= 4,
                where,
                _("a Swiss band has at least 4 players"),
            )
            require(
                abs(session.clock_extra_minutes) <= MAX_EXTRA_MINUTES
                and session.clock_paused_seconds <= MAX_PAUSED_SECONDS,
                where,
                _("the clock's minutes added or seconds paused are out of range"),
            )
            self.plan.sessions.append(session)
            self.sessions_by_number[number] = session

    def session(self, number, where):
        whole_number(number, where, _("session"))
        require(
            number in self.sessions_by_number,
            where,
            _("there is no session %(number)s") % {"number": number},
        )
        return self.sessions_by_number[number]

    def tables(self):
        self.tables_by_key = {}
        tokens = set()
        for item in items_of(self.data, "tables"):
            session = self.session(item.get("session"), _("tables"))
            number = whole_number(item.get("number"), _("tables"), _("table"))
            key = (session.number, number)
            where = _("session %(session)s, table %(table)s") % {
                "session": key[0],
                "table": key[1],
            }
            require(key not in self.tables_by_key, where, _("listed twice"))
            token = item.get("token")
            require(
                isinstance(token, str) and TOKEN_PATTERN.fullmatch(token),
                where,
                _("the referee link's secret is not one this desk makes"),
            )
            require(token not in tokens, where, _("the referee link is another table's"))
            tokens.add(token)
            table = fill(
                Table(session=session), item, where, ("session", "closed_by", "referees", "token")
            )
            table.token = token
            table.closed_by = self.user(item.get("closed_by"))
            validate(table, where)
            require(
                abs(table.extra_minutes) <= MAX_EXTRA_MINUTES,
                where,
                _("minutes added %(value)s is out of range") % {"value": table.extra_minutes},
            )
            require(
                table.time_up_after_hand is None or table.time_up_after_hand <= MAX_HANDS,
                where,
                _("time up after hand %(value)s is out of range")
                % {"value": table.time_up_after_hand},
            )
            for name in item.get("referees", []):
                if name in self.existing_accounts:
                    self.plan.skipped_referees.append((table, name))
                else:
                    self.plan.referees.append((table, self.accounts[name]))
            self.plan.tables.append(table)
            self.tables_by_key[key] = table
        for chunk in chunks(sorted(tokens), 500):
            taken = Table.objects.filter(token__in=chunk).exists()
            require(
                not taken, _("tables"), _("a referee link is already used by a table of this desk")
            )

    def table(self, session_number, number, where):
        whole_number(number, where, _("table"))
        key = (session_number, number)
        require(
            key in self.tables_by_key,
            where,
            _("there is no table %(table)s in session %(session)s")
            % {"table": number, "session": session_number},
        )
        return self.tables_by_key[key]

    def seats(self):
        self.seat_at = {}  # (session, table, wind) -> registration
        seated, replaced = set(), set()
        for item in items_of(self.data, "seats"):
            session = self.session(item.get("session"), _("seats"))
            table = self.table(session.number, item.get("table"), _("seats"))
            wind = whole_number(item.get("wind"), _("seats"), _("seat wind"), 0, 3)
            where = _("session %(session)s, table %(table)s, seat %(wind)s") % {
                "session": session.number,
                "table": table.number,
                "wind": wind,
            }
            registration = self.registration(item.get("player"), where)
            key = (session.number, table.number, wind)
            require(key not in self.seat_at, where, _("the seat is listed twice"))
            require(
                (session.number, registration.number) not in seated,
                where,
                _("player %(number)s has two seats in the session")
                % {"number": registration.number},
            )
            seated.add((session.number, registration.number))
            former = None
            if item.get("replaced") is not None:
                former = self.registration(item["replaced"], where)
                require(
                    former is not registration and (session.number, former.number) not in replaced,
                    where,
                    _("the replaced player is not valid"),
                )
                replaced.add((session.number, former.number))
            self.seat_at[key] = registration
            self.plan.seats.append(
                Seat(
                    table=table,
                    session=session,
                    wind=wind,
                    registration=registration,
                    replaced=former,
                )
            )

    # hands

    def hands(self):
        outcomes = {code for code, _label in self.ruleset.outcomes(None)}
        versions, current, submissions = set(), defaultdict(list), set()
        for item in items_of(self.data, "hands"):
            session = self.session(item.get("session"), _("hands"))
            table = self.table(session.number, item.get("table"), _("hands"))
            number = whole_number(item.get("number"), _("hands"), _("hand"), 1, MAX_HANDS)
            version = whole_number(item.get("version"), _("hands"), _("version"), 1, MAX_VERSIONS)
            where = _(
                "session %(session)s, table %(table)s, hand %(hand)s (version %(version)s)"
            ) % {
                "session": session.number,
                "table": table.number,
                "hand": number,
                "version": version,
            }
            key = (session.number, table.number, number, version)
            require(key not in versions, where, _("listed twice"))
            versions.add(key)
            hand = fill(Hand(table=table), item, where, ("session", "table", "entered_by"))
            hand.entered_by = self.user(item.get("entered_by"))
            validate(hand, where)
            require(isinstance(hand.entry, dict), where, _("the entry is missing"))
            require(
                hand.outcome in outcomes,
                where,
                _("%(outcome)s is not an outcome of this rule set") % {"outcome": hand.outcome},
            )
            require(_seats_fit(hand), where, _("the winner and discarder do not fit the outcome"))
            entered_at = read_datetime(item.get("entered_at"), where, _("entered at"))
            if hand.submission is not None:
                require(hand.submission not in submissions, where, _("listed twice"))
                submissions.add(hand.submission)
            hand.entered_at = entered_at
            self.plan.hands.append(hand)
            if hand.is_current:
                current[(session.number, table.number)].append(hand)
        for chunk in chunks(sorted(submissions), 500):
            require(
                not Hand.objects.filter(submission__in=chunk).exists(),
                _("hands"),
                _("a hand's submission id is already used by a hand of this desk"),
            )
        for (session_number, table_number), hands in sorted(current.items()):
            self.replay(session_number, table_number, sorted(hands, key=lambda h: h.number))

    def replay(self, session_number, table_number, hands):
        """Settle the table's current hands again with the rules: the same check its page makes
        (so a restored table's page never fails), plus the stored columns against the entry."""
        where = _("session %(session)s, table %(table)s") % {
            "session": session_number,
            "table": table_number,
        }
        try:
            lines, _state, _totals, _chombo = hand_entry_state(self.ruleset, hands)
        except TableError as exc:
            raise damaged(where, str(exc)) from None
        for line in lines:
            hand = line.hand
            clean = rules.base.clean_entry(self.ruleset.hand_fields(line.state), hand.entry)
            expected = hand_columns(clean, hand.changes)
            stored = {name: getattr(hand, name) for name in expected}
            require(
                stored == expected,
                where,
                _("hand %(number)s is stored as %(stored)s but its entry gives %(expected)s")
                % {"number": hand.number, "stored": stored, "expected": expected},
            )

    # penalties, results, audit

    def penalties(self):
        kinds = {kind.code for kind in self.ruleset.penalty_catalogue}
        for index, item in enumerate(items_of(self.data, "penalties"), start=1):
            where = _("penalty %(index)s") % {"index": index}
            session = self.session(item.get("session"), where)
            registration = self.registration(item.get("player"), where)
            table = None
            if item.get("table") is not None:
                table = self.table(session.number, item["table"], where)
            penalty = fill(
                Penalty(registration=registration, session=session, table=table),
                item,
                where,
                ("player", "session", "table", "given_by", "cancelled_by"),
            )
            penalty.given_by = self.user(item.get("given_by"))
            penalty.cancelled_by = self.user(item.get("cancelled_by"))
            validate(penalty, where)
            require(
                penalty.kind in kinds,
                where,
                _("%(kind)s is not a penalty of this rule set") % {"kind": penalty.kind},
            )
            require(penalty.points <= 0, where, _("its points must be zero or negative"))
            require(
                penalty.transfer == 0
                or (table is not None and penalty.points == -3 * penalty.transfer),
                where,
                _("what the other players receive does not match what the player pays"),
            )
            require(
                (penalty.kind != PenaltyKind.INFRACTION or penalty.infraction)
                and (penalty.kind != PenaltyKind.REFEREE_DECISION or penalty.reason)
                and (penalty.cancelled_at is None or penalty.cancel_reason)
                and (penalty.hand_number is None or 1 <= penalty.hand_number <= MAX_HANDS),
                where,
                _("a required reason, infraction or hand number is missing or out of range"),
            )
            given_at = read_datetime(item.get("given_at"), where, _("given at"))
            penalty.given_at = given_at
            self.plan.penalties.append(penalty)

    def results(self):
        closed = {key for key, table in self.tables_by_key.items() if table.closed_at}
        placed = set()
        for item in items_of(self.data, "results"):
            session = self.session(item.get("session"), _("results"))
            table = self.table(session.number, item.get("table"), _("results"))
            wind = whole_number(item.get("wind"), _("results"), _("seat wind"), 0, 3)
            where = _("result of session %(session)s, table %(table)s, seat %(wind)s") % {
                "session": session.number,
                "table": table.number,
                "wind": wind,
            }
            registration = self.registration(item.get("player"), where)
            key = (session.number, table.number, wind)
            require((session.number, table.number) in closed, where, _("the table is not closed"))
            require(key not in placed, where, _("listed twice"))
            placed.add(key)
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
            validate(result, where)
            require(1 <= result.place <= 4, where, _("the place must be 1 to 4"))
            self.plan.results.append(result)

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

    def audit(self):
        for index, item in enumerate(items_of(self.data, "audit"), start=1):
            where = _("audit entry %(index)s") % {"index": index}
            session = table = None
            if item.get("session") is not None:
                session = self.session(item["session"], where)
                if item.get("table") is not None:
                    table = self.table(session.number, item["table"], where)
            players = item.get("players", [])
            require(isinstance(players, list), where, _("players must be a list"))
            registrations = list(
                {id(r): r for r in (self.registration(n, where) for n in players)}.values()
            )
            entry = fill(
                AuditEntry(
                    tournament=self.plan.tournament,
                    session=session,
                    table=table,
                    user=self.user(item.get("user")),
                ),
                item,
                where,
                ("session", "table", "user", "players"),
            )
            validate(entry, where)
            at = read_datetime(item.get("at"), where, _("when"))
            entry.at = at
            self.plan.audit.append((entry, registrations))


def _seats_fit(hand):
    """The hand's database constraints on winner and discarder, checked before the insert."""
    winner, discarder, outcome = hand.winner, hand.discarder, hand.outcome
    if winner is not None and winner == discarder:
        return False
    if outcome in WINS_ON_A_DISCARD:
        return winner is not None and discarder is not None
    if outcome in SELF_DRAWN_WINS:
        return winner is not None and discarder is None
    if outcome in NO_WINNER:
        return winner is None
    if outcome == Outcome.MAHJONG:
        return winner is not None
    return True


def plan_restore(data):
    """Check the parsed archive `data`; return its RestorePlan. Reads, never writes."""
    planner = _Planner(data)
    try:
        planner.tournament()
        planner.load_accounts()
        planner.registrations()
        planner.sessions()
        planner.tables()
        planner.seats()
        planner.hands()
        planner.penalties()
        planner.results()
        planner.audit()
    except ArchiveError:
        raise
    except rules.RuleError as exc:
        raise ArchiveError(
            _("The archive is incomplete or damaged (%(error)s).") % {"error": translate_error(exc)}
        ) from exc
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ArchiveError(
            _("The archive is incomplete or damaged (%(error)s).") % {"error": exc}
        ) from exc
    return planner.plan
