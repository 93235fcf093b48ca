"""The registry of exporters: one class per export, used by the downloads and the command."""

import pytest
from django.urls import reverse

from exports.build import CONTENT_TYPES, ExportRequest, build_export
from exports.exporters import EXPORTERS
from exports.management.commands.export import Command


def test_every_export_is_registered_once_with_a_renderer_per_format():
    assert list(EXPORTERS) == [
        "standings",
        "teams",
        "subrankings",
        "ema",
        "statistics",
        "scoresheets",
        "seating",
        "schedules",
        "tablecards",
        "refslips",
        "reportcards",
        "allsessions",
    ]
    for identifier, exporter in EXPORTERS.items():
        assert exporter.identifier == identifier
        assert exporter.formats
        for fmt in exporter.formats:
            assert fmt in CONTENT_TYPES
            assert callable(getattr(exporter, f"render_{fmt}"))
    needing = {identifier for identifier, e in EXPORTERS.items() if e.needs_session}
    assert needing == {"scoresheets", "seating", "tablecards", "refslips"}


def test_the_command_offers_the_registry():
    parser = Command().create_parser("manage.py", "export")
    what = next(action for action in parser._actions if action.dest == "what")
    assert list(what.choices) == sorted(EXPORTERS)


@pytest.mark.parametrize(
    ("request_", "name"),
    [
        (ExportRequest("standings", "csv"), "played-standings.csv"),
        (ExportRequest("standings", "csv", through=1), "played-standings.csv"),
        (
            ExportRequest("ema", "xlsx", provisional=True),
            "played-ema-provisional-after-session2-of-3.xlsx",
        ),
        (ExportRequest("seating", "pdf", session=1), "played-seating-session1.pdf"),
        (ExportRequest("scoresheets", "pdf", session=2), "played-scoresheets-session2.pdf"),
        (
            ExportRequest("scoresheets", "pdf", session=1, blank=True),
            "played-scoresheets-session1-blank.pdf",
        ),
        (ExportRequest("tablecards", "pdf", session=1), "played-tablecards-session1.pdf"),
        (ExportRequest("schedules", "pdf", session=1), "played-schedules.pdf"),
        (ExportRequest("seating", "pdf", session=1, blank=True), "played-seating-session1.pdf"),
    ],
)
def test_file_names(played, request_, name):
    file_name, content_type, content = build_export(played, request_)
    assert file_name == name
    assert content_type == CONTENT_TYPES[request_.fmt]
    assert content.startswith(b"%PDF") if request_.fmt == "pdf" else content


def test_the_command_writes_the_default_file_name_in_the_default_format(
    played, tmp_path, monkeypatch
):
    from django.core.management import call_command

    monkeypatch.chdir(tmp_path)
    call_command("export", played.slug, "seating", "--session", "1")
    call_command("export", played.slug, "standings")
    assert (tmp_path / "played-seating-session1.pdf").read_bytes().startswith(b"%PDF")
    assert (tmp_path / "played-standings.xlsx").read_bytes().startswith(b"PK")


def test_the_download_names_the_file_as_the_command_does(played, director_client):
    url = reverse("export", args=[played.slug, "scoresheets", "pdf"]) + "?session=1&blank=1"
    response = director_client.get(url)
    assert response.status_code == 200
    assert (
        response["Content-Disposition"]
        == 'attachment; filename="played-scoresheets-session1-blank.pdf"'
    )
