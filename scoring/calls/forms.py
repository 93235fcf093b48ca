"""The forms of a referee call: the table's call, and a referee's closing note."""

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.calls.models import NOTE_MAX, CallKind
from scoring.forms import TableFormMixin


class CallForm(TableFormMixin):
    """ "Call a referee" on the table's page (and the API's and the queue's call). The
    revision is the page's, for the phone's queue; a call is never refused for it."""

    kind = forms.ChoiceField(
        label=_("Why"),
        choices=CallKind.choices,
        widget=forms.RadioSelect,
        error_messages={"required": _("Say why a referee is needed.")},
    )
    note = forms.CharField(
        label=_("Note (optional)"),
        max_length=NOTE_MAX,
        required=False,
        help_text=_("A few words for the referee: which hand, which players."),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["revision"].required = False


class CloseCallForm(forms.Form):
    outcome = forms.CharField(
        label=_("What was decided (optional)"), max_length=NOTE_MAX, required=False
    )
