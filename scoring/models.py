"""Hands and penalties: what happened at the tables, as entered by the referees.

This module owns the records; the numbers in them are computed by the pure `rules` package
through the scoring services, never here. Vocabulary:

- a *Hand* is one hand played at a table. A correction never edits a hand: it saves a new
  version and marks the old one as no longer current, so the history of a table is complete.
  The four point changes are in starting seat order (East, South, West, North at the start of
  the session).
- a *Penalty* is a deduction given to a player in a session (late arrival, false Hu, repeated
  infraction, ...), with the transfer to the other players at the table when the kind has one.
  A penalty is cancelled with a reason, never deleted.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Now
from django.utils.translation import gettext_lazy as _

from rules.limits import MAX_HAND_NUMBER, MAX_MINUTES_LATE, MAX_PENALTY_POINTS
from scoring.fields import TwelfthsField
from tournament.models import WIND_NAMES, Registration, Session, Table

SEAT_CHOICES = list(enumerate(WIND_NAMES))
#: the tiles of a hand as kept: the classic games keep every counted player's (200 each)
MAX_TILES_TEXT = 1000


class Outcome(models.TextChoices):
    """Every outcome a rule set's hand form offers (a test keeps this list and `rules` in step)."""

    DISCARD_WIN = "discard", _("Win on a discard")
    SELF_DRAWN = "self_drawn", _("Self-drawn win")
    WASHOUT = "washout", _("Washout")
    RON = "ron", _("Ron")
    TSUMO = "tsumo", _("Tsumo")
    DRAW = "draw", _("Exhaustive draw")
    ABORTIVE_DRAW = "abortive_draw", _("Abortive draw")
    CHOMBO = "chombo", _("Chombo")
    MAHJONG = "mahjong", _("Mahjong")
    WALL_DESTROYED = "wall_destroyed", _("Wall destroyed")
    MULTIPLE_WIN = "multiple_win", _("Multiple win")
    REPLAYED = "replayed", _("Hand replayed")


WINS_ON_A_DISCARD = (Outcome.DISCARD_WIN, Outcome.RON, Outcome.MULTIPLE_WIN)
SELF_DRAWN_WINS = (Outcome.SELF_DRAWN, Outcome.TSUMO)
NO_WINNER = (
    Outcome.WASHOUT,
    Outcome.DRAW,
    Outcome.ABORTIVE_DRAW,
    Outcome.CHOMBO,
    Outcome.WALL_DESTROYED,
    Outcome.REPLAYED,
)


def _seat_field(verbose_name):
    return models.PositiveSmallIntegerField(
        verbose_name,
        null=True,
        blank=True,
        choices=SEAT_CHOICES,
        validators=[MaxValueValidator(3)],
    )


def _seat_in_range(field):
    return Q(**{f"{field}__isnull": True}) | (Q(**{f"{field}__gte": 0}) & Q(**{f"{field}__lte": 3}))


class HandQuerySet(models.QuerySet):
    def current(self):
        """The current version of each hand: corrected and voided versions left out."""
        return self.filter(is_current=True)


