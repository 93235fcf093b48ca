"""The registration page of one player (number, withdraw, disqualify, reinstate, substitute):
it says what a change does to the draws before it is made, and after the cut who moves up to
the final (`draw.registrations`)."""

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import FormView

from draw.registrations import change_registration
from tournament.group_forms import RegistrationGroupsForm
from tournament.models import PLAYED
from tournament.player_forms import RegistrationChangeForm
from tournament.services import registrations as service
from tournament.services.registrations import RegistrationError, StaleError
from tournament.views.players import RegistrationMixin


class RegistrationView(RegistrationMixin, FormView):
    form_class = RegistrationChangeForm
    template_name = "draw/registration.html"

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["registration_values"] = service.registration_values(self.registration)
        return kwargs

    def get_context_data(self, **kwargs):
        registration = self.registration
        out_of_step = service.seating_out_of_step(registration)
        kwargs["drawn_unplayed"] = [
            s.number for s in service.unplayed_drawn_sessions(self.tournament)
        ]
        kwargs["out_of_step"] = out_of_step
        kwargs["redraw_url"] = reverse("draw", kwargs={"slug": self.tournament.slug}) + (
            "?scope=remaining"
        )
        kwargs["played_sessions"] = registration.seats.filter(session__status__in=PLAYED).count()
        kwargs["groups_form"] = RegistrationGroupsForm(
            tournament=self.tournament, registration=registration
        )
        kwargs["categories"] = list(registration.categories.order_by("name"))
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        action = form.cleaned_data["action"]
        try:
            registration = change_registration(
                self.tournament,
                self.registration,
                action,
                expected=form.expected(),
                number=form.cleaned_data.get("number"),
            )
        except StaleError as exc:
            return self.show_current(exc)
        except RegistrationError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(self.request, self.done_message(action, registration))
        if getattr(registration, "moved_up", None) is not None:
            messages.warning(self.request, moved_up_message(self.tournament, registration))
        return redirect("registration", slug=self.tournament.slug, number=registration.number)

    @staticmethod
    def done_message(action, registration):
        name = registration.player.full_name
        texts = {
            service.NUMBER: _("%(name)s is now player %(number)s."),
            service.WITHDRAW: _(
                "%(name)s has withdrawn: kept in the standings with the sessions played, "
                "left out of the next draws."
            ),
            service.DISQUALIFY: _(
                "%(name)s is disqualified: no place in the standings, listed last in the EMA "
                "file (the EMA counts every player who played), left out of the next draws."
            ),
            service.REINSTATE: _("%(name)s is back in the tournament and in the next draws."),
            service.SUBSTITUTE: _(
                "%(name)s is now a substitute: not ranked, seated only to fill a table."
            ),
            service.NOT_SUBSTITUTE: _("%(name)s is no longer a substitute: ranked and seated."),
        }
        return texts[action] % {"name": name, "number": registration.number}


def moved_up_message(tournament, registration):
    """What the director reads when a finalist left and the next player moved up (§9.5)."""
    return _(
        "%(name)s was a finalist: %(next)s (player %(number)s), next in the qualifying "
        "standings, moves up to the final. Draw the final's unplayed sessions again (Draw page)."
    ) % {
        "name": registration.player.full_name,
        "next": registration.moved_up.player.full_name,
        "number": registration.moved_up.number,
    }
