"""The tiny JSON the live pages poll: has anything they show changed?"""

from django.http import JsonResponse
from django.utils.cache import get_conditional_response
from django.views.generic import View

from scoring.live.versions import no_cache, polled_versions
from tournament.permissions import TournamentMixin


class LiveVersionView(TournamentMixin, View):
    """`{"standings": ..., "projector": ...}` from a few aggregate queries (kept two seconds
    in the shared cache), never a rendered page. The same for every viewer (each version
    counts everything, published or not), so its ETag is the versions themselves: a phone
    polling while nothing changed gets a bodyless 304.
    """

    def get(self, request, *args, **kwargs):
        versions = polled_versions(self.tournament)
        etag = '"{standings}-{projector}"'.format(**versions)
        unchanged = get_conditional_response(request, etag=etag)
        if unchanged is not None:
            unchanged["ETag"] = etag
            return no_cache(unchanged)
        response = JsonResponse(versions)
        response["ETag"] = etag
        return no_cache(response)
