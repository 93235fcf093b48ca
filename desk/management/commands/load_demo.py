"""`python manage.py load_demo`: add the demo tournament (refused if it is already there)."""

from django.core.management.base import BaseCommand, CommandError

from desk.demo import demo_exists, load_demo


class Command(BaseCommand):
    help = "Load the demo MCR tournament (32 players, 6 sessions)."

    def handle(self, *args, **options):
        if demo_exists():
            raise CommandError("The demo tournament is already loaded.")
        tournament = load_demo()
        self.stdout.write(self.style.SUCCESS(f"Loaded '{tournament.name}' ({tournament.slug})."))
