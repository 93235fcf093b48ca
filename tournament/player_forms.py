"""The forms of players and registrations: registering one, importing a list, editing a player
and changing a registration."""

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from common.form_fields import field_of
from rules.limits import INT32_MAX
from tournament.countries import country_choices
from tournament.models import (
    EMA_ID_PATTERN,
    Player,
)
from tournament.services.player_files import PlayerListError, check_size
from tournament.services.player_import import SAME_NAME
from tournament.services.registrations import ACTIONS, MAX_PLAYER_NUMBER, NUMBER

if TYPE_CHECKING:
    pass


class PlayerRegistrationForm(forms.Form):
    first_name = forms.CharField(label=_("First name"), max_length=100)
    last_name = forms.CharField(label=_("Last name"), max_length=100)
    ema_id = forms.RegexField(
        label=_("EMA id"),
        regex=EMA_ID_PATTERN,
        required=False,
        error_messages={"invalid": _("An EMA id is exactly 8 digits.")},
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        help_text=Player._meta.get_field("ema_id").help_text,
    )
    country = forms.ChoiceField(label=_("Country"), required=False)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    is_substitute = forms.BooleanField(
        label=_("Substitute"),
        required=False,
        help_text=_("Substitutes play to fill a table but are not ranked."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field_of(self, "country", forms.ChoiceField).choices = [("", "—"), *country_choices()]


class PlayerImportForm(forms.Form):
    file = forms.FileField(
        label=_("Player list"),
        help_text=_(
            "A .csv or .xlsx file with a header row: First name, Last name, EMA id, Country, "
            "Club, Team, Categories (or Nome, Cognome, ID EMA, Nazione, Club, Squadra, "
            "Categorie); only the names are required. Several categories in one cell are "
            "separated by “;”."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx,.txt"}),
    )
    as_substitutes = forms.BooleanField(label=_("Register them as substitutes"), required=False)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        try:
            check_size(upload.size)
        except PlayerListError as exc:
            raise forms.ValidationError(str(exc)) from exc
        return upload


class PlayerImportConfirmForm(forms.Form):
    """The preview's choice for each name match: the same person, or a new player."""

    SAME, NEW = "same", "new"

    token = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def __init__(self, *args, plan=(), **kwargs):
        super().__init__(*args, **kwargs)
        for planned in plan:
            if planned.how == SAME_NAME:
                self.fields[self.field_name(planned)] = forms.ChoiceField(
                    label=planned.row.full_name,
                    choices=[(self.NEW, _("New player")), (self.SAME, _("Same person"))],
                    initial=self.SAME if planned.same_by_default else self.NEW,
                    widget=forms.RadioSelect,
                    required=False,  # no answer: the default (a new player, see the plan)
                )

    @staticmethod
    def field_name(planned):
        return f"row-{planned.row.line}"

    def same_person(self):
        """{line: True when the director chose "same person"} for every answered name match."""
        return {
            int(name.removeprefix("row-")): value == self.SAME
            for name, value in self.cleaned_data.items()
            if name.startswith("row-") and value
        }


class PlayerEditForm(PlayerRegistrationForm):
    """A registered player's name, EMA id, country and club, with the values the page was built
    from (hidden `was_*` fields), so a change made meanwhile by someone else is never
    silently overwritten."""

    EDITED = ("first_name", "last_name", "ema_id", "country", "club")

    def __init__(self, *args, player_values, **kwargs):
        kwargs["initial"] = {**player_values, **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)
        del self.fields["is_substitute"]
        self.fields["was_id"] = forms.IntegerField(
            widget=forms.HiddenInput, min_value=1, max_value=INT32_MAX, initial=player_values["id"]
        )
        for name in self.EDITED:
            self.fields[f"was_{name}"] = forms.CharField(
                widget=forms.HiddenInput, required=False, initial=player_values[name]
            )

    def expected(self):
        return {
            "id": self.cleaned_data["was_id"],
            **{name: self.cleaned_data.get(f"was_{name}", "") for name in self.EDITED},
        }

    def values(self):
        return {name: self.cleaned_data[name] for name in self.EDITED}


class RegistrationChangeForm(forms.Form):
    """One change of a registration (the button pressed), the new number for a renumbering,
    and the values the page was built from."""

    action = forms.ChoiceField(choices=[(action, action) for action in ACTIONS])
    number = forms.IntegerField(
        label=_("Player number"),
        min_value=1,
        max_value=MAX_PLAYER_NUMBER,
        required=False,
        help_text=_(
            "Unique in the tournament: it is on the seating, the score sheets and the cards."
        ),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    was_id = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=INT32_MAX)
    was_number = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=INT32_MAX)
    was_status = forms.CharField(widget=forms.HiddenInput, max_length=20)
    was_substitute = forms.BooleanField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args, registration_values, **kwargs):
        initial = {
            "was_id": registration_values["id"],
            "number": registration_values["number"],
            "was_number": registration_values["number"],
            "was_status": registration_values["status"],
            "was_substitute": registration_values["is_substitute"],
        }
        kwargs["initial"] = {**initial, **kwargs.get("initial", {})}
        super().__init__(*args, **kwargs)

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("action") == NUMBER and cleaned.get("number") is None:
            self.add_error("number", _("Write the new player number."))
        return cleaned

    def expected(self):
        return {
            "id": self.cleaned_data["was_id"],
            "number": self.cleaned_data["was_number"],
            "status": self.cleaned_data["was_status"],
            "is_substitute": self.cleaned_data["was_substitute"],
        }
