"""The desk in Italian: every user-facing string translated, numbers and dates per language."""

import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from common import formatting

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "it" / "LC_MESSAGES" / "django.po"


def entries(po_file, *flags):
    """msgids that msgattrib selects (untranslated, fuzzy...) in a .po file."""
    output = subprocess.run(
        ["msgattrib", *flags, "--no-wrap", str(po_file)], capture_output=True, text=True, check=True
    ).stdout
    return [
        line[7:-1]
        for line in output.splitlines()
        if line.startswith('msgid "') and line != 'msgid ""'
    ]


def test_the_italian_catalogue_has_no_untranslated_string(tmp_path, settings, monkeypatch):
    """Extract every marked string from the code as it is now and check the catalogue.

    makemessages writes into any `locale/` folder beside the files it reads, so it runs in a
    copy of the project made of links, with a copy of the catalogue: the real one is never
    rewritten (several people edit it at once).
    """
    project = tmp_path / "project"
    work = project / "locale" / "it" / "LC_MESSAGES"
    work.mkdir(parents=True)
    shutil.copy(CATALOGUE, work / "django.po")
    skipped = {"locale", ".venv", "data", "bench", "tests", "htmlcov", ".git"}
    for entry in Path(settings.BASE_DIR).iterdir():
        if entry.name not in skipped:
            (project / entry.name).symlink_to(entry)
    before = CATALOGUE.read_bytes()
    settings.LOCALE_PATHS = [project / "locale"]
    monkeypatch.chdir(project)
    call_command(
        "makemessages",
        locale=["it"],
        no_location=True,
        symlinks=True,
        verbosity=0,
        ignore_patterns=[".venv/*", "data/*", "bench/*", "tests/*", "htmlcov/*"],
    )
    assert CATALOGUE.read_bytes() == before  # the real catalogue is untouched
    merged = work / "django.po"
    missing = entries(merged, "--untranslated")
    fuzzy = entries(merged, "--only-fuzzy")
    assert missing == [], f"{len(missing)} strings without an Italian translation: {missing}"
    assert fuzzy == [], f"{len(fuzzy)} fuzzy (doubtful) translations: {fuzzy}"


def test_the_catalogue_compiles_without_error(tmp_path):
    result = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "django.mo"), str(CATALOGUE)],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr


def test_pages_come_in_italian(client, db):
    from tests.factories import build

    cup = build(slug="italia")
    response = client.get(reverse("tournament", args=[cup.slug]), HTTP_ACCEPT_LANGUAGE="it")
    page = response.content.decode()
    assert '<html lang="it">' in page
    assert "Classifica" in page and "Giocatori iscritti" in page


@pytest.mark.parametrize(
    ("language", "points", "riichi", "date"),
    # A negative number is written with the minus sign "−" (U+2212) on pages and prints.
    [("en", "2.33", "\u221221.6", "May 2, 2026"), ("it", "2,33", "\u221221,6", "2 maggio 2026")],
)
def test_numbers_and_dates_follow_the_language(language, points, riichi, date):
    import datetime as dt

    from django.utils.formats import date_format

    with translation.override(language):
        assert formatting.table_points(Fraction(7, 3)) == points
        assert formatting.thousands(Fraction(-64700, 3)) == riichi
        assert date_format(dt.date(2026, 5, 2)) == date


def test_the_language_switcher(client, db):
    response = client.post(reverse("set_language"), {"language": "it", "next": "/"})
    assert response.status_code == 302
    assert "Tornei" in client.get("/").content.decode()
