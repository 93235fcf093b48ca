"""Moving the projector's results reveal (see `scoring/reveal.py`): start it, show the next
place, take one back, end it. The step lives on the tournament's row, so every server process,
the director's phone and the projector's own keyboard see the same one; each move names the
step its page showed and is refused when someone else moved first (a double press or a key and
a button at once reveal one place, not two)."""

from django.db import transaction
from django.utils.translation import gettext as _

from common.errors import UserError
from rules.limits import MAX_REVEAL_PLACES, MIN_REVEAL_PLACES
from scoring.reveal.steps import build_reveal
from scoring.services.publication import publish
from scoring.standings.ranking import cached_standings
from tournament.models import ProjectorMode, Tournament

MIN_PLACES, MAX_PLACES = MIN_REVEAL_PLACES, MAX_REVEAL_PLACES


class RevealError(UserError):
    """A move of the reveal that the desk refuses (the message says why)."""


def _locked(tournament, actor):
    if not actor.is_director:
        raise RevealError(_("Only the director can do this."))
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def reveal_through(tournament):
    """The session the reveal's standings are after: the last confirmed one, its results
    published or not. Starting the reveal is the director's publication of those standings,
    place by place: keeping the last session's results unpublished until the reveal ends keeps
    the standings page and the players' phones from spoiling it."""
    return (
        tournament.sessions.confirmed().order_by("number").values_list("number", flat=True).last()
    )


def reveal_of(tournament):
    """The reveal as it stands (None before any confirmed session)."""
    through = reveal_through(tournament)
    if through is None:
        return None
    standings = cached_standings(tournament, through=through)
    reveal = build_reveal(
        standings.rows, places=tournament.reveal_places, step=tournament.reveal_step
    )
    reveal.standings = standings
    return reveal


@transaction.atomic
def start_reveal(tournament, *, actor, places):
    """The projector shows the reveal from the start: the standings without the top `places`."""
    tournament = _locked(tournament, actor)
    if places is None or not MIN_PLACES <= places <= MAX_PLACES:
        raise RevealError(
            _("The places to reveal are a whole number from %(min)s to %(max)s.")
            % {"min": MIN_PLACES, "max": MAX_PLACES}
        )
    if reveal_through(tournament) is None:
        raise RevealError(_("No session has been confirmed yet: there is nothing to reveal."))
    tournament.projector_mode = ProjectorMode.REVEAL
    tournament.reveal_places = places
    tournament.reveal_step = 0
    tournament.save(update_fields=["projector_mode", "reveal_places", "reveal_step"])
    return tournament


@transaction.atomic
def move_reveal(tournament, *, actor, seen, forward=True):
    """Show the next hidden place (`forward`) or hide the last one shown again. `seen` is the
    step the page showed: if the reveal moved since, nothing changes."""
    tournament = _locked(tournament, actor)
    if tournament.projector_mode != ProjectorMode.REVEAL:
        raise RevealError(_("The projector is not showing the results reveal."))
    if seen != tournament.reveal_step:
        raise RevealError(
            _(
                "The reveal moved on since this page was shown (%(shown)s places out now): "
                "nothing was changed. Look at the projector, then try again."
            )
            % {"shown": tournament.reveal_step}
        )
    reveal = reveal_of(tournament)
    total = reveal.total if reveal else 0
    step = seen + 1 if forward else seen - 1
    if forward and step > total:
        raise RevealError(_("Every place has been revealed."))
    if not forward and step < 0:
        raise RevealError(_("Nothing has been revealed yet."))
    tournament.reveal_step = step
    tournament.save(update_fields=["reveal_step"])
    return tournament


@transaction.atomic
def end_reveal(tournament, *, actor):
    """Back to the standings on the projector (the whole of them). The places have just been
    announced: the results of the session the reveal was after are published, or the projector
    (and every phone) would fall back to the standings of the session before."""
    tournament = _locked(tournament, actor)
    through = reveal_through(tournament)
    if through is not None:
        session = tournament.sessions.get(number=through)
        if not session.results_published:
            publish(session, actor=actor, results=True)
    tournament.projector_mode = ProjectorMode.STANDINGS
    tournament.reveal_step = 0
    tournament.save(update_fields=["projector_mode", "reveal_step"])
    return tournament
