"""The season's form. It checks what was typed; `seasons.services` writes it."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from common.form_fields import field_of
from common.i18n import translate_error
from rules import RuleError
from rules import seasons as season_rules
from rules.limits import MAX_COUNTED_RESULTS
from seasons.models import Season, SeasonMethod
from seasons.services import SeasonSettings
from tournament.forms import DateInput


class SeasonForm(forms.ModelForm):
    points_text = forms.CharField(
        label=_("Points per place"),
        required=False,
        max_length=4000,
        help_text=_(
            "With the table of points: the points of the first place, then the second, and so "
            "on, separated by commas (e.g. 100, 80, 65, 55, 50). Places beyond the table score "
            "0; players sharing a place share the points of the places they cover."
        ),
    )

    class Meta:
        model = Season
        fields = (
            "name",
            "slug",
            "start_date",
            "end_date",
            "family",
            "method",
            "points_text",
            "counted_results",
            "published",
        )
        widgets = {
            "start_date": DateInput(),
            "end_date": DateInput(),
            "method": forms.RadioSelect,
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:
            self.initial.setdefault("points_text", ", ".join(map(str, self.instance.table)))
        counted = self.fields["counted_results"]
        counted.widget.attrs.update(min=0, max=MAX_COUNTED_RESULTS)

    def clean_points_text(self):
        text = self.cleaned_data.get("points_text", "")
        if not text.strip():
            return ""
        try:
            season_rules.parse_points_table(text)
        except RuleError as exc:
            raise forms.ValidationError(translate_error(exc)) from exc
        return text

    def clean(self):
        data = super().clean() or {}
        if data.get("method") == SeasonMethod.POINTS and not data.get("points_text"):
            self.add_error("points_text", _("A season ranked by points needs its table."))
        return data

    def settings(self) -> SeasonSettings:
        data = self.cleaned_data
        return SeasonSettings(
            name=data["name"],
            slug=data["slug"],
            start_date=data["start_date"],
            end_date=data["end_date"],
            family=data["family"],
            method=data["method"],
            points_table=data.get("points_text") or "",
            counted_results=data.get("counted_results") or 0,
            published=bool(data.get("published")),
        )

    def _post_clean(self):
        # The services write the season (seasons.services); the model's own checks (a unique
        # short name) run there and come back as the form's errors.
        return None


class AddTournamentForm(forms.Form):
    tournament = forms.TypedChoiceField(label=_("Tournament"), coerce=int)

    def __init__(self, *args, candidates=(), **kwargs):
        super().__init__(*args, **kwargs)
        field_of(self, "tournament", forms.TypedChoiceField).choices = [
            (t.pk, f"{t.name} ({t.start_date:%Y-%m-%d})") for t in candidates
        ]
