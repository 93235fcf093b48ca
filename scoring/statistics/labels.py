"""The names of the statistics' figures (docs/rules.md §12), the same on the pages and in the
downloads."""

from django.utils.translation import gettext_lazy as _

from rules import hand_facts as facts

LABELS = {
    facts.HANDS: _("Hands played"),
    facts.WON: _("Hands won"),
    facts.SELF_DRAWN: _("Self-drawn"),
    facts.DEALT_IN: _("Dealt in"),
    facts.AVERAGE_VALUE: _("Average winning value"),
    facts.LARGEST_VALUE: _("Largest winning value"),
    facts.DRAWS: _("Draws"),
    facts.PENALTIES: _("Penalties"),
    facts.PENALTY_POINTS: _("Penalty points"),
    facts.CHOMBO: _("Chombo"),
    facts.RIICHI: _("Riichi declared"),
    facts.RIICHI_WON: _("Won after riichi"),
    facts.RIICHI_DEALT_IN: _("Dealt in while in riichi"),
    facts.AVERAGE_HAN: _("Average han"),
}
