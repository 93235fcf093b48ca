"""Everything an archive would write, checked before anything is written.

`plan_restore(data)` turns the parsed archive into unsaved model objects and checks every one
of them the way the desk's own pages and services would: field values and ranges, the slug and
the referee links, the scoring settings against the rule set, every reference (seats to tables
and registrations, hands to tables, penalties to registrations, sessions and tables, results to
seats), every current hand, settled again from its stored entry by the rule set and compared
with the stored changes, and every closed table's results, derived again from its hands and
penalties as closing the table does (`desk.archive_results`). `desk.archive_write` then only inserts, inside the short write
transaction `restore()` opens.

Accounts: a user name this desk lacks comes back as a new inactive account (so who entered each
hand stays on record); an existing account is linked by name but never given a right by an
archive: it does not become a referee of a restored table.

Every problem is an `ArchiveError` naming what is wrong and where, in the active language.

This module holds the accounts and the tournament's own checks, and runs the rest in order:
references and ranges in `desk.archive_refs`, hands, penalties and the audit in
`desk.archive_hands`, the results in `desk.archive_results`. The plan (`RestorePlan`) and what
the checks share are in `desk.archive_state`.
"""

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.utils.translation import gettext as _

import rules
from common.constraints import duplicates, unique_keys
from common.i18n import translate_error
from desk.archive_calls import CALL_ACCOUNTS, CallChecks, archived_calls
from desk.archive_results import ResultChecks
from desk.archive_state import RestorePlan
from desk.archive_values import (
    ArchiveError,
    already_here,
    check_constraints,
    chunks,
    column,
    damaged,
    fill,
    items_of,
    require,
    validate,
)
from tournament.models import TieBreak, Tournament
from tournament.rulesets import check_scoring_options

# -- the plan ------------------------------------------------------------------------------


class _Planner(ResultChecks, CallChecks):
    """The plan's checks in order (`plan_restore`): the tournament and the accounts here, the
    references (`ReferenceChecks`), the play (`PlayChecks`), the results (`ResultChecks`) and
    the referee calls (`CallChecks`)."""

    def __init__(self, data):
        self.data = data
        self.accounts = {}
        self.existing_accounts = set()

    # accounts

    def load_accounts(self):
        named: set[object] = set()
        for key, fields in (
            ("sessions", ("confirmed_by",)),
            ("tables", ("closed_by",)),
            ("hands", ("entered_by",)),
            ("penalties", ("given_by", "cancelled_by")),
            ("audit", ("user",)),
        ):
            for item in items_of(self.data, key):
                named.update(item.get(name) for name in fields)
            if key == "tables":
                for item in items_of(self.data, key):
                    referees = item.get("referees", [])
                    require(isinstance(referees, list), key, _("referees must be a list"))
                    named.update(referees)
        for item in archived_calls(self.data):
            named.update(item.get(name) for name in CALL_ACCOUNTS)
        named.discard(None)
        User = get_user_model()
        field_ = column(User, User.USERNAME_FIELD)
        names: set[str] = set()
        for name in named:
            if not isinstance(name, str):
                raise damaged(name, _("not a user name"))
            try:
                field_.clean(name, None)
            except ValidationError as exc:
                raise damaged(
                    _("account “%(name)s”") % {"name": name}, " ".join(exc.messages)
                ) from None
            names.add(name)
        for user in User.objects.filter(**{f"{User.USERNAME_FIELD}__in": names}):
            self.accounts[user.get_username()] = user
            self.existing_accounts.add(user.get_username())
        for name in sorted(names - self.existing_accounts):
            account = User(**{User.USERNAME_FIELD: name, "is_active": False})
            account.set_unusable_password()
            self.accounts[name] = account
            self.plan.new_users.append(account)

    # tournament

    def tournament(self):
        values = self.data.get("tournament")
        where = _("the tournament")
        if not isinstance(values, dict):
            raise damaged(where, _("missing"))
        slug = values.get("slug")
        try:
            if not isinstance(slug, str):
                raise damaged(where, _("the short name is missing"))
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
            what = column(Tournament, name).verbose_name
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
        validate(tournament, where, constraints=False)
        require(
            tournament.end_date >= tournament.start_date,
            where,
            _("the last day is before the first day"),
        )
        check_constraints(tournament, where)
        self.ruleset = rules.get_ruleset(tournament.ruleset, options or None)
        self.plan = RestorePlan(tournament=tournament)
        return tournament

    # uniqueness, over the whole plan and against this desk

    def unique_rows(self):
        """No two planned rows share a unique key (a submission id, a seat, a number), and no
        planned row takes a unique value a row of this desk has (a submission id, a link)."""
        plan = self.plan
        for objects in (
            plan.new_players,
            plan.teams,
            plan.categories,
            plan.registrations,
            plan.sessions,
            plan.tables,
            plan.seats,
            plan.hands,
            plan.penalties,
            plan.results,
            [entry for entry, _players in plan.audit],
        ):
            if not objects:
                continue
            model = type(objects[0])
            for _name, fields, _first, second in duplicates(objects, model):
                raise damaged(model._meta.verbose_name_plural, _shared(model, fields, second))
            for _name, fields, condition in unique_keys(model):
                field = column(model, fields[0])
                if len(fields) > 1 or field.is_relation or condition is not None:
                    continue  # a key with a planned row in it: no row of this desk has it
                values = sorted({getattr(obj, field.attname) for obj in objects} - {None})
                for chunk in chunks(values, 500):
                    taken = (
                        model.objects.filter(**{f"{field.attname}__in": chunk})
                        .values_list(field.attname, flat=True)
                        .first()
                    )
                    require(
                        taken is None,
                        model._meta.verbose_name_plural,
                        _("%(what)s %(value)s is already used in this desk")
                        % {"what": field.verbose_name, "value": taken},
                    )


def _shared(model, fields, obj):
    names = ", ".join(str(model._meta.get_field(name).verbose_name) for name in fields)
    values = ", ".join(str(getattr(obj, model._meta.get_field(name).attname)) for name in fields)
    return _("two of them share %(fields)s (%(values)s)") % {"fields": names, "values": values}


def plan_restore(data):
    """Check the parsed archive `data`; return its RestorePlan. Reads, never writes."""
    planner = _Planner(data)
    try:
        planner.tournament()
        planner.load_accounts()
        planner.groups()
        planner.registrations()
        planner.sessions()
        planner.tables()
        planner.seats()
        planner.hands()
        planner.penalties()
        planner.results()
        planner.audit()
        planner.calls()
        planner.unique_rows()
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
