"""The one exception of the rules package.

:class:`RuleError` is raised for every input the rules cannot accept: a seat out of range, a
winner who is also the discarder, too few fan, an unknown option. Its message is written for the
referee or the director who typed the input, and it keeps the untranslated template and its
parameters so the desk can translate it (see :mod:`rules.i18n`). Bugs in the code raise ordinary
exceptions instead.
"""

from __future__ import annotations

from typing import Any

from rules.i18n import Message


class RuleError(ValueError):
    """Invalid input to a rule; ``str(err)`` is the English message.

    >>> err = RuleError("At least {minimum} fan; got {got}", minimum=8, got=6)
    >>> str(err)
    'At least 8 fan; got 6'
    >>> err.template, dict(err.params)
    ('At least {minimum} fan; got {got}', {'minimum': 8, 'got': 6})
    """

    def __init__(self, template: str, **params: Any) -> None:
        self.message = Message(template, params)
        super().__init__(str(self.message))

    @property
    def template(self) -> str:
        """The untranslated ``str.format`` template."""
        return self.message.template

    @property
    def params(self) -> Any:
        """The parameters of the template (a read-only mapping)."""
        return self.message.params
