"""`python manage.py import_players <tournament-slug> <file>`: the page's player import, from the
command line. Prints every bad row and exits with an error when nothing was imported; prints
every row that was matched to a player the desk already knew, and how.

A row that only has the name of a known player (no EMA id that matches) is a new player unless
`--match-by-name` is given (or that player is already registered in this tournament), as on the
page: two people are never merged silently."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournament.management.roles import add_account_argument, tournament_for
from tournament.services.player_files import PlayerListError, check_size
from tournament.services.player_import import import_players


class Command(BaseCommand):
    help = "Import a player list (CSV or XLSX) into a tournament; all rows or none."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the tournament's short name (slug)")
        add_account_argument(parser)
        parser.add_argument("file", help="a .csv or .xlsx file with a header row")
        parser.add_argument(
            "--substitutes", action="store_true", help="register the players as substitutes"
        )
        parser.add_argument(
            "--match-by-name",
            action="store_true",
            help="a row with the name of a known player (and no other EMA id) is that player",
        )

    def handle(self, *args, tournament, account, file, substitutes, match_by_name, **options):
        tournament = tournament_for(tournament, account, list_known=True)
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"No file {path}.")
        try:
            check_size(path.stat().st_size)  # before reading it into memory
        except PlayerListError as exc:
            raise CommandError(str(exc)) from exc
        result = import_players(
            tournament,
            path.name,
            path.read_bytes(),
            as_substitutes=substitutes,
            match_by_name=match_by_name,
        )
        if not result.ok:
            for error in result.errors:
                self.stderr.write(str(error))
            raise CommandError(f"Nothing imported: {len(result.errors)} problem(s) in {path.name}.")
        for line in result.match_lines():
            self.stdout.write(line)
        self.stdout.write(self.style.SUCCESS(result.summary()))
        if result.groups_summary():
            self.stdout.write(result.groups_summary())