class Hand(models.Model):
    table = models.ForeignKey(
        Table, on_delete=models.PROTECT, related_name="hands", verbose_name=_("table")
    )
    number = models.PositiveSmallIntegerField(_("hand"))
    version = models.PositiveIntegerField(_("version"), default=1)
    is_current = models.BooleanField(
        _("current"), default=True, help_text=_("False once a correction replaced this version.")
    )
    outcome = models.CharField(_("outcome"), max_length=20, choices=Outcome.choices)
    winner = _seat_field(_("winner"))
    discarder = _seat_field(_("discarder"))
    fan = models.PositiveSmallIntegerField(_("fan"), null=True, blank=True)
    flowers = models.PositiveSmallIntegerField(_("flowers"), default=0)
    han = models.PositiveSmallIntegerField(_("han"), null=True, blank=True)
    fu = models.PositiveSmallIntegerField(_("fu"), null=True, blank=True)
    entry = models.JSONField(
        _("entry"),
        default=dict,
        blank=True,
        help_text=_("Everything the referee entered, as the rule set's hand form defines it."),
    )
    change_east = models.IntegerField(_("East"))
    change_south = models.IntegerField(_("South"))
    change_west = models.IntegerField(_("West"))
    change_north = models.IntegerField(_("North"))
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_via = models.CharField(
        _("entered via"),
        max_length=60,
        blank=True,
        help_text=_("How it was entered when no account was used, e.g. the table's link."),
    )
    #: Stamped by the database's clock (one clock for every server process: common/clock.py).
    entered_at = models.DateTimeField(_("entered at"), db_default=Now(), editable=False)
    submission = models.UUIDField(
        _("submission"),
        null=True,
        blank=True,
        unique=True,
        help_text=_("The entry form's one-time id: a double submit never saves twice."),
    )
    #: The table's revision this save produced: the phone's offline queue chains its next save
    #: on it, also when the save is recognised again as a duplicate (docs/architecture.md).
    table_revision = models.PositiveIntegerField(
        _("table revision"), null=True, blank=True, editable=False
    )
    note = models.CharField(_("note"), max_length=200, blank=True)
    # Count from tiles (docs/rules.md §7): the tiles as typed or picked, the calculation the
    # rule set's counter gave when the hand was saved, and whether the referee's figures were
    # the calculation's. The referee's figures are what count.
    # The classic games count every player's hand: `tiles` is then each counted player's tiles
    # after their seat wind ("E: ... · S: ..."), and the calculation keeps one per player.
    tiles = models.CharField(_("tiles"), max_length=MAX_TILES_TEXT, blank=True)
    tile_count = models.JSONField(_("count from tiles"), null=True, blank=True)
    tiles_matched = models.BooleanField(_("matched the count"), null=True, blank=True)

    objects = HandQuerySet.as_manager()

    class Meta:
        verbose_name = _("hand")
        verbose_name_plural = _("hands")
        ordering = ["table", "number", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number", "version"], name="hand_unique_version"
            ),
            models.CheckConstraint(
                condition=(
                    Q(tile_count__isnull=True, tiles_matched__isnull=True, tiles="")
                    | (Q(tile_count__isnull=False, tiles_matched__isnull=False) & ~Q(tiles=""))
                ),
                name="hand_tiles_with_count",
            ),
            models.UniqueConstraint(
                fields=["table", "number"],
                condition=Q(is_current=True),
                name="hand_one_current_version",
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_min"),
            models.CheckConstraint(condition=Q(version__gte=1), name="hand_version_min"),
            models.CheckConstraint(condition=_seat_in_range("winner"), name="hand_winner_seat"),
            models.CheckConstraint(
                condition=_seat_in_range("discarder"), name="hand_discarder_seat"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True)
                | Q(discarder__isnull=True)
                | ~Q(winner=F("discarder")),
                name="hand_winner_is_not_discarder",
            ),
            models.CheckConstraint(
                condition=~Q(outcome__in=WINS_ON_A_DISCARD)
                | (Q(winner__isnull=False) & Q(discarder__isnull=False)),
                name="hand_discard_win_has_winner_and_discarder",
            ),
            models.CheckConstraint(
                condition=~Q(outcome__in=SELF_DRAWN_WINS)
                | (Q(winner__isnull=False) & Q(discarder__isnull=True)),
                name="hand_self_drawn_has_winner_only",
            ),
            models.CheckConstraint(
                condition=~Q(outcome__in=NO_WINNER) | Q(winner__isnull=True),
                name="hand_without_winner",
            ),
            models.CheckConstraint(
                condition=~Q(outcome=Outcome.MAHJONG) | Q(winner__isnull=False),
                name="hand_mahjong_has_winner",
            ),
            models.CheckConstraint(
                condition=Q(outcome__in=Outcome.values), name="hand_outcome_known"
            ),
        ]

    def __str__(self):
        return _("Hand %(number)s (version %(version)s)") % {
            "number": self.number,
            "version": self.version,
        }

    @property
    def changes(self):
        """The four settled point changes in starting seat order."""
        return (self.change_east, self.change_south, self.change_west, self.change_north)


