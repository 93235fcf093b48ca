"""The tournament: its settings, rules, stages, publication and directors."""

from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Mod
from django.db.models.lookups import Exact
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from rules.limits import (
    MAX_FINALISTS,
    MAX_PROJECTOR_SECONDS,
    MAX_REVEAL_PLACES,
    MAX_SESSION_MINUTES,
    MAX_SESSIONS,
    MIN_PROJECTOR_SECONDS,
    MIN_REVEAL_PLACES,
    MIN_SESSION_MINUTES,
)
from tournament.countries import country_choices, country_display
from tournament.models.choices import (
    COUNTRY_PATTERN,
    LOTS_SEED_MAX,
    MERS_WEIGHT_MAX,
    MERS_WEIGHT_MIN,
    TEAM_SIZE_MAX,
    FinalSeating,
    ProjectorMode,
    RuleSetCode,
    SeatingGroups,
    SeatingPriority,
    SessionStatus,
    StageCarry,
    TournamentStatus,
    validate_mers_weight,
)

if TYPE_CHECKING:
    pass


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

    def get_country_display(self) -> str:  # type: ignore[no-redef]  # the stubs declare Django's
        return country_display(self.country)  # Django's own builds the list of choices each call

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
