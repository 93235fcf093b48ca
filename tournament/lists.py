"""Lists of the tournament app: tournaments, sessions, registrations, teams, categories."""

import django_tables2 as tables
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from common.lists import DeskList
from tournament.models import TEAM_SIZE_MIN, Category, Registration, Session, Team, Tournament
from tournament.visibility import seating_visible


class TournamentList(DeskList):
    name = tables.Column(linkify=True, verbose_name=_("Tournament"))
    dates = tables.Column(
        empty_values=(), order_by=("start_date", "end_date"), verbose_name=_("Dates")
    )

    class Meta(DeskList.Meta):
        model = Tournament
        fields = ("name", "dates", "venue", "ruleset", "status")
        empty_text = _("No tournament yet.")

    def render_dates(self, record):
        start = date_format(record.start_date)
        if record.start_date == record.end_date:
            return start
        return format_html("{} – {}", start, date_format(record.end_date))


class SessionList(DeskList):
    number = tables.Column(verbose_name=_("Session"))
    seating = tables.Column(verbose_name=_("Seating"), empty_values=(), orderable=False)
    dashboard = tables.Column(verbose_name=_("Dashboard"), empty_values=(), orderable=False)
    table_count = tables.Column(verbose_name=_("Number of tables"))

    class Meta(DeskList.Meta):
        model = Session
        fields = ("number", "scheduled_start", "status", "table_count", "seating", "dashboard")
        empty_text = _("No session yet.")
        per_page = 50

    def __init__(self, *args, user=None, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def render_status(self, record):
        """The session's state in one line (Session.state), as on the draw page and dashboard."""
        return format_html(
            '<span class="session-state session-state-{}">{}</span>',
            record.state.code,
            record.state_label,
        )

    def render_seating(self, record):
        if record.is_draft or not seating_visible(self.user, record):
            return "—"
        url = reverse("seating", kwargs={"slug": record.tournament.slug, "number": record.number})
        return format_html('<a href="{}">{}</a>', url, _("Seating"))

    def render_dashboard(self, record):
        if record.is_draft:
            return "—"
        url = reverse(
            "session-dashboard", kwargs={"slug": record.tournament.slug, "number": record.number}
        )
        return format_html('<a href="{}">{}</a>', url, _("Tables and results"))


class RegistrationList(DeskList):
    number = tables.Column(verbose_name=_("No."))
    last_name = tables.Column(accessor="player__last_name", verbose_name=_("Last name"))
    first_name = tables.Column(accessor="player__first_name", verbose_name=_("First name"))
    ema_id = tables.Column(accessor="player__ema_id", verbose_name=_("EMA id"))
    country = tables.Column(accessor="player__country", verbose_name=_("Country"))
    club = tables.Column(accessor="player__club", verbose_name=_("Club"))
    team = tables.Column(accessor="team__name", verbose_name=_("Team"))
    is_substitute = tables.BooleanColumn(verbose_name=_("Substitute"), yesno="✔,")
    manage = tables.Column(verbose_name=_("Manage"), empty_values=(), orderable=False)

    class Meta(DeskList.Meta):
        model = Registration
        fields = (
            "number",
            "last_name",
            "first_name",
            "ema_id",
            "country",
            "club",
            "team",
            "status",
            "is_substitute",
            "manage",
        )
        empty_text = _("No player registered yet.")

    def __init__(self, *args, director=False, teams=False, **kwargs):
        """`director`: the rows link to the player's and the registration's pages (directors
        only; the public list has no links and no "Manage" column). `teams`: the tournament has
        teams (else no "Team" column)."""
        self.director = director
        if not director:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "manage")
        if not teams:
            kwargs["exclude"] = (*kwargs.get("exclude", ()), "team")
        super().__init__(*args, **kwargs)

    def _urls(self, record):
        args = [record.tournament.slug, record.number]
        return reverse("player-edit", args=args), reverse("registration", args=args)

    def render_manage(self, record):
        player_url, registration_url = self._urls(record)
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a>',
            player_url,
            _("Edit player"),
            registration_url,
            _("Registration"),
        )

    def render_country(self, record):
        return format_html(
            '<abbr title="{}">{}</abbr>', record.player.country_name, record.player.country
        )


class TeamList(DeskList):
    """The teams of a tournament (`teams_with_members`), each linked to its page."""

    name = tables.Column(verbose_name=_("Team"))
    country = tables.Column(verbose_name=_("Country"))
    members = tables.Column(
        verbose_name=_("Players"),
        empty_values=(),
        orderable=False,
        attrs={"td": {"class": "wrap"}},
    )

    class Meta(DeskList.Meta):
        model = Team
        attrs = {"class": "desk-table team-list"}
        fields = ("name", "country", "members")
        empty_text = _("No team yet.")

    def render_name(self, record):
        url = reverse("team-edit", args=[record.tournament.slug, record.pk])
        return format_html('<a href="{}">{}</a>', url, record.name)

    def render_country(self, record):
        return format_html('<abbr title="{}">{}</abbr>', record.country_name, record.country)

    def render_members(self, record):
        names = ", ".join(f"{r.number}. {r.player.full_name}" for r in record.member_list)
        if len(record.member_list) < TEAM_SIZE_MIN:
            return format_html(
                '{} <span class="badge">{}</span>',
                names,
                _("fewer than %(min)s players") % {"min": TEAM_SIZE_MIN},
            )
        return names


class CategoryList(DeskList):
    """The categories of a tournament (`categories_with_counts`), each linked to its page."""

    name = tables.Column(verbose_name=_("Category"))
    players = tables.Column(verbose_name=_("Players"))

    class Meta(DeskList.Meta):
        model = Category
        fields = ("name", "players")
        empty_text = _("No category yet.")

    def render_name(self, record):
        url = reverse("category-edit", args=[record.tournament.slug, record.pk])
        return format_html('<a href="{}">{}</a>', url, record.name)
