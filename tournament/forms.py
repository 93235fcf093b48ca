"""Forms of the tournament app. They check input; the services write it."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.countries import country_choices
from tournament.models import EMA_ID_PATTERN, Player, Tournament
from tournament.services.player_import import PlayerListError, check_size


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = (
            "name", "slug", "start_date", "end_date", "venue", "ruleset", "session_count",
            "session_minutes", "published",
        )
        widgets = {"start_date": DateInput(), "end_date": DateInput()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _("Leave empty to make one from the name.")

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("start_date"), cleaned.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day cannot be before the first day."))
        return cleaned


class PlayerRegistrationForm(forms.Form):
    first_name = forms.CharField(label=_("First name"), max_length=100)
    last_name = forms.CharField(label=_("Last name"), max_length=100)
    ema_id = forms.RegexField(
        label=_("EMA id"), regex=EMA_ID_PATTERN, required=False,
        error_messages={"invalid": _("An EMA id is exactly 8 digits.")},
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        help_text=Player._meta.get_field("ema_id").help_text,
    )
    country = forms.ChoiceField(label=_("Country"), required=False)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    is_substitute = forms.BooleanField(
        label=_("Substitute"), required=False,
        help_text=_("Substitutes play to fill a table but are not ranked."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["country"].choices = [("", "—"), *country_choices()]


class PlayerImportForm(forms.Form):
    file = forms.FileField(
        label=_("Player list"),
        help_text=_(
            "A .csv or .xlsx file with a header row: First name, Last name, EMA id, Country, "
            "Club (or Nome, Cognome, ID EMA, Nazione, Club)."
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx,.txt"}),
    )
    as_substitutes = forms.BooleanField(
        label=_("Register them as substitutes"), required=False
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        try:
            check_size(upload.size)
        except PlayerListError as exc:
            raise forms.ValidationError(str(exc)) from exc
        return upload
