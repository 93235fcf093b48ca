"""A hand as the referee entered it, every version of it kept, and the outcomes it may have."""

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Now
from django.utils.translation import gettext_lazy as _

from tournament.models import WIND_NAMES, Table

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
