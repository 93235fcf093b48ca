"""A laptop desk has one director, for whom the commands act without --user (issue 20). A module
of its own: the role tests' modules hold a federation server's several directors."""

from django.core.management import call_command

from tournament.services.tournaments import create_tournament


def test_a_laptop_desk_needs_no_user_option(db, director, tmp_path):
    cup = create_tournament(
        name="Laptop",
        slug="laptop",
        start_date="2026-04-01",
        end_date="2026-04-01",
        session_count=4,
        creator=director,
    )
    out = tmp_path / "laptop.desk.gz"
    call_command("archive_tournament", cup.slug, "-o", str(out))
    assert out.exists()