#: Infractions of the MERS rules (docs/rules.md §2.4; MCR App. D, App. E 2.4-2.9). Their count
#: resets at each session, except obstruction of play and time-wasting, counted over the
#: tournament (App. E 3.6).
INFRACTIONS = (
    ("wrong_call", _("Wrong call (cannot be carried out)")),
    ("wrong_words", _("Call with words other than chow, pung, kong, Hu")),
    ("wrong_tile", _("Taking the wrong tile")),
    ("exposure", _("Error exposing tiles or sets")),
    ("passing_information", _("Passing information")),
    ("wall_broken", _("Wall broken before the Hu was validated")),
    ("tiles_knocked", _("Knocking over another player's tiles")),
    ("obstruction", _("Obstruction of play")),
    ("time_wasting", _("Time-wasting")),
)


class PenaltyKind(models.TextChoices):
    LATE_ARRIVAL = "late_arrival", _("Late arrival")
    FALSE_HU = "false_hu", _("False Hu")
    INFRACTION = "infraction", _("Repeated infraction")
    TILE_NOT_SHOWN = "tile_not_shown", _("Winning tile not shown")
    REFEREE_DECISION = "referee_decision", _("Referee decision")
    DISQUALIFICATION = "disqualification", _("Disqualification")
    CHOMBO = "chombo", _("Chombo")
    FALSE_MAHJONG = "false_mahjong", _("False Mahjong")


class Penalty(models.Model):
    registration = models.ForeignKey(
        Registration,
        on_delete=models.PROTECT,
        related_name="penalties",
        verbose_name=_("player"),
    )
    session = models.ForeignKey(
        Session, on_delete=models.PROTECT, related_name="penalties", verbose_name=_("session")
    )
    table = models.ForeignKey(
        Table,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="penalties",
        verbose_name=_("table"),
    )
    hand_number = models.PositiveSmallIntegerField(_("hand"), null=True, blank=True)
    kind = models.CharField(_("kind"), max_length=30, choices=PenaltyKind.choices)
    infraction = models.CharField(
        _("infraction"),
        max_length=120,
        blank=True,
        help_text=_("For a repeated infraction: which one (the ladder counts each separately)."),
    )
    occurrence = models.PositiveSmallIntegerField(
        _("occurrence"), null=True, blank=True, validators=[MinValueValidator(1)]
    )
    minutes_late = models.PositiveSmallIntegerField(_("minutes late"), null=True, blank=True)
    points = models.IntegerField(
        _("points"), help_text=_("What comes off the player's score: zero or negative.")
    )
    transfer = models.IntegerField(
        _("paid to each other player"),
        default=0,
        help_text=_("What each other player at the table receives (false Hu), else 0."),
    )
    disqualified_for_session = models.BooleanField(_("out of the session"), default=False)
    reason = models.TextField(_("reason"), blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("given by"),
    )
    #: Stamped by the database's clock, as a hand's `entered_at`.
    given_at = models.DateTimeField(_("given at"), db_default=Now(), editable=False)
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("cancelled by"),
    )
    cancel_reason = models.TextField(_("reason for cancelling"), blank=True)
    #: The form's one-time id: a penalty sent twice (a double tap, the phone's offline queue
    #: sending again after a lost answer) is saved once.
    submission = models.UUIDField(_("submission"), null=True, blank=True, editable=False)
    #: The table's revision this save produced: the phone's offline queue chains its next save
    #: on it, also when the save is recognised again as a duplicate (docs/architecture.md).
    table_revision = models.PositiveIntegerField(
        _("table revision"), null=True, blank=True, editable=False
    )

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        ordering = ["session", "given_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["submission"], name="penalty_unique_submission"),
            models.CheckConstraint(condition=Q(points__lte=0), name="penalty_points_not_positive"),
            models.CheckConstraint(
                condition=Q(transfer__gte=0), name="penalty_transfer_not_negative"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=PenaltyKind.values), name="penalty_kind_known"
            ),
            models.CheckConstraint(
                condition=~Q(kind=PenaltyKind.INFRACTION) | ~Q(infraction=""),
                name="penalty_infraction_named",
            ),
            models.CheckConstraint(
                condition=~Q(kind=PenaltyKind.REFEREE_DECISION) | ~Q(reason=""),
                name="penalty_referee_decision_has_reason",
            ),
            models.CheckConstraint(
                condition=Q(cancelled_at__isnull=True) | ~Q(cancel_reason=""),
                name="penalty_cancellation_has_reason",
            ),
            models.CheckConstraint(
                condition=Q(hand_number__isnull=True) | Q(hand_number__gte=1),
                name="penalty_hand_number_min",
            ),
            # The ranges of rules/limits.py (issue 13): the services refuse beyond them.
            models.CheckConstraint(
                condition=Q(hand_number__isnull=True) | Q(hand_number__lte=MAX_HAND_NUMBER),
                name="penalty_hand_number_max",
            ),
            models.CheckConstraint(
                condition=Q(minutes_late__isnull=True) | Q(minutes_late__lte=MAX_MINUTES_LATE),
                name="penalty_minutes_late_max",
            ),
            models.CheckConstraint(
                condition=Q(points__gte=-MAX_PENALTY_POINTS) & Q(transfer__lte=MAX_PENALTY_POINTS),
                name="penalty_points_range",
            ),
        ]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.registration} ({self.points})"

    @property
    def infraction_label(self):
        """The infraction in words (the catalogue's name, or what the director typed)."""
        return dict(INFRACTIONS).get(self.infraction, self.infraction)

    @property
    def is_cancelled(self):
        return self.cancelled_at is not None


