"""Template filters of the scoring pages (formatting only)."""

from django import template
from django.conf import settings

from common import formatting
from scoring.audit_words import describe_audit
from scoring.tiles.reading import count_lines, count_summary, player_counts, verdict_text
from tournament.rulesets import ruleset_for

register = template.Library()


@register.filter
def audit_sentence(entry):
    """An audit entry in words, with the players' names (scoring.audit_words.describe_audit)."""
    return describe_audit(entry)


@register.filter
def points(value):
    """Table points with two decimals, exact, in the active language's format."""
    return formatting.table_points(value)


@register.filter
def whole(value):
    """A whole number (score, hand points, transfers, penalties), negative with "−"."""
    return formatting.whole(value)


@register.filter
def thousands(value):
    """A riichi final score in thousands with one decimal and its sign."""
    return formatting.thousands(value)


@register.filter
def final_score(value, tournament):
    """A final score as the tournament's rule set shows it (riichi in thousands)."""
    return formatting.final_score(value, ruleset_for(tournament))


@register.filter
def figure(value, tournament):
    """A player's transfers or penalties in the unit of the tournament's total (riichi in
    thousands: a 2016 chombo "−20.0")."""
    return formatting.figure(value, ruleset_for(tournament))


@register.filter
def chosen(value, current):
    """Whether a choice `value` is selected in a field whose value is `current` (one or many)."""
    if current is None or current == "":
        return False
    values = current if isinstance(current, list | tuple) else [current]
    return str(value) in {str(item) for item in values}


@register.filter
def tile_summary(calculation):
    """A stored count from tiles in one phrase: "14 fan", "3 han 40 fu" (docs/rules.md §7)."""
    return count_summary(calculation)


@register.filter
def tile_lines(calculation):
    """A stored count's lines: (label, count, value)."""
    return count_lines(calculation)


@register.filter
def tile_verdict(calculation):
    return verdict_text(calculation)


@register.filter
def tile_players(calculation):
    """A classic hand's counts, one per player: (wind letter, tiles, summary, lines, matched)."""
    return player_counts(calculation)


@register.simple_tag
def max_waiting_reported():
    """The most saves a phone says are waiting (header X-Desk-Waiting), the desk's one limit."""
    from tournament.models import MAX_WAITING_REPORTED

    return MAX_WAITING_REPORTED


@register.simple_tag
def offline_save_wait_ms():
    """How long the phone waits for a save's answer before it keeps the save to send later."""
    return settings.DESK_OFFLINE_SAVE_WAIT_MS


@register.simple_tag
def offline_queue_texts():
    """The offline queue's words, for `json_script` (static/desk/queue.js)."""
    from scoring.referee.queue_words import queue_texts

    return queue_texts()


@register.filter
def sentence(value):
    """`value` as a sentence for a screen reader to say: a full stop added when it ends without
    one ("Hand 3 saved: +24 −8 −8 −8" -> "... −8.")."""
    text = str(value).strip()
    return text if not text or text[-1] in ".!?…" else text + "."
