"""Accounts and roles (docs/architecture.md, "Roles"): the site administrator's accounts, a
tournament's directors, and the referee accounts of a tournament's tables.

Every write checks its input and changes nothing when it refuses; the permission to call each
one is the view's (site administrator, or director of the tournament).
"""

import re

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import UserError
from tournament.models import OPEN_FOR_ENTRY, Table, Tournament

USERNAME_MAX = 150
_USERNAME = re.compile(r"[\w.@+-]{1,150}")
#: "1-4, 7": table numbers and ranges, at most this many tables at once.
TABLE_NUMBERS_MAX = 400


class AccountError(UserError):
    """A change of accounts or roles the desk refuses (the message says why)."""


def _clean_username(username):
    username = (username or "").strip()
    if not _USERNAME.fullmatch(username):
        raise AccountError(
            _("A user name has 1 to 150 letters, digits and the characters . @ + - _ only.")
        )
    return username


def _account(username):
    username = _clean_username(username)
    account = get_user_model().objects.filter(username=username, is_active=True).first()
    if account is None:
        raise AccountError(_("There is no active account “%(name)s”.") % {"name": username})
    return account


@transaction.atomic
def create_account(username, password, *, site_admin=False):
    """A new active account; a site administrator manages every tournament and every account."""
    User = get_user_model()
    username = _clean_username(username)
    if User.objects.filter(username__iexact=username).exists():
        raise AccountError(_("The user name “%(name)s” is taken.") % {"name": username})
    candidate = User(username=username)
    try:
        validate_password(password or "", candidate)
    except ValidationError as exc:
        raise AccountError(" ".join(exc.messages)) from exc
    if site_admin:
        return User.objects.create_superuser(username, "", password)
    return User.objects.create_user(username, "", password)


@transaction.atomic
def add_director(tournament, username):
    """Give `tournament` one more director (an existing account)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    account = _account(username)
    if tournament.directors.filter(pk=account.pk).exists():
        raise AccountError(
            _("“%(name)s” already directs this tournament.") % {"name": account.username}
        )
    tournament.directors.add(account)
    return account


@transaction.atomic
def remove_director(tournament, account_id):
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    account = tournament.directors.filter(pk=account_id).first()
    if account is None:
        raise AccountError(_("This account does not direct this tournament (any more)."))
    tournament.directors.remove(account)
    return account


def parse_table_numbers(text, *, largest):
    """ "1-4, 7" -> {1, 2, 3, 4, 7}; every number from 1 to `largest`."""
    numbers: set[int] = set()
    for part in (text or "").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        match = re.fullmatch(r"(\d{1,4})(?:\s*-\s*(\d{1,4}))?", part)
        if match is None:
            raise AccountError(_("Write table numbers like “1-4, 7”."))
        first = int(match.group(1))
        last = int(match.group(2) or first)
        if not 1 <= first <= last <= largest:
            raise AccountError(
                _("Table numbers go from 1 to %(largest)s here.") % {"largest": largest}
            )
        numbers.update(range(first, last + 1))
        if len(numbers) > TABLE_NUMBERS_MAX:
            raise AccountError(_("Too many tables at once."))
    if not numbers:
        raise AccountError(_("Write the table numbers this referee looks after."))
    return numbers


def _open_tables(tournament):
    """The tables a referee can still be given: drawn sessions not yet confirmed."""
    return Table.objects.filter(session__tournament=tournament, session__status__in=OPEN_FOR_ENTRY)


@transaction.atomic
def assign_referee(tournament, username, numbers_text):
    """Make an account the referee of the tables with these numbers, in every drawn session not
    yet confirmed (a session drawn again keeps them: draw.planning)."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    account = _account(username)
    tables = _open_tables(tournament)
    largest = max(tables.values_list("number", flat=True), default=0)
    if not largest:
        raise AccountError(_("Draw the sessions first: referees are given drawn tables."))
    numbers = parse_table_numbers(numbers_text, largest=largest)
    chosen = list(tables.filter(number__in=numbers))
    for table in chosen:
        table.referees.add(account)
    return account, len(chosen)


@transaction.atomic
def unassign_referee(tournament, account_id):
    """The account referees no table of this tournament any more."""
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    through = Table.referees.through.objects.filter(
        table__session__tournament=tournament, user_id=account_id
    )
    removed, _counts = through.delete()
    if not removed:
        raise AccountError(_("This account referees no table here (any more)."))
    return removed


def referees_of(tournament):
    """[(account, table numbers, session numbers)] of this tournament's referee accounts."""
    rows = Table.referees.through.objects.filter(table__session__tournament=tournament).values_list(
        "user_id", "table__number", "table__session__number"
    )
    found: dict[int, tuple[set[int], set[int]]] = {}
    for account_id, table, session in rows:
        tables, sessions = found.setdefault(account_id, (set(), set()))
        tables.add(table)
        sessions.add(session)
    accounts = get_user_model().objects.filter(pk__in=found).order_by("username")
    return [
        (account, sorted(found[account.pk][0]), sorted(found[account.pk][1]))
        for account in accounts
    ]
