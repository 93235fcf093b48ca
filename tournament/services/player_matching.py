"""Matching a player list's rows with the players the desk knows, before anything is written.

Each row is planned (`plan_import`) as a *new* player, the *same person by EMA id*, or a *name
match* (a known player of the same name who may be the same person or not); see
`tournament.services.player_import` for when a name match counts as the same person. The plan's
`fingerprint` lets the write notice that the known players changed since the plan was shown.
"""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from common.text import fingerprint as stamp
from tournament.models import Player
from tournament.services.player_groups import check_groups
from tournament.services.player_rows import PlayerRow, RowError
from tournament.services.registrations import RegistrationError, find_player

#: How a row relates to the players the desk knows.
NEW = "new"
SAME_EMA = "ema"
SAME_NAME = "name"


@dataclass
class PlannedRow:
    """One row and the known player it may be (None: nobody known)."""

    row: PlayerRow
    how: str
    player: Player | None = None
    registered_here: bool = False

    @property
    def same_by_default(self):
        return self.how == SAME_EMA or (self.how == SAME_NAME and self.registered_here)

    @property
    def known(self):
        """The known player's club, country and EMA id, as one line for the director."""
        return describe_player(self.player)

    def fingerprint(self):
        """What the director saw of this row's known player (to notice a change meanwhile)."""
        player = self.player
        return [
            self.row.line,
            self.how,
            player.pk if player else None,
            player.updated_at.isoformat() if player else None,
            self.registered_here,
        ]


@dataclass
class Match:
    """A row imported as, or next to, a known player (for the result report)."""

    row: PlayerRow
    how: str
    merged: bool
    known: str
    reason: str = ""

    def __str__(self):
        values = {"line": self.row.line, "name": self.row.full_name, "known": self.known}
        if self.how == SAME_EMA:
            values["ema"] = self.row.ema_id
            return (
                _("Line %(line)s: %(name)s is the known player with EMA id %(ema)s (%(known)s).")
                % values
            )
        if not self.merged:
            return (
                _(
                    "Line %(line)s: %(name)s was imported as a new player; the known player of the "
                    "same name (%(known)s) was left as they were."
                )
                % values
            )
        if self.reason == "registered":
            return (
                _(
                    "Line %(line)s: %(name)s is the player of the same name already registered in "
                    "this tournament (%(known)s)."
                )
                % values
            )
        return (
            _(
                "Line %(line)s: %(name)s is the known player of the same name (%(known)s), as chosen."
            )
            % values
        )


def describe_player(player):
    if player is None:
        return ""
    parts = [player.full_name]
    parts.append(player.club or _("no club"))
    parts.append(player.country or _("no country"))
    if player.ema_id:
        parts.append(_("EMA id %(ema)s") % {"ema": player.ema_id})
    else:
        parts.append(_("no EMA id"))
    return ", ".join(parts)


def plan_import(tournament, rows, *, as_substitutes=False):
    """(plan, errors): each row with the known player it is, or may be (see the docstring),
    and the rows whose team cannot be (`player_groups.check_groups`)."""
    plan, errors = [], []
    registered = set(tournament.registrations.values_list("player_id", flat=True))
    for row in rows:
        try:
            player = find_player(row.first_name, row.last_name, row.ema_id)
        except RegistrationError as exc:
            # Namesakes: in this tournament's own list the name still tells them apart.
            player = _namesake_registered_here(row, registered)
            if player is None:
                errors.append(RowError(row.line, str(exc)))
                continue
        if player is None:
            plan.append(PlannedRow(row, NEW))
            continue
        how = SAME_EMA if row.ema_id and player.ema_id == row.ema_id else SAME_NAME
        plan.append(PlannedRow(row, how, player, registered_here=player.pk in registered))
    if not errors:
        errors = check_groups(tournament, plan, as_substitutes=as_substitutes)
    return plan, errors


def _namesake_registered_here(row, registered):
    """The one player of the row's name registered in the tournament, or None."""
    candidates = Player.objects.filter(
        first_name__iexact=row.first_name.strip(),
        last_name__iexact=row.last_name.strip(),
        pk__in=registered,
    )
    if row.ema_id:
        candidates = candidates.filter(ema_id__isnull=True)
    found = list(candidates[:2])
    return found[0] if len(found) == 1 else None


def fingerprint(plan):
    """The stamp of a plan as the director (or an API client) saw it: importing with it is
    refused when any row's known player changed meanwhile."""
    return stamp(*(planned.fingerprint() for planned in plan))
