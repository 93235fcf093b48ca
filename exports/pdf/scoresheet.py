"""Score sheets of a session, one table per A4 page, in the form the tournament's rule set
names (`RuleSet.score_sheet`): the FIMJ form of MCR sessions (`scoresheet_fimj.py`) or the
generic form of the other rule sets (`scoresheet_generic.py`), both built on
`scoresheet_base.py`.
"""

from exports.pdf.scoresheet_fimj import FimjScoreSheets
from exports.pdf.scoresheet_generic import GenericScoreSheets
from exports.sources import drawn_session
from rules.base import SCORE_SHEET_FIMJ_MCR, SCORE_SHEET_GENERIC
from tournament.rulesets import ruleset_for

#: The document class of every score-sheet form a rule set may name.
FORMS = {SCORE_SHEET_FIMJ_MCR: FimjScoreSheets, SCORE_SHEET_GENERIC: GenericScoreSheets}


def render_scoresheets(tournament, *, session_number, blank=False):
    """The score sheets of session `session_number`, one table per page (see the forms)."""
    session = drawn_session(tournament, session_number)
    form = FORMS[ruleset_for(tournament).score_sheet]
    return form(tournament, session, blank=blank).render()
