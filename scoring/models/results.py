"""A seat's result of a closed table: every figure derived from its hands and penalties."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.fields import TwelfthsField
from scoring.models.hands import SEAT_CHOICES
from tournament.models import Registration, Session, Table

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
    #: The player's largest win in points or fan: a riichi yakuman (48,000 for the dealer, with
    #: counters and deposits) or a classic limit hand (up to 100,000) is past a smallint.
    biggest_hand = models.PositiveIntegerField(_("biggest hand"), null=True, blank=True)

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
