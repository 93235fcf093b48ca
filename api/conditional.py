"""The API's reads answer a conditional GET, so that an overlay or a club's website polling a
table or the standings pays for a body only when something changed.

Every 200 of a read carries an `ETag`: Django's own strong validator of the very bytes answered
(`django.views.decorators.http.conditional_page`, the `ConditionalGetMiddleware` logic, run after
DRF has rendered the answer); a request whose `If-None-Match` holds it gets `304 Not Modified`
with no body. The bytes are this requester's own (a director token sees unpublished things, the
language is the request's), so an ETag never stands for another requester's answer. The answers
are `Cache-Control: private, no-cache` (no shared cache keeps them, a client asks again every
time) and vary on the credential and the language. The throttle has counted the request before
the view runs: a 304 is a request like any other. HEAD answers as GET without a body, and without
an ETag (Django validates GETs only).
"""

from django.views.decorators.cache import cache_control
from django.views.decorators.http import conditional_page
from django.views.decorators.vary import vary_on_headers
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework.views import APIView

#: What the answer depends on besides the address: the credential, and the language (asked for
#: in Accept-Language, or the language cookie of the desk's pages).
VARY = ("Authorization", "Accept-Language", "Cookie")

IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    OpenApiTypes.STR,
    location=OpenApiParameter.HEADER,
    description=(
        "The ETag of the answer you already have: while it is still the answer, the desk "
        "answers 304 Not Modified with no body."
    ),
)
ETAG = OpenApiParameter(
    "ETag",
    OpenApiTypes.STR,
    location=OpenApiParameter.HEADER,
    response=[200, 304],
    description="A strong validator of this answer: send it back as If-None-Match.",
)
NOT_MODIFIED = OpenApiResponse(
    description="Not Modified: the answer is still the one of the ETag sent (no body)."
)


def conditional_read(view):
    """`view` with ETag, 304, `Cache-Control: private, no-cache` and `Vary`."""
    view = conditional_page(view)
    view = vary_on_headers(*VARY)(view)
    return cache_control(private=True, no_cache=True)(view)


class ConditionalRead(APIView):
    """A read of the API: its GET answers with an ETag and a 304 when it is unchanged."""

    @classmethod
    def as_view(cls, **initkwargs):
        return conditional_read(super().as_view(**initkwargs))
