"""Creating, revoking and finding API tokens: every write of `ApiToken` is here.

A secret is "mtd_" and 43 URL-safe characters (256 random bits). The desk keeps its sha256
and its first characters (the prefix shown in the list); the secret is shown once.

Creating and revoking a token writes the tournament's audit trail in the same transaction: its
name, kind, prefix and account, never the secret nor its digest.
"""

import hashlib
import secrets
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext as _

from api.models import ApiToken, TokenKind
from common.errors import UserError
from scoring.access import Actor
from scoring.models import AuditAction
from scoring.services.audit import log_action
from tournament.models import Table, Tournament
from tournament.permissions import is_director

SECRET_START = "mtd_"
PREFIX_LENGTH = 12  # "mtd_" and 8 characters of the secret
#: `last_used_at` is written at most once in this time.
USE_NOTED_EVERY = timedelta(minutes=1)
NAME_MAX = 80


class TokenError(UserError):
    """A token that cannot be created or revoked; the message says why."""


def digest(secret):
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret():
    return SECRET_START + secrets.token_urlsafe(32)


def referee_accounts(tournament):
    """The active accounts that referee at least one table of `tournament`."""
    tables = Table.objects.filter(session__tournament=tournament)
    return (
        get_user_model()
        .objects.filter(is_active=True, refereed_tables__in=tables)
        .distinct()
        .order_by("username")
    )


def _described(token):
    """What the audit trail keeps of a token: what tells it apart, nothing that opens it."""
    return {
        "token": token.name,
        "kind": token.kind,
        "prefix": token.prefix,
        "account": token.user.get_username(),
    }


@transaction.atomic
def create_token(tournament, *, name, kind, creator, referee=None, actor=None):
    """A new token of `tournament`; returns (token, secret). The secret is not kept.

    `actor` (an `Actor` of `creator`, with the device of the request) goes in the audit trail;
    left None, the creator's account does."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not is_director(creator, tournament):
        raise TokenError(
            _("Only a director of the tournament can create or revoke its API tokens.")
        )
    name = (name or "").strip()
    if not name or len(name) > NAME_MAX:
        raise TokenError(
            _("Give the token a name of at most %(max)s characters.") % {"max": NAME_MAX}
        )
    if kind in (TokenKind.DIRECTOR, TokenKind.READ_ONLY):
        user = creator
    elif kind == TokenKind.REFEREE:
        if referee is None or not referee_accounts(tournament).filter(pk=referee.pk).exists():
            raise TokenError(
                _("A referee token belongs to an account that referees tables of this tournament.")
            )
        user = referee
    else:
        raise TokenError(_("Choose the token's kind: director, referee or read-only."))
    secret = new_secret()
    token = ApiToken.objects.create(
        tournament=tournament,
        name=name,
        kind=kind,
        user=user,
        prefix=secret[:PREFIX_LENGTH],
        digest=digest(secret),
    )
    log_action(
        actor or Actor(user=creator),
        AuditAction.TOKEN_CREATED,
        tournament=tournament,
        changes=_described(token),
    )
    return token, secret


@transaction.atomic
def revoke_token(tournament, token_id, *, actor):
    """`actor` revokes a token of `tournament` (revoking it twice changes nothing, and writes
    the audit trail once); returns it."""
    # The tournament first, as creating a token locks it, then the token alone (not its
    # account, which a login writes to).
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    token = (
        ApiToken.objects.select_for_update(of=("self",))
        .select_related("user")
        .filter(tournament=tournament, pk=token_id)
        .first()
    )
    if token is None:
        raise TokenError(_("There is no such API token in this tournament."))
    if not is_director(actor.user, tournament):
        raise TokenError(
            _("Only a director of the tournament can create or revoke its API tokens.")
        )
    if token.revoked_at is None:
        ApiToken.objects.filter(pk=token.pk).update(revoked_at=Now())
        token.refresh_from_db()
        log_action(
            actor, AuditAction.TOKEN_REVOKED, tournament=tournament, changes=_described(token)
        )
    return token


def find_token(secret):
    """The token whose secret this is (revoked or not), or None."""
    if not isinstance(secret, str) or not secret.startswith(SECRET_START) or len(secret) > 100:
        return None
    return (
        ApiToken.objects.select_related("tournament", "user").filter(digest=digest(secret)).first()
    )


def note_use(token):
    """Write `last_used_at` (the database's clock) when it is more than a minute old."""
    seen = token.last_used_at
    if seen is not None and timezone.now() - seen < USE_NOTED_EVERY:
        return  # noted lately: no write at all
    ApiToken.objects.filter(pk=token.pk).filter(
        Q(last_used_at__isnull=True) | Q(last_used_at__lt=Now() - USE_NOTED_EVERY)
    ).update(last_used_at=Now())
