"""The "Count from tiles" fields of the hand form (docs/rules.md §7).

They are optional: a hand entered with its figures alone is saved exactly as before. The tile
picker on the referee's page fills them; a data-entry operator can type the notation from a paper
sheet and tick the conditions without any script. In the classic games every player has a tiles
field and the flowers and seasons they hold; the picker fills one player's at a time.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from common.i18n import translate_text
from rules.tile_count import HAN_FU, POINTS
from rules.tiles import MAX_TEXT
from scoring.tiles.services import PlayerTiles, TilesInput, why_no_count

TILE_FIELDS = ("tiles", "tiles_winner", "tiles_flags", "tiles_dora", "tiles_ura")
MAX_INDICATOR_TEXT = 40
SEATS = (0, 1, 2, 3)
#: flowers and seasons are numbered 1-4: number n belongs to seat wind n - 1
BONUS_CHOICES = [(1, "1"), (2, "2"), (3, "3"), (4, "4")]
NOTATION_HELP = _(
    "m characters, p dots, s bamboo, z honours (1z-4z East to North, 5z White, 6z Green, 7z "
    "Red), [ ] an exposed meld, { } a concealed kong, + the winning tile."
)


def _tiles_field(label, help_text):
    return forms.CharField(
        label=label,
        required=False,
        max_length=MAX_TEXT,
        strip=True,
        help_text=help_text,
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "spellcheck": "false", "autocapitalize": "off"}
        ),
    )


def player_tile_fields(seat):
    """The names of one player's tile fields (the classic games)."""
    return (f"tiles_{seat}", f"tiles_flowers_{seat}", f"tiles_seasons_{seat}")


def add_tile_fields(form, ruleset, seat_choices):
    """Add the tile fields to `form` when `ruleset` counts from tiles; return the counter (or
    None) and why counting is not offered (or None)."""
    counter = ruleset.tile_counter()
    if counter is None:
        return None, None
    if counter.kind == POINTS:
        _add_player_fields(form, seat_choices)
    else:
        form.fields["tiles"] = _tiles_field(
            _("Tiles"),
            _(
                "Optional. The winner's tiles, e.g. 123m 456p 789s [555z] 1z +1z f1: "
                "%(notation)s f the flowers."
            )
            % {"notation": NOTATION_HELP},
        )
    if counter.kind in (HAN_FU, POINTS):  # several players' tiles can be counted
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


def _add_player_fields(form, seat_choices):
    """Each player's tiles, flowers and seasons (the classic games), in the page's seat order."""
    for seat, label in seat_choices:
        text, flowers, seasons = player_tile_fields(seat)
        form.fields[text] = _tiles_field(
            label,
            _(
                "This player's tiles: the winner's 14 with + before the winning tile, another "
                "player's 13 as they end, a kong counting as 3. %(notation)s"
            )
            % {"notation": NOTATION_HELP},
        )
        for name, what in ((flowers, _("Flowers")), (seasons, _("Seasons"))):
            form.fields[name] = forms.TypedMultipleChoiceField(
                label=what,
                required=False,
                coerce=int,
                choices=BONUS_CHOICES,
                widget=forms.CheckboxSelectMultiple,
                help_text=_("Numbers 1 to 4: East's, South's, West's, North's."),
            )


def clean_tile_fields(form, cleaned_data):
    """Flowers or seasons given for a player whose tiles are not: said, not dropped."""
    for seat in SEATS:
        text, flowers, seasons = player_tile_fields(seat)
        if text not in form.fields or cleaned_data.get(text):
            continue
        for name in (flowers, seasons):
            if cleaned_data.get(name):
                form.add_error(name, _("Give this player's tiles too, or untick them."))


def tiles_input(cleaned_data):
    """The `TilesInput` of a valid form (empty when no tiles were given)."""
    players = tuple(
        PlayerTiles(
            seat,
            cleaned_data.get(f"tiles_{seat}") or "",
            tuple(sorted(cleaned_data.get(f"tiles_flowers_{seat}") or ())),
            tuple(sorted(cleaned_data.get(f"tiles_seasons_{seat}") or ())),
        )
        for seat in SEATS
        if cleaned_data.get(f"tiles_{seat}")
    )
    return TilesInput(
        text=cleaned_data.get("tiles") or "",
        winner=cleaned_data.get("tiles_winner"),
        flags=tuple(cleaned_data.get("tiles_flags") or ()),
        dora=cleaned_data.get("tiles_dora") or "",
        ura=cleaned_data.get("tiles_ura") or "",
        players=players,
    )


def tiles_initial(hand):
    """Form values from a stored hand's tiles (to correct it)."""
    given = TilesInput.from_hand(hand)
    if not given:
        return {}
    initial = {
        "tiles": given.text,
        "tiles_winner": given.winner,
        "tiles_flags": list(given.flags),
        "tiles_dora": given.dora,
        "tiles_ura": given.ura,
    }
    for player in given.players:
        text, flowers, seasons = player_tile_fields(player.seat)
        initial |= {text: player.text, flowers: list(player.flowers), seasons: list(player.seasons)}
    return initial


def player_fields(form, seats=SEATS):
    """[(seat, label, tiles field, flowers field, seasons field)] of the classic games' form,
    in the order of `seats`."""
    rows = []
    for seat in seats:
        text, flowers, seasons = player_tile_fields(seat)
        if text in form.fields:
            rows.append((seat, form.fields[text].label, form[text], form[flowers], form[seasons]))
    return rows
