"""Forms of the teams and categories pages and of a player's team and categories. They check
input; the services (`tournament.services.teams`, `tournament.services.categories`) write it
and check again under the tournament's lock."""

from django import forms
from django.utils.translation import gettext_lazy as _

from common.form_fields import field_of
from tournament.countries import country_choices
from tournament.services.categories import CATEGORY_NAME_MAX
from tournament.services.teams import TEAM_NAME_MAX, groups_stamp


class StampedForm(forms.Form):
    """A form with the stamp of the values its page was built from (hidden `was`): the service
    refuses to write over a change made meanwhile. Empty on a page that creates."""

    was = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def expected(self):
        return self.cleaned_data.get("was") or None

    def values(self):
        return {name: value for name, value in self.cleaned_data.items() if name != "was"}


class TeamForm(StampedForm):
    name = forms.CharField(label=_("Team name"), max_length=TEAM_NAME_MAX)
    country = forms.ChoiceField(label=_("Country"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field_of(self, "country", forms.ChoiceField).choices = [("", "—"), *country_choices()]


class TeamMemberForm(forms.Form):
    """A registered player who may join the team: not a substitute, in no team yet."""

    number = forms.TypedChoiceField(label=_("Player"), coerce=int)

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        field_of(self, "number", forms.ChoiceField).choices = [
            (r.number, f"{r.number}. {r.player.full_name}") for r in players
        ]


class CategoryForm(StampedForm):
    name = forms.CharField(label=_("Category"), max_length=CATEGORY_NAME_MAX)


class RegistrationGroupsForm(StampedForm):
    """A player's team (or none) and categories, among the tournament's."""

    team = forms.TypedChoiceField(
        label=_("Team"),
        required=False,
        coerce=int,
        empty_value=None,
        help_text=_("A substitute belongs to no team; a team has 2 to 6 players."),
    )
    categories = forms.TypedMultipleChoiceField(
        label=_("Categories"), required=False, coerce=int, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, tournament, registration, **kwargs):
        kwargs.setdefault(
            "initial",
            {
                "team": registration.team_id,
                "categories": list(registration.categories.values_list("pk", flat=True)),
                "was": groups_stamp(registration),
            },
        )
        super().__init__(*args, **kwargs)
        field_of(self, "team", forms.ChoiceField).choices = [
            ("", _("No team")),
            *tournament.teams.order_by("name").values_list("pk", "name"),
        ]
        field_of(self, "categories", forms.ChoiceField).choices = list(
            tournament.categories.order_by("name").values_list("pk", "name")
        )
