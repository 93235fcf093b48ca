"""The sign-up in a tournament's archive (docs/signup.md): its settings, every entry with its
contact data (e-mail, language, consent, links' key) and the sign-up trail.

The archive is downloaded by the tournament's directors, who see the same data on the entries
page, and restored only by a site administrator (`desk.views.RestoreView`). Restoring checks
every record before the write transaction starts (`check_signup`: the model's own field checks,
the statuses and what each needs, the references to the archive's players, teams and categories
and entries), then inserts them (`write_signup`) in the restore's transaction. An archive
written before the sign-up existed has none of these keys and restores as before.
"""

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from desk.archive_values import fill, items_of, require, validate, whole_number
from signup.models import ON_THE_LIST, SETTING_FIELDS, Entry, EntryStatus, Signup, SignupEvent
from tournament.models import Registration

ENTRY_FIELDS = (
    "status",
    "first_name",
    "last_name",
    "email",
    "ema_id",
    "country",
    "club",
    "language",
    "consent_at",
    "created_at",
    "email_confirmed_at",
    "position",
    "offer_expires_at",
    "same_person",
    "link_key",
    "contact_erased_at",
)
EVENT_FIELDS = ("action", "at", "via", "changes")


def export_signup(tournament, plain):
    """The archive's sign-up records; `plain(obj, names)` writes fields as the archive does."""
    signup = Signup.objects.filter(tournament=tournament).first()
    entries = list(
        tournament.entries.select_related("registration", "team")
        .prefetch_related("categories")
        .order_by("id")
    )
    ordinal = {entry.pk: index for index, entry in enumerate(entries, start=1)}
    return {
        "signup": plain(signup, SETTING_FIELDS) if signup is not None else None,
        "entries": [
            {
                **plain(entry, ENTRY_FIELDS),
                "ordinal": ordinal[entry.pk],
                "player": entry.registration.number if entry.registration_id else None,
                "team": entry.team.name if entry.team_id else None,
                "categories": sorted(category.name for category in entry.categories.all()),
            }
            for entry in entries
        ],
        "signup_events": [
            {
                **plain(event, EVENT_FIELDS),
                "entry": ordinal.get(event.entry_id) if event.entry_id else None,
                "player": event.registration.number if event.registration_id else None,
                "user": event.user.get_username() if event.user_id else None,
            }
            for event in tournament.signup_events.select_related("registration", "user").order_by(
                "at", "id"
            )
        ],
    }


@dataclass
class SignupPlan:
    signup: Signup | None = None
    entries: list = field(default_factory=list)  # (entry, player number, team, categories)
    events: list = field(default_factory=list)  # (event, entry ordinal, player number, user)
    accounts: dict = field(default_factory=dict)  # user name -> this desk's account of the name


def _lookup(names, value, where, what):
    require(
        value is None or (isinstance(value, str) and value.casefold() in names),
        where,
        _("%(what)s “%(name)s” is not in the archive") % {"what": what, "name": value},
    )
    return value.casefold() if value is not None else None


