"""Players (a person, kept across tournaments) and registrations (a player in one tournament)."""

from typing import TYPE_CHECKING

from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from common.text import person_name
from tournament.countries import country_choices, country_display, country_name
from tournament.models.choices import COUNTRY_PATTERN, EMA_ID_PATTERN, RegistrationStatus
from tournament.models.tournaments import Tournament

if TYPE_CHECKING:
    pass


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

    def get_country_display(self) -> str:  # type: ignore[no-redef]  # the stubs declare Django's
        return country_display(self.country)  # Django's own builds the list of choices each call


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
