"""The audit trail: who did what at which table, when, and what changed."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Now
from django.utils.translation import gettext_lazy as _

from tournament.models import Registration, Session, Table


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
    CALL_REOPENED = "call_reopened", _("Referee call reopened")
    PLAYER_MERGED = "player_merged", _("Player records merged")
    PLAYER_MERGE_UNDONE = "player_unmerged", _("Merge of player records taken back")


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
