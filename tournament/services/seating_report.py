"""The seating as drawn, read back: each session's tables, the groups the draw keeps apart, and
the quality report of every drawn session (the draw page and the seating page show it). The
draw itself (`draw.planning`) is in a layer above, since a Swiss session reads the standings."""

from tournament import seating
from tournament.models import Registration, Seat, SeatingGroups
from tournament.services.teams import team_of


def seating_groups(tournament, registrations):
    if tournament.seating_groups == SeatingGroups.NONE:
        return None
    attribute = "club" if tournament.seating_groups == SeatingGroups.CLUB else "country"
    groups = {r: getattr(r.player, attribute).strip().lower() for r in registrations}
    return {r: key for r, key in groups.items() if key} or None


def session_tables(session):
    """A drawn session as a list of 4-tuples of registrations in starting seat order."""
    seats = (
        Seat.objects.filter(session=session)
        .select_related("table", "registration__player")
        .order_by("table__number", "wind")
    )
    tables: dict[int, list[Registration | None]] = {}
    for seat in seats:
        tables.setdefault(seat.table.number, [None] * 4)[seat.wind] = seat.registration
    return [tuple(players) for _number, players in sorted(tables.items())]


def current_report(tournament):
    """The quality report of every drawn session of the tournament, as stored."""
    sessions = tournament.sessions.drawn().order_by("number")
    schedule = [session_tables(session) for session in sessions]
    if not schedule:
        return None
    players = {r for tables in schedule for table in tables for r in table}
    report = seating.seating_report(
        schedule, groups=seating_groups(tournament, players), teams=team_of(players)
    )
    return report.replace(lower_bound=seating.lower_bound(len(schedule[0]) * 4, len(schedule)))
