"""Every write of a season, one transaction each: its settings, its tournaments.

A site administrator makes a season (name, dates, rules, ranking method), adds the public
tournaments of its rules played within its dates, and removes them; nothing of a tournament is
copied into the season (`seasons.ranking` reads their standings when the ranking is asked for).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

import rules
from common.errors import UserError
from common.i18n import translate_error
from rules import seasons as season_rules
from rules.families import FAMILIES
from rules.limits import MAX_COUNTED_RESULTS
from seasons.models import Season, SeasonMethod, SeasonTournament
from tournament.models import Tournament


class SeasonError(UserError):
    """A change to a season the desk refuses; nothing was written."""


@dataclass(frozen=True)
class SeasonSettings:
    """What a site administrator sets for a season (the page's form, cleaned)."""

    name: str
    slug: str
    start_date: dt.date
    end_date: dt.date
    family: str
    method: str
    points_table: str = ""
    counted_results: int = 0
    published: bool = False


def _checked(settings: SeasonSettings) -> dict[str, Any]:
    if not settings.name.strip():
        raise SeasonError(_("A season needs a name."))
    if settings.end_date < settings.start_date:
        raise SeasonError(_("The season's last day is before its first day."))
    if settings.family not in dict(FAMILIES):
        raise SeasonError(_("Choose the rules of the season."))
    if settings.method not in SeasonMethod.values:
        raise SeasonError(_("Choose how the season ranks its players."))
    if not 0 <= settings.counted_results <= MAX_COUNTED_RESULTS:
        raise SeasonError(
            _("The results counted are from 0 (all) to %(maximum)s.")
            % {"maximum": MAX_COUNTED_RESULTS}
        )
    table: tuple[int, ...] = ()
    if settings.points_table.strip() or settings.method == SeasonMethod.POINTS:
        try:
            table = season_rules.parse_points_table(settings.points_table)
        except rules.RuleError as exc:
            raise SeasonError(translate_error(exc)) from exc
    return {
        "name": settings.name.strip(),
        "slug": settings.slug,
        "start_date": settings.start_date,
        "end_date": settings.end_date,
        "family": settings.family,
        "method": settings.method,
        "points_table": list(table),
        "counted_results": settings.counted_results,
        "published": settings.published,
    }


@transaction.atomic
def create_season(settings: SeasonSettings) -> Season:
    values = _checked(settings)
    if Season.objects.filter(slug=values["slug"]).exists():
        raise SeasonError(_("Another season has this short name."))
    try:
        with transaction.atomic():
            return Season.objects.create(**values)
    except IntegrityError as exc:  # the same short name saved at the same moment
        raise SeasonError(_("Another season has this short name.")) from exc


@transaction.atomic
def update_season(season: Season, settings: SeasonSettings) -> Season:
    """Change a season's settings. Its rules change only while it has no tournament."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    values = _checked(settings)
    if Season.objects.filter(slug=values["slug"]).exclude(pk=season.pk).exists():
        raise SeasonError(_("Another season has this short name."))
    if values["family"] != season.family and season.members.exists():
        raise SeasonError(
            _("The season has tournaments of its rules: remove them before changing its rules.")
        )
    outside = [
        member.tournament.name
        for member in season.members.select_related("tournament")
        if member.tournament is not None
        and not _within(member.tournament, values["start_date"], values["end_date"])
    ]
    if outside:
        raise SeasonError(
            _("These tournaments would fall outside the season's days: %(names)s.")
            % {"names": ", ".join(sorted(outside))}
        )
    for name, value in values.items():
        setattr(season, name, value)
    season.save()
    return season


def _within(tournament: Tournament, first: dt.date, last: dt.date) -> bool:
    return first <= tournament.start_date and tournament.end_date <= last


def candidates(season: Season):
    """The tournaments the season may take: public, of its rules, played within its days, not
    in it yet."""
    taken = season.members.values_list("slug", flat=True)
    return (
        Tournament.objects.filter(
            published=True,
            ruleset__in=rules.family_codes(season.family),
            start_date__gte=season.start_date,
            end_date__lte=season.end_date,
        )
        .exclude(slug__in=taken)
        .exclude(season_memberships__season=season)
        .order_by("start_date", "name")
    )


@transaction.atomic
def add_tournament(season: Season, tournament_id: int) -> SeasonTournament:
    """Add a tournament to the season: it must be public, of the season's rules and played
    within the season's days."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None or not tournament.published:
        raise SeasonError(_("Only a public tournament can join a season."))
    if tournament.ruleset not in rules.family_codes(season.family):
        raise SeasonError(
            _("%(tournament)s is not played by the season's rules (%(rules)s).")
            % {"tournament": tournament.name, "rules": season.family_label}
        )
    if not _within(tournament, season.start_date, season.end_date):
        raise SeasonError(
            _("%(tournament)s is not played within the season's days.")
            % {"tournament": tournament.name}
        )
    if (
        season.members.filter(tournament=tournament).exists()
        or season.members.filter(slug=tournament.slug).exists()
    ):
        raise SeasonError(
            _("%(tournament)s is in the season already.") % {"tournament": tournament.name}
        )
    return SeasonTournament.objects.create(
        season=season, tournament=tournament, slug=tournament.slug, last_day=tournament.end_date
    )


@transaction.atomic
def remove_tournament(season: Season, member_id: int) -> None:
    """Take a tournament out of the season (its results leave the ranking; nothing else)."""
    season = Season.objects.select_for_update().get(pk=season.pk)
    removed, _count = season.members.filter(pk=member_id).delete()
    if not removed:
        raise SeasonError(_("This tournament is not in the season."))


def remember_slug(tournament: Tournament) -> None:
    """Before a tournament is deleted (its archive kept): its seasons remember its current short
    name and last day, so the tournament rejoins them when its archive is restored (and another
    tournament given the same short name meanwhile does not)."""
    SeasonTournament.objects.filter(tournament=tournament).update(
        slug=tournament.slug, last_day=tournament.end_date
    )
