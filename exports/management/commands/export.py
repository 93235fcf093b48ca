"""`python manage.py export <tournament-slug> <what> --format <fmt> -o <file>`

<what>: standings (xlsx, pdf, csv; the workbook has the "Teams" and "Sub-rankings" sheets),
teams (pdf, csv: the team standings), subrankings (csv: every category, country and club, or
one: --group country:ITA, category:<id>, club:<name>),
ema (xlsx; --provisional before the last session is confirmed), scoresheets (pdf; --session N, --blank),
seating (pdf; --session N), schedules (pdf), tablecards (pdf; --session N),
refslips (pdf; --session N, --link-base URL: the referee slips with each table's link and PIN),
reportcards (pdf; --player ID for one player's card), allsessions (pdf).
"""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from exports import ExportError
from exports.build import ExportRequest, build_export
from exports.exporters import EXPORTERS
from tournament.management.roles import add_account_argument, tournament_for


class Command(BaseCommand):
    help = (
        "Export standings, team standings, sub-rankings, the EMA results file, score sheets, seating lists, schedules or "
        "table cards of a tournament."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the tournament's short name (slug)")
        add_account_argument(parser)
        parser.add_argument("what", choices=sorted(EXPORTERS))
        parser.add_argument(
            "--format",
            dest="fmt",
            default=None,
            help="xlsx, pdf or csv (default: the first the export offers)",
        )
        parser.add_argument("-o", "--output", help="the file to write (default: its name)")
        parser.add_argument(
            "--session", type=int, help="the session (score sheets, seating, table cards)"
        )
        parser.add_argument("--through", type=int, help="standings after this session")
        parser.add_argument("--player", type=int, help="one player's report card (the player's id)")
        parser.add_argument("--blank", action="store_true", help="blank score sheets")
        parser.add_argument(
            "--group",
            default="",
            help="one sub-ranking: country:ITA, category:<id> or club:<name>",
        )
        parser.add_argument(
            "--provisional",
            action="store_true",
            help="the EMA results before the last session is confirmed, marked provisional",
        )
        parser.add_argument(
            "--link-base",
            default=settings.DESK_PUBLIC_URL or "http://127.0.0.1:8000",
            help="the address phones use to reach the desk (referee slips)",
        )

    def handle(self, *args, **options):
        tournament = tournament_for(options["tournament"], options["account"])
        what = options["what"]
        request = ExportRequest(
            what=what,
            fmt=options["fmt"] or EXPORTERS[what].formats[0],
            session=options["session"],
            blank=options["blank"],
            through=options["through"],
            link_base=options["link_base"],
            provisional=options["provisional"],
            player=options["player"],
            group=options["group"],
        )
        try:
            filename, _type, content = build_export(tournament, request)
        except ExportError as exc:
            raise CommandError(str(exc)) from None
        path = Path(options["output"] or filename)
        try:
            path.write_bytes(content)
        except OSError as exc:
            raise CommandError(f"Cannot write {path}: {exc.strerror or exc}.") from None
        self.stdout.write(self.style.SUCCESS(f"Wrote {path} ({len(content):,} bytes)."))
