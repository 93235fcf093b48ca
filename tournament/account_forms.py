"""Forms of the accounts, directors and referee-accounts pages. They check input; the services
(`tournament.services.accounts`) write it and check again."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.services.accounts import USERNAME_MAX


class AccountForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=USERNAME_MAX)
    password = forms.CharField(
        label=_("Password"),
        max_length=128,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "new-password"}),
        help_text=_("Give it to its owner; they can change it later."),
    )


class NewAccountForm(AccountForm):
    site_admin = forms.BooleanField(
        label=_("Site administrator"),
        required=False,
        help_text=_("Creates tournaments, gives them directors and manages every tournament."),
    )


class DirectorForm(forms.Form):
    username = forms.CharField(label=_("Account (user name)"), max_length=USERNAME_MAX)


class RefereeForm(forms.Form):
    username = forms.CharField(label=_("Referee account (user name)"), max_length=USERNAME_MAX)
    tables = forms.CharField(
        label=_("Tables"),
        max_length=200,
        help_text=_(
            "Table numbers like “1-4, 7”: in every drawn session not yet confirmed, and kept "
            "when a session is drawn again."
        ),
    )
