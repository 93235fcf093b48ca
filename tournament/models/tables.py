"""Tables of four in a session, their referee links and PINs, and their seats."""

import secrets
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.validators import MaxValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournament.models.choices import WIND_NAMES, wind_name
from tournament.models.players import Registration
from tournament.models.sessions import Session

if TYPE_CHECKING:
    pass


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
