"""`python manage.py archive_tournament <slug> [-o file]`: the whole tournament in one file."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from desk.archive import export_archive
from tournament.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament archive (players, draws, every hand version, penalties, audit)."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the tournament's short name (slug)")
        parser.add_argument("-o", "--output", help="the file (default: <slug>-<date>.desk.gz)")

    def handle(self, *args, tournament, output, **options):
        try:
            tournament = Tournament.objects.get(slug=tournament)
        except Tournament.DoesNotExist:
            raise CommandError(f"No tournament '{tournament}'.") from None
        path = Path(output or f"{tournament.slug}-{timezone.now():%Y%m%d-%H%M}.desk.gz")
        content = export_archive(tournament)
        path.write_bytes(content)
        self.stdout.write(self.style.SUCCESS(f"Wrote {path} ({len(content):,} bytes)."))
