"""How the season pages show their numbers: rankings with two decimals (as the EMA shows them),
points and weights exactly, the statistics' figures (docs/rules.md §12)."""

from fractions import Fraction

from django import template

from common import formatting
from common.i18n import translate_text
from common.text import person_name
from exports.statistics_rows import AVERAGES, pattern_text
from rules import hand_facts as facts
from scoring.statistics.labels import LABELS

register = template.Library()


@register.filter
def rank(value):
    """A ranking, a part or a points total: two decimals ("525.43"), "—" without one."""
    if value is None:
        return "—"
    return formatting.exact(value, 2)


@register.filter
def amount(value):
    """Points or a weight as short as exact allows: "25", "16.5", "0.5"; "—" without one."""
    if value is None:
        return "—"
    value = Fraction(value)
    if value.denominator == 1:
        return formatting.whole(int(value))
    return formatting.exact(value, 2).rstrip("0")


@register.filter
def translated(text):
    """A text marked for translation in the pure rules (a rule set's name, a label)."""
    return translate_text(text)


@register.filter
def person(row):
    """A ranking row's name in the active language's order (`common.text.person_name`)."""
    return person_name(row.first_name, row.last_name)


@register.filter
def statistic_label(figure):
    return LABELS.get(figure, "")


@register.filter
def statistic(tally, name):
    """A tally's figure as the page shows it: averages with two decimals, "—" for none."""
    if name == facts.FREQUENT_PATTERN:
        return pattern_text(tally) or "—"
    value = getattr(tally, name)
    if value is None:
        return "—"
    if name in AVERAGES:
        return formatting.exact(value, 2)
    return formatting.whole(value)


@register.simple_tag
def pattern(tally, italian):
    return pattern_text(tally, italian) or "—"


@register.filter
def share_of(part, whole):
    """ "18.0%": `part` of `whole`, one decimal; "" when `whole` is 0."""
    if not whole:
        return ""
    return formatting.exact(Fraction(part * 100, whole), 1) + "%"
