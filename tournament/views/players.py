"""The director's pages of one registered player, reached from the tournament page's list: the
player (name, EMA id, country, club) and the registration (number, withdraw, disqualify,
reinstate, substitute, team and categories). Each page says what a change does before it is made; the services
write it (lock, then compare with the values the page was built from)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import FormView

from common.errors import ChangedMeanwhile
from common.mixin_bases import FormViewMixinBase
from tournament.group_forms import RegistrationGroupsForm
from tournament.models import Registration, SeatingGroups
from tournament.permissions import DirectorTournamentMixin, visible_tournaments
from tournament.player_forms import PlayerEditForm
from tournament.services import registrations as service
from tournament.services import teams as team_service
from tournament.services.categories import CategoryError
from tournament.services.registrations import RegistrationError, StaleError
from tournament.services.teams import TeamError


class RegistrationMixin(DirectorTournamentMixin, FormViewMixinBase):
    """Fetches `self.registration` by its player number, through the tournament."""

    _registration: Registration | None

    def get_registration(self) -> Registration:
        return get_object_or_404(
            self.tournament.registrations.select_related("player", "tournament", "team"),
            number=self.kwargs["number"],
        )

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self._registration = None

    @property
    def registration(self) -> Registration:
        if self._registration is None:
            self._registration = self.get_registration()
        return self._registration

    def show_current(self, error):
        """The page again, built from the current values, with the refusal on top."""
        self._registration = None
        kwargs = self.get_form_kwargs()
        kwargs.pop("data", None)  # unbound: the current values, not the posted ones
        kwargs.pop("files", None)
        form = self.get_form_class()(**kwargs)
        return self.render_to_response(self.get_context_data(form=form, stale_error=str(error)))

    def form_invalid(self, form):
        """A field the page does not show (the hidden values, the button) cannot be corrected
        by the director: say so instead of showing the page again without a word."""
        shown = {field.name for field in form.visible_fields()} - {"action"}
        if any(name not in shown for name in form.errors):
            form.add_error(
                None, _("This page is out of date: reload it and make your change again.")
            )
        return super().form_invalid(form)

    def get_context_data(self, **kwargs):
        registration = self.registration
        kwargs["registration"] = registration
        kwargs["player"] = registration.player
        kwargs["other_tournaments"] = (
            registration.player.registrations.exclude(tournament=self.tournament)
            .filter(tournament__in=visible_tournaments(self.request.user))
            .select_related("tournament")
            .order_by("tournament__start_date")
        )
        return super().get_context_data(**kwargs)


class PlayerEditView(RegistrationMixin, FormView):
    form_class = PlayerEditForm
    template_name = "tournament/player_edit.html"

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs["player_values"] = service.player_values(self.registration.player)
        return kwargs

    def get_context_data(self, **kwargs):
        groups = self.tournament.seating_groups
        kwargs["groups_kept_apart"] = groups != SeatingGroups.NONE
        kwargs["group_label"] = SeatingGroups(groups).label
        kwargs["drawn_unplayed"] = service.unplayed_drawn_sessions(self.tournament)
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        player = self.registration.player
        try:
            changed = service.update_player(
                player, expected=form.expected(), editor=self.request.user, **form.values()
            )
        except StaleError as exc:
            return self.show_current(exc)
        except RegistrationError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        if not changed:
            messages.info(self.request, _("Nothing changed."))
        else:
            player.refresh_from_db()
            messages.success(
                self.request,
                _("%(name)s saved: every page, score sheet and export now shows the new details.")
                % {"name": player.full_name},
            )
        return redirect(self.tournament)


class RegistrationGroupsView(RegistrationMixin, FormView):
    """A player's team and categories (docs/rules.md §10), on the registration page; this
    address also shows the form alone, with its errors."""

    form_class = RegistrationGroupsForm
    template_name = "tournament/registration_groups.html"

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        kwargs.update(tournament=self.tournament, registration=self.registration)
        return kwargs

    def form_valid(self, form):
        number = self.registration.number
        try:
            registration = team_service.set_groups(
                self.tournament,
                number,
                team_id=form.cleaned_data["team"],
                category_ids=form.cleaned_data["categories"],
                expected=form.expected(),
            )
        except ChangedMeanwhile as exc:
            messages.error(self.request, str(exc))
            return redirect("registration", slug=self.tournament.slug, number=number)
        except (TeamError, CategoryError) as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("%(name)s: team and categories saved.") % {"name": registration.player.full_name},
        )
        return redirect("registration", slug=self.tournament.slug, number=number)
