"""The names of the statistics' figures (docs/rules.md §12), the same on the pages and in the
downloads: counts of hands, in the context "statistics" (the hand form's "Self-drawn" names one
hand)."""

from django.utils.translation import pgettext_lazy

from rules import hand_facts as facts

LABELS = {
    facts.HANDS: pgettext_lazy("statistics", "Hands played"),
    facts.WON: pgettext_lazy("statistics", "Hands won"),
    facts.SELF_DRAWN: pgettext_lazy("statistics", "Self-drawn"),
    facts.DEALT_IN: pgettext_lazy("statistics", "Dealt in"),
    facts.AVERAGE_VALUE: pgettext_lazy("statistics", "Average winning value"),
    facts.LARGEST_VALUE: pgettext_lazy("statistics", "Largest winning value"),
    facts.DRAWS: pgettext_lazy("statistics", "Draws"),
    facts.PENALTIES: pgettext_lazy("statistics", "Penalties"),
    facts.PENALTY_POINTS: pgettext_lazy("statistics", "Penalty points"),
    facts.CHOMBO: pgettext_lazy("statistics", "Chombo"),
    facts.RIICHI: pgettext_lazy("statistics", "Riichi declared"),
    facts.RIICHI_WON: pgettext_lazy("statistics", "Won after riichi"),
    facts.RIICHI_DEALT_IN: pgettext_lazy("statistics", "Dealt in while in riichi"),
    facts.AVERAGE_HAN: pgettext_lazy("statistics", "Average han"),
}
