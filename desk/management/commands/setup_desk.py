"""`python manage.py setup_desk`: what `make run` does after migrating.

Creates the director's account on first use (password from DESK_DIRECTOR_PASSWORD, or generated
into the data folder), loads the demo tournament when the desk has no tournament at all, and
prints how to log in.
"""

import os
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from desk.demo import load_demo
from tournament.models import Tournament

DIRECTOR_USERNAME = "director"


class Command(BaseCommand):
    help = "Create the director account if missing and load the demo into an empty desk."

    def add_arguments(self, parser):
        parser.add_argument("--no-demo", action="store_true", help="never load the demo")

    def handle(self, *args, no_demo=False, **options):
        password_file = settings.DATA_DIR / "director_password.txt"
        User = get_user_model()
        if not User.objects.filter(is_staff=True).exists():
            password = os.environ.get("DESK_DIRECTOR_PASSWORD") or secrets.token_urlsafe(12)
            User.objects.create_superuser(DIRECTOR_USERNAME, "", password)
            fd = os.open(password_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(password + "\n")
            self.stdout.write(f"Created the director account '{DIRECTOR_USERNAME}'.")
        if not no_demo and not Tournament.objects.exists():
            tournament = load_demo()
            self.stdout.write(f"Loaded the demo tournament '{tournament.name}'.")
        director = User.objects.filter(username=DIRECTOR_USERNAME, is_staff=True).first()
        password = ""
        if password_file.exists():
            password = password_file.read_text(encoding="utf-8").strip()
        if director and password and director.check_password(password):
            self.stdout.write(
                self.style.SUCCESS(
                    f"Director login: {DIRECTOR_USERNAME} / {password}  "
                    f"(kept in {password_file}; change it in the admin)"
                )
            )
        else:
            self.stdout.write("Director login: the staff account you chose (password changed).")
