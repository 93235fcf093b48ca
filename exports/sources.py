"""What an export is made from, checked once, with one message for each refusal: the drawn
session of a print per session, and the confirmed standings. The exporters (`exporters.py`) and
the documents (`pdf/`) both read them from here, so a refusal says the same whatever the
format, and the standings are computed once per file."""

from django.utils.translation import gettext as _

from exports import ExportError
from scoring.standings.ranking import cached_standings


def drawn_session(tournament, number):
    """Session `number` of the tournament, drawn; ExportError when none is named, when there
    is no such session, or when it is not drawn yet."""
    if number is None:
        raise ExportError(_("Say which session (--session N)."))
    session = tournament.sessions.filter(number=number).first()
    if session is None:
        raise ExportError(
            _("There is no session %(number)s in %(tournament)s.")
            % {"number": number, "tournament": tournament.name}
        )
    if session.is_draft or not session.tables.exists():
        raise ExportError(
            _("Session %(number)s has not been drawn yet: draw the seating first, then print it.")
            % {"number": number}
        )
    return session


def confirmed_standings(tournament, through=None):
    """The standings after the last confirmed session (or confirmed session `through`);
    ExportError when there is nothing confirmed to rank yet. Kept in the shared cache for the
    standings version (`cached_standings`, as the projector and the player pages read them):
    the report cards visitors ask for one by one add up the results once per version."""
    standings = cached_standings(tournament, through=through)
    if standings.through is None:
        raise ExportError(
            _("No session of %(tournament)s has been confirmed yet: there are no standings.")
            % {"tournament": tournament.name}
        )
    if through is not None and through not in standings.session_numbers:
        raise ExportError(
            _(
                "Session %(number)s has not been confirmed yet: its standings come once the "
                "director confirms it."
            )
            % {"number": through}
        )
    return standings
