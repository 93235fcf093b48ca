"""Penalties: a deduction given to a player in a session, with its transfer, cancelled with a reason, never deleted."""

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Now
from django.utils.translation import gettext_lazy as _

from rules.limits import MAX_HAND_NUMBER, MAX_MINUTES_LATE, MAX_PENALTY_POINTS
from tournament.models import Registration, Session, Table

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
