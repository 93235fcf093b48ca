"""`python manage.py archive_tournament <slug> [-o file]`: the whole tournament in one file."""

from pathlib import Path

from django.core.management.base import BaseCommand
from django.utils import timezone

from desk.archive import export_archive
from tournament.management.roles import add_account_argument, tournament_for


class Command(BaseCommand):
    help = "Write a tournament archive (players, draws, every hand version, penalties, audit)."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the tournament's short name (slug)")
        add_account_argument(parser)
        parser.add_argument("-o", "--output", help="the file (default: <slug>-<date>.desk.gz)")

    def handle(self, *args, tournament, account, output, **options):
        tournament = tournament_for(tournament, account)
        path = Path(output or f"{tournament.slug}-{timezone.now():%Y%m%d-%H%M}.desk.gz")
        content = export_archive(tournament)
        path.write_bytes(content)
        self.stdout.write(self.style.SUCCESS(f"Wrote {path} ({len(content):,} bytes)."))
