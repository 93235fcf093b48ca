"""Forms of the scoring app. The hand form is built from the rule set's entry fields, so the
desk never needs to know which rules a table plays; the rules check the values themselves."""

import uuid

from django import forms
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

import rules
from common.i18n import translate_text
from rules.limits import (
    INT32_MAX,
    MAX_SESSIONS,
)
from scoring.presentation import seat_order
from scoring.tiles.fields import (
    TILE_FIELDS,
    add_tile_fields,
    clean_tile_fields,
    player_fields,
    tiles_input,
)
from tournament.models import WIND_NAMES

#: The hand form's field of the FIMJ variant's first hand (docs/rules.md §4.3).
FIRST_BREACH = "first_breach"


#: A seat that is not one of the table's four (an old page, a tampered form).
SEAT_ERRORS = {
    "invalid_choice": _("There is no seat %(value)s at this table: tap one of the four players.")
}


class TableFormMixin(forms.Form):
    """Hidden fields every write to a table carries: what the page was built from."""

    revision = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=INT32_MAX)
    submission = forms.UUIDField(widget=forms.HiddenInput, required=False)

    @staticmethod
    def table_initial(table):
        return {"revision": table.revision, "submission": uuid.uuid4()}


def seat_label(seat, wind):
    """A seat's button or row label: its seat wind's name ("East": what a screen reader says
    and what a voice command names), then the player's last name on a line of its own (wrapped
    at spaces only, cut with an ellipsis if one word is still too long), the full name in the
    tooltip."""
    player = seat.registration.player
    return format_html(
        '<span class="seat-wind">{}</span> <span class="seat-name" title="{}">{}</span>',
        WIND_NAMES[wind],
        player.full_name,
        player.last_name or player.full_name,
    )


def seat_choices(seats, state):
    """(starting seat, label) pairs, ordered by the seat wind of the current hand (East first,
    `scoring.presentation.seat_order`: the one order of the whole page)."""
    winds = state.seat_winds if state is not None else (0, 1, 2, 3)
    by_seat = {seat.wind: seat for seat in seats}
    return [
        (seat, seat_label(by_seat[seat], winds[seat]))
        for seat in seat_order(state)
        if seat in by_seat
    ]


def per_seat_grid(layout):
    """Consecutive per-seat number groups (Han, Fu, Yakuman; Points, Doubles) as one grid:
    one row per player, labelled with the name, one column per group. Fits a 360 px phone."""
    merged = []
    for group in layout:
        if group["kind"] != rules.base.PER_SEAT_INT:
            merged.append(group)
            continue
        if not merged or merged[-1]["kind"] != "per_seat_grid":
            merged.append({"kind": "per_seat_grid", "columns": [], "rows": [], "outcomes": set()})
        grid = merged[-1]
        grid["columns"].append(group)
        grid["outcomes"].update(group["outcomes"].split())
        if not grid["rows"]:
            grid["rows"] = [{"label": field.label, "fields": []} for field in group["fields"]]
        for row, field in zip(grid["rows"], group["fields"], strict=True):
            row["fields"].append((group, field))
    for group in merged:
        if group["kind"] == "per_seat_grid":
            # a group with no outcomes of its own is always shown
            always = any(not column["outcomes"] for column in group["columns"])
            group["outcomes"] = "" if always else " ".join(sorted(group["outcomes"]))
            group["label"] = " · ".join(str(column["label"]) for column in group["columns"])
    return merged


