"""`python manage.py clear_lockout [ACCOUNT] [--address A] [--all]`: the site administrator's way
back in when failed logins locked an account (their own included) or an address.

Without arguments it lists the lockouts of the moment. With an account name it forgets that
account's failed logins, from every address or from `--address` only; with `--address` alone,
that address's; with `--all`, every failed login. The same as the "Login lockouts" page
(`desk.lockouts`), for when nobody can log in to reach it.
"""

import getpass

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone
from django.utils.translation import gettext as _

from desk import lockouts


class Command(BaseCommand):
    help = "List login lockouts, or clear one account's, one address's or every one."

    def add_arguments(self, parser):
        parser.add_argument("account", nargs="?", help="the account name whose lockout to clear")
        parser.add_argument(
            "--address", default="", help="an address (with an account: only there)"
        )
        parser.add_argument("--all", action="store_true", help="forget every failed login")

    def handle(self, *args, account=None, address="", all=False, **options):
        actor = _("%(user)s on the command line") % {"user": _user()}
        try:
            if all:
                count = lockouts.clear_all_lockouts(actor=actor)
            elif account:
                count = lockouts.clear_lockout(
                    lockouts.ACCOUNT, account, actor=actor, address=address
                )
            elif address:
                count = lockouts.clear_lockout(lockouts.ADDRESS, address, actor=actor)
            else:
                self.list_lockouts()
                return
        except lockouts.LockoutError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(
            self.style.SUCCESS(_("Cleared %(count)s failed login records.") % {"count": count})
        )

    def list_lockouts(self):
        current = lockouts.current_lockouts()
        if not current:
            self.stdout.write(_("Nobody is locked out."))
            return
        for lockout in current:
            if lockout.kind == lockouts.ACCOUNT:
                who = _("Account “%(name)s” from %(address)s") % {
                    "name": lockout.value,
                    "address": lockout.address,
                }
            else:
                who = _("Address %(address)s") % {"address": lockout.value}
            self.stdout.write(
                _("%(who)s: %(failures)s failed logins, locked until %(end)s")
                % {
                    "who": who,
                    "failures": lockout.failures,
                    "end": timezone.localtime(lockout.ends_at).strftime("%H:%M"),
                }
            )


def _user():
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no name for this process's user id (a container)
        return "?"
