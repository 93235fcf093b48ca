"""Every refusal of the API is JSON: `{"detail": "<message>"}`, with the status DRF gives it;
a refusal of the desk's services (`common.errors.UserError`) is a 400 with the same message the
pages show; a 404 the pages explain keeps its explanation; a body larger than Django reads
(`DATA_UPLOAD_MAX_MEMORY_SIZE`) is a 400 that says so."""

from django.conf import settings
from django.core.exceptions import RequestDataTooBig, ValidationError
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_handler

from common.errors import ExplainedNotFound, UserError


def exception_handler(exc, context):
    if isinstance(exc, UserError):
        return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ValidationError):  # a model's own check, raised through a service
        return Response({"detail": exc.messages[0]}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, RequestDataTooBig):  # Django's own bound, when it read the body first
        return Response({"detail": too_large()}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ExplainedNotFound):
        return Response({"detail": str(exc)}, status=status.HTTP_404_NOT_FOUND)
    return drf_handler(exc, context)


def too_large():
    return _("The request body is too large (at most %(size)s).") % {
        "size": filesizeformat(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    }
