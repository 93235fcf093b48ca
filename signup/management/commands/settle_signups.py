"""`manage.py settle_signups`: end the offers past their time and offer the free places to the
waiting lists of every tournament with a sign-up (run every few minutes by cron or a systemd
timer on a federation server; the pages do the same whenever they are opened)."""

from django.core.management.base import BaseCommand

from signup.models import Signup
from signup.services.places import settle_now


class Command(BaseCommand):
    help = "End the sign-up offers past their time and offer the free places."

    def handle(self, *args, **options):
        moved = 0
        for signup in Signup.objects.select_related("tournament"):
            moved += settle_now(signup.tournament)
        self.stdout.write(f"Waiting lists moved in {moved} tournament(s).")
