from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from api.models import TokenKind
from api.tokens import NAME_MAX, referee_accounts
from common.form_fields import field_of

if TYPE_CHECKING:
    from django.contrib.auth.models import User


class TokenForm(forms.Form):
    name = forms.CharField(
        label=_("Name"),
        max_length=NAME_MAX,
        help_text=_("Who uses it, e.g. “Streaming overlay” or “Federation rating site”."),
    )
    #: A director token by default: what a program reading the tournament or writing for the
    #: director needs; a referee token also names its referee account.
    kind = forms.ChoiceField(
        label=_("Kind"),
        choices=TokenKind.choices,
        initial=TokenKind.DIRECTOR,
        widget=forms.RadioSelect,
    )
    referee: "forms.ModelChoiceField[User]" = forms.ModelChoiceField(
        label=_("Referee account"),
        queryset=None,
        required=False,
        help_text=_("For a referee token: the account whose tables it writes to."),
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        field_of(self, "referee", forms.ModelChoiceField).queryset = referee_accounts(tournament)

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if data.get("kind") == TokenKind.REFEREE and not data.get("referee"):
            self.add_error("referee", _("Choose the referee account of this token."))
        return data
