"""Importing a player list (CSV or Excel) into a tournament.

The list has a header row in English or Italian and one player per row: first name, last name,
EMA id, country, club, team, categories (only the two names are required; columns may come in any order; other
columns are ignored). The import is all or nothing: every row is checked first, every bad row is
reported with its line number and what is wrong, and nothing is written while any row is bad.

Two people are never merged silently. Each row is planned first (`plan_import`): a *new* player;
the *same person by EMA id* (a known player with that EMA id); or a *name match*: a known player
of the same name (and no other EMA id), who may be the same person or not. A name match counts
as the same person only when the director says so (the preview page's choice, the command's
`--match-by-name`), or when that player is already registered in this very tournament (importing
the same list again updates the players instead of duplicating them). `apply_import` writes the
plan in one transaction after checking that the known players did not change since the plan was
shown, and the result lists who was matched and how.

Reading the file safely (sizes, rows, Excel's traps) is `tournament.services.player_files`,
checking its rows `tournament.services.player_rows`, matching them with known players
`tournament.services.player_matching`, their teams and categories
`tournament.services.player_groups`; this module writes. Their public names are importable
from here too.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _

from tournament.models import Player
from tournament.permissions import may_change_player
from tournament.services.player_files import PlayerListError
from tournament.services.player_groups import Linker
from tournament.services.player_matching import (
    NEW,
    SAME_EMA,
    SAME_NAME,
    Match,
    PlannedRow,
    describe_player,
    fingerprint,
    plan_import,
)
from tournament.services.player_rows import (
    CLUB_MAX,
    COLUMN_LABELS,
    COLUMNS,
    NAME_MAX,
    REQUIRED,
    PlayerRow,
    RowError,
    parse_rows,
    read_player_list,
)
from tournament.services.registrations import lock_tournament, register

__all__ = [
    "CLUB_MAX",
    "COLUMNS",
    "COLUMN_LABELS",
    "NAME_MAX",
    "NEW",
    "REQUIRED",
    "SAME_EMA",
    "SAME_NAME",
    "ImportResult",
    "Match",
    "PlannedRow",
    "PlayerListError",
    "PlayerRow",
    "RowError",
    "apply_import",
    "describe_player",
    "fingerprint",
    "import_players",
    "parse_rows",
    "plan_import",
    "preview_import",
    "read_player_list",
]


@dataclass
class ImportResult:
    rows: list = field(default_factory=list)
    errors: list = field(default_factory=list)
    plan: list = field(default_factory=list)
    matches: list = field(default_factory=list)
    #: The registrations of the rows, in the rows' order (once written).
    registrations: list = field(default_factory=list)
    changed: bool = False
    created: int = 0
    updated: int = 0
    registered: int = 0
    already_registered: int = 0
    teams_created: int = 0
    categories_created: int = 0

    @property
    def ok(self):
        return not self.errors

    def summary(self):
        return _(
            "%(rows)s players read: %(created)s new, %(updated)s updated; %(registered)s newly "
            "registered, %(already)s already registered."
        ) % {
            "rows": len(self.rows),
            "created": self.created,
            "updated": self.updated,
            "registered": self.registered,
            "already": self.already_registered,
        }

    def groups_summary(self):
        """New teams and categories, or "" when the list created none."""
        if not (self.teams_created or self.categories_created):
            return ""
        return _("Teams created: %(teams)s; categories created: %(categories)s.") % {
            "teams": self.teams_created,
            "categories": self.categories_created,
        }

    def match_lines(self):
        """One line per row that is, or is next to, a player the desk already knew."""
        return [str(match) for match in self.matches]


def _write_player(player, row):
    """Bring a known player up to date from the row, or create one (player None).

    Empty country and club in the row keep what the desk already knows.
    """
    created = player is None
    player = player or Player()
    player.first_name = row.first_name.strip()
    player.last_name = row.last_name.strip()
    if row.ema_id:
        player.ema_id = row.ema_id
    if row.country or created:
        player.country = row.country
    if row.club or created:
        player.club = row.club.strip()
    player.full_clean(validate_unique=False, validate_constraints=False)
    player.save()
    return player, created


def apply_import(
    tournament,
    rows,
    *,
    as_substitutes=False,
    same_person=None,
    match_by_name=False,
    expected=None,
    editor=None,
):
    """Write the rows in one transaction. Returns ImportResult.

    `same_person` maps a row's line to the director's choice for a name match (True: the same
    person, False: a new player; missing: `match_by_name`, which makes every other name match the
    same person, else the default, see `PlannedRow.same_by_default`). `expected` is the fingerprint of the plan the director saw: when
    the known players changed since, nothing is written and the result has `changed` set and
    the new plan. A known player whose details `editor` may not change (`may_change_player`:
    they play in a tournament it does not direct) is registered as they are; `editor` None is
    the desk's operator (a command, the demo).
    """
    same_person = same_person or {}
    result = ImportResult(rows=list(rows))
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        result.plan, result.errors = plan_import(
            tournament, result.rows, as_substitutes=as_substitutes
        )
        if result.errors:
            return result
        if expected is not None and fingerprint(result.plan) != expected:
            result.changed = True
            result.errors.append(
                RowError(
                    None,
                    _(
                        "The players known to the desk changed since this preview was made "
                        "(another import or registration). Nothing was imported: check the "
                        "rows below again and confirm."
                    ),
                )
            )
            return result
        groups = Linker(tournament, result.rows)
        for planned in result.plan:
            same = planned.same_by_default
            if planned.how == SAME_NAME:
                # a choice for this very line first, then the choice for every line
                same = same_person.get(planned.row.line, match_by_name or same)
            known = describe_player(planned.player)
            known_kept = same and planned.player is not None and editor is not None
            if known_kept and not may_change_player(editor, planned.player):
                player, created = planned.player, False
            else:
                player, created = _write_player(planned.player if same else None, planned.row)
            if planned.how != NEW:
                reason = "registered" if planned.registered_here else ""
                result.matches.append(Match(planned.row, planned.how, same, known, reason))
            result.created += created
            result.updated += not created
            registration, registered = register(tournament, player, is_substitute=as_substitutes)
            groups.link(registration, planned.row)
            result.registrations.append(registration)
            result.registered += registered
            result.already_registered += not registered
        result.teams_created = groups.teams_created
        result.categories_created = groups.categories_created
    return result


def import_players(
    tournament,
    filename,
    data,
    *,
    as_substitutes=False,
    match_by_name=False,
    same_person=None,
    editor=None,
    expected=None,
):
    """Read, check and (only if every row is good) apply a player list in one go.

    Name matches are new players unless `match_by_name` or `same_person` (see `apply_import`)
    say otherwise; `expected` is the fingerprint of a preview (`preview_import`): nothing is
    written when the plan changed since. Returns ImportResult.
    """
    rows, errors = read_player_list(filename, data)
    if errors:
        return ImportResult(rows=rows, errors=errors)
    return apply_import(
        tournament,
        rows,
        as_substitutes=as_substitutes,
        same_person=same_person,
        match_by_name=match_by_name,
        editor=editor,
        expected=expected,
    )


def preview_import(tournament, filename, data, *, as_substitutes=False):
    """What importing this list would do, writing nothing: an ImportResult whose `plan` says
    for each row whether it is a new player, the same person by EMA id or a name match (with
    the known player), or whose `errors` say which rows are bad."""
    rows, errors = read_player_list(filename, data)
    result = ImportResult(rows=rows, errors=errors)
    if not errors:
        result.plan, result.errors = plan_import(tournament, rows, as_substitutes=as_substitutes)
    return result
