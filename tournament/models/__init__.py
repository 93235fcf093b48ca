"""Players, tournaments, registrations, sessions, tables and seats.

This module owns the structure of a tournament: who plays, in which session, at which table and
in which seat. Points live in the `scoring` app; the rules that compute them live in the pure
`rules` package. Vocabulary, used the same way in code, pages and documents:

- a *Player* is a person, kept across tournaments (EMA id, country, club);
- a *Registration* is a player entered in one tournament, with the player number used on the day;
- a *Session* is one round of play of the whole tournament (MCR: 16 hands, usually 2 hours);
- a *Table* is one table of four in a session, and a *Seat* is one of its four places, numbered
  0..3 = the seat winds East, South, West, North at the start of the session.

Every invariant the database can hold is a constraint, so a bug or a hand-edited row cannot put a
player at two tables of one session.
"""

import secrets
from decimal import Decimal
from typing import TYPE_CHECKING, NamedTuple

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Mod
from django.db.models.lookups import Exact
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from common.text import person_name
from rules.limits import (
    MAX_FINALISTS,
    MAX_PROJECTOR_SECONDS,
    MAX_REVEAL_PLACES,
    MAX_SEED,
    MAX_SESSION_MINUTES,
    MAX_SESSIONS,
    MIN_PROJECTOR_SECONDS,
    MIN_REVEAL_PLACES,
    MIN_SESSION_MINUTES,
)
from tournament.countries import country_choices, country_name

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

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


class RegistrationQuerySet(models.QuerySet):
    def active(self):
        """Registrations still in the tournament (not withdrawn, not disqualified)."""
        return self.filter(status=RegistrationStatus.ACTIVE)

    def playing(self):
        """Active registrations that are not substitutes: the players the draw seats and ranks."""
        return self.active().filter(is_substitute=False)

    def missing(self):
        """Players (not substitutes) who have not checked in."""
        return self.playing().filter(checked_in_at__isnull=True)


class SessionQuerySet(models.QuerySet):
    def drawn(self):
        """Sessions with a published draw (seated, running or confirmed)."""
        return self.exclude(status=SessionStatus.DRAFT)

    def open_for_entry(self):
        """Sessions whose tables take hands: seated or running."""
        return self.filter(status__in=OPEN_FOR_ENTRY)

    def played(self):
        """Sessions whose hands have started: running or confirmed."""
        return self.filter(status__in=PLAYED)

    def confirmed(self):
        """Sessions the director confirmed: the only ones whose results count."""
        return self.filter(status=SessionStatus.CONFIRMED)


