"""What the public may see. The director sees everything; everyone else sees a tournament only
once it is published, a session's seating only once the director published it, and results
(closed tables, the standings after a confirmed session) only once they are published too.
Pages that are not visible answer 404, as if they did not exist."""

from desk.permissions import is_director
from tournament.models import SessionStatus


def seating_visible(user, session):
    return is_director(user) or session.seating_published


def results_visible(user, session):
    return is_director(user) or session.results_published


def visible_seating_sessions(user, tournament):
    sessions = tournament.sessions.exclude(status=SessionStatus.DRAFT).order_by("number")
    if not is_director(user):
        sessions = sessions.filter(seating_published=True)
    return sessions


def standings_through(user, tournament):
    """The last confirmed session whose standings this user may see (None: no standings)."""
    sessions = tournament.sessions.filter(status=SessionStatus.FINISHED)
    if not is_director(user):
        sessions = sessions.filter(results_published=True)
    return sessions.order_by("-number").values_list("number", flat=True).first()


def confirmed_visible(user, tournament):
    """Confirmed session numbers whose standings this user may see."""
    sessions = tournament.sessions.filter(status=SessionStatus.FINISHED)
    if not is_director(user):
        sessions = sessions.filter(results_published=True)
    return list(sessions.order_by("number").values_list("number", flat=True))
