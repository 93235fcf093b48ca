"""Translation markers and translatable messages, without Django.

The rules package must not import Django, yet every text a referee or a director reads (rule set
names, field labels, penalty names, error messages) has to be translated by the desk. So:

- ``_("...")`` marks a literal for extraction. It is a no-op here: Django's ``makemessages``
  (xgettext) finds the ``_`` calls in this package, and the desk translates the English text it
  receives with ``gettext`` at display time.
- A :class:`Message` keeps an untranslated ``str.format`` template and its parameters apart, so the
  desk can translate the template first and fill in the parameters afterwards. Parameters that are
  themselves strings (a wind name, an outcome label) are English texts marked with ``_`` too, and
  can be translated the same way.

Only ``{name}`` placeholders are used, never positional ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


def _(message: str) -> str:
    """Mark ``message`` for translation and return it unchanged."""
    return message


#: The four winds in seat order; seat 0 is East at the start of a session.
WIND_NAMES = (_("East"), _("South"), _("West"), _("North"))


@dataclass(frozen=True)
class Message:
    """An untranslated template with its parameters; ``str()`` gives the English text."""

    template: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def __str__(self) -> str:
        return self.template.format(**self.params)


def message(template: str, **params: Any) -> Message:
    """Build a :class:`Message`; ``template`` must already be wrapped in ``_``."""
    return Message(template, params)
