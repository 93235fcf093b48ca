"""The families of rule sets a season ranks together (docs/rules.md §11).

A season is MCR, riichi or classic: its ranking takes the tournaments of every rule set of its
family (`RuleSet.family`), so a season of EMA Riichi counts both editions. Code outside `rules/`
names a family, never a rule-set code.
"""

from __future__ import annotations

from rules.i18n import _

MCR = "mcr"
RIICHI = "riichi"
CLASSIC = "classic"

#: (family, label) in the order the desk offers them; the labels are marked for translation.
FAMILIES = (
    (MCR, _("MCR")),
    (RIICHI, _("Riichi")),
    (CLASSIC, _("Classic (European, FIMJ, Faentino)")),
)
