"""A tournament's sign-up: its settings, the players' entries and the trail of every change.

- `Signup` is the director's settings: when the public page takes entries, how many places,
  whether the director approves each entry first, how long a freed place waits for the first
  on the waiting list, whether the confirmed players are listed publicly, and what the page
  says the data is used for.
- `Entry` is one person's entry. Its `status` is one of `EntryStatus`: pending (the e-mail not
  confirmed yet), awaiting approval, confirmed (it is then a registration of the tournament),
  waiting (on the list, at `position`), offered (a freed place, to take before
  `offer_expires_at`) or withdrawn.
- `SignupEvent` is the trail: who did what to an entry, or checked a player in, and when (the
  database's clock). It never holds an e-mail address.

The database holds the invariants: one entry that is not withdrawn per e-mail address and per
EMA id in a tournament, waiting-list positions unique, a confirmed entry has its registration
and only it, an offered one its deadline.
"""

import secrets

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower, Now
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from common.text import person_name
from rules.limits import MAX_OFFER_HOURS, MAX_SIGNUP_PLACES, MIN_OFFER_HOURS, MIN_SIGNUP_PLACES
from tournament.countries import country_choices, country_display
from tournament.models import EMA_ID_PATTERN

#: The longest names and club, as a player's (tournament.models.Player).
NAME_MAX, CLUB_MAX = 100, 120
#: The longest e-mail address (RFC 5321's path limit).
EMAIL_MAX = 254
#: The longest statement of the data use the director writes.
DATA_USE_MAX = 2000
#: The length of an entry's link key (random, URL-safe).
LINK_KEY_LENGTH = 22


def new_link_key():
    """The random part of an entry's signed links: giving the entry a new one revokes them."""
    return secrets.token_urlsafe(16)[:LINK_KEY_LENGTH]


class EntryStatus(models.TextChoices):
    PENDING = "pending", _("E-mail not confirmed")
    AWAITING = "awaiting", _("Awaiting approval")
    CONFIRMED = "confirmed", _("Confirmed")
    WAITING = "waiting", _("Waiting list")
    OFFERED = "offered", _("Place offered")
    WITHDRAWN = "withdrawn", _("Withdrawn")


#: The statuses of an entry on the waiting list (it has a position).
ON_THE_LIST = (EntryStatus.WAITING, EntryStatus.OFFERED)


#: The settings of a sign-up the director chooses (its form, its audit entry, the archive).
SETTING_FIELDS = (
    "opens_at",
    "closes_at",
    "places",
    "approval",
    "offer_hours",
    "public_list",
    "data_use",
    "site_url",
)


class Signup(models.Model):
    tournament = models.OneToOneField(
        "tournament.Tournament",
        on_delete=models.CASCADE,
        related_name="signup",
        verbose_name=_("tournament"),
    )
    opens_at = models.DateTimeField(_("sign-up opens"))
    closes_at = models.DateTimeField(_("sign-up closes"))
    places = models.PositiveIntegerField(
        _("places"),
        validators=[MinValueValidator(MIN_SIGNUP_PLACES), MaxValueValidator(MAX_SIGNUP_PLACES)],
        help_text=_(
            "Players the tournament takes, those registered by the director included; further "
            "entries join the waiting list."
        ),
    )
    approval = models.BooleanField(
        _("the director approves each entry first"),
        default=False,
        help_text=_("A confirmed e-mail then waits for your approval before it takes a place."),
    )
    offer_hours = models.PositiveSmallIntegerField(
        _("hours to take a freed place"),
        default=48,
        validators=[MinValueValidator(MIN_OFFER_HOURS), MaxValueValidator(MAX_OFFER_HOURS)],
        help_text=_(
            "A place freed by a withdrawal is offered by e-mail to the first on the waiting "
            "list, who takes it within this time or the next one is asked."
        ),
    )
    public_list = models.BooleanField(
        _("list the confirmed players publicly"),
        default=False,
        help_text=_("Names and clubs only, on the sign-up page."),
    )
    data_use = models.TextField(
        _("what the data is used for"),
        max_length=DATA_USE_MAX,
        blank=True,
        help_text=_(
            "Shown above the consent box of the sign-up page; empty: the desk's own words."
        ),
    )
    site_url = models.URLField(
        _("the desk's address for players"),
        max_length=200,
        help_text=_(
            "The address in the links of the e-mails, as players reach the desk from home "
            "(https://desk.example.org)."
        ),
    )

    class Meta:
        verbose_name = _("sign-up")
        verbose_name_plural = _("sign-ups")
        constraints = [
            models.CheckConstraint(
                condition=Q(closes_at__gt=models.F("opens_at")), name="signup_closes_after_opening"
            ),
            models.CheckConstraint(
                condition=Q(places__gte=MIN_SIGNUP_PLACES) & Q(places__lte=MAX_SIGNUP_PLACES),
                name="signup_places_range",
            ),
            models.CheckConstraint(
                condition=Q(offer_hours__gte=MIN_OFFER_HOURS) & Q(offer_hours__lte=MAX_OFFER_HOURS),
                name="signup_offer_hours_range",
            ),
        ]

    def __str__(self):
        return str(self.tournament)


