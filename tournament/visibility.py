"""What the public may see. The director sees everything; everyone else sees a tournament only
once it is published, a session's seating only once the director published it, and results
(closed tables, the standings after a confirmed session) only once they are published too.
Pages that are not visible answer 404, as if they did not exist."""

from tournament.permissions import is_director


def seating_visible(user, session):
    return is_director(user, session.tournament) or session.seating_published


def results_visible(user, session):
    return is_director(user, session.tournament) or session.results_published


def visible_seating_sessions(user, tournament):
    sessions = tournament.sessions.drawn().order_by("number")
    if not is_director(user, tournament):
        sessions = sessions.filter(seating_published=True)
    return sessions


def standings_through(user, tournament):
    """The last confirmed session whose standings this user may see (None: no standings)."""
    visible = confirmed_visible(user, tournament)
    return visible[-1] if visible else None


def confirmed_visible(user, tournament):
    """Confirmed session numbers whose standings this user may see.

    The standings after session n count every confirmed session up to n, so the public sees
    them only while all of those have published results: they stop before the first confirmed
    session the director has not published.
    """
    sessions = tournament.sessions.confirmed().order_by("number")
    if is_director(user, tournament):
        return list(sessions.values_list("number", flat=True))
    visible = []
    for number, published in sessions.values_list("number", "results_published"):
        if not published:
            break
        visible.append(number)
    return visible
