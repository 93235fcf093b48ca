"""The role check of the management commands that act on one tournament.

A command run on the server acts for an account, as a page does, and is refused when that
account does not manage the tournament. `--user NAME` names the account. On a laptop desk with a
single account that manages tournaments, the command acts for it without being told; a desk
where no account manages anything yet (a fresh set-up, a script) runs the command as its
operator. A federation server, with several directors, always needs `--user`.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import CommandError
from django.db.models import Q

from tournament.models import Tournament
from tournament.permissions import is_director, is_site_admin


def add_account_argument(parser):
    parser.add_argument(
        "--user",
        dest="account",
        metavar="NAME",
        help="the account this command acts for (it must manage the tournament)",
    )


def _managing_accounts():
    User = get_user_model()
    return (
        User.objects.filter(is_active=True)
        .filter(Q(is_superuser=True) | Q(directed_tournaments__isnull=False))
        .distinct()
    )


def acting_account(name):
    """The account named by `--user`; without it, the desk's only managing account (None when
    there is none yet). Several managing accounts and no `--user`: refused."""
    if name:
        account = get_user_model().objects.filter(username=name, is_active=True).first()
        if account is None:
            raise CommandError(f"No active account '{name}'.")
        return account
    accounts = list(_managing_accounts()[:2])
    if len(accounts) > 1:
        raise CommandError(
            "This desk has several directors: name the account this command acts for "
            "with --user NAME."
        )
    return accounts[0] if accounts else None


def tournament_for(slug, account_name, *, list_known=False):
    """The tournament `slug`, once the acting account is checked to manage it."""
    account = acting_account(account_name)
    tournament = Tournament.objects.filter(slug=slug).first()
    if account is not None and tournament is not None and not is_director(account, tournament):
        raise CommandError(f"The account '{account.get_username()}' does not manage '{slug}'.")
    if tournament is None:
        known = ""
        if list_known:
            slugs = Tournament.objects.order_by("slug").values_list("slug", flat=True)
            if account is not None and not is_site_admin(account):
                slugs = slugs.filter(directors=account)
            known = " Known: " + (", ".join(slugs) or "none") + "."
        raise CommandError(f"No tournament '{slug}'.{known}")
    return tournament


def site_admin_account(name):
    """The acting account of a command only a site administrator may run (restoring)."""
    account = acting_account(name)
    if account is not None and not is_site_admin(account):
        raise CommandError(
            f"Only a site administrator may do this ('{account.get_username()}' is not)."
        )
    return account