#: The figures of a seat result, all derived from the table's hands and penalties when it closes.
SEAT_RESULT_FIGURES = (
    "hand_points",
    "transfers",
    "penalty_points",
    "score",
    "place",
    "table_points",
    "final_score",
    "hands_won",
    "biggest_hand",
)


class SeatResult(models.Model):
    """One seat's result of a closed table: what the players check on screen, as they would sign
    the score sheet. Written when the table is closed, removed when the director reopens it."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="results", verbose_name=_("table")
    )
    session = models.ForeignKey(
        Session, on_delete=models.CASCADE, related_name="results", verbose_name=_("session")
    )
    registration = models.ForeignKey(
        Registration, on_delete=models.PROTECT, related_name="results", verbose_name=_("player")
    )
    wind = models.PositiveSmallIntegerField(_("seat wind"), choices=SEAT_CHOICES)
    # Hand points, transfers and penalties: one meaning everywhere (scoring/figures.py).
    hand_points = models.IntegerField(
        _("hand points"), help_text=_("The sum of the hand settlements, without penalties.")
    )
    transfers = models.IntegerField(
        _("transfers"),
        default=0,
        help_text=_("Penalties paid between players (false Hu, chombo paid at the table)."),
    )
    penalty_points = models.IntegerField(
        _("penalties"), help_text=_("Penalty points paid to nobody (zero or negative).")
    )
    score = models.IntegerField(_("score"))
    place = models.PositiveSmallIntegerField(_("place"))
    table_points = TwelfthsField(_("table points"), null=True, blank=True)
    final_score = TwelfthsField(_("final score"))
    hands_won = models.PositiveSmallIntegerField(_("hands won"), default=0)
    biggest_hand = models.PositiveSmallIntegerField(_("biggest hand"), null=True, blank=True)

    class Meta:
        verbose_name = _("seat result")
        verbose_name_plural = _("seat results")
        ordering = ["table", "wind"]
        constraints = [
            models.UniqueConstraint(fields=["table", "wind"], name="result_unique_wind"),
            models.UniqueConstraint(
                fields=["session", "registration"], name="result_one_per_registration_per_session"
            ),
            models.CheckConstraint(
                condition=Q(place__gte=1) & Q(place__lte=4), name="result_place_range"
            ),
            models.CheckConstraint(
                condition=Q(wind__gte=0) & Q(wind__lte=3), name="result_wind_range"
            ),
        ]

    def __str__(self):
        return f"{self.table} {self.registration}: {self.score}"


class AuditAction(models.TextChoices):
    HAND_SAVED = "hand_saved", _("Hand saved")
    HAND_CORRECTED = "hand_corrected", _("Hand corrected")
    HAND_RESETTLED = "hand_resettled", _("Hand settled again after a correction")
    PENALTY_GIVEN = "penalty_given", _("Penalty given")
    PENALTY_CANCELLED = "penalty_cancelled", _("Penalty cancelled")
    TIME_UP = "time_up", _("Time called")
    TIME_RESUMED = "time_resumed", _("Time call taken back")
    TABLE_CLOSED = "table_closed", _("Table closed")
    TABLE_REOPENED = "table_reopened", _("Table reopened")
    SUBSTITUTE_SEATED = "substitute_seated", _("Substitute seated")
    LINK_RENEWED = "link_renewed", _("Referee link renewed")
    SESSION_STARTED = "session_started", _("Session started")
    CLOCK = "clock", _("Session clock changed")
    PUBLISHED = "published", _("Publication changed")
    SESSION_CONFIRMED = "session_confirmed", _("Session confirmed")
    CUT_MADE = "cut_made", _("Cut to the final made")
    CUT_UNDONE = "cut_undone", _("Cut to the final undone")
    TOKEN_CREATED = "token_created", _("API token created")
    TOKEN_REVOKED = "token_revoked", _("API token revoked")
    CALL_MADE = "call_made", _("Referee called")
    CALL_TAKEN = "call_taken", _("Referee call taken")
    CALL_CLOSED = "call_closed", _("Referee call closed")


class AuditEntry(models.Model):
    """Who did what, when, and what changed: written by the services, never by views."""

    tournament = models.ForeignKey(
        "tournament.Tournament",
        on_delete=models.CASCADE,
        related_name="audit_entries",
        verbose_name=_("tournament"),
    )
    session = models.ForeignKey(
        Session,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("session"),
    )
    table = models.ForeignKey(
        Table,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("table"),
    )
    registrations = models.ManyToManyField(
        Registration,
        blank=True,
        related_name="audit_entries",
        verbose_name=_("players"),
    )
    action = models.CharField(_("action"), max_length=30, choices=AuditAction.choices)
    hand_number = models.PositiveSmallIntegerField(_("hand"), null=True, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    via = models.CharField(_("via"), max_length=60, blank=True)
    device = models.CharField(
        _("device"),
        max_length=32,
        blank=True,
        help_text=_("The random id a table link's device keeps in a cookie."),
    )
    device_agent = models.CharField(_("browser"), max_length=60, blank=True)
    #: Stamped by the database's clock, as a hand's `entered_at`.
    at = models.DateTimeField(_("when"), db_default=Now(), editable=False, db_index=True)
    changes = models.JSONField(_("what changed"), default=dict, blank=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit trail")
        ordering = ["-at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(action__in=AuditAction.values), name="audit_action_known"
            ),
        ]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.get_action_display()}"

    @property
    def actor(self):
        user = self.user  # no query when there is none
        return user.get_username() if user is not None else self.via

    @property
    def device_label(self):
        """The device, shortened, with its browser family ("k3J9xQ · Android, Chrome")."""
        if not self.device:
            return ""
        return " · ".join(part for part in (self.device[:6], self.device_agent) if part)


# The referee calls live in their own package; imported here so that Django knows the model.
from scoring.calls.models import CallKind, RefereeCall  # noqa: E402, F401
