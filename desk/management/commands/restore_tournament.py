"""`python manage.py restore_tournament <file>`: rebuild an archived tournament in this desk."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from desk.archive import ArchiveError, restore, skipped_referees_message
from tournament.management.roles import add_account_argument, site_admin_account


class Command(BaseCommand):
    help = "Restore a tournament archive written by archive_tournament or the director's page."

    def add_arguments(self, parser):
        parser.add_argument("file")
        add_account_argument(parser)

    def handle(self, *args, file, account, **options):
        restorer = site_admin_account(account)
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"No file {path}.")
        try:
            restored = restore(path.read_bytes(), restored_by=restorer)
        except ArchiveError as exc:
            raise CommandError(str(exc)) from None
        tournament = restored.tournament
        if restored.skipped_referees:
            self.stderr.write(skipped_referees_message(restored.skipped_referees))
        self.stdout.write(
            self.style.SUCCESS(
                f"Restored '{tournament.name}' ({tournament.slug}): "
                f"{tournament.registrations.count()} players, {tournament.sessions.count()} sessions."
            )
        )
