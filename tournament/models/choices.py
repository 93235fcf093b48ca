"""What a tournament's fields may hold: the patterns, the winds, and every choice and status."""

from decimal import Decimal
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from rules.limits import (
    MAX_SEED,
)

if TYPE_CHECKING:
    pass

EMA_ID_PATTERN = r"^[0-9]{8}$"
COUNTRY_PATTERN = r"^[A-Z]{3}$"

#: The MERS weights the EMA gives a tournament: half steps (duration 1-3 days, +0.5 or +1 for
#: players and countries, +1 for a qualification), up to the championships' 5 and a margin.
MERS_WEIGHT_MIN, MERS_WEIGHT_MAX = Decimal("0.5"), Decimal("9.5")


def validate_mers_weight(value):
    """A MERS weight is a multiple of 0.5 (1, 1.5, 2, ...)."""
    if value is not None and (value * 2) % 1:
        raise ValidationError(_("A MERS weight is a multiple of 0.5 (1, 1.5, 2, 2.5 ...)."))


#: The seat winds, in seat order. Seat 0 is East at the start of the session.
WIND_NAMES = (_("East"), _("South"), _("West"), _("North"))
#: Their one-letter forms (E, S, O, N in Italian).
WIND_LETTERS = (
    pgettext_lazy("wind letter", "E"),
    pgettext_lazy("wind letter", "S"),
    pgettext_lazy("wind letter", "W"),
    pgettext_lazy("wind letter", "N"),
)


def wind_name(seat):
    return WIND_NAMES[seat]


class SeatingGroups(models.TextChoices):
    """Which players the seating draw keeps apart."""

    CLUB = "club", _("Players of the same club")
    COUNTRY = "country", _("Players of the same country")
    NONE = "none", _("Nobody (ignore clubs and countries)")


class SeatingPriority(models.TextChoices):
    """What the draw gives up first when it cannot both avoid repeated opponents and keep the
    players of a club or country apart (docs/rules.md §8)."""

    REPEATS = "repeats", _("Avoid repeated opponents first")
    APART = "apart", _("Keep them apart first")


LOTS_SEED_MAX = MAX_SEED  # the seed of the lots fits a signed 64-bit integer everywhere


class TieBreak(models.TextChoices):
    """Tie-breakers a tournament may chain after its rule set's ranking (table points, score)."""

    BEST_SESSION = "best_session", _("Best single session")
    MOST_FIRST_PLACES = "most_first_places", _("Most first places at the table")
    HANDS_WON = "hands_won", _("Most hands won")
    BIGGEST_HAND = "biggest_hand", _("Biggest hand")
    SUM_OF_SCORES = "sum_of_scores", _("Sum of session scores")
    HEAD_TO_HEAD = "head_to_head", _("Head-to-head among the tied")
    DRAWING_LOTS = "drawing_lots", _("Drawing lots (recorded seed)")


class ProjectorMode(models.TextChoices):
    AUTO = "auto", _("Automatic: seating before a session, standings after it")
    SEATING = "seating", _("Seating of the next session")
    STANDINGS = "standings", _("Standings")
    CLOCK = "clock", _("Session clock only")
    REVEAL = "reveal", _("Results reveal: the top places one by one")
    CHECKIN = "checkin", _("Check-in: the players still missing")


class RuleSetCode(models.TextChoices):
    """The rule sets the desk scores; the codes are those of `rules.get_ruleset`."""

    MCR = "mcr", _("MCR (MERS tournament rules)")
    RIICHI_2008 = "riichi2008", _("EMA Riichi 2008")
    RIICHI_2016 = "riichi2016", _("EMA Riichi 2016")
    EUROPEAN = "european", _("Classic European")
    FIMJ = "fimj", _("FIMJ Italian variant")
    FAENTINO = "faentino", _("Faentino")


class StageCarry(models.TextChoices):
    """What the finalists bring into the final stage from the qualifying stage (docs/rules.md §9)."""

    FULL = "full", _("Qualifying totals carried in full")
    HALF = "half", _("Qualifying totals halved")
    RESET = "reset", _("Everyone starts the final from zero")


class FinalSeating(models.TextChoices):
    """How the sessions of the final stage are seated (docs/rules.md §9)."""

    STANDINGS = "standings", _("By the standings: the first four at table 1, and so on")
    PATTERN = "pattern", _("Fixed pattern: each table takes one player from each quarter")
    DRAW = "draw", _("Drawn like the qualifying sessions (no repeated opponents)")


#: The largest team, and the members a team standings may count.
TEAM_SIZE_MIN, TEAM_SIZE_MAX = 2, 6


class TournamentStatus(models.TextChoices):
    PREPARING = "preparing", _("Preparing")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class RegistrationStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    WITHDRAWN = "withdrawn", _("Withdrawn")
    DISQUALIFIED = "disqualified", _("Disqualified")


class SessionStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    SEATED = "seated", _("Seated")
    RUNNING = "running", _("Running")
    #: The director checked every table and confirmed the session: its results count.
    CONFIRMED = "confirmed", _("Confirmed")


#: The statuses of a session whose tables take hands (its referee links work).
OPEN_FOR_ENTRY = (SessionStatus.SEATED, SessionStatus.RUNNING)
#: The statuses of a session whose hands have started.
PLAYED = (SessionStatus.RUNNING, SessionStatus.CONFIRMED)