class HandEntryForm(TableFormMixin):
    """One hand, with the fields `RuleSet.hand_fields(state)` asks for."""

    session = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MAX_SESSIONS)

    def __init__(self, *args, ruleset, state, seats, entry=None, first_wind=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.specs = ruleset.hand_fields(state)
        if entry:
            self.initial.update(self._initial_from(entry))
        self.seats = seats
        choices = seat_choices(seats, state)
        self.layout = []
        for spec in self.specs:
            names = self._add(spec, choices)
            self.layout.append(
                {
                    "spec": spec,
                    "kind": spec.kind,
                    "label": translate_text(spec.label),
                    "help": translate_text(spec.help_text),
                    "outcomes": " ".join(spec.outcomes),
                    "fields": [self[name] for name in names],
                }
            )
        self.layout = per_seat_grid(self.layout)
        if ruleset.asks_first_wind and state is not None and state.hand_number == 1:
            self._add_first_breach(choices, first_wind)
        self.tile_seats = [seat for seat, _label in choices]
        self.counter, self.count_missing = add_tile_fields(self, ruleset, choices)

    def _add_first_breach(self, choices, recorded):
        """The FIMJ variant's first hand asks who opened the first breach in the wall: that
        player's wind is the first prevalent wind (docs/rules.md §4.3). Once the table has
        recorded it (`recorded`), it is shown chosen and may be left out."""
        self.initial.setdefault(FIRST_BREACH, recorded)
        self.fields[FIRST_BREACH] = forms.TypedChoiceField(
            required=recorded is None,
            label=_("Who opened the first breach in the wall"),
            choices=choices,
            coerce=int,
            empty_value=None,
            widget=forms.RadioSelect,
            error_messages={
                **SEAT_ERRORS,
                "required": _(
                    "Say who opened the first breach in the wall: that player's wind "
                    "is the first prevalent wind."
                ),
            },
            help_text=_("FIMJ: that player's wind is the first prevalent wind, asked once."),
        )
        self.layout.insert(
            0,
            {
                "spec": None,
                "kind": rules.base.SEAT,
                "label": self.fields[FIRST_BREACH].label,
                "help": self.fields[FIRST_BREACH].help_text,
                "outcomes": "",
                "fields": [self[FIRST_BREACH]],
            },
        )

    def first_wind(self):
        """The first prevalent wind the form gives (the FIMJ variant's first hand), or None."""
        return self.cleaned_data.get(FIRST_BREACH) if FIRST_BREACH in self.fields else None

    def clean(self):
        cleaned = super().clean()
        clean_tile_fields(self, cleaned)
        return cleaned

    def tiles_input(self):
        """The tiles given with the hand (an empty `TilesInput` when none)."""
        return tiles_input(self.cleaned_data)

    def gives_tiles(self, data):
        """True when the posted `data` carry tiles fields (an API correction without them keeps
        the hand's tiles)."""
        return any(name in data for name in ("tiles", *(f"tiles_{seat}" for seat in range(4))))

    def tile_fields(self):
        """The bound tile fields, for the "Count from tiles" part of the page."""
        return [self[name] for name in TILE_FIELDS if name in self.fields]

    def player_tile_fields(self):
        """Each player's tile fields (the classic games), in the page's seat order."""
        return player_fields(self, self.tile_seats)

    def player_tiles_given(self):
        """True when a player's tiles were given or refused (the part opens on them)."""
        return any(
            field.value() or field.errors
            for _seat, _label, *fields in self.player_tile_fields()
            for field in fields
        )

    def _add(self, spec, choices):
        label = translate_text(spec.label)
        attrs = {"data-outcomes": " ".join(spec.outcomes)}
        kind = spec.kind
        field: forms.Field
        if kind == rules.base.OUTCOME:
            field = forms.ChoiceField(
                label=label,
                widget=forms.RadioSelect(attrs=attrs),
                choices=[(code, translate_text(text)) for code, text in spec.choices],
            )
        elif kind in (rules.base.SEAT, rules.base.OPTIONAL_SEAT):
            options = list(choices)
            if kind == rules.base.OPTIONAL_SEAT:
                options.append(("", _("Nobody")))
            field = forms.TypedChoiceField(
                label=label,
                choices=options,
                coerce=int,
                empty_value=None,
                required=False,
                widget=forms.RadioSelect(attrs=attrs),
                error_messages=SEAT_ERRORS,
            )
        elif kind == rules.base.SEATS_KIND:
            field = forms.TypedMultipleChoiceField(
                label=label,
                choices=choices,
                coerce=int,
                required=False,
                widget=forms.CheckboxSelectMultiple(attrs=attrs),
                error_messages=SEAT_ERRORS,
            )
        elif kind == rules.base.INT:
            field = forms.IntegerField(
                label=label,
                required=False,
                widget=forms.NumberInput(
                    attrs={
                        **attrs,
                        "inputmode": "numeric",
                        "min": spec.min_value,
                        "max": spec.max_value,
                    }
                ),
            )
        elif kind == rules.base.BOOL:
            field = forms.BooleanField(
                label=label, required=False, widget=forms.CheckboxInput(attrs=attrs)
            )
        elif kind == rules.base.PER_SEAT_INT:
            names = []
            for seat, label in choices:
                name = f"{spec.name}_{seat}"
                self.fields[name] = forms.IntegerField(
                    label=label,
                    required=False,
                    widget=forms.NumberInput(
                        attrs={
                            **attrs,
                            "inputmode": "numeric",
                            "min": spec.min_value,
                            "max": spec.max_value,
                        }
                    ),
                )
                names.append(name)
            return names
        else:  # pragma: no cover - a kind the rules added without the desk
            raise ValueError(f"unknown entry field kind {kind!r}")
        field.help_text = translate_text(spec.help_text)
        self.fields[spec.name] = field
        return [spec.name]

    def entry(self):
        """The cleaned values as the rules' entry mapping (only the outcome's fields)."""
        data = self.cleaned_data
        outcome = data.get("outcome")
        entry = {"outcome": outcome}
        for spec in self.specs[1:]:
            if not spec.used_for(outcome):
                continue
            if spec.kind == rules.base.PER_SEAT_INT:
                values = [data.get(f"{spec.name}_{seat}") for seat in range(4)]
                if any(value is not None for value in values):
                    entry[spec.name] = tuple(value or 0 for value in values)
            elif spec.kind == rules.base.SEATS_KIND:
                entry[spec.name] = tuple(sorted(data.get(spec.name) or ()))
            elif spec.kind == rules.base.BOOL:
                entry[spec.name] = bool(data.get(spec.name))
            elif data.get(spec.name) is not None:
                entry[spec.name] = data[spec.name]
        return entry

    def _initial_from(self, entry):
        """Form values from a stored entry (to correct a hand)."""
        initial = {}
        for spec in self.specs:
            value = entry.get(spec.name)
            if value is None:
                continue
            if spec.kind == rules.base.PER_SEAT_INT:
                initial.update({f"{spec.name}_{seat}": n for seat, n in enumerate(value)})
            else:
                initial[spec.name] = value
        return initial
