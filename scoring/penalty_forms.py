"""The forms of penalties (given at a table or by the director, cancelled) and of a substitute
in a seat."""

from django import forms
from django.utils.translation import gettext_lazy as _

import rules
from common.form_fields import field_of
from common.i18n import translate_text
from rules.limits import (
    INT32_MAX,
    MAX_HAND_NUMBER,
    MAX_MINUTES_LATE,
    MAX_PENALTY_AMOUNT,
)
from scoring.forms import TableFormMixin
from scoring.services.penalties import INFRACTIONS


class PenaltyForm(TableFormMixin):
    """A penalty: who, which, and what the kind needs. Computed and shown before saving."""

    registration = forms.TypedChoiceField(label=_("Player"), coerce=int)
    kind = forms.ChoiceField(label=_("Penalty"))
    minutes = forms.IntegerField(
        label=_("Minutes late"),
        required=False,
        min_value=0,
        max_value=MAX_MINUTES_LATE,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "data-kinds": "late_arrival"}),
    )
    infraction = forms.ChoiceField(
        label=_("Infraction"),
        required=False,
        widget=forms.Select(attrs={"data-kinds": "infraction"}),
    )
    other_infraction = forms.CharField(
        label=_("Other infraction"),
        required=False,
        max_length=120,
        widget=forms.TextInput(attrs={"data-kinds": "infraction"}),
        help_text=_("Only if it is not in the list above."),
    )
    valid_shape = forms.TypedChoiceField(
        label=_("The hand shown"),
        required=False,
        coerce=lambda v: v == "yes",
        empty_value=None,
        choices=[
            ("yes", _("Four sets and a pair, under 8 fan")),
            ("no", _("Not a valid hand (wrong sets or tiles)")),
        ],
        widget=forms.RadioSelect(attrs={"data-kinds": "false_hu"}),
    )
    revealed = forms.TypedChoiceField(
        label=_("Tiles revealed?"),
        required=False,
        coerce=lambda v: v == "yes",
        initial="yes",
        choices=[("yes", _("Yes")), ("no", _("No (dead hand only)"))],
        widget=forms.RadioSelect(attrs={"data-kinds": "false_hu"}),
    )
    amount = forms.IntegerField(
        label=_("Points"),
        required=False,
        min_value=0,
        max_value=MAX_PENALTY_AMOUNT,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "data-kinds": "referee_decision"}),
    )
    reason = forms.CharField(
        label=_("Reason"), required=False, max_length=500, widget=forms.Textarea(attrs={"rows": 2})
    )
    hand_number = forms.IntegerField(
        label=_("During hand"),
        required=False,
        min_value=1,
        max_value=MAX_HAND_NUMBER,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)
    #: How many penalties the player had when the director saw the proposal: a second tap
    #: on "confirm" finds one more and is refused instead of saving the penalty twice.
    seen = forms.IntegerField(
        required=False, min_value=0, max_value=INT32_MAX, widget=forms.HiddenInput
    )

    def __init__(self, *args, registrations, kinds, winds=None, **kwargs):
        super().__init__(*args, **kwargs)
        # at a table, `winds` gives each player's seat wind letter ("E · Anna Rossi")
        field_of(self, "registration", forms.ChoiceField).choices = [
            (
                r.pk,
                f"{winds[r.pk]} · {r.player.full_name}"
                if winds
                else f"{r.number}. {r.player.full_name}",
            )
            for r in registrations
        ]
        field_of(self, "kind", forms.ChoiceField).choices = [
            (k.code, translate_text(k.label)) for k in kinds
        ]
        field_of(self, "infraction", forms.ChoiceField).choices = [("", "—"), *INFRACTIONS]
        self.kinds = {k.code: k for k in kinds}

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if data.get("kind") == rules.penalties.INFRACTION:
            data["infraction_name"] = (
                (data.get("other_infraction") or "").strip() or data.get("infraction") or ""
            )
        else:
            data["infraction_name"] = ""
        return data

    def params(self):
        """Keyword arguments for the penalties service."""
        data = self.cleaned_data
        return {
            "minutes": data.get("minutes"),
            "valid_shape": data.get("valid_shape"),
            "revealed": True if data.get("revealed") is None else data["revealed"],
            "amount": data.get("amount"),
            "reason": data.get("reason") or "",
        }


class CancelPenaltyForm(forms.Form):
    reason = forms.CharField(label=_("Why is it cancelled?"), max_length=500)


class SubstituteForm(forms.Form):
    seat = forms.TypedChoiceField(label=_("Seat"), coerce=int)
    substitute = forms.TypedChoiceField(label=_("Substitute"), coerce=int)

    def __init__(self, *args, seats, substitutes, **kwargs):
        super().__init__(*args, **kwargs)
        field_of(self, "seat", forms.ChoiceField).choices = [
            (
                seat.pk,
                f"{seat.table} · {seat.get_wind_display()} · {seat.registration.player.full_name}",
            )
            for seat in seats
        ]
        field_of(self, "substitute", forms.ChoiceField).choices = [
            (r.pk, f"{r.number}. {r.player.full_name}") for r in substitutes
        ]
