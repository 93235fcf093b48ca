"""Groups of players inside a tournament: teams and the director's categories.

A *Team* is two to six registered players who also play for a team standings (docs/rules.md
§10.1, §10.2); the draw keeps team-mates apart. A *Category* is a label the director gives some
players (ladies, juniors, seniors, newcomers...) for a ranking restricted to it (§10.3, §10.4). Both belong to
one tournament; a substitute belongs to no team.
"""

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from tournament.countries import country_choices, country_display, country_name

#: The longest team name and category name.
TEAM_NAME_MAX, CATEGORY_NAME_MAX = 100, 60


class Team(models.Model):
    tournament = models.ForeignKey(
        "tournament.Tournament",
        on_delete=models.CASCADE,
        related_name="teams",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("team name"), max_length=TEAM_NAME_MAX)
    country = models.CharField(
        _("country"),
        max_length=3,
        blank=True,
        choices=country_choices,
        help_text=_("ISO 3166 three-letter code, as the EMA uses (ITA, DEU, NLD)."),
    )

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["tournament", "name"]
        constraints = [
            models.UniqueConstraint(
                "tournament", Lower("name"), name="team_unique_name_per_tournament"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="team_has_name"),
            models.CheckConstraint(
                condition=Q(country="") | Q(country__regex=r"^[A-Z]{3}$"),
                name="team_country_alpha3",
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def country_name(self):
        return country_name(self.country)

    def get_country_display(self) -> str:  # type: ignore[no-redef]  # the stubs declare Django's
        return country_display(self.country)  # Django's own builds the list of choices each call


class Category(models.Model):
    tournament = models.ForeignKey(
        "tournament.Tournament",
        on_delete=models.CASCADE,
        related_name="categories",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("category"), max_length=CATEGORY_NAME_MAX)

    class Meta:
        verbose_name = _("category")
        verbose_name_plural = _("categories")
        ordering = ["tournament", "name"]
        constraints = [
            models.UniqueConstraint(
                "tournament", Lower("name"), name="category_unique_name_per_tournament"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="category_has_name"),
        ]

    def __str__(self):
        return self.name
