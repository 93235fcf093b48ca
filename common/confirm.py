"""Actions that ask first: a POST without `confirmed=1` changes nothing and shows the question.

A view that mixes in `ConfirmFirst` (before its POST-only base) names the question with
`confirmation()`: a title, the consequence in words (computed by the service: who and what is
affected) and the button's label. Then:

- a POST without `confirmed=1` (a page without JavaScript, a replayed or forged one-tap POST)
  only shows the confirm page: the consequence and a button that posts the same fields with
  `confirmed=1`; nothing is written;
- a GET of the action's address shows the same confirm page (its query becomes the fields);
- with JavaScript, `{% post_button ... confirm=text %}` marks the form with `data-confirm` and
  `static/desk/confirm.js` asks in a `<dialog>`, then posts with `confirmed=1`.

A question with two answers besides "Cancel" (publish the seating and the tournament, or the
seating only) names a `Choice`: the confirm page's main button sends the choice's field with
`value`, a second button with `other_value`. Such a question is asked by the confirm page (the
action's button carries no `confirm=`), with or without JavaScript.
"""

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.shortcuts import render

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponseBase

    from common.errors import ErrorGoesBack
    from common.mixin_bases import ViewMixinBase

    class _ActionView(ErrorGoesBack, ViewMixinBase):
        """The POST-only view, naming where a refusal goes back, that `ConfirmFirst` is
        listed before."""

        def post(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase: ...
else:
    _ActionView = object

CONFIRM_FIELD = "confirmed"
#: Fields of the posted form that are not carried over to the confirm page's form.
NOT_CARRIED = {"csrfmiddlewaretoken", CONFIRM_FIELD}


@dataclass(frozen=True)
class Choice:
    """Two ways to confirm: the field `name` set to `value` (the main button) or to
    `other_value` (a second button labelled `other_label`)."""

    name: str
    value: str
    other_value: str
    other_label: str


@dataclass(frozen=True)
class Confirmation:
    title: str
    consequence: str
    button: str
    choice: Choice | None = None


class ConfirmFirst(_ActionView):
    """Mixin for a POST action view; see the module's docstring."""

    http_method_names = ["get", "post"]
    confirm_template = "confirm.html"

    def confirmation(self) -> Confirmation:  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    def needs_confirmation(self, data):
        """Whether this request must be confirmed (e.g. only hiding, not showing)."""
        return True

    def cancel_url(self) -> str | None:
        return self.error_url()

    def get(self, request, *args, **kwargs):
        return self.confirm_page(request.GET)

    def post(self, request, *args, **kwargs):
        if self.needs_confirmation(request.POST) and request.POST.get(CONFIRM_FIELD) != "1":
            return self.confirm_page(request.POST)
        return super().post(request, *args, **kwargs)

    def confirm_page(self, data):
        confirmation = self.confirmation()
        skipped = NOT_CARRIED | ({confirmation.choice.name} if confirmation.choice else set())
        fields = [
            (name, value)
            for name, values in data.lists()
            if name not in skipped
            for value in values
        ]
        context = {
            "confirmation": confirmation,
            "action": self.request.path,
            "fields": fields,
            "cancel_url": self.cancel_url(),
            "confirm_field": CONFIRM_FIELD,
        }
        return render(self.request, self.confirm_template, context)
