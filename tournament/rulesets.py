"""The rule set of a tournament, as the pure `rules` package builds it from the tournament's rule
set code and its scoring settings (`Tournament.scoring_options`, the changes to the preset)."""

import rules
from common.i18n import translate_error


def ruleset_for(tournament) -> rules.RuleSet:
    """The tournament's `rules.RuleSet` (cached on the instance)."""
    key = (tournament.ruleset, repr(sorted((tournament.scoring_options or {}).items())))
    cached = getattr(tournament, "_ruleset_cache", None)
    if cached is None or cached[0] != key:
        cached = (key, rules.get_ruleset(tournament.ruleset, tournament.scoring_options or None))
        tournament._ruleset_cache = cached
    return cached[1]


def check_scoring_options(code, options):
    """None when the settings suit the rule set, else the reason in the active language."""
    try:
        rules.get_ruleset(code, options or None)
    except rules.RuleError as exc:
        return translate_error(exc)
    return None
