"""`python manage.py draw <tournament> [--session N] [--seed S]`: the draw page, from the shell.

Draws every session not yet played (or session N alone), writes it, and prints the report of
exactly the draw written (it is computed once, inside the writing transaction).
"""

from django.core.management.base import BaseCommand, CommandError

from draw.errors import DrawError
from draw.writing import write_draw
from tournament.management.roles import add_account_argument, tournament_for


class Command(BaseCommand):
    help = "Draw the seating of every session not yet played, or of one session."

    def add_arguments(self, parser):
        parser.add_argument("tournament", help="the tournament's short name (slug)")
        add_account_argument(parser)
        parser.add_argument("--session", type=int, help="draw only this session")
        parser.add_argument("--seed", type=int, help="the random seed (to reproduce a draw)")

    def handle(self, *args, tournament, account, session, seed, **options):
        tournament = tournament_for(tournament, account)
        try:
            plan = write_draw(tournament, session_number=session, seed=seed)
        except DrawError as exc:
            raise CommandError(str(exc)) from None
        report = plan.report
        numbers = ", ".join(str(s.number) for s in plan.scope)
        self.stdout.write(
            self.style.SUCCESS(
                f"Drew session(s) {numbers} of {tournament.slug} with seed {plan.seed}."
            )
        )
        self.stdout.write(
            f"repeats {report['repeats']} (lower bound {report['lower_bound']}), "
            f"max meetings {report['max_meetings']}, wind spread {report['wind_spread']}, "
            f"group clashes {report['group_clashes']}"
        )
        other = report.alternative
        if other is not None:
            which = (
                "keep them apart first" if other.apart_first else "avoid repeated opponents first"
            )
            self.stdout.write(
                f"The other choice ({which}, the tournament's setting 'when both cannot be "
                f"avoided'): repeats {other.repeats}, group clashes {other.group_clashes}."
            )
        if report["clock_stopped"]:
            self.stdout.write(
                self.style.WARNING(
                    "The safety clock stopped the search early (a very slow computer): the draw "
                    "is valid but may differ on another computer with the same seed."
                )
            )
        for cleared in plan.cleared:
            self.stdout.write(f"Session {cleared.number} was cleared: draw it again.")