class Entry(models.Model):
    Status = EntryStatus

    tournament = models.ForeignKey(
        "tournament.Tournament",
        on_delete=models.CASCADE,
        related_name="entries",
        verbose_name=_("tournament"),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=EntryStatus.choices, default=EntryStatus.PENDING
    )
    # Blank only once the director erased the data of an entry that never played.
    first_name = models.CharField(_("first name"), max_length=NAME_MAX, blank=True)
    last_name = models.CharField(_("last name"), max_length=NAME_MAX, blank=True)
    # Blank only once the director erased the contact data.
    email = models.EmailField(_("e-mail"), max_length=EMAIL_MAX, blank=True)
    ema_id = models.CharField(  # noqa: DJ001 - NULL when absent, so "unique when present" holds
        _("EMA id"),
        max_length=8,
        null=True,
        blank=True,
        validators=[RegexValidator(EMA_ID_PATTERN, _("An EMA id is exactly 8 digits."))],
    )
    country = models.CharField(_("country"), max_length=3, blank=True, choices=country_choices)
    club = models.CharField(_("club"), max_length=CLUB_MAX, blank=True)
    team = models.ForeignKey(
        "tournament.Team",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("team"),
    )
    categories = models.ManyToManyField(
        "tournament.Category", blank=True, related_name="+", verbose_name=_("categories")
    )
    language = models.CharField(
        _("language"), max_length=5, choices=settings.LANGUAGES, default="en"
    )
    consent_at = models.DateTimeField(_("consent given"))
    created_at = models.DateTimeField(_("signed up"), db_default=Now(), editable=False)
    email_confirmed_at = models.DateTimeField(_("e-mail confirmed"), null=True, blank=True)
    #: The order of the waiting list (lower first); set while waiting or offered.
    position = models.PositiveIntegerField(_("waiting-list position"), null=True, blank=True)
    offer_expires_at = models.DateTimeField(_("offer ends"), null=True, blank=True)
    registration = models.OneToOneField(
        "tournament.Registration",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="entry",
        verbose_name=_("registration"),
    )
    #: The director's word that a known player of the same name is this person.
    same_person = models.BooleanField(_("the known player of this name"), default=False)
    link_key = models.CharField(
        _("link key"), max_length=LINK_KEY_LENGTH, blank=True, default=new_link_key
    )
    contact_erased_at = models.DateTimeField(_("contact data erased"), null=True, blank=True)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["tournament", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                "tournament",
                Lower("email"),
                condition=~Q(status=EntryStatus.WITHDRAWN) & ~Q(email=""),
                name="entry_one_place_per_email",
            ),
            models.UniqueConstraint(
                fields=["tournament", "ema_id"],
                condition=~Q(status=EntryStatus.WITHDRAWN) & Q(ema_id__isnull=False),
                name="entry_one_place_per_ema_id",
            ),
            models.UniqueConstraint(
                fields=["tournament", "position"],
                condition=Q(position__isnull=False),
                name="entry_unique_position",
            ),
            models.CheckConstraint(
                condition=Q(status__in=EntryStatus.values), name="entry_status_known"
            ),
            models.CheckConstraint(
                condition=Q(status__in=ON_THE_LIST, position__isnull=False)
                | (~Q(status__in=ON_THE_LIST) & Q(position__isnull=True)),
                name="entry_position_while_on_the_list",
            ),
            models.CheckConstraint(
                condition=~Q(status=EntryStatus.OFFERED) | Q(offer_expires_at__isnull=False),
                name="entry_offer_has_deadline",
            ),
            models.CheckConstraint(
                condition=~Q(status=EntryStatus.CONFIRMED) | Q(registration__isnull=False),
                name="entry_confirmed_is_registered",
            ),
            models.CheckConstraint(
                condition=Q(status__in=(EntryStatus.CONFIRMED, EntryStatus.WITHDRAWN))
                | Q(registration__isnull=True),
                name="entry_registered_only_when_confirmed",
            ),
            models.CheckConstraint(
                condition=Q(contact_erased_at__isnull=False)
                | (~Q(email="") & ~Q(first_name="") & ~Q(last_name="")),
                name="entry_has_name_and_email",
            ),
            models.CheckConstraint(
                condition=Q(ema_id__isnull=True) | Q(ema_id__regex=EMA_ID_PATTERN),
                name="entry_ema_id_8_digits",
            ),
        ]

    def __str__(self):
        return self.full_name

    def get_country_display(self) -> str:  # type: ignore[no-redef]  # the stubs declare Django's
        return country_display(self.country)  # Django's own builds the list of choices each call

    @property
    def full_name(self):
        if not (self.first_name or self.last_name):
            return str(_("(erased)"))
        return person_name(self.first_name, self.last_name)

    @property
    def is_confirmed(self):
        return self.status == EntryStatus.CONFIRMED

    @property
    def is_withdrawn(self):
        return self.status == EntryStatus.WITHDRAWN

    @property
    def is_pending(self):
        return self.status == EntryStatus.PENDING

    @property
    def is_offered(self):
        return self.status == EntryStatus.OFFERED

    @property
    def is_on_the_list(self):
        return self.status in ON_THE_LIST

    @property
    def is_erased(self):
        return self.contact_erased_at is not None


