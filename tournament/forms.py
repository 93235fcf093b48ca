"""Forms of the tournament app. They check input; the services write it."""

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from common.form_fields import field_of
from common.i18n import translate_text
from common.numbers import parse_int
from rules.limits import INT32_MAX, MAX_SEED, MAX_SWISS_BAND
from tournament.models import (
    LOTS_SEED_MAX,
    TEAM_SIZE_MAX,
    SeatingGroups,
    SeatingPriority,
    Session,
    TieBreak,
    Tournament,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class DateInput(forms.DateInput):
    input_type = "date"

    def __init__(self, **kwargs):
        super().__init__(format="%Y-%m-%d", **kwargs)


#: The settings of a tournament in stages (docs/rules.md §9), on the tournament's form.
STAGE_FIELDS = (
    "final_sessions",
    "finalists",
    "final_carry",
    "final_seating",
    "final_reseat",
    "consolation",
)


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = (
            "name",
            "slug",
            "start_date",
            "end_date",
            "venue",
            "city",
            "country",
            "mers_weight",
            "ruleset",
            "session_count",
            "session_minutes",
            *STAGE_FIELDS,
            "seating_groups",
            "seating_priority",
            "published",
            "referee_pin",
            "projector_mode",
            "projector_seconds",
            "reveal_places",
        )
        widgets = {"start_date": DateInput(), "end_date": DateInput()}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _("Leave empty to make one from the name.")
        # Left empty (a form of an older page, a script), the places keep their value.
        self.fields["reveal_places"].required = False
        for name in STAGE_FIELDS:  # so do the stage settings (docs/rules.md §9)
            self.fields[name].required = False
        self.fields["finalists"].widget.attrs.update(min=0, step=4)

    def clean_final_sessions(self):
        return self._kept("final_sessions")

    def clean_finalists(self):
        return self._kept("finalists")

    def clean_final_carry(self):
        return self._kept("final_carry")

    def clean_final_seating(self):
        return self._kept("final_seating")

    def _kept(self, name):
        value = self.cleaned_data.get(name)
        return getattr(self.instance, name) if value in (None, "") else value

    def clean_reveal_places(self):
        value = self.cleaned_data.get("reveal_places")
        return self.instance.reveal_places if value is None else value

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        start, end = cleaned.get("start_date"), cleaned.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day cannot be before the first day."))
        check_stages(self, cleaned)
        return cleaned


def check_stages(form, cleaned):
    """The stage settings, with a clear message for each mistake (docs/rules.md §9)."""
    final_sessions, finalists = cleaned.get("final_sessions"), cleaned.get("finalists")
    sessions = cleaned.get("session_count")
    if final_sessions is None or finalists is None:
        return
    if final_sessions and sessions and final_sessions >= sessions:
        form.add_error(
            "final_sessions",
            _("The final needs fewer sessions than the tournament (%(sessions)s) has.")
            % {"sessions": sessions},
        )
    if finalists % 4:
        form.add_error("finalists", _("The finalists fill tables of four: a multiple of 4."))
    elif final_sessions and not finalists:
        form.add_error("finalists", _("A tournament with a final needs at least 4 finalists."))
    elif finalists and not final_sessions:
        form.add_error(
            "final_sessions", _("Finalists need a final: give the final stage its sessions.")
        )
    instance = form.instance
    if instance.pk and finalists:
        players = instance.registrations.playing().count()
        if players and finalists > players:
            form.add_error(
                "finalists",
                _("Only %(players)s players are registered: the finalists cannot be more.")
                % {"players": players},
            )


class DrawForm(forms.Form):
    """What to draw: every session not yet played, or one session; and optionally the seed."""

    REMAINING = "remaining"

    scope = forms.ChoiceField(label=_("Sessions to draw"))
    seed = forms.IntegerField(
        label=_("Seed"),
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text=_("Leave empty for a new random draw; enter a stored seed to reproduce one."),
    )
    priority = forms.ChoiceField(
        label=_("When both cannot be avoided"),
        choices=SeatingPriority.choices,
        required=False,
        help_text=_(
            "Repeated opponents or players kept apart who meet: which the draw avoids first. "
            "Saved as the tournament's setting."
        ),
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        if tournament.seating_groups == SeatingGroups.NONE:
            del self.fields["priority"]  # nobody is kept apart: nothing to weigh
        else:
            self.fields["priority"].initial = tournament.seating_priority
        choices: list[tuple[str, StrOrPromise]] = [
            (self.REMAINING, _("Every session not yet played"))
        ]
        for session in tournament.sessions.order_by("number"):
            label = _("Session %(number)s only") % {"number": session.number}
            if session.is_swiss:
                label = _("%(label)s (Swiss)") % {"label": label}
            choices.append((str(session.number), label))
        field_of(self, "scope", forms.ChoiceField).choices = choices

    @property
    def session_number(self):
        scope = self.cleaned_data["scope"]
        return None if scope == self.REMAINING else int(scope)

    @property
    def chosen_priority(self):
        """The priority asked for, or None to keep the tournament's."""
        return self.cleaned_data.get("priority") or None


class PublishDrawForm(DrawForm):
    seed = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=MAX_SEED)
    fingerprint = forms.CharField(widget=forms.HiddenInput, max_length=64)


class SessionSettingsForm(forms.ModelForm):
    class Meta:
        model = Session
        fields = ("scheduled_start", "is_swiss", "swiss_band")
        widgets = {
            "scheduled_start": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
        }

    def clean_swiss_band(self):
        band = self.cleaned_data.get("swiss_band")
        if band is not None and band > MAX_SWISS_BAND:
            raise forms.ValidationError(
                _("A band has at most %(maximum)s players.") % {"maximum": MAX_SWISS_BAND}
            )
        if band is not None and band % 4:
            raise forms.ValidationError(
                _("A band is a whole number of tables: use a multiple of 4 players.")
            )
        return band


class ScoringSettingsForm(forms.Form):
    """The settings of the tournament's rule set, built from `RuleSet.option_fields()`, and the
    tie-breakers of the standings."""

    TIE_BREAK_FIELDS = tuple(f"tie_break_{n}" for n in range(1, len(TieBreak.choices) + 1))

    def __init__(self, *args, ruleset, tie_breaks=(), lots_seed=None, team_counted=0, **kwargs):
        super().__init__(*args, **kwargs)
        self.option_fields = ruleset.option_fields()
        current = {
            name: getattr(ruleset.options, name) for name in (f.name for f in self.option_fields)
        }
        for option in self.option_fields:
            self.fields[option.name] = self._field(option, current[option.name])
        for index, name in enumerate(self.TIE_BREAK_FIELDS):
            self.fields[name] = forms.ChoiceField(
                label=_("Tie-breaker %(n)s") % {"n": index + 1},
                required=False,
                choices=[("", "—"), *TieBreak.choices],
                initial=tie_breaks[index] if index < len(tie_breaks) else "",
                help_text=_(
                    "Players equal on the ranking are then ordered by these; still "
                    "equal, they share the place."
                )
                if index == 0
                else "",
            )
        self.fields["lots_seed"] = forms.IntegerField(
            label=_("Seed of the lots"),
            required=False,
            min_value=0,
            max_value=LOTS_SEED_MAX,
            initial=lots_seed,
            help_text=_(
                "Used by “Drawing lots”: the same seed gives the same order. Left empty, the "
                "recorded seed stays (the desk draws one when the tie-breaker is first "
                "chosen); enter a recorded seed to reproduce an order."
            ),
        )
        self.fields["team_counted"] = forms.IntegerField(
            label=_("Team members counted"),
            required=False,
            min_value=0,
            max_value=TEAM_SIZE_MAX,
            initial=team_counted,
            help_text=_(
                "A team's standing adds up its members' table points, then their scores: all "
                "members (0) or only the best N of each team."
            ),
        )

    def options(self):
        return {
            name: value
            for name, value in self.cleaned_data.items()
            if name not in self.TIE_BREAK_FIELDS and name not in ("lots_seed", "team_counted")
        }

    def team_counted(self):
        """The team members counted (None: left as it is)."""
        return self.cleaned_data.get("team_counted")

    def lots_seed(self):
        return self.cleaned_data.get("lots_seed")

    def tie_breaks(self):
        chosen = [self.cleaned_data.get(name) for name in self.TIE_BREAK_FIELDS]
        return list(dict.fromkeys(code for code in chosen if code))

    @staticmethod
    def _field(option, value):
        common = {
            "label": translate_text(option.label),
            "help_text": translate_text(option.help_text),
            "initial": value,
        }
        if option.kind == "bool":
            return forms.BooleanField(required=False, **common)
        if option.kind == "int":
            return forms.IntegerField(
                min_value=option.min_value, max_value=option.max_value, **common
            )
        common["initial"] = ", ".join(str(number) for number in value)
        return IntListField(length=option.length, **common)


class IntListField(forms.CharField):
    """Whole numbers separated by commas, e.g. uma "15000, 5000, -5000, -15000"."""

    def __init__(self, *, length=None, **kwargs):
        self.length = length
        super().__init__(**kwargs)

    def to_python(self, value):
        text = super().to_python(value) or ""
        parts = [part for part in text.replace(";", ",").split(",") if part.strip()]
        # Plain digits only ("١٢" and "1_000" are not what a director types), each within what
        # the database holds; the rule set checks its own range (e.g. the uma's) after this.
        numbers = tuple(parse_int(part, minimum=-INT32_MAX, maximum=INT32_MAX) for part in parts)
        if None in numbers:
            raise forms.ValidationError(_("Write whole numbers separated by commas."))
        if self.length is not None and len(numbers) != self.length:
            raise forms.ValidationError(
                _("Write exactly %(length)s numbers.") % {"length": self.length}
            )
        return numbers
