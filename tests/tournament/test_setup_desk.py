"""`setup_desk` (what `make run` calls) on a desk that already has a tournament or its director:
nothing is loaded, and a password changed since is not printed. The first run on an empty desk:
`test_demo.py`."""

from django.contrib.auth import get_user_model
from django.core.management import call_command

from desk.demo import DEMO_SLUG
from tournament.models import Tournament


def test_setup_desk_leaves_a_desk_with_tournaments_alone(db, settings, tmp_path, tournament):
    settings.DATA_DIR = tmp_path
    call_command("setup_desk")
    assert not Tournament.objects.filter(slug=DEMO_SLUG).exists()


def test_changed_password_is_not_printed(db, settings, tmp_path, capsys):
    settings.DATA_DIR = tmp_path
    call_command("setup_desk", "--no-demo")
    director = get_user_model().objects.get(username="director")
    director.set_password("something-else-entirely")
    director.save()
    capsys.readouterr()
    call_command("setup_desk", "--no-demo")
    assert "password changed" in capsys.readouterr().out
