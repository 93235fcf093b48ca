"""The pages shown when something is not there or goes wrong, in the desk's own layout.

A view that can say why a page is missing raises `ExplainedNotFound` with a message for the
user ("This table link was for session 2, which is over."); any other 404 gets the general
words, so no internal detail is ever shown.
"""

from django.http import Http404
from django.shortcuts import render


class ExplainedNotFound(Http404):
    """A 404 whose message is written for the person who opened the page."""


def not_found(request, exception=None):
    message = str(exception) if isinstance(exception, ExplainedNotFound) else ""
    return render(request, "404.html", {"message": message}, status=404)