class EventAction(models.TextChoices):
    SIGNED_UP = "signed_up", _("Signed up")
    EMAIL_CONFIRMED = "email_confirmed", _("E-mail confirmed")
    APPROVED = "approved", _("Approved")
    PLACE_TAKEN = "place_taken", _("Place taken")
    WAITING = "waiting", _("Put on the waiting list")
    OFFERED = "offered", _("Place offered")
    OFFER_EXPIRED = "offer_expired", _("Offer expired")
    DECLINED = "declined", _("Offer declined")
    WITHDRAWN = "withdrawn", _("Withdrawn")
    CORRECTED = "corrected", _("Entry corrected")
    MOVED = "moved", _("Moved on the waiting list")
    LINK_SENT = "link_sent", _("E-mail sent again")
    MAIL_FAILED = "mail_failed", _("E-mail not sent")
    ERASED = "erased", _("Contact data erased")
    SETTINGS = "settings", _("Sign-up settings changed")
    CHECKED_IN = "checked_in", _("Checked in")
    CHECK_IN_UNDONE = "check_in_undone", _("Check-in undone")
    CHECK_IN_OPENED = "check_in_opened", _("Check-in opened")
    CHECK_IN_CLOSED = "check_in_closed", _("Check-in closed")


class SignupEvent(models.Model):
    """One change of the sign-up or the check-in: an entry's, a registration's (checking in a
    player registered by the director) or the tournament's (settings, check-in opened)."""

    tournament = models.ForeignKey(
        "tournament.Tournament",
        on_delete=models.CASCADE,
        related_name="signup_events",
        verbose_name=_("tournament"),
    )
    entry = models.ForeignKey(
        Entry,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="events",
        verbose_name=_("entry"),
    )
    registration = models.ForeignKey(
        "tournament.Registration",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="signup_events",
        verbose_name=_("registration"),
    )
    action = models.CharField(_("action"), max_length=20, choices=EventAction.choices)
    #: Stamped by the database's clock.
    at = models.DateTimeField(_("when"), db_default=Now(), editable=False, db_index=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    #: Who acted without an account: "the player's link", "the desk" (an offer that expired).
    via = models.CharField(_("via"), max_length=60, blank=True)
    changes = models.JSONField(_("what changed"), default=dict, blank=True)

    class Meta:
        verbose_name = _("sign-up event")
        verbose_name_plural = _("sign-up trail")
        ordering = ["-at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(action__in=EventAction.values), name="signup_event_action_known"
            ),
        ]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M:%S} {self.get_action_display()}"

    @property
    def actor(self):
        """The account's name, or how someone without one acted, in the reader's language."""
        user = self.user
        return user.get_username() if user is not None else gettext(self.via) if self.via else ""
