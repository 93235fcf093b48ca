"""`build_export()`: what the download views and `manage.py export` call.

One table of what can be exported in which format; each entry knows the options it needs
(a session number, the blank variant of score sheets, the address phones use for QR codes).
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from exports import ExportError
from scoring.standings import compute_standings

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


def _session(tournament, request, *, drawn=True):
    if request.session is None:
        raise ExportError(_("Say which session (--session N)."))
    session = tournament.sessions.filter(number=request.session).first()
    if session is None:
        raise ExportError(_("There is no session %(n)s.") % {"n": request.session})
    if drawn and session.is_draft:
        raise ExportError(_("Session %(n)s has not been drawn yet.") % {"n": request.session})
    return session


def _confirmed_standings(tournament, through=None):
    """The standings to export; ExportError when there is nothing confirmed to rank yet."""
    confirmed = set(tournament.sessions.confirmed().values_list("number", flat=True))
    if not confirmed:
        raise ExportError(_("No session has been confirmed yet: there are no standings."))
    if through is not None and through not in confirmed:
        raise ExportError(_("Session %(n)s is not confirmed.") % {"n": through})
    return compute_standings(tournament, through=through)


def _standings(tournament, request):
    from exports import csv_file, rows, xlsx

    standings = _confirmed_standings(tournament, request.through)
    if request.fmt == "xlsx":
        with xlsx.paused_garbage_collection():
            return xlsx.render_workbook(rows.standings_workbook_sheets(standings))
    if request.fmt == "csv":
        return csv_file.render_csv(rows.standings_sheet(standings))
    from exports.pdf.standings import render_standings

    return render_standings(tournament, through=request.through)


def _ema(tournament, request):
    from exports import rows, xlsx

    return xlsx.render_workbook([rows.ema_sheet(_confirmed_standings(tournament))])


def _scoresheets(tournament, request):
    session = _session(tournament, request)
    from exports.pdf.scoresheet import render_scoresheets

    return render_scoresheets(tournament, session_number=session.number, blank=request.blank)


def _seating(tournament, request):
    session = _session(tournament, request)
    from exports.pdf.seating import render_seating

    return render_seating(tournament, session_number=session.number)


def _schedules(tournament, request):
    from exports.pdf.schedules import render_schedules

    return render_schedules(tournament)


def _tablecards(tournament, request):
    session = _session(tournament, request)
    from exports.pdf.tablecards import render_tablecards

    return render_tablecards(
        tournament, session_number=session.number, link_base=request.link_base.rstrip("/")
    )


#: what -> (formats, builder)
EXPORTS = {
    "standings": (("xlsx", "pdf", "csv"), _standings),
    "ema": (("xlsx",), _ema),
    "scoresheets": (("pdf",), _scoresheets),
    "seating": (("pdf",), _seating),
    "schedules": (("pdf",), _schedules),
    "tablecards": (("pdf",), _tablecards),
}


def build_export(tournament, request):
    """Return (file name, content type, bytes) for `request`, or raise ExportError."""
    if request.what not in EXPORTS:
        raise ExportError(
            _("Unknown export %(what)s; the exports are: %(valid)s")
            % {"what": request.what, "valid": ", ".join(EXPORTS)}
        )
    formats, builder = EXPORTS[request.what]
    if request.fmt not in formats:
        raise ExportError(
            _("%(what)s comes as %(valid)s, not %(fmt)s")
            % {"what": request.what, "valid": ", ".join(formats), "fmt": request.fmt}
        )
    content = builder(tournament, request)
    parts = [tournament.slug, request.what]
    if request.session is not None and request.what in ("scoresheets", "seating", "tablecards"):
        parts.append(f"session{request.session}")
    if request.blank and request.what == "scoresheets":
        parts.append("blank")
    return f"{'-'.join(parts)}.{request.fmt}", CONTENT_TYPES[request.fmt], content
