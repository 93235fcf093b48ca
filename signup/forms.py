"""The sign-up's forms. Every text is bounded by its model column (`signup.models`), every
number by `rules.limits` (through the model's validators); the messages say the limit."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from common.form_fields import field_of
from signup.models import CLUB_MAX, EMAIL_MAX, NAME_MAX, SETTING_FIELDS, Signup
from tournament.countries import country_choices
from tournament.models import EMA_ID_PATTERN, Category, Team

#: The hidden field a person never sees: a form that fills it is a robot's.
HONEYPOT = "website"
DATETIME_FORMAT = "%Y-%m-%dT%H:%M"


class PersonForm(forms.Form):
    """Who the player is: the fields a player types and corrects."""

    first_name = forms.CharField(label=_("First name"), max_length=NAME_MAX)
    last_name = forms.CharField(label=_("Last name"), max_length=NAME_MAX)
    ema_id = forms.RegexField(
        label=_("EMA id"),
        regex=EMA_ID_PATTERN,
        required=False,
        max_length=8,
        error_messages={"invalid": _("An EMA id is exactly 8 digits, as on the EMA ranking.")},
        help_text=_("8 digits, as on the EMA ranking; leave empty if you have none."),
    )
    country = forms.ChoiceField(label=_("Country"), required=False)
    club = forms.CharField(label=_("Club"), max_length=CLUB_MAX, required=False)
    team: forms.ModelChoiceField[Team] = forms.ModelChoiceField(
        label=_("Team"), queryset=Team.objects.none(), required=False
    )
    categories: forms.ModelMultipleChoiceField[Category] = forms.ModelMultipleChoiceField(
        label=_("Categories"),
        queryset=Category.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        field_of(self, "country", forms.ChoiceField).choices = [("", "—"), *country_choices()]
        teams = tournament.teams.order_by("name")
        categories = tournament.categories.order_by("name")
        if teams.exists():
            field_of(self, "team", forms.ModelChoiceField).queryset = teams
        else:
            del self.fields["team"]
        if categories.exists():
            field_of(self, "categories", forms.ModelMultipleChoiceField).queryset = categories
        else:
            del self.fields["categories"]

    def clean_ema_id(self):
        return self.cleaned_data["ema_id"].replace(" ", "") or None

    def values(self):
        data = dict(self.cleaned_data)
        data.setdefault("team", None)
        data.setdefault("categories", [])
        return data


class SignupForm(PersonForm):
    email = forms.EmailField(label=_("E-mail"), max_length=EMAIL_MAX)
    consent = forms.BooleanField(
        label=_("I agree that my data is used as stated above."),
        error_messages={
            "required": _("Tick the box to agree, or the desk cannot take your entry.")
        },
    )
    website = forms.CharField(label=_("Leave this empty"), required=False, max_length=200)

    field_order = [
        "first_name",
        "last_name",
        "email",
        "ema_id",
        "country",
        "club",
        "team",
        "categories",
        "consent",
    ]

    def is_robot(self):
        return bool(self.data.get(HONEYPOT))


class CorrectForm(PersonForm):
    language = forms.ChoiceField(label=_("Language of the e-mails"))

    def __init__(self, *args, **kwargs):
        from django.conf import settings

        super().__init__(*args, **kwargs)
        field_of(self, "language", forms.ChoiceField).choices = list(settings.LANGUAGES)


class SiteURLField(forms.URLField):
    """An address typed without its scheme is an https one."""

    def __init__(self, **kwargs):
        super().__init__(assume_scheme="https", **kwargs)


class SignupSettingsForm(forms.ModelForm):
    class Meta:
        model = Signup
        fields = list(SETTING_FIELDS)
        field_classes = {"site_url": SiteURLField}
        widgets = {
            "opens_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format=DATETIME_FORMAT
            ),
            "closes_at": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format=DATETIME_FORMAT
            ),
            "data_use": forms.Textarea(attrs={"rows": 4}),
        }

    def clean(self):
        cleaned = super().clean() or {}
        opens, closes = cleaned.get("opens_at"), cleaned.get("closes_at")
        if opens and closes and closes <= opens:
            self.add_error("closes_at", _("The sign-up closes after it opens."))
        return cleaned
