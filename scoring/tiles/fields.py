"""The "Count from tiles" fields of the hand form (docs/rules.md §7).

They are optional: a hand entered with its figures alone is saved exactly as before. The tile
picker on the referee's page fills them; a data-entry operator can type the notation from a paper
sheet and tick the conditions without any script.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from common.i18n import translate_text
from rules.tile_count import HAN_FU
from rules.tiles import MAX_TEXT
from scoring.tiles.services import TilesInput, why_no_count

TILE_FIELDS = ("tiles", "tiles_winner", "tiles_flags", "tiles_dora", "tiles_ura")
MAX_INDICATOR_TEXT = 40


def add_tile_fields(form, ruleset, seat_choices):
    """Add the tile fields to `form` when `ruleset` counts from tiles; return the counter (or
    None) and why counting is not offered (or None)."""
    counter = ruleset.tile_counter()
    if counter is None:
        return None, None
    form.fields["tiles"] = forms.CharField(
        label=_("Tiles"),
        required=False,
        max_length=MAX_TEXT,
        strip=True,
        help_text=_(
            "Optional. The winner's tiles, e.g. 123m 456p 789s [555z] 1z +1z f1: m characters, "
            "p dots, s bamboo, z honours (1z-4z East to North, 5z White, 6z Green, 7z Red), "
            "[ ] an exposed meld, { } a concealed kong, + the winning tile, f the flowers."
        ),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "spellcheck": "false", "autocapitalize": "off"}
        ),
    )
    if counter.kind == HAN_FU:  # several players can win a riichi hand on one discard
        form.fields["tiles_winner"] = forms.TypedChoiceField(
            label=_("Whose tiles"),
            required=False,
            coerce=int,
            empty_value=None,
            choices=[("", "-"), *seat_choices],
        )
    form.fields["tiles_flags"] = forms.MultipleChoiceField(
        label=_("Conditions"),
        required=False,
        choices=[(flag.name, translate_text(flag.label)) for flag in counter.flags],
        widget=forms.CheckboxSelectMultiple,
    )
    if counter.takes_dora:
        for name, label in (("tiles_dora", _("Dora indicators")), ("tiles_ura", _("Ura dora"))):
            form.fields[name] = forms.CharField(
                label=label,
                required=False,
                max_length=MAX_INDICATOR_TEXT,
                strip=True,
                widget=forms.TextInput(attrs={"autocomplete": "off", "placeholder": "5m 1z"}),
            )
    return counter, why_no_count(ruleset)


def tiles_input(cleaned_data):
    """The `TilesInput` of a valid form (empty when no tiles were given)."""
    return TilesInput(
        text=cleaned_data.get("tiles") or "",
        winner=cleaned_data.get("tiles_winner"),
        flags=tuple(cleaned_data.get("tiles_flags") or ()),
        dora=cleaned_data.get("tiles_dora") or "",
        ura=cleaned_data.get("tiles_ura") or "",
    )


def tiles_initial(hand):
    """Form values from a stored hand's tiles (to correct it)."""
    given = TilesInput.from_hand(hand)
    if not given:
        return {}
    return {
        "tiles": given.text,
        "tiles_winner": given.winner,
        "tiles_flags": list(given.flags),
        "tiles_dora": given.dora,
        "tiles_ura": given.ura,
    }
