"""The one meaning of the numbers of a seat's session (docs/rules.md §6.13, "What each column
means"). Every page, print and export that shows them reads them from here.

- **Hand points**: the sum of the hand settlements of the session (what the hands list adds up
  to), without any penalty;
- **Transfers**: penalties paid from one player to the others (MCR false Hu; the riichi 2008
  chombo paid at the table); they sum to zero over a table;
- **Penalties**: penalty points paid to nobody (late arrival, the repeated-infraction ladder,
  EMA Riichi 2016's chombo off the final score); zero or negative.

MCR, classic, FIMJ, Faentino: the session score = hand points + transfers + penalties. Riichi: the
score is the points in front of the player (starting points + hand points + transfers) and the
final score = score - return points + uma (+ leftover deposits to the first) + penalties.

The rule set says which payments are transfers (:meth:`rules.RuleSet.hand_transfers`, the
``transfers`` of a penalty kind) and which chombo costs are paid to nobody
(:meth:`rules.RuleSet.chombo_penalties`). Pure arithmetic over a table snapshot; no writes.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class SeatFigures:
    """One seat's hand points, transfers and penalties in one session (or summed over several)."""

    hand_points: int = 0
    transfers: int = 0
    penalties: int = 0

    @property
    def total(self):
        """Hand points + transfers + penalties: the session score where no uma applies."""
        return self.hand_points + self.transfers + self.penalties

    def __add__(self, other):
        return SeatFigures(
            self.hand_points + other.hand_points,
            self.transfers + other.transfers,
            self.penalties + other.penalties,
        )

    @classmethod
    def of(cls, result):
        """The figures stored with a seat result (a SeatResult or a standings SessionLine)."""
        return cls(result.hand_points, result.transfers, result.penalty_points)


def table_figures(snap):
    """Per starting seat, the :class:`SeatFigures` of a table from its snapshot (its replayed
    hands, live penalties and chombo counts)."""
    ruleset = snap.ruleset
    hands, transfers = [0, 0, 0, 0], [0, 0, 0, 0]
    for line in snap.lines:
        moved = ruleset.hand_transfers(line.hand.entry, line.hand.changes)
        for seat in range(4):
            hands[seat] += line.hand.changes[seat] - moved[seat]
            transfers[seat] += moved[seat]
    paid, penalty_transfers = snap.penalty_totals
    chombo = ruleset.chombo_penalties(snap.chombo)
    return tuple(
        SeatFigures(
            hands[seat],
            transfers[seat] + penalty_transfers[seat],
            paid[seat] + chombo[seat],
        )
        for seat in range(4)
    )
