"""Who meets again in a draw, said plainly in its preview (issue 31; docs/rules.md §9.3).

The quality report counts repeated meetings ("most meetings of a pair: 3"); a director needs
the names too: at which table of which session players who already sat together meet again,
and whether a table seats exactly the four of an earlier table (a final seated by the
standings, drawn at the cut, keeps its tables). Pure: it reads the seating as drawn, never the
database.
"""

from dataclasses import dataclass
from itertools import combinations


@dataclass(frozen=True)
class MeetAgain:
    session: int  # the session drawn
    table: int  # its table number
    players: tuple  # the registrations at that table who met before, in seat order
    before: tuple[int, ...]  # the earlier sessions where (some of) them sat together
    same_as: int | None  # the earlier session with a table of these very four, if any

    @property
    def names(self):
        return [registration.player.full_name for registration in self.players]


def meetings_again(history, history_numbers, schedule, numbers):
    """The tables of `schedule` (the sessions `numbers` drawn) where players meet who sat
    together before, in `history` (the sessions `history_numbers` drawn before) or earlier in
    the same draw. Tables are 4-tuples of registrations."""
    met: dict[frozenset, list[int]] = {}
    fours: dict[frozenset, int] = {}

    def remember(tables, number):
        for table in tables:
            fours.setdefault(frozenset(table), number)
            for pair in combinations(table, 2):
                met.setdefault(frozenset(pair), []).append(number)

    for tables, number in zip(history, history_numbers, strict=True):
        remember(tables, number)
    again = []
    for tables, number in zip(schedule, numbers, strict=True):
        for index, table in enumerate(tables, start=1):
            pairs = [pair for pair in combinations(table, 2) if frozenset(pair) in met]
            if not pairs:
                continue
            seen = {player for pair in pairs for player in pair}
            before = sorted({n for pair in pairs for n in met[frozenset(pair)]})
            again.append(
                MeetAgain(
                    session=number,
                    table=index,
                    players=tuple(player for player in table if player in seen),
                    before=tuple(before),
                    same_as=fours.get(frozenset(table)),
                )
            )
        remember(tables, number)
    return again