def check_signup(data, *, players, teams, categories):
    """The sign-up records of the parsed archive, checked; `players`, `teams`, `categories` are
    the archive's player numbers and its team and category names (casefolded). Reads only."""
    plan = SignupPlan()
    if data.get("signup") is not None:
        require(isinstance(data["signup"], dict), _("sign-up"), _("not a record"))
        plan.signup = fill(Signup(), data["signup"], _("sign-up"))
        validate(plan.signup, _("sign-up"))
        require(
            plan.signup.closes_at > plan.signup.opens_at,
            _("sign-up"),
            _("it closes before it opens"),
        )
    entries = items_of(data, "entries") if "entries" in data else []
    ordinals, positions, linked = set(), set(), set()
    for item in entries:
        ordinal = whole_number(item.get("ordinal"), _("entries"), _("entry"))
        where = _("entry %(number)s") % {"number": ordinal}
        require(ordinal not in ordinals, where, _("listed twice"))
        ordinals.add(ordinal)
        entry = fill(Entry(), item, where, ("ordinal", "player", "team", "categories"))
        entry.ema_id = entry.ema_id or None
        validate(entry, where, constraints=False)
        player = item.get("player")
        if player is not None:
            whole_number(player, where, _("player number"))
            require(
                player in players,
                where,
                _("player %(number)s is not registered") % {"number": player},
            )
            require(
                player not in linked,
                where,
                _("player %(number)s has two entries") % {"number": player},
            )
            linked.add(player)
        on_list = entry.status in ON_THE_LIST
        require(
            on_list == (entry.position is not None),
            where,
            _("a waiting-list position belongs to an entry on the list"),
        )
        require(
            entry.position not in positions, where, _("two entries share a waiting-list position")
        )
        if entry.position is not None:
            positions.add(entry.position)
        require(
            entry.status != EntryStatus.OFFERED or entry.offer_expires_at is not None,
            where,
            _("an offer has a deadline"),
        )
        require(
            entry.status != EntryStatus.CONFIRMED or player is not None,
            where,
            _("a confirmed entry is a registration"),
        )
        require(
            player is None or entry.status in (EntryStatus.CONFIRMED, EntryStatus.WITHDRAWN),
            where,
            _("only a confirmed or withdrawn entry is a registration"),
        )
        require(
            entry.is_erased or bool(entry.email and entry.first_name and entry.last_name),
            where,
            _("the name or the e-mail is missing"),
        )
        # The registration is linked when written (`write_signup`); until then an unsaved
        # stand-in lets the model's own constraints be evaluated, after the plainer checks above.
        entry.registration = Registration() if player is not None else None
        validate(entry, where)
        entry.registration = None
        team = _lookup(teams, item.get("team"), where, _("team"))
        names = item.get("categories") or []
        require(isinstance(names, list), where, _("the categories must be a list"))
        chosen = [_lookup(categories, name, where, _("category")) for name in names]
        plan.entries.append((ordinal, entry, player, team, chosen))
    _check_unique(plan.entries)
    users: dict[str, None] = {}
    for item in items_of(data, "signup_events") if "signup_events" in data else []:
        where = _("sign-up trail")
        event = fill(SignupEvent(), item, where, ("entry", "player", "user"))
        validate(event, where)
        ordinal, player, user = item.get("entry"), item.get("player"), item.get("user")
        require(ordinal is None or ordinal in ordinals, where, _("an entry is not in the archive"))
        require(player is None or player in players, where, _("a player is not registered"))
        require(user is None or isinstance(user, str), where, _("a user name is not a text"))
        if user:
            users[user] = None
        plan.events.append((event, ordinal, player, user))
    found = get_user_model().objects.filter(username__in=list(users))
    plan.accounts = {account.get_username(): account for account in found}
    return plan


def _check_unique(entries):
    """One entry that is not withdrawn per e-mail address and per EMA id."""
    emails, ema_ids = set(), set()
    for ordinal, entry, *_rest in entries:
        if entry.status == EntryStatus.WITHDRAWN:
            continue
        where = _("entry %(number)s") % {"number": ordinal}
        if entry.email:
            require(entry.email.casefold() not in emails, where, _("another entry has this e-mail"))
            emails.add(entry.email.casefold())
        if entry.ema_id:
            require(entry.ema_id not in ema_ids, where, _("another entry has this EMA id"))
            ema_ids.add(entry.ema_id)


def write_signup(tournament, plan):
    """Insert the checked sign-up records, inside the restore's transaction."""
    if plan.signup is not None:
        plan.signup.tournament = tournament
        plan.signup.save()
    registrations = {r.number: r for r in tournament.registrations.all()}
    teams = {t.name.casefold(): t for t in tournament.teams.all()}
    categories = {c.name.casefold(): c for c in tournament.categories.all()}
    by_ordinal = {}
    for ordinal, entry, player, team, chosen in plan.entries:
        entry.tournament = tournament
        entry.registration = registrations[player] if player is not None else None
        entry.team = teams[team] if team is not None else None
        entry.save()  # its archived creation time, not the database's default
        entry.categories.set([categories[name] for name in chosen])
        by_ordinal[ordinal] = entry
    for event, ordinal, player, user in plan.events:
        event.tournament = tournament
        event.entry = by_ordinal.get(ordinal)
        event.registration = registrations.get(player) if player is not None else None
        event.user = plan.accounts.get(user) if user else None
        if user and event.user is None:
            event.via = user[:60]
        event.save()  # its archived time, not the database's default
