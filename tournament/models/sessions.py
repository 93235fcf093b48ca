"""Sessions: one round of play of the whole tournament, and its state."""

from typing import TYPE_CHECKING, NamedTuple

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from tournament.models.choices import OPEN_FOR_ENTRY, PLAYED, SessionStatus
from tournament.models.tournaments import Tournament

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


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
