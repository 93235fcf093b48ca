"""The view a mixin is mixed into, said to the type checker.

A view mixin such as `tournament.permissions.TournamentMixin` reads `self.request` and
`self.kwargs` and calls `super().dispatch()`: it is always listed before a Django view in a
view's bases, and uses what that view has. Its base here names that view. At run time every name
below is `object`, so a mixin adds nothing to a view's method resolution order and nothing
changes; mypy reads the Django class instead, and checks every attribute the mixin uses against
it.
"""

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.views.generic import FormView, TemplateView, View
    from django.views.generic.base import ContextMixin

    #: A mixin of any view: `request`, `args`, `kwargs`, `setup()`, `dispatch()`.
    ViewMixinBase = View

    class ContextViewMixinBase(ContextMixin, View):
        """A mixin of a view that builds a template context: `get_context_data()` too."""

    #: A mixin of a template view: `get()` and `render_to_response()` too.
    TemplateViewMixinBase = TemplateView

    #: A mixin of a form view: `get_form_kwargs()`, `form_invalid()`, `render_to_response()`...
    FormViewMixinBase = FormView
else:
    ViewMixinBase = ContextViewMixinBase = TemplateViewMixinBase = FormViewMixinBase = object
