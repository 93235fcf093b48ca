"""The API's two credentials (no cookies, so no CSRF):

- `Authorization: Bearer <secret>`: an API token (`api.models.ApiToken`);
- `Authorization: Table <link secret>`: a table's referee link (`Table.token`, the secret in its
  link and QR code), for that table only. When the tournament asks referees for a PIN, the
  request also carries `X-Table-PIN: <the table's PIN>`.

An unknown or revoked credential answers 401 and is never read as anonymous. Unknown secrets
and wrong PINs count as guesses from the address (`scoring.access`, the referee links' counter,
in the shared cache): past its limit the address gets 429.
"""

import hmac

from django.contrib.auth.models import AnonymousUser
from django.utils.translation import gettext as _
from rest_framework.authentication import BaseAuthentication
from rest_framework.exceptions import AuthenticationFailed, Throttled

from api import tokens
from api.principals import TABLE, Principal
from common.errors import ExplainedNotFound
from common.net import client_address
from scoring import access

PIN_HEADER = "HTTP_X_TABLE_PIN"


def _guess(address):
    """Count an unknown secret from `address`; 429 once it tried too many."""
    try:
        access.check_address(address)
    except access.TooManyBadLinks:
        raise Throttled(wait=access.BAD_TOKEN_WINDOW) from None
    access.note_bad_token(address)


class DeskAuthentication(BaseAuthentication):
    def authenticate(self, request):
        header = request.META.get("HTTP_AUTHORIZATION", "")
        if not header:
            return None
        scheme, _space, secret = header.partition(" ")
        scheme, secret = scheme.lower(), secret.strip()
        address = client_address(request)
        if scheme == "bearer":
            return self.token(secret, address)
        if scheme == "table":
            return self.table(request, secret, address)
        raise AuthenticationFailed(_("Use “Authorization: Bearer <token>” or “Table <link>”."))

    def token(self, secret, address):
        token = tokens.find_token(secret)
        if token is None:
            _guess(address)
            raise AuthenticationFailed(_("This API token is not valid."))
        if token.is_revoked:
            raise AuthenticationFailed(_("This API token was revoked."))
        if not token.user.is_active:
            raise AuthenticationFailed(_("The account of this API token is disabled."))
        tokens.note_use(token)
        return token.user, Principal(token.kind, token=token)

    def table(self, request, secret, address):
        try:
            table = access.table_for_token(secret, address)
        except access.TooManyBadLinks:
            raise Throttled(wait=access.BAD_TOKEN_WINDOW) from None
        except ExplainedNotFound as exc:
            raise AuthenticationFailed(str(exc)) from None
        if table.session.tournament.referee_pin:
            typed = request.META.get(PIN_HEADER, "").strip()
            if not hmac.compare_digest(typed.encode(), table.pin.encode()):
                _guess(address)
                raise AuthenticationFailed(_("This table needs its PIN: send it as X-Table-PIN."))
        return AnonymousUser(), Principal(TABLE, table=table)

    def authenticate_header(self, request):
        return 'Bearer realm="api"'