class Player(models.Model):
    first_name = models.CharField(_("first name"), max_length=100)
    last_name = models.CharField(_("last name"), max_length=100)
    # NULL, not "", when absent: the unique constraint then holds only for real EMA ids.
    ema_id = models.CharField(  # noqa: DJ001
        _("EMA id"),
        max_length=8,
        null=True,
        blank=True,
        validators=[RegexValidator(EMA_ID_PATTERN, _("An EMA id is exactly 8 digits."))],
        help_text=_("8 digits, as on the EMA ranking; leave empty if the player has none."),
    )
    country = models.CharField(
        _("country"),
        max_length=3,
        blank=True,
        choices=country_choices,
        help_text=_("ISO 3166 three-letter code, as the EMA uses (ITA, DEU, NLD)."),
    )
    club = models.CharField(_("club"), max_length=120, blank=True)
    notes = models.TextField(_("notes"), blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["last_name", "first_name", "id"]
        constraints = [
            models.UniqueConstraint(fields=["ema_id"], name="player_unique_ema_id"),
            models.CheckConstraint(
                condition=Q(ema_id__isnull=True) | Q(ema_id__regex=EMA_ID_PATTERN),
                name="player_ema_id_8_digits",
            ),
            models.CheckConstraint(
                condition=Q(country="") | Q(country__regex=COUNTRY_PATTERN),
                name="player_country_alpha3",
            ),
            models.CheckConstraint(
                condition=~Q(first_name="") & ~Q(last_name=""), name="player_has_name"
            ),
        ]

    def __str__(self):
        return self.full_name

    def save(self, *args, **kwargs):
        # An empty EMA id is stored as NULL so that "unique when present" holds.
        if not self.ema_id:
            self.ema_id = None
        super().save(*args, **kwargs)

    @property
    def full_name(self):
        """The name in the active language's order (`common.text.person_name`), everywhere."""
        return person_name(self.first_name, self.last_name)

    @property
    def country_name(self):
        return country_name(self.country)


class Tournament(models.Model):
    Status = TournamentStatus

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(
        _("short name"),
        unique=True,
        max_length=60,
        help_text=_("Used in addresses and file names, e.g. rome-open-2026."),
    )
    start_date = models.DateField(_("first day"))
    end_date = models.DateField(_("last day"))
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    city = models.CharField(
        _("city"), max_length=100, blank=True, help_text=_("As in the EMA results file.")
    )
    country = models.CharField(
        _("country"),
        max_length=3,
        blank=True,
        choices=country_choices,
        help_text=_("Where the tournament is played (the EMA results file)."),
    )
    mers_weight = models.DecimalField(
        _("MERS weight"),
        max_digits=2,
        decimal_places=1,
        null=True,
        blank=True,
        validators=[
            MinValueValidator(MERS_WEIGHT_MIN),
            MaxValueValidator(MERS_WEIGHT_MAX),
            validate_mers_weight,
        ],
        help_text=_("The weight the EMA gave the tournament, when known (0.5 to 9.5)."),
    )
    ruleset = models.CharField(
        _("rule set"), max_length=20, choices=RuleSetCode.choices, default=RuleSetCode.MCR
    )
    session_count = models.PositiveSmallIntegerField(
        _("number of sessions"), validators=[MinValueValidator(1), MaxValueValidator(MAX_SESSIONS)]
    )
    session_minutes = models.PositiveSmallIntegerField(
        _("session length (minutes)"),
        default=120,
        validators=[
            MinValueValidator(MIN_SESSION_MINUTES),
            MaxValueValidator(MAX_SESSION_MINUTES),
        ],
    )
    scoring_options = models.JSONField(
        _("scoring settings"),
        default=dict,
        blank=True,
        help_text=_("Settings of the rule set that differ from its preset."),
    )
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.PREPARING
    )
    tie_breaks = models.JSONField(
        _("tie-breakers"),
        default=list,
        blank=True,
        help_text=_("Applied in order after the rule set's ranking, before players share a place."),
    )
    lots_seed = models.PositiveBigIntegerField(
        _("seed of the lots"),
        null=True,
        blank=True,
        help_text=_(
            "Drawing lots orders the players still tied by this number: the same seed gives "
            "the same order. Drawn when the tie-breaker is first chosen."
        ),
    )
    seating_groups = models.CharField(
        _("keep apart in the draw"),
        max_length=10,
        choices=SeatingGroups.choices,
        default=SeatingGroups.CLUB,
    )
    seating_priority = models.CharField(
        _("when both cannot be avoided"),
        max_length=10,
        choices=SeatingPriority.choices,
        default=SeatingPriority.REPEATS,
        help_text=_(
            "The draw preview shows the other choice's figures (repeated opponents, players "
            "kept apart who meet) whenever the two differ."
        ),
    )
    projector_mode = models.CharField(
        _("projector shows"),
        max_length=10,
        choices=ProjectorMode.choices,
        default=ProjectorMode.AUTO,
    )
    projector_seconds = models.PositiveSmallIntegerField(
        _("projector page time (seconds)"),
        default=12,
        validators=[
            MinValueValidator(MIN_PROJECTOR_SECONDS),
            MaxValueValidator(MAX_PROJECTOR_SECONDS),
        ],
    )
    reveal_places = models.PositiveSmallIntegerField(
        _("places revealed one by one"),
        default=3,
        validators=[
            MinValueValidator(MIN_REVEAL_PLACES),
            MaxValueValidator(MAX_REVEAL_PLACES),
        ],
        help_text=_(
            "In the projector's results reveal, the standings first show without these top "
            "places, then they are revealed one by one, from the last of them to the first."
        ),
    )
    #: How many of the hidden places the results reveal has shown (scoring/reveal.py): kept in
    #: the database so that every server process and the projector's own reload agree.
    reveal_step = models.PositiveSmallIntegerField(_("places revealed so far"), default=0)
    published = models.BooleanField(
        _("published"),
        default=False,
        help_text=_(
            "Shown on the public pages; unpublished tournaments are seen by directors only."
        ),
    )
    referee_pin = models.BooleanField(
        _("referees need a PIN"),
        default=False,
        help_text=_(
            "A table's link asks each new device once for the table's PIN (printed on the "
            "referee slip and shown on the session dashboard)."
        ),
    )
    team_counted = models.PositiveSmallIntegerField(
        _("team members counted"),
        default=0,
        validators=[MaxValueValidator(TEAM_SIZE_MAX)],
        help_text=_(
            "A team's standing adds up its members' table points, then their scores: all "
            "members (0) or only the best N of each team."
        ),
    )
    final_sessions = models.PositiveSmallIntegerField(
        _("sessions of the final stage"),
        default=0,
        validators=[MaxValueValidator(MAX_SESSIONS - 1)],
        help_text=_(
            "0 for a tournament in one stage. Otherwise the last sessions are the final: "
            "only the finalists play them (and the others a consolation stage, if chosen)."
        ),
    )
    finalists = models.PositiveSmallIntegerField(
        _("finalists"),
        default=0,
        validators=[MaxValueValidator(MAX_FINALISTS)],
        help_text=_(
            "How many players go on to the final, a multiple of 4. A tie at the cut is "
            "resolved by the tie-breakers, then by drawing lots."
        ),
    )
    final_carry = models.CharField(
        _("the finalists bring"),
        max_length=10,
        choices=StageCarry.choices,
        default=StageCarry.FULL,
    )
    final_seating = models.CharField(
        _("final sessions seated"),
        max_length=10,
        choices=FinalSeating.choices,
        default=FinalSeating.STANDINGS,
    )
    final_reseat = models.BooleanField(
        _("seat each final session after the one before"),
        default=False,
        help_text=_(
            "Each final session is drawn once the one before it is confirmed, by the "
            "standings then, so the same four do not simply play again. Otherwise every "
            "final session is drawn at the cut and keeps the same tables."
        ),
    )
    consolation = models.BooleanField(
        _("consolation stage"),
        default=False,
        help_text=_(
            "The players who do not reach the final play the final sessions at their own "
            "tables; their ranking stays that of the qualifying stage."
        ),
    )
    #: Players check in on the day (the check-in page, a player's own QR code) while it is open.
    checkin_open = models.BooleanField(
        _("check-in open"),
        default=False,
        help_text=_(
            "Players check in at the desk or with the QR code of their confirmation e-mail; "
            "the projector shows who is still missing."
        ),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    #: The accounts that manage this tournament (tournament.permissions). A site administrator
    #: manages every tournament; whoever creates one becomes one of its directors.
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="directed_tournaments",
        verbose_name=_("directors"),
    )

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=F("start_date")), name="tournament_ends_after_start"
            ),
            models.CheckConstraint(
                condition=Q(session_count__gte=1) & Q(session_count__lte=MAX_SESSIONS),
                name="tournament_session_count_range",
            ),
            models.CheckConstraint(
                condition=Q(session_minutes__gte=MIN_SESSION_MINUTES),
                name="tournament_session_minutes_min",
            ),
            models.CheckConstraint(
                condition=Q(ruleset__in=RuleSetCode.values), name="tournament_ruleset_known"
            ),
            models.CheckConstraint(
                condition=Q(status__in=TournamentStatus.values), name="tournament_status_known"
            ),
            models.CheckConstraint(
                condition=Q(projector_seconds__gte=MIN_PROJECTOR_SECONDS)
                & Q(projector_seconds__lte=MAX_PROJECTOR_SECONDS),
                name="tournament_projector_seconds_range",
            ),
            models.CheckConstraint(
                condition=Q(reveal_places__gte=MIN_REVEAL_PLACES)
                & Q(reveal_places__lte=MAX_REVEAL_PLACES),
                name="tournament_reveal_places_range",
            ),
            models.CheckConstraint(
                condition=Q(reveal_step__lte=MAX_REVEAL_PLACES), name="tournament_reveal_step_range"
            ),
            models.CheckConstraint(
                condition=Q(country="") | Q(country__regex=COUNTRY_PATTERN),
                name="tournament_country_alpha3",
            ),
            models.CheckConstraint(
                condition=Q(mers_weight__isnull=True)
                | Q(mers_weight__gte=MERS_WEIGHT_MIN) & Q(mers_weight__lte=MERS_WEIGHT_MAX),
                name="tournament_mers_weight_range",
            ),
            models.CheckConstraint(
                condition=Q(lots_seed__isnull=True) | Q(lots_seed__lte=LOTS_SEED_MAX),
                name="tournament_lots_seed_range",
            ),
            models.CheckConstraint(
                condition=Q(seating_priority__in=SeatingPriority.values),
                name="tournament_seating_priority_known",
            ),
            models.CheckConstraint(
                condition=Q(team_counted__lte=TEAM_SIZE_MAX), name="tournament_team_counted_range"
            ),
            models.CheckConstraint(
                condition=Q(final_sessions__lt=F("session_count")),
                name="tournament_final_sessions_range",
            ),
            models.CheckConstraint(
                condition=Exact(Mod("finalists", 4), 0) & Q(finalists__lte=MAX_FINALISTS),
                name="tournament_finalists_multiple_of_4",
            ),
            models.CheckConstraint(
                condition=Q(final_sessions=0, finalists=0)
                | Q(final_sessions__gte=1, finalists__gte=4),
                name="tournament_final_stage_complete",
            ),
            models.CheckConstraint(
                condition=Q(final_carry__in=StageCarry.values),
                name="tournament_final_carry_known",
            ),
            models.CheckConstraint(
                condition=Q(final_seating__in=FinalSeating.values),
                name="tournament_final_seating_known",
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("tournament", kwargs={"slug": self.slug})

    @property
    def has_stages(self):
        """A qualifying stage, a cut to the finalists and a final stage (docs/rules.md §9)."""
        return self.final_sessions > 0

    @property
    def qualifying_sessions(self):
        """The number of sessions of the qualifying stage (all of them without stages)."""
        return self.session_count - self.final_sessions

    def is_final_session(self, number):
        """Whether session ``number`` belongs to the final stage."""
        return self.has_stages and number > self.qualifying_sessions

    @cached_property
    def cut_made(self):
        """Whether the cut to the final is made (docs/rules.md §9.1)."""
        return self.has_stages and self.registrations.filter(finalist__isnull=False).exists()

    @property
    def final_seated_in_order(self):
        """Whether the final's sessions, once the cut is made, seat the finalists in an order
        (the standings or the pattern) rather than by a draw: repeated meetings and team-mates
        at the finalists' tables are then expected (docs/rules.md §9.3)."""
        return self.cut_made and self.final_seating != FinalSeating.DRAW

    @cached_property
    def qualifying_done(self):
        """Whether every qualifying session is confirmed: the cut can be made."""
        return (
            self.has_stages
            and not self.sessions.filter(number__lte=self.qualifying_sessions)
            .exclude(status=SessionStatus.CONFIRMED)
            .exists()
        )

    def stage_label(self, number):
        """The stage of session ``number`` in words, "" for a tournament in one stage."""
        if not self.has_stages:
            return ""
        if self.is_final_session(number):
            return _("Final, session %(n)s of %(of)s") % {
                "n": number - self.qualifying_sessions,
                "of": self.final_sessions,
            }
        return _("Qualifying stage, session %(n)s of %(of)s") % {
            "n": number,
            "of": self.qualifying_sessions,
        }

    def clean(self):
        from tournament.rulesets import check_scoring_options

        problem = check_scoring_options(self.ruleset, self.scoring_options)
        if problem:
            raise ValidationError({"scoring_options": problem})


class Registration(models.Model):
    Status = RegistrationStatus

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="registrations",
        verbose_name=_("tournament"),
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="registrations", verbose_name=_("player")
    )
    number = models.PositiveIntegerField(_("player number"))
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.ACTIVE
    )
    is_substitute = models.BooleanField(
        _("substitute"),
        default=False,
        help_text=_("Substitutes play to fill a table but are not ranked."),
    )
    team = models.ForeignKey(
        "tournament.Team",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="members",
        verbose_name=_("team"),
    )
    categories = models.ManyToManyField(
        "tournament.Category",
        blank=True,
        related_name="registrations",
        verbose_name=_("categories"),
    )
    #: The cut to the final (docs/rules.md §9): None before it is made, then True for the finalists.
    finalist = models.BooleanField(_("finalist"), null=True, blank=True)
    registered_at = models.DateTimeField(_("registered"), auto_now_add=True)
    #: When the player checked in on the day (the database's clock), None while missing.
    checked_in_at = models.DateTimeField(_("checked in"), null=True, blank=True)

    objects = RegistrationQuerySet.as_manager()

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="registration_unique_number"
            ),
            models.UniqueConstraint(
                fields=["tournament", "player"], name="registration_unique_player"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="registration_number_min"),
            models.CheckConstraint(
                condition=Q(status__in=RegistrationStatus.values), name="registration_status_known"
            ),
            models.CheckConstraint(
                condition=Q(is_substitute=False) | Q(team__isnull=True),
                name="registration_substitute_has_no_team",
            ),
        ]

    def __str__(self):
        return f"{self.number}. {self.player}"

    @property
    def is_active(self):
        return self.status == RegistrationStatus.ACTIVE

    @property
    def is_disqualified(self):
        return self.status == RegistrationStatus.DISQUALIFIED

    @property
    def is_checked_in(self):
        return self.checked_in_at is not None


