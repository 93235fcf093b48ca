"""Teams of a tournament: creating, renaming and deleting them, and who plays in each.

A team is two to six registered players (docs/rules.md §10.1); a substitute belongs to no team.
Every write here runs in one transaction that locks the tournament row first and then checks
again what the page was built from (the team still exists, the player is still no substitute,
the team still has room), so two directors at once never make a team of seven.

A team with fewer than `TEAM_SIZE_MIN` members is allowed while the director builds it; the
Teams page warns about it (`short_teams`). The draw reads the teams with `team_of`.
"""

from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext as _

from common.errors import ChangedMeanwhile, UserError
from common.text import fingerprint, named
from tournament.countries import normalize_country
from tournament.models import TEAM_SIZE_MAX, TEAM_SIZE_MIN, Registration, Team
from tournament.models.groups import TEAM_NAME_MAX
from tournament.services.categories import set_categories
from tournament.services.registrations import lock_tournament


class TeamError(UserError):
    """A change of a team the desk refuses, with a message for the director."""


def clean_team_name(name):
    """The name as stored (spaces trimmed and collapsed); TeamError if empty or too long."""
    name = " ".join(str(name or "").split())
    if not name:
        raise TeamError(_("A team needs a name."))
    if len(name) > TEAM_NAME_MAX:
        raise TeamError(_("A team name has at most %(max)s characters.") % {"max": TEAM_NAME_MAX})
    return name


def clean_country(country):
    """An alpha-3 code ("" for none); TeamError if the country is not recognised."""
    code = normalize_country(country or "")
    if code is None:
        raise TeamError(
            _("Country “%(value)s” is not recognised: choose it from the list.")
            % {"value": country}
        )
    return code


def _name_taken(tournament, name, exclude=None):
    if named(tournament.teams.all(), name, exclude) is not None:
        raise TeamError(_("The tournament already has a team called “%(name)s”.") % {"name": name})


def _locked_team(tournament, team_id):
    team = Team.objects.select_for_update().filter(tournament=tournament, pk=team_id).first()
    if team is None:
        raise TeamError(_("This team no longer exists: reload the page."))
    return team


@transaction.atomic
def create_team(tournament, *, name, country=""):
    """Add a team to the tournament; returns it."""
    tournament = lock_tournament(tournament)
    name = clean_team_name(name)
    country = clean_country(country)
    _name_taken(tournament, name)
    return Team.objects.create(tournament=tournament, name=name, country=country)


def team_stamp(team):
    """The stamp (`common.text.fingerprint`) of a team's name and country, as a page shows them."""
    return fingerprint(team.pk, team.name, team.country)


def groups_stamp(registration):
    """The stamp of a registration's team and categories, as its page shows them."""
    categories = sorted(registration.categories.values_list("pk", flat=True))
    return fingerprint(registration.pk, registration.team_id, categories)


@transaction.atomic
def update_team(tournament, team_id, *, name, country="", expected=None):
    """Rename a team and change its country; returns it. `expected`: the `team_stamp` the page
    was built from; if the team changed since, nothing is written."""
    tournament = lock_tournament(tournament)
    team = _locked_team(tournament, team_id)
    if expected is not None and expected != team_stamp(team):
        raise ChangedMeanwhile()
    name = clean_team_name(name)
    country = clean_country(country)
    _name_taken(tournament, name, exclude=team)
    team.name, team.country = name, country
    team.save(update_fields=["name", "country"])
    return team


@transaction.atomic
def delete_team(tournament, team_id):
    """Delete a team; its members stay registered, in no team. Returns the team's name."""
    tournament = lock_tournament(tournament)
    team = _locked_team(tournament, team_id)
    name = team.name
    team.members.update(team=None)
    team.delete()
    return name


