"""Categories of a tournament: labels the director gives some players (ladies, juniors,
seniors, newcomers, any label; docs/rules.md §10.3), added here or from the player list.

Every write runs in one transaction that locks the tournament row first and checks again what
the page was built from (the category still exists, the name is still free).
"""

from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext as _

from common.errors import ChangedMeanwhile, UserError
from common.text import fingerprint, named
from tournament.models import Category, Registration
from tournament.models.groups import CATEGORY_NAME_MAX
from tournament.services.registrations import lock_tournament


class CategoryError(UserError):
    """A change of a category the desk refuses, with a message for the director."""


def clean_category_name(name):
    """The name as stored (spaces trimmed and collapsed); CategoryError if empty or too long."""
    name = " ".join(str(name or "").split())
    if not name:
        raise CategoryError(_("A category needs a name."))
    if len(name) > CATEGORY_NAME_MAX:
        raise CategoryError(
            _("A category name has at most %(max)s characters.") % {"max": CATEGORY_NAME_MAX}
        )
    return name


def _name_taken(tournament, name, exclude=None):
    if named(tournament.categories.all(), name, exclude) is not None:
        raise CategoryError(
            _("The tournament already has a category called “%(name)s”.") % {"name": name}
        )


def _locked_category(tournament, category_id):
    category = (
        Category.objects.select_for_update().filter(tournament=tournament, pk=category_id).first()
    )
    if category is None:
        raise CategoryError(_("This category no longer exists: reload the page."))
    return category


@transaction.atomic
def create_category(tournament, *, name):
    """Add a category to the tournament; returns it."""
    tournament = lock_tournament(tournament)
    name = clean_category_name(name)
    _name_taken(tournament, name)
    return Category.objects.create(tournament=tournament, name=name)


def category_stamp(category):
    """The stamp (`common.text.fingerprint`) of a category's name, as a page shows it."""
    return fingerprint(category.pk, category.name)


@transaction.atomic
def rename_category(tournament, category_id, *, name, expected=None):
    """Rename a category (its players keep it); returns it. `expected`: the `category_stamp`
    the page was built from; if the category changed since, nothing is written."""
    tournament = lock_tournament(tournament)
    category = _locked_category(tournament, category_id)
    if expected is not None and expected != category_stamp(category):
        raise ChangedMeanwhile()
    name = clean_category_name(name)
    _name_taken(tournament, name, exclude=category)
    category.name = name
    category.save(update_fields=["name"])
    return category


@transaction.atomic
def delete_category(tournament, category_id):
    """Delete a category; its players stay registered without it. Returns its name."""
    tournament = lock_tournament(tournament)
    category = _locked_category(tournament, category_id)
    name = category.name
    category.delete()
    return name


@transaction.atomic
def set_categories(tournament, number, category_ids):
    """Give registered player `number` exactly the categories `category_ids` (ids of this
    tournament's categories); returns the registration."""
    tournament = lock_tournament(tournament)
    registration = (
        # the registration alone: the player's record is shared by tournaments
        Registration.objects.select_for_update(of=("self",))
        .select_related("player")
        .filter(tournament=tournament, number=number)
        .first()
    )
    if registration is None:
        raise CategoryError(
            _("Player %(number)s is not registered in this tournament.") % {"number": number}
        )
    wanted = set(category_ids)
    categories = list(tournament.categories.filter(pk__in=wanted))
    if len(categories) != len(wanted):
        raise CategoryError(_("A category chosen no longer exists: reload the page."))
    registration.categories.set(categories)
    return registration


def categories_with_counts(tournament):
    """The tournament's categories by name, each with `players` (how many are in it)."""
    return list(
        tournament.categories.select_related("tournament")
        .annotate(players=Count("registrations"))
        .order_by("name")
    )