class Session(models.Model):
    Status = SessionStatus

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="sessions",
        verbose_name=_("tournament"),
    )
    number = models.PositiveSmallIntegerField(_("session"))
    scheduled_start = models.DateTimeField(_("scheduled start"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=20, choices=Status.choices, default=Status.DRAFT
    )
    draw_seed = models.BigIntegerField(
        _("draw seed"),
        null=True,
        blank=True,
        help_text=_("The random seed of this session's seating draw, to reproduce it."),
    )
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    seating_published = models.BooleanField(
        _("seating published"),
        default=False,
        help_text=_("Players see this session's seating on the public pages and the projector."),
    )
    results_published = models.BooleanField(
        _("results published"),
        default=False,
        help_text=_(
            "Players see the results of closed tables and, once the session is "
            "confirmed, the standings after it."
        ),
    )
    clock_started_at = models.DateTimeField(_("clock started at"), null=True, blank=True)
    clock_paused_at = models.DateTimeField(_("clock paused at"), null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(_("seconds paused"), default=0)
    clock_extra_minutes = models.IntegerField(_("minutes added"), default=0)
    is_swiss = models.BooleanField(
        _("Swiss session"),
        default=False,
        help_text=_("Seated by the standings: the top four at table 1, and so on."),
    )
    swiss_band = models.PositiveSmallIntegerField(
        _("Swiss band (players)"),
        null=True,
        blank=True,
        help_text=_(
            "Players are moved only within bands of this many places to avoid repeated "
            "opponents; empty for neighbouring tables only."
        ),
    )

    objects = SessionQuerySet.as_manager()

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="session_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="session_number_min"),
            models.CheckConstraint(
                condition=Q(swiss_band__isnull=True) | Q(swiss_band__gte=4),
                name="session_swiss_band_min",
            ),
            models.CheckConstraint(
                condition=Q(status__in=SessionStatus.values), name="session_status_known"
            ),
        ]

    def __str__(self):
        return _("Session %(number)s") % {"number": self.number}

    @property
    def stage_label(self):
        """This session's stage in words (docs/rules.md §9), "" for a tournament in one stage."""
        return self.tournament.stage_label(self.number)

    @property
    def is_draft(self):
        return self.status == SessionStatus.DRAFT

    @property
    def is_seated(self):
        return self.status == SessionStatus.SEATED

    @property
    def is_open_for_entry(self):
        return self.status in OPEN_FOR_ENTRY

    @property
    def is_played(self):
        return self.status in PLAYED

    @property
    def is_confirmed(self):
        return self.status == SessionStatus.CONFIRMED

    @property
    def is_current(self):
        """The session being played: its seating published and the session started (by the
        director's start or the clock). Only then do its tables' links and referees write."""
        return self.seating_published and self.status == SessionStatus.RUNNING

    @cached_property
    def state(self):
        """The session's state in one line (issue 14, point 5), the same words on the
        tournament page, the draw page and the dashboard. The steps, in order: drawn, seating
        public, playing, all tables closed, confirmed, results public; the line names the
        furthest step reached and what the public sees. `code` is for a CSS class."""
        if self.is_draft:
            return self.state_for(0, 0)
        if hasattr(self, "table_count") and hasattr(self, "closed_count"):  # annotated
            return self.state_for(self.table_count, self.closed_count)
        counts = self.tables.aggregate(
            tables=models.Count("pk"), closed=models.Count("pk", filter=Q(closed_at__isnull=False))
        )
        return self.state_for(counts["tables"], counts["closed"])

    def state_for(self, tables, closed):
        """`state` from the numbers of tables and closed tables, when the caller has them.

        Public means seen: a seating or results the director made public in a tournament that
        is not published are seen by nobody but its directors, and the line says so
        ("seating ready · tournament not published") instead of "public" (issue 31)."""
        if self.is_draft:
            return SessionState("draft", _("Not drawn yet"))
        hidden = not self.tournament.published
        if not self.seating_published:
            seating = _("seating not public yet")
        elif hidden:
            seating = _("seating ready · tournament not published")
        else:
            seating = _("seating public")
        if self.is_confirmed:
            if self.results_published and hidden:
                return SessionState(
                    "confirmed", _("Confirmed · results ready · tournament not published")
                )
            if self.results_published:
                return SessionState("published", _("Confirmed · results public"))
            return SessionState("confirmed", _("Confirmed · results not public yet"))
        if tables and closed == tables:
            return SessionState(
                "closed",
                _("All tables closed · waiting for confirmation · %(seating)s")
                % {"seating": seating},
            )
        if self.is_seated and not closed and not self.clock_started_at:
            if not self.seating_published:
                return SessionState("drawn", _("Drawn · seating not public yet"))
            if hidden:
                return SessionState("drawn", _("Drawn · seating ready · tournament not published"))
            return SessionState("public", _("Drawn · seating public"))
        return SessionState(
            "playing",
            _("Playing · %(closed)s of %(tables)s tables closed · %(seating)s")
            % {"closed": closed, "tables": tables, "seating": seating},
        )

    @property
    def state_label(self):
        return self.state.label


class SessionState(NamedTuple):
    code: str  # draft, drawn, public, playing, closed, confirmed, published
    label: "StrOrPromise"


def new_table_token():
    """A referee link's secret: 32 random bytes, URL-safe (unguessable, 256 bits)."""
    return secrets.token_urlsafe(32)


#: Digits of a table's PIN (asked once per device when the tournament wants referee PINs).
PIN_DIGITS = 6

#: The most saves a phone may say are waiting in its offline queue (header X-Desk-Waiting).
MAX_WAITING_REPORTED = 999


def new_table_pin():
    """A table's PIN: PIN_DIGITS random digits."""
    return f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"


#: What `new_table_pin` makes, checked again on what a restore would write.
PIN_FORMAT = RegexValidator(
    rf"^[0-9]{{{PIN_DIGITS}}}\Z",
    _("“%(value)s” is not a PIN the desk makes (six digits)."),
)


class Table(models.Model):
    """A table of four in one session.

    `token` is the secret of the table's referee link (and QR code): it opens this table's entry
    page for this session only. The director revokes a link by giving the table a new token.
    `revision` grows with every write to the table (hand, correction, penalty, closing), so a
    page built from an older revision is recognised as stale and its save is refused.
    """

    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="tables", verbose_name=_("session")
    )
    number = models.PositiveSmallIntegerField(_("table"))
    token = models.CharField(
        _("referee link secret"),
        max_length=64,
        unique=True,
        default=new_table_token,
        editable=False,
    )
    pin = models.CharField(
        _("referee PIN"),
        max_length=PIN_DIGITS,
        default=new_table_pin,
        validators=[PIN_FORMAT],
        editable=False,
        help_text=_("Asked once per device when the tournament's referees need a PIN."),
    )
    referees = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="refereed_tables",
        verbose_name=_("referee accounts"),
    )
    revision = models.PositiveIntegerField(_("revision"), default=0)
    extra_minutes = models.IntegerField(
        _("minutes added"),
        default=0,
        help_text=_("Extra time for this table only (a late start, a long dispute)."),
    )
    time_up_at = models.DateTimeField(_("time up at"), null=True, blank=True)
    time_up_after_hand = models.PositiveSmallIntegerField(
        _("time up after hand"),
        null=True,
        blank=True,
        help_text=_("When time was called: the hands entered then; one more may follow."),
    )
    closed_at = models.DateTimeField(_("closed at"), null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("closed by"),
    )
    #: When a request from the table's link or referee account last reached the desk (the
    #: server's clock; written at most every `CONTACT_EVERY` seconds), and how many saves
    #: its phone last said were waiting in its offline queue, with when it said so.
    last_contact_at = models.DateTimeField(_("last reached the desk"), null=True, blank=True)
    waiting_reported = models.PositiveSmallIntegerField(_("hands waiting on the phone"), default=0)
    waiting_reported_at = models.DateTimeField(_("waiting reported at"), null=True, blank=True)
    #: The FIMJ variant's first prevalent wind: the wind (0 East .. 3 North) of the player who
    #: opened the first breach in the wall, recorded with the table's first hand (docs/rules.md
    #: §4.3); empty for the other rule sets and before play starts.
    first_wind = models.PositiveSmallIntegerField(
        _("first prevalent wind"),
        null=True,
        blank=True,
        help_text=_("FIMJ: the wind of the player who opened the first breach in the wall."),
        validators=[MaxValueValidator(3)],
    )

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["session", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="table_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_min"),
            models.CheckConstraint(
                condition=Q(first_wind__isnull=True) | Q(first_wind__lte=3),
                name="table_first_wind_range",
            ),
            models.CheckConstraint(
                condition=Q(waiting_reported__lte=MAX_WAITING_REPORTED),
                name="table_waiting_reported_max",
            ),
        ]

    def __str__(self):
        return _("Table %(number)s") % {"number": self.number}

    @property
    def is_closed(self):
        return self.closed_at is not None


