"""The rule set codes the desk stores, and :func:`get_ruleset`.

``RULESET_CODES`` are the values of the desk's rule set column, in the order the desk offers
them. :func:`get_ruleset` returns a fresh rule set object for a code, with the tournament's
settings (a mapping, as stored in the desk's JSON column) applied over the code's preset.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules.base import RuleSet
from rules.classic import EUROPEAN, FIMJ, ClassicRuleSet
from rules.errors import RuleError
from rules.faentino import FAENTINO, FaentinoRuleSet
from rules.i18n import _
from rules.mcr import McrOptions, McrRuleSet
from rules.options import apply_options
from rules.riichi.presets import EMA_2008, EMA_2016
from rules.riichi.table import RiichiRuleSet

RULESET_CODES = ("mcr", "riichi2008", "riichi2016", "european", "fimj", "faentino")

_FACTORIES: dict[str, tuple[Any, Callable[[Any], RuleSet]]] = {
    "mcr": (McrOptions(), McrRuleSet),
    "riichi2008": (EMA_2008, lambda options: RiichiRuleSet(options, "riichi2008")),
    "riichi2016": (EMA_2016, lambda options: RiichiRuleSet(options, "riichi2016")),
    "european": (EUROPEAN, ClassicRuleSet),
    "fimj": (FIMJ, ClassicRuleSet),
    "faentino": (FAENTINO, FaentinoRuleSet),
}


def preset(code: str) -> Any:
    """The preset (frozen options dataclass) of a rule set code, without settings applied."""
    return _lookup(code)[0]


def _lookup(code: str) -> tuple[Any, Callable[[Any], RuleSet]]:
    if code not in _FACTORIES:
        raise RuleError(
            _("Unknown rule set {code}; the rule sets are: {valid}"),
            code=code,
            valid=", ".join(RULESET_CODES),
        )
    return _FACTORIES[code]


def family_codes(family: str) -> tuple[str, ...]:
    """The rule set codes of ``family`` (``rules.families``), in the desk's order: what a season
    of that family takes (docs/rules.md §11).

    >>> family_codes("riichi")
    ('riichi2008', 'riichi2016')
    """
    return tuple(code for code in RULESET_CODES if get_ruleset(code).family == family)


def get_ruleset(code: str, options: Mapping[str, Any] | None = None) -> RuleSet:
    """The rule set for ``code`` with the tournament settings ``options`` applied.

    >>> get_ruleset("mcr").max_hands
    16
    >>> get_ruleset("fimj", {"limit": 2000}).options.limit
    2000
    """
    base, factory = _lookup(code)
    return factory(apply_options(base, options, str(base.name)))
