"""The referee call's pages: "Call a referee" posted from the table's page (by the page, or by
the phone's offline queue with `X-Desk-Queue: 1`, answered by `scoring.referee.answers`), and
the take and close buttons of the director's dashboard and the referee accounts' page.
The writes are `scoring.calls.services`'s."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.generic import View

from common.errors import ErrorGoesBack
from scoring import access
from scoring.calls import services
from scoring.calls.forms import CallForm, CloseCallForm
from scoring.calls.models import RefereeCall
from scoring.referee import answers, saves
from scoring.referee.table import TableAccessMixin
from scoring.services.tables import TableError


class CallRefereeView(TableAccessMixin, answers.TableAnswers, View):
    """POST: the table calls a referee (the page's form, the queue, not the API)."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        form = CallForm(request.POST)
        return self.answer(saves.call_referee(self.table, form, actor=self.actor))

    def show_form(self, outcome):
        messages.error(self.request, outcome.message)
        return self.back()


class CallActionView(ErrorGoesBack, View):
    """POST: a referee account or the director takes (`action` "take"), closes ("close") or
    reopens ("reopen", closed by mistake) a call, then goes back to the page it came from
    (`next`, a page of this desk)."""

    http_method_names = ["post"]
    action = "take"

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect(f"{reverse('login')}?next={reverse('referee-home')}")
        return super().dispatch(request, *args, **kwargs)

    def next_url(self):
        wanted = self.request.POST.get("next", "")
        if wanted.startswith("/") and url_has_allowed_host_and_scheme(
            wanted, allowed_hosts={self.request.get_host()}, require_https=self.request.is_secure()
        ):
            return wanted
        return reverse("referee-home")

    def error_url(self):
        return self.next_url()

    def post(self, request, *args, **kwargs):
        call = (
            RefereeCall.objects.select_related("table__session__tournament")
            .filter(pk=kwargs["call_id"])
            .first()
        )
        if call is None:
            raise Http404
        actor = access.actor_for(request, call.table.session.tournament)
        if self.action == "take":
            services.take_call(call, actor=actor)
            text = _("You took the call of %(table)s (session %(session)s): on your way.")
        elif self.action == "reopen":
            services.reopen_call(call, actor=actor)
            text = _("The call of %(table)s (session %(session)s) is open again.")
        else:
            form = CloseCallForm(request.POST)
            if not form.is_valid():
                raise TableError(form.errors["outcome"][0])
            services.close_call(call, actor=actor, outcome=form.cleaned_data["outcome"])
            text = _("The call of %(table)s (session %(session)s) is closed.")
        messages.success(
            request, text % {"table": call.table, "session": call.table.session.number}
        )
        return redirect(self.next_url())