class Seat(models.Model):
    """One of the four places at a table. `wind` is the seat wind at the start of the session.

    `session` repeats `table.session` so that the database itself refuses a second seat for the
    same registration in one session; `save()` keeps the two in step.
    """

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="seats", verbose_name=_("session")
    )
    registration = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        related_name="seats",
        verbose_name=_("registration"),
    )
    wind = models.PositiveSmallIntegerField(
        _("seat wind"),
        choices=list(enumerate(WIND_NAMES)),
        validators=[MaxValueValidator(3)],
    )
    replaced = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("replaced player"),
        help_text=_(
            "The player drawn for this seat when a substitute took it (e.g. a late "
            "arrival disqualified for the session)."
        ),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "wind"]
        constraints = [
            models.UniqueConstraint(fields=["table", "wind"], name="seat_unique_wind"),
            models.UniqueConstraint(
                fields=["session", "registration"], name="seat_one_per_registration_per_session"
            ),
            models.UniqueConstraint(
                fields=["session", "replaced"],
                condition=Q(replaced__isnull=False),
                name="seat_replaced_once_per_session",
            ),
            models.CheckConstraint(
                condition=Q(replaced__isnull=True) | ~Q(replaced=F("registration")),
                name="seat_replaced_by_someone_else",
            ),
            models.CheckConstraint(
                condition=Q(wind__gte=0) & Q(wind__lte=3), name="seat_wind_range"
            ),
        ]

    def __str__(self):
        return f"{self.table} {wind_name(self.wind)}: {self.registration}"

    def save(self, *args, **kwargs):
        self.session_id = self.table.session_id
        super().save(*args, **kwargs)


# Teams and categories point back to Tournament, so they are imported once it exists.
from tournament.models.groups import Category as Category  # noqa: E402
from tournament.models.groups import Team as Team  # noqa: E402
