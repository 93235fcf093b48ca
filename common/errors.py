"""The pages shown when something is not there or goes wrong, in the desk's own layout.

A view that can say why a page is missing raises `ExplainedNotFound` with a message for the
user ("This table link was for session 2, which is over."); any other 404 gets the general
words, so no internal detail is ever shown.

Two kinds of error (as in Tabbycat): a `UserError` is a request the desk refuses, with a message
already translated for the person at the screen ("Tables still open: 3, 5."); anything else is a
bug, logged and shown as the general error page. The services raise subclasses of `UserError`
(`TableError`, `DrawError`, `ExportError`, ...), and `UserErrorMiddleware` answers every one the
view did not handle itself, in one way: a refused POST goes back to the page it came from with
the message on top; a refused GET shows the desk's error page with the message (status 400).
A view catches a `UserError` itself only to do something more specific, e.g. show the message
inside the form that was posted, with what the user typed.

The same middleware answers a 404 raised by a view with the desk's own page (and the reason of
an `ExplainedNotFound`) even when DEBUG is on, where Django would show its technical page: a
player opening a page that is not public yet reads why, on a desk started with `make run` too.
"""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme

from common.mixin_bases import ViewMixinBase


class ExplainedNotFound(Http404):
    """A 404 whose message is written for the person who opened the page; `heading` names what
    happened ("Session 2 is over") where "Page not found" would be wrong: the page exists, it
    is only not there for them now."""

    def __init__(self, message="", heading=""):
        super().__init__(message)
        self.heading = str(heading)


def not_found(request, exception=None):
    explained = isinstance(exception, ExplainedNotFound)
    context = {
        "message": str(exception) if explained else "",
        "heading": exception.heading if explained else "",
    }
    return render(request, "404.html", context, status=404)


class UserError(ValueError):
    """A request the desk refuses; the message, translated when raised, says what to change."""


class ChangedMeanwhile(UserError):
    """A page built from values someone else changed since: nothing was written. The page is
    shown again with today's values (and a fresh stamp) rather than what was typed."""

    def __init__(self, message=None):
        from django.utils.translation import gettext as _

        super().__init__(
            message
            or _(
                "Someone else changed this meanwhile: nothing was saved. The page now shows "
                "the current values; make your change again."
            )
        )


class ErrorGoesBack(ViewMixinBase):
    """A class-based view that names the page a refused POST goes back to: `error_url()`.

    Without it, the middleware goes back to the page the form was on (the Referer, when it is
    an address of this desk), else to the address that was posted.
    """

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        request.error_url = self.error_url

    def error_url(self) -> str | None:
        return None


def referer(request):
    """The page the request came from, when it is a page of this desk (else "")."""
    address = request.headers.get("referer", "")
    if address and url_has_allowed_host_and_scheme(
        address, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return address
    return ""


def back_url(request):
    """Where a refused POST goes back to: the view's `error_url()`, the referer, the address."""
    error_url = getattr(request, "error_url", None)
    return (error_url() if error_url else None) or referer(request) or request.path


def user_error_response(request, error):
    if request.method == "POST":
        messages.error(request, str(error))
        return redirect(back_url(request))
    context = {"message": str(error), "back": referer(request)}
    return render(request, "error.html", context, status=400)


class UserErrorMiddleware:
    """Answers a `UserError` or a 404 that a view let through (see the module's docstring)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, UserError):
            return user_error_response(request, exception)
        if isinstance(exception, Http404):
            return not_found(request, exception)
        return None
