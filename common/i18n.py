"""Translating messages that come from the pure packages (`rules`, `tournament.seating`).

Those packages cannot import Django, so their errors and labels carry an English template with
`{name}` placeholders and the parameters apart (`RuleError.template`, `.params`). The template
and every text parameter were marked for extraction there; here they are translated into the
active language and put together.
"""

from django.utils.translation import gettext


def translate_message(template, params=None):
    params = {
        name: gettext(value) if isinstance(value, str) else value
        for name, value in (params or {}).items()
    }
    return gettext(template).format(**params)


def translate_error(error):
    """The message of a RuleError or SeatingError in the active language."""
    template = getattr(error, "template", None)
    if template is None:
        return str(error)
    return translate_message(template, getattr(error, "params", None))


def translate_text(text):
    """A label marked in a pure package (rule set names, field labels, penalty names)."""
    return gettext(text) if text else text
