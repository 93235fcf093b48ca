"""The standings' fingerprint: `standings_version` changes whenever the standings of a
tournament may change (a confirmed session, a result, a penalty, a registration, a team, a
category, a renamed player, a scoring setting), so pages and computed standings are kept in the
shared cache under it (`scoring.standings.ranking.cached_standings`, the standings page, the
projector, the seasons). `standings_versions` fingerprints any number of tournaments in the same
few queries (a season's ranking reads all of its tournaments at once).
"""

import hashlib

from django.db.models import Sum, Value

from scoring.models import Penalty, SeatResult
from tournament.models import Registration, SessionStatus


def standings_version(tournament):
    """A fingerprint of everything the standings depend on; it changes when they may change.

    Cheap (a few small queries), so pages can cache their rendered standings under it: 200
    phones refreshing the standings then cost almost nothing while referees save hands.
    """
    return standings_versions([tournament])[tournament.pk]


def standings_versions(tournaments):
    """`standings_version` of each of `tournaments`, by primary key, in the same six queries
    whatever their number (a season's ranking fingerprints all of its tournaments at once)."""
    from collections import defaultdict

    from django.db.models import CharField, Count, Max, Q
    from django.db.models.functions import Cast

    from tournament.models import Category, Session, Team

    tournaments = list(tournaments)
    pks = [tournament.pk for tournament in tournaments]
    sessions = defaultdict(list)
    for tournament_id, *values in (
        Session.objects.filter(tournament__in=pks)
        .order_by("tournament", "number")
        .values_list(
            "tournament",
            "number",
            "status",
            "results_published",
            "seating_published",
            "confirmed_at",
        )
    ):
        sessions[tournament_id].append(tuple(values))
    registrations = defaultdict(list)
    for tournament_id, *values in (
        Registration.objects.filter(tournament__in=pks)
        .order_by("tournament", "pk")
        .values_list(
            "tournament",
            "pk",
            "number",
            "status",
            "is_substitute",
            "player_id",
            "team_id",
            "finalist",
        )
    ):
        registrations[tournament_id].append(tuple(values))
    # Teams and categories (their names too) change the team standings and the sub-rankings,
    # and so do the players' categories (read here, not joined to the registrations: that
    # join cost a season of 20 tournaments four times the rest of the fingerprint).
    groups = defaultdict(list)
    members = Registration.categories.through.objects.filter(registration__tournament__in=pks)
    for kind, tournament_id, *values in (
        Team.objects.filter(tournament__in=pks)
        .order_by()
        .values_list(Value("team"), "tournament", "pk", "name", "country")
        .union(
            Category.objects.filter(tournament__in=pks)
            .order_by()
            .values_list(Value("category"), "tournament", "pk", "name", Value("")),
            members.order_by().values_list(
                Value("member"),
                "registration__tournament",
                "registration",
                Cast("category", output_field=CharField()),
                Value(""),
            ),
            all=True,
        )
    ):
        groups[tournament_id].append((kind, *values))
    players = dict(
        Registration.objects.filter(tournament__in=pks)
        .order_by()
        .values("tournament")
        .annotate(changed=Max("player__updated_at"))
        .values_list("tournament", "changed")
    )
    # Only confirmed sessions count: tables closing in the session being played change nothing.
    confirmed = {"session__tournament__in": pks, "session__status": SessionStatus.CONFIRMED}
    penalties = {
        row["session__tournament"]: row
        for row in Penalty.objects.filter(**confirmed)
        .order_by()
        .values("session__tournament")
        .annotate(
            count=Count("pk"),
            last=Max("pk"),
            points=Sum("points"),
            cancelled=Count("pk", filter=Q(cancelled_at__isnull=False)),
        )
    }
    results = {
        row["session__tournament"]: row
        for row in SeatResult.objects.filter(**confirmed)
        .order_by()
        .values("session__tournament")
        .annotate(count=Count("pk"), last=Max("pk"))
    }
    versions = {}
    for tournament in tournaments:
        pk = tournament.pk
        state = (
            tournament.ruleset,
            tournament.scoring_options,
            tournament.tie_breaks,
            tournament.lots_seed,
            (
                tournament.team_counted,
                tournament.final_sessions,
                tournament.finalists,
                tournament.final_carry,
                tournament.final_seating,
                tournament.consolation,
            ),
            sessions[pk],
            registrations[pk],
            sorted(groups[pk]),
            players.get(pk),
            penalties.get(pk),
            results.get(pk),
        )
        versions[pk] = hashlib.sha256(repr(state).encode()).hexdigest()[:20]
    return versions
