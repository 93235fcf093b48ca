"""A call for a referee from a table (see `scoring.calls`)."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Now
from django.utils.translation import gettext_lazy as _

from tournament.models import Table

#: The longest note a table adds to its call, and a referee to its closing.
NOTE_MAX = 300
#: How long a closed call can be reopened (closed by mistake), in minutes.
REOPEN_MINUTES = 15


class CallKind(models.TextChoices):
    DISPUTE = "dispute", _("Dispute")
    WRONG_COUNT = "wrong_count", _("Wrong count")
    PENALTY = "penalty", _("Penalty")
    OTHER = "other", _("Other")


class RefereeCallQuerySet(models.QuerySet):
    def open(self):
        """Calls not closed yet (waiting, or taken by a referee)."""
        return self.filter(closed_at__isnull=True)

    def closed_since(self, since):
        """Calls closed at `since` or later (those that can still be reopened)."""
        return self.filter(closed_at__gte=since)


class RefereeCall(models.Model):
    """One call of a table for a referee: made, then taken by a referee, then closed.

    Every instant is the database's clock (`made_at` by the database itself, the others by
    `common.clock.database_now`), so "waiting for 4 min" reads the same on every page and
    every server process. A table has at most one open call."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="calls", verbose_name=_("table")
    )
    kind = models.CharField(_("why"), max_length=20, choices=CallKind.choices)
    note = models.CharField(_("note"), max_length=NOTE_MAX, blank=True)
    made_at = models.DateTimeField(_("called at"), db_default=Now(), editable=False)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("called by"),
    )
    made_via = models.CharField(_("via"), max_length=60, blank=True)
    #: The form's one-time id: the same call sent twice (a double tap, the phone's queue sending
    #: again after a lost answer) is saved once.
    submission = models.UUIDField(_("submission id"), null=True, blank=True, unique=True)
    #: The table's revision the call was made from, answered to the phone's queue again when
    #: the call arrives twice (a call changes no revision).
    table_revision = models.PositiveIntegerField(null=True, blank=True, editable=False)
    taken_at = models.DateTimeField(_("taken at"), null=True, blank=True)
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("taken by"),
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
    outcome = models.CharField(_("what was decided"), max_length=NOTE_MAX, blank=True)

    objects = RefereeCallQuerySet.as_manager()

    class Meta:
        verbose_name = _("referee call")
        verbose_name_plural = _("referee calls")
        ordering = ["made_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=CallKind.values), name="referee_call_kind_known"
            ),
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(closed_at__isnull=True),
                name="referee_call_one_open_per_table",
            ),
            models.CheckConstraint(
                condition=Q(taken_at__isnull=True, taken_by__isnull=True)
                | Q(taken_at__gte=F("made_at")),
                name="referee_call_taken_after_made",
            ),
            models.CheckConstraint(
                condition=Q(closed_at__isnull=True, closed_by__isnull=True)
                | Q(taken_at__isnull=False, closed_at__gte=F("taken_at")),
                name="referee_call_closed_after_taken",
            ),
        ]

    def __str__(self):
        return f"{self.table} · {self.get_kind_display()}"

    @property
    def is_open(self):
        return self.closed_at is None

    @property
    def is_taken(self):
        return self.taken_at is not None
