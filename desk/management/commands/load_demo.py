"""`python manage.py load_demo`: add the demo tournaments that are missing.

"Demo Open" (MCR, `desk/demo.py`) and "Demo Riichi Teams" (EMA Riichi 2016 with teams, a
qualifying stage and a final, `desk/demo_riichi.py`); `--only mcr` or `--only riichi` loads one.
"""

from django.core.management.base import BaseCommand, CommandError

from desk.demo import demo_exists, load_demo
from desk.demo_riichi import load_riichi_demo, riichi_demo_exists

DEMOS = {"mcr": (demo_exists, load_demo), "riichi": (riichi_demo_exists, load_riichi_demo)}


class Command(BaseCommand):
    help = (
        "Load the demo tournaments that are missing: MCR (32 players, 6 sessions) and riichi "
        "(8 teams of 4, 4 qualifying sessions and a final of 2)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--only", choices=sorted(DEMOS), help="load this demo only")

    def handle(self, *args, only=None, **options):
        chosen = [only] if only else list(DEMOS)
        missing = [name for name in chosen if not DEMOS[name][0]()]
        if not missing:
            raise CommandError("The demo tournaments are already loaded.")
        for name in missing:
            tournament = DEMOS[name][1]()
            self.stdout.write(
                self.style.SUCCESS(f"Loaded '{tournament.name}' ({tournament.slug}).")
            )