def _check_can_join(registration, team):
    if registration.is_substitute:
        raise TeamError(
            _(
                "%(name)s is a substitute: a substitute belongs to no team (make them a ranked "
                "player on their registration page first)."
            )
            % {"name": registration.player.full_name}
        )
    others = team.members.exclude(pk=registration.pk).count()
    if others >= TEAM_SIZE_MAX:
        raise TeamError(
            _("Team “%(team)s” already has %(max)s players, the most a team may have.")
            % {"team": team.name, "max": TEAM_SIZE_MAX}
        )


def _locked_registration(tournament, number):
    registration = (
        # the registration alone: the player's record is shared by tournaments
        Registration.objects.select_for_update(of=("self",))
        .select_related("player")
        .filter(tournament=tournament, number=number)
        .first()
    )
    if registration is None:
        raise TeamError(
            _("Player %(number)s is not registered in this tournament.") % {"number": number}
        )
    return registration


def add_member(tournament, team_id, number):
    """Put registered player `number` in the team (moving them from another team); returns
    the registration. A substitute cannot join; a team has at most TEAM_SIZE_MAX players."""
    return set_team(tournament, number, team_id)


@transaction.atomic
def remove_member(tournament, team_id, number):
    """Take player `number` out of the team (they stay registered); returns the registration."""
    tournament = lock_tournament(tournament)
    team = _locked_team(tournament, team_id)
    registration = _locked_registration(tournament, number)
    if registration.team_id != team.pk:
        raise TeamError(
            _("%(name)s is not in team “%(team)s”: reload the page.")
            % {"name": registration.player.full_name, "team": team.name}
        )
    registration.team = None
    registration.save(update_fields=["team"])
    return registration


@transaction.atomic
def set_team(tournament, number, team_id):
    """Put player `number` in team `team_id` (None: in no team); returns the registration."""
    tournament = lock_tournament(tournament)
    registration = _locked_registration(tournament, number)
    if team_id is None:
        registration.team = None
    else:
        team = _locked_team(tournament, team_id)
        if registration.team_id == team.pk:
            return registration
        _check_can_join(registration, team)
        registration.team = team
    registration.save(update_fields=["team"])
    return registration


def teams_with_members(tournament):
    """The tournament's teams by name, each with `member_list` (its registrations by number)."""
    teams = list(tournament.teams.select_related("tournament").order_by("name"))
    members: dict[int, list[Registration]] = {}
    for registration in (
        tournament.registrations.filter(team__isnull=False)
        .select_related("player")
        .order_by("number")
    ):
        members.setdefault(registration.team_id, []).append(registration)
    for team in teams:
        team.member_list = members.get(team.pk, [])
    return teams


def short_teams(tournament):
    """The tournament's teams with fewer than TEAM_SIZE_MIN members, by name."""
    return list(
        tournament.teams.annotate(size=Count("members"))
        .filter(size__lt=TEAM_SIZE_MIN)
        .order_by("name")
    )


def free_players(tournament):
    """The registrations that may join a team and are in none: not substitutes, by number."""
    return list(
        tournament.registrations.filter(team__isnull=True, is_substitute=False)
        .select_related("player")
        .order_by("number")
    )


def team_of(registrations):
    """{registration: its team's id} for the registrations in a team (the draw's `teams=`),
    or None when none is in a team."""
    return {r: r.team_id for r in registrations if r.team_id is not None} or None


@transaction.atomic
def set_groups(tournament, number, *, team_id, category_ids, expected=None):
    """Player `number`'s team (None: none) and exactly these categories, in one transaction
    (the registration page's form); returns the registration. `expected`: the `groups_stamp`
    the page was built from (it names the registration, so a page of a player renumbered since
    is refused too); if it changed since, nothing is written."""
    if expected is not None:
        lock_tournament(tournament)
        registration = tournament.registrations.filter(number=number).first()
        if registration is None or expected != groups_stamp(registration):
            raise ChangedMeanwhile()
    registration = set_team(tournament, number, team_id)
    set_categories(tournament, number, category_ids)
    return registration
