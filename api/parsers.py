"""The API's JSON parser: Django REST framework's, within bounds (`common.json_input`).

DRF reads a JSON body straight from the request's stream, past Django's
DATA_UPLOAD_MAX_MEMORY_SIZE, and parses it by recursion. This parser reads at most that many
bytes and refuses a body larger than that, or nested more deeply than `MAX_DEPTH`, with a 400
that says so (DRF's `ParseError`), before any view runs: nothing is written.
"""

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from api.errors import too_large
from common import json_input


class BoundedJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        body = stream.read(limit + 1) if stream is not None else b""
        if len(body) > limit:
            raise ParseError(too_large())
        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        try:
            if self.strict:
                return json_input.loads_strict(body.decode(encoding))
            return json_input.loads(body.decode(encoding))
        except json_input.TooDeep as exc:
            raise ParseError(str(exc)) from None
        except (LookupError, ValueError) as exc:  # not JSON, not in its charset, no charset
            raise ParseError(_("This is not JSON: %(error)s") % {"error": exc}) from None
