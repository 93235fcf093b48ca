"""The desk's stored choices stay in step with what `rules/` defines.

`RuleSetCode`, `Outcome` and `PenaltyKind` are Django choices (they name database values and
check constraints); `rules/` is where the rule sets, their hand outcomes and their penalties are
defined. Adding one in `rules/` without the other (or the reverse) fails here.
"""

import rules
from scoring.models import Outcome, PenaltyKind
from tournament.models import RuleSetCode


def every_ruleset():
    return [rules.get_ruleset(code) for code in rules.RULESET_CODES]


def rules_outcomes():
    """Every outcome a rule set's hand form offers, in any state of a table."""
    outcomes = set()
    for ruleset in every_ruleset():
        for state in (None, ruleset.initial_state()):
            outcomes |= {value for value, _label in ruleset.outcomes(state)}
    return outcomes


def test_the_rule_set_codes_are_those_of_rules_in_the_same_order():
    assert list(RuleSetCode.values) == list(rules.RULESET_CODES)
    for code in RuleSetCode.values:
        assert rules.get_ruleset(code).code == code


def test_the_outcomes_are_those_the_rule_sets_offer():
    stored = set(Outcome.values)
    offered = rules_outcomes()
    assert offered - stored == set(), "outcomes of rules/ the Outcome choices cannot store"
    assert stored - offered == set(), "Outcome choices no rule set offers"


def test_the_penalty_kinds_are_those_of_the_catalogues():
    stored = set(PenaltyKind.values)
    catalogued = {kind.code for ruleset in every_ruleset() for kind in ruleset.penalty_catalogue}
    separate = {
        kind.code
        for ruleset in every_ruleset()
        for kind in ruleset.penalty_catalogue
        if kind.hand_entry is None
    }
    assert separate - stored == set(), "penalties of rules/ the PenaltyKind choices cannot store"
    assert stored - catalogued == set(), "PenaltyKind choices no rule set's catalogue has"


def test_every_rule_set_names_a_score_sheet_form_the_desk_prints():
    from exports.pdf.scoresheet import FORMS

    assert set(FORMS) == set(rules.base.SCORE_SHEETS)
    for ruleset in every_ruleset():
        assert ruleset.score_sheet in FORMS
