"""Who calls the API, and what they may read and write.

- a director token: everything of its own tournament (reads, the tables' writes, imports, the
  draw, publication); the tournaments of others only as the public sees them, and their
  tournament's own addresses answer 403;
- a referee token: the tables its account referees (`Table.referees`) in sessions open for entry
  (`scoring.access.tables_for_account`), and what the public reads; it reads those tables while
  their session is the one being played (`api.views.reads.table_readable`), as their pages;
- a table's link (`Authorization: Table <link secret>`): that one table while its session is open
  for entry (read while it is the one being played), and what the public reads of its
  tournament;
- a read-only token: reads everything of its own tournament, as its director token does (while
  the account that created it directs the tournament), and writes nothing (403);
- nobody (no header): what the public reads (`tournament.visibility`, as the pages).
"""

from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from rest_framework.exceptions import NotAuthenticated, PermissionDenied

from api.models import ApiToken, TokenKind
from scoring.access import LINK_SESSION_STATUSES, Actor
from tournament.models import Table
from tournament.permissions import is_director

TABLE = "table"


@dataclass(frozen=True)
class Principal:
    kind: str  # TokenKind.DIRECTOR, TokenKind.REFEREE or TABLE
    token: ApiToken | None = None
    table: Table | None = None

    @property
    def user(self):
        return self.token.user if self.token is not None else None

    @property
    def tournament_id(self):
        if self.token is not None:
            return self.token.tournament_id
        assert self.table is not None  # a principal is a token or a table
        return self.table.session.tournament_id

    @property
    def tournament_slug(self):
        if self.token is not None:
            return self.token.tournament.slug
        assert self.table is not None  # a principal is a token or a table
        return self.table.session.tournament.slug

    @property
    def via(self):
        if self.token is not None:
            return _("API token %(name)s") % {"name": self.token.name}
        return _("API table link")


def principal_of(request):
    auth = getattr(request, "auth", None)
    return auth if isinstance(auth, Principal) else None


def check_slug(request, slug):
    """A credential of another tournament gets 403 before any lookup: whether a tournament of
    that address exists or not, the answer is the same."""
    principal = principal_of(request)
    if principal is not None and principal.tournament_slug != slug:
        raise PermissionDenied(_("This token belongs to another tournament."))


def check_tournament(request, tournament):
    """A token or table link of another tournament gets 403 on this tournament's addresses."""
    principal = principal_of(request)
    if principal is not None and principal.tournament_id != tournament.pk:
        raise PermissionDenied(_("This token belongs to another tournament."))


def directs(request, tournament):
    """Does the request carry a director token of `tournament` (its account still a director)?"""
    principal = principal_of(request)
    return (
        principal is not None
        and principal.kind == TokenKind.DIRECTOR
        and principal.tournament_id == tournament.pk
        and is_director(principal.user, tournament)
    )


def reads_everything(request, tournament):
    """Does the request carry a director or read-only token of `tournament`, its account still
    a director of it? It then reads the tournament as the director does."""
    principal = principal_of(request)
    return (
        principal is not None
        and principal.token is not None
        and principal.token.reads_everything
        and principal.tournament_id == tournament.pk
        and is_director(principal.user, tournament)
    )


def viewer(request, tournament):
    """The user `tournament.visibility` reads for: the director behind a director or read-only
    token of this tournament, otherwise the public."""
    return principal_of(request).user if reads_everything(request, tournament) else AnonymousUser()


def require_director(request, tournament):
    check_tournament(request, tournament)
    if principal_of(request) is None:
        raise NotAuthenticated(_("This needs a director token of the tournament."))
    if not directs(request, tournament):
        raise PermissionDenied(_("This needs a director token of the tournament."))


def may_write(request, table):
    """May this request write to `table` (a hand, a correction, a penalty)?"""
    principal = principal_of(request)
    if principal is None:
        return False
    tournament = table.session.tournament
    if principal.tournament_id != tournament.pk:
        return False
    if principal.kind == TABLE:
        return principal.table.pk == table.pk
    if principal.kind == TokenKind.DIRECTOR:
        return directs(request, tournament)
    if principal.kind == TokenKind.READ_ONLY:
        return False
    # Only the tables its account referees, whatever else the account may be.
    return Table.objects.filter(
        pk=table.pk, referees=principal.user, session__status__in=LINK_SESSION_STATUSES
    ).exists()


def require_writer(request, table):
    check_tournament(request, table.session.tournament)
    if principal_of(request) is None:
        raise NotAuthenticated(_("Writing to a table needs its link or an API token."))
    if not may_write(request, table):
        raise PermissionDenied(_("This token cannot write to this table."))


def actor(request, tournament):
    """The services' actor: the token's account, the director of `tournament` only through a
    director token of it (a referee token acts as a referee whatever its account may do), or
    nobody for a table link; `via` names the token in the audit trail."""
    principal = principal_of(request)
    return Actor(user=principal.user, via=principal.via, director=directs(request, tournament))
