"""The results reveal on the projector, for the prize-giving: the final standings shown
without their top places, then those places revealed one by one, from the last of them to the
first.

Vocabulary: `places` is the director's N (`Tournament.reveal_places`); the hidden rows are the
ranked rows whose place is N or better; a *step* reveals one place, with every player who
shares it ("=2" comes out together); `step` (`Tournament.reveal_step`, in the database) is how
many places are out. Read-only: the services in `scoring/services/reveal.py` move the step.

Nothing hidden is ever handed to a template: `rest` and `revealed` are all a page can show, so
the names, scores and even the ties of the hidden places stay out of the HTML and the JSON.
"""

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from scoring.standings.ranking import StandingRow


@dataclass
class Reveal:
    places: int
    step: int
    #: Every hidden place's rows, in the order they come out (the N-th place first).
    groups: list = field(default_factory=list)
    #: The rows shown from the start: places after N, then the players without a place.
    rest: list = field(default_factory=list)
    #: The standings the rows come from (set by `scoring.reveal.services.reveal_of`).
    standings: object = None

    @property
    def total(self):
        return len(self.groups)

    @property
    def revealed(self):
        """The rows out so far, best place first (as the projector lists them)."""
        return [row for group in reversed(self.groups[: self.step]) for row in group]

    @property
    def latest(self):
        """The rows the last step brought out (highlighted on the screen)."""
        return self.groups[self.step - 1] if self.step else []

    @property
    def still_hidden(self):
        """The places still to come, as (first, last): (1, N) before the first step, (1, p - 1)
        after place p came out, None once all are out. Derived from what is already shown, so
        it tells nothing about the hidden rows (not even a tie among them)."""
        if self.step >= self.total:
            return None
        last = self.places if not self.step else self.groups[self.step - 1][0].place - 1
        return (1, last)

    @property
    def finished(self):
        return self.step >= self.total


def build_reveal(rows, *, places, step):
    """The reveal of standings `rows` (in standings order, each with `.place`, None for a player
    without a place) with the top `places` places hidden and `step` of them out (kept between 0
    and the number of hidden places)."""
    groups: dict[int, list[StandingRow]] = {}
    rest = []
    for row in rows:
        if row.place is not None and row.place <= places:
            groups.setdefault(row.place, []).append(row)
        else:
            rest.append(row)
    ordered = [groups[place] for place in sorted(groups, reverse=True)]
    return Reveal(places, max(0, min(step, len(ordered))), ordered, rest)
