"""Seasons, their tournaments, and the record of every merge of two player records.

- a *Season* ranks the players of its tournaments over a period (docs/rules.md §11): MCR,
  riichi or classic (`rules.families`), by the EMA's method or by its own table of points per
  place;
- a *SeasonTournament* is one tournament in a season. It keeps the tournament's short name too:
  a tournament deleted (its archive kept) and restored comes back under that name, and so
  into its seasons, with nothing typed again;
- a *PlayerMerge* records that a site administrator made two player records one: who, when, the
  record removed as it was, and every row moved to the record kept, so the merge can be taken
  back.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Now
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from common.i18n import translate_text
from rules import seasons as season_rules
from rules.errors import RuleError
from rules.families import FAMILIES
from rules.limits import MAX_COUNTED_RESULTS
from tournament.models import Player, Tournament


class SeasonMethod(models.TextChoices):
    EMA = season_rules.EMA, _("The EMA's ranking: base ranks weighted by the MERS weight")
    POINTS = season_rules.POINTS, _("The season's table of points per place")


FAMILY_CHOICES = [(code, _(label)) for code, label in FAMILIES]


class SeasonQuerySet(models.QuerySet):
    def public(self):
        return self.filter(published=True)


class Season(models.Model):
    Method = SeasonMethod

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(
        _("short name"),
        unique=True,
        max_length=60,
        help_text=_("Used in addresses and file names, e.g. italy-mcr-2026."),
    )
    start_date = models.DateField(_("first day"))
    end_date = models.DateField(_("last day"))
    family = models.CharField(
        _("rules"),
        max_length=20,
        choices=FAMILY_CHOICES,
        help_text=_("The season takes tournaments of these rules only."),
    )
    method = models.CharField(
        _("ranking"), max_length=20, choices=SeasonMethod.choices, default=SeasonMethod.EMA
    )
    points_table = models.JSONField(
        _("points per place"),
        default=list,
        blank=True,
        help_text=_("The table of points: first place first."),
    )
    counted_results = models.PositiveSmallIntegerField(
        _("results counted"),
        default=0,
        validators=[MaxValueValidator(MAX_COUNTED_RESULTS)],
        help_text=_("With the table of points: each player's best N results count (0: all)."),
    )
    published = models.BooleanField(
        _("published"),
        default=False,
        help_text=_("Shown on the public pages; otherwise seen by site administrators only."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    objects = SeasonQuerySet.as_manager()

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__gte=F("start_date")), name="season_ends_after_start"
            ),
            models.CheckConstraint(
                condition=Q(family__in=[code for code, _label in FAMILIES]),
                name="season_family_known",
            ),
            models.CheckConstraint(
                condition=Q(method__in=SeasonMethod.values), name="season_method_known"
            ),
            models.CheckConstraint(
                condition=Q(counted_results__lte=MAX_COUNTED_RESULTS),
                name="season_counted_results_range",
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("season", kwargs={"slug": self.slug})

    @property
    def family_label(self):
        return translate_text(dict(FAMILIES).get(self.family, self.family))

    @property
    def uses_points_table(self):
        return self.method == SeasonMethod.POINTS

    @property
    def table(self) -> tuple[int, ...]:
        """The table of points as stored, read again by the rule (`rules.seasons`): an invalid
        stored table (an admin edit, an old row) reads as empty."""
        try:
            return season_rules.parse_points_table(" ".join(map(str, self.points_table or [])))
        except RuleError:
            return ()


class SeasonTournament(models.Model):
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="members", verbose_name=_("season")
    )
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="season_memberships",
        verbose_name=_("tournament"),
    )
    #: The tournament's short name when it was last seen: a deleted tournament restored from its
    #: archive (docs/seasons.md) is found again by it.
    slug = models.SlugField(_("short name"), max_length=60)
    #: Its last day when it was last seen: a restored archive has it, another tournament given
    #: the same short name since most likely has not.
    last_day = models.DateField(_("last day"), null=True, blank=True)
    added_at = models.DateTimeField(_("added"), db_default=Now(), editable=False)

    class Meta:
        verbose_name = _("tournament of a season")
        verbose_name_plural = _("tournaments of a season")
        ordering = ["season", "added_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["season", "slug"], name="season_member_unique_slug"),
            models.UniqueConstraint(
                fields=["season", "tournament"], name="season_member_unique_tournament"
            ),
        ]

    def __str__(self):
        return f"{self.season}: {self.slug}"


class PlayerMerge(models.Model):
    """Two player records made one (docs/seasons.md, "Duplicate players"): written by the merge
    service in the same transaction as the merge, read by its undo."""

    kept = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("player kept"),
    )
    #: The record removed, as it was: its id and every field (to restore it).
    removed = models.JSONField(_("player removed"))
    #: What the merge changed: every row moved from the removed record to the kept one
    #: ({"model": "app.model", "field": name, "pk": id}) and the kept record's fields it filled.
    changes = models.JSONField(_("what changed"), default=dict)
    merged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("merged by"),
    )
    merged_at = models.DateTimeField(_("merged at"), db_default=Now(), editable=False)
    undone_at = models.DateTimeField(_("undone at"), null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("undone by"),
    )

    class Meta:
        verbose_name = _("merge of two players")
        verbose_name_plural = _("merges of two players")
        ordering = ["-merged_at", "-pk"]

    def __str__(self):
        return f"{self.removed_name} → {self.kept}"

    @property
    def removed_name(self):
        from common.text import person_name

        removed = self.removed if isinstance(self.removed, dict) else {}
        return person_name(removed.get("first_name", "?"), removed.get("last_name", "?"))

    @property
    def is_undone(self):
        return self.undone_at is not None
