"""`build_export()`: what the download views and `manage.py export` call.

It checks the request against the registry of exporters (`exporters.EXPORTERS`: identifier,
formats, whether a session is needed, file name, content) and returns the file.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from exports import ExportError
from exports.exporters import EXPORTERS

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CONTENT_TYPES = {"xlsx": XLSX, "pdf": "application/pdf", "csv": "text/csv; charset=utf-8"}


@dataclass(frozen=True)
class ExportRequest:
    what: str
    fmt: str
    session: int | None = None
    blank: bool = False
    through: int | None = None
    link_base: str = "http://127.0.0.1:8000"
    #: The EMA results before the last session is confirmed, marked provisional.
    provisional: bool = False
    #: One player's document (a Player id): the report card of that player alone.
    player: int | None = None
    #: One sub-ranking (docs/rules.md §10.4), as the standings page names it: "country:ITA".
    group: str = ""


def build_export(tournament, request):
    """Return (file name, content type, bytes) for `request`, or raise ExportError."""
    exporter = EXPORTERS.get(request.what)
    if exporter is None:
        raise ExportError(
            _("Unknown export %(what)s; the exports are: %(valid)s")
            % {"what": request.what, "valid": ", ".join(EXPORTERS)}
        )
    if request.fmt not in exporter.formats:
        raise ExportError(
            _("%(what)s comes as %(valid)s, not %(fmt)s")
            % {"what": request.what, "valid": ", ".join(exporter.formats), "fmt": request.fmt}
        )
    content = exporter.render(tournament, request)
    return exporter.file_name(tournament, request), CONTENT_TYPES[request.fmt], content
