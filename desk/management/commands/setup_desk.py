"""`python manage.py setup_desk`: what `make run` and `make serve` do after migrating.

Creates the director's account on first use (password from DESK_DIRECTOR_PASSWORD, or generated
into the data folder, readable by its owner only) and prints that password once, when it is
created; loads the two demo tournaments (MCR, and riichi with teams and a final) when the desk
has no tournament at all.

A desk whose database is empty while its data folder holds backups has most likely lost its
database: then nothing is created, and the command stops (exit status 1) naming the latest
backup, with the commands that restore it or, with `--fresh`, start a new desk anyway.
"""

import os
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from common import backup, files
from desk.demo import load_demo
from desk.demo_riichi import load_riichi_demo
from tournament.models import Tournament

DIRECTOR_USERNAME = "director"


def lost_database_message(latest, database):
    """What to do when the database is empty but backups exist (shown by setup_desk)."""
    return (
        f"The desk's database ({database}) is empty, but the data folder holds backups.\n"
        f"The latest backup is {latest}.\n\n"
        "To restore it, with the desk stopped:\n"
        f'    cp "{latest}" "{database}"\n'
        f'    rm -f "{database}-wal" "{database}-shm"\n'
        "    make run          (or make serve)\n\n"
        "To start a fresh, empty desk instead (the backups stay where they are):\n"
        "    make run FRESH=1  (or .venv/bin/python manage.py setup_desk --fresh)"
    )


class Command(BaseCommand):
    help = "Create the director account if missing and load the demo into an empty desk."

    def add_arguments(self, parser):
        parser.add_argument("--no-demo", action="store_true", help="never load the demo")
        parser.add_argument(
            "--fresh",
            action="store_true",
            help="set up an empty desk even though the data folder holds backups",
        )

    def handle(self, *args, no_demo=False, fresh=False, **options):
        User = get_user_model()
        empty = not User.objects.exists() and not Tournament.objects.exists()
        database = backup.database_file()
        if empty and not fresh and database is not None:
            latest = backup.newest_backup(backup.backup_dir())
            if latest is not None:
                raise CommandError(lost_database_message(latest, database))
        password_file = settings.DATA_DIR / "director_password.txt"
        if not User.objects.filter(is_superuser=True).exists():
            password = os.environ.get("DESK_DIRECTOR_PASSWORD") or secrets.token_urlsafe(12)
            User.objects.create_superuser(DIRECTOR_USERNAME, "", password)
            files.write_private(password_file, password + "\n")
            self.stdout.write(f"Created the director account '{DIRECTOR_USERNAME}'.")
            self.stdout.write(
                self.style.SUCCESS(
                    f"Director login: {DIRECTOR_USERNAME} / {password}  "
                    f"(kept in {password_file}, readable by you only; change it in the admin)"
                )
            )
        else:
            director = User.objects.filter(username=DIRECTOR_USERNAME, is_superuser=True).first()
            password = ""
            if password_file.exists():
                password = password_file.read_text(encoding="utf-8").strip()
            if director and password and director.check_password(password):
                # Printed only when created: a screen or a log of every start must not show it.
                self.stdout.write(
                    f"Director login: {DIRECTOR_USERNAME}, password in {password_file}."
                )
            else:
                self.stdout.write("Director login: the staff account you chose (password changed).")
        if not no_demo and not Tournament.objects.exists():
            for load in (load_demo, load_riichi_demo):
                tournament = load()
                self.stdout.write(f"Loaded the demo tournament '{tournament.name}'.")
