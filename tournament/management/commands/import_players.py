"""`python manage.py import_players <tournament-slug> <file>`: the page's player import, from the
command line. Prints every bad row and exits with an error when nothing was imported."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.models import Tournament
from tournament.services.player_import import import_players


class Command(BaseCommand):
    help = "Import a player list (CSV or XLSX) into a tournament; all rows or none."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the tournament's short name (slug)")
        parser.add_argument("file", help="a .csv or .xlsx file with a header row")
        parser.add_argument(
            "--substitutes", action="store_true", help="register the players as substitutes"
        )

    def handle(self, *args, tournament, file, substitutes, **options):
        try:
            tournament = Tournament.objects.get(slug=tournament)
        except Tournament.DoesNotExist:
            known = ", ".join(Tournament.objects.values_list("slug", flat=True)) or "none"
            raise CommandError(f"No tournament '{tournament}'. Known: {known}.") from None
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"No file {path}.")
        result = import_players(
            tournament, path.name, path.read_bytes(), as_substitutes=substitutes
        )
        if not result.ok:
            for error in result.errors:
                self.stderr.write(str(error))
            raise CommandError(f"Nothing imported: {len(result.errors)} problem(s) in {path.name}.")
        self.stdout.write(self.style.SUCCESS(result.summary()))
