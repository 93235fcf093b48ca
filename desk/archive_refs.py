"""A restore's checks of the archive's references and ranges: teams and categories,
registrations, sessions, tables and seats.

`ReferenceChecks` is part of `desk.archive_plan`'s planner: it reads the parsed archive
(`self.data`), the accounts (`self.user`, `self.accounts`, `self.existing_accounts`) and the
plan (`self.plan`) the planner set up, adds the unsaved objects to the plan and keeps them by
number, so later checks (`desk.archive_hands`) find a seat's, a hand's or a penalty's table,
session and player with `registration`, `session` and `table`, each refusing a reference to
something the archive does not hold.
"""

import re
from collections import Counter

from django.utils.translation import gettext as _

from desk.archive_state import PlannerState
from desk.archive_values import (
    chunks,
    fill,
    items_of,
    read_datetime,
    require,
    validate,
    whole_number,
)
from rules.limits import (
    MAX_CLOCK_MINUTES_TOTAL,
    MAX_CLOCK_PAUSED_SECONDS,
    MAX_HAND_NUMBER,
    MAX_PLAYER_NUMBER,
    MAX_SEED,
)
from tournament.models import (
    TEAM_SIZE_MAX,
    Category,
    Player,
    Registration,
    Seat,
    Session,
    SessionStatus,
    Table,
    Team,
)

#: A referee link's secret as `tournament.models.new_table_token` makes it (32 bytes, URL-safe).
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{43}")


class ReferenceChecks(PlannerState):
    """Teams and categories, players and registrations, sessions, tables and seats (a base of
    the planner)."""

    teams_by_name: dict[str, Team]
    categories_by_name: dict[str, Category]
    registrations_by_number: dict[int, Registration]
    #: Players per team, by the team's name folded
    team_sizes: Counter[str]
    sessions_by_number: dict[int, Session]
    #: (session number, table number) -> table
    tables_by_key: dict[tuple[int, int], Table]
    #: (session number, table number, wind) -> who sits there
    seat_at: dict[tuple[int, int, int], Registration]

    def groups(self):
        """Teams and categories; an archive written before them has neither."""
        tournament = self.plan.tournament
        self.teams_by_name, self.categories_by_name = {}, {}
        for key, model, found, where_pattern, to in (
            ("teams", Team, self.teams_by_name, _("team “%(name)s”"), self.plan.teams),
            (
                "categories",
                Category,
                self.categories_by_name,
                _("category “%(name)s”"),
                self.plan.categories,
            ),
        ):
            for item in items_of(self.data, key) if key in self.data else []:
                name = item.get("name")
                require(isinstance(name, str) and name.strip(), key, _("a name is missing"))
                where = where_pattern % {"name": name}
                require(name.casefold() not in found, where, _("listed twice"))
                group = fill(model(tournament=tournament), item, where)
                validate(group, where)
                to.append(group)
                found[name.casefold()] = group

    def _registration_groups(self, registration, item, where):
        team = item.get("team")
        if team is not None:
            require(
                isinstance(team, str) and team.casefold() in self.teams_by_name,
                where,
                _("the team “%(name)s” is not in the archive") % {"name": team},
            )
            require(not registration.is_substitute, where, _("a substitute belongs to no team"))
            registration.team = self.teams_by_name[team.casefold()]
            self.team_sizes[team.casefold()] += 1
            require(
                self.team_sizes[team.casefold()] <= TEAM_SIZE_MAX,
                where,
                _("team “%(name)s” has more than %(max)s players")
                % {"name": team, "max": TEAM_SIZE_MAX},
            )
        names = item.get("categories") or []
        require(isinstance(names, list), where, _("the categories must be a list"))
        for name in set(names):
            require(
                isinstance(name, str) and name.casefold() in self.categories_by_name,
                where,
                _("the category “%(name)s” is not in the archive") % {"name": name},
            )
            self.plan.registration_categories.append(
                (registration, self.categories_by_name[name.casefold()])
            )

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
        self.team_sizes = Counter()
        for item in items:
            number = whole_number(
                item.get("number"), _("registrations"), _("player number"), 1, MAX_PLAYER_NUMBER
            )
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
            self._registration_groups(registration, item, where)
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
                abs(session.clock_extra_minutes) <= MAX_CLOCK_MINUTES_TOTAL
                and session.clock_paused_seconds <= MAX_CLOCK_PAUSED_SECONDS,
                where,
                _("the clock's minutes added or seconds paused are out of range"),
            )
            require(
                session.draw_seed is None or 0 <= session.draw_seed <= MAX_SEED,
                where,
                _("the draw's seed %(value)s is out of range") % {"value": session.draw_seed},
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
                abs(table.extra_minutes) <= MAX_CLOCK_MINUTES_TOTAL,
                where,
                _("minutes added %(value)s is out of range") % {"value": table.extra_minutes},
            )
            require(
                table.time_up_after_hand is None or table.time_up_after_hand <= MAX_HAND_NUMBER,
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

    def seat_item(self, item, section, place):
        """(session, table, wind, registration, where) of an archive item that names a seat
        (session, table, wind) and its player; `place` is the translated "where" pattern with
        %(session)s, %(table)s and %(wind)s, `section` names the list in the messages."""
        session = self.session(item.get("session"), section)
        table = self.table(session.number, item.get("table"), section)
        wind = whole_number(item.get("wind"), section, _("seat wind"), 0, 3)
        where = place % {"session": session.number, "table": table.number, "wind": wind}
        registration = self.registration(item.get("player"), where)
        return session, table, wind, registration, where

    def seats(self):
        self.seat_at = {}
        seated, replaced = set(), set()
        for item in items_of(self.data, "seats"):
            session, table, wind, registration, where = self.seat_item(
                item, _("seats"), _("session %(session)s, table %(table)s, seat %(wind)s")
            )
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
            seat = Seat(
                table=table, session=session, wind=wind, registration=registration, replaced=former
            )
            validate(seat, where)
            self.plan.seats.append(seat)
