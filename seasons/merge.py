"""Two player records made one, and taken apart again (docs/seasons.md, "Duplicate players").

A merge keeps one record and removes the other: every row that names the removed record (its
registrations, and whatever else of the desk points at a player) is moved to the record kept,
the kept record's empty details (EMA number, country, club) are filled from the removed one, and
a `PlayerMerge` keeps the removed record as it was and every row moved. Results are never
touched: a registration keeps its number, seats, hands and results, only the person it names
changes. One tournament cannot hold one person twice, so two records registered in the same
tournament are never merged.

The page shows the plan first (`plan_merge`); the merge itself re-checks it against a
fingerprint of both records as the page showed them, in one transaction with an audit entry in
every tournament it touches. `undo_merge` recreates the removed record with its id and moves
back every row that still names the record kept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.errors import ChangedMeanwhile, UserError
from common.text import fingerprint
from scoring.access import Actor
from scoring.models import AuditAction
from scoring.services.audit import log_action
from seasons.models import PlayerMerge
from tournament.models import Player, Registration, Tournament

#: The details of a player record, as a merge keeps and restores them.
DETAILS = ("first_name", "last_name", "ema_id", "country", "club", "notes")
#: The details the removed record fills when the kept one has none.
FILLED = ("ema_id", "country", "club")


class MergeError(UserError):
    """A merge (or its undoing) the desk refuses; nothing was written."""


@dataclass(frozen=True)
class Moved:
    """A row that names the removed record: its model ("app.model"), the field, its id."""

    model: str
    field: str
    pk: int
    label: str


@dataclass
class MergePlan:
    keep: Player
    remove: Player
    moved: list[Moved] = field(default_factory=list)
    filled: dict[str, str] = field(default_factory=dict)  #: the kept record's empty details
    notes: str = ""  #: the kept record's notes after the merge
    both_in: list[str] = field(default_factory=list)  #: tournaments where both are registered
    stamp: str = ""

    @property
    def possible(self) -> bool:
        return not self.both_in

    @property
    def registrations(self) -> list[Registration]:
        ids = [moved.pk for moved in self.moved if moved.model == "tournament.registration"]
        return list(
            Registration.objects.filter(pk__in=ids)
            .select_related("tournament")
            .order_by("tournament__start_date", "tournament__name")
        )


def _references() -> list[models.ForeignObjectRel]:
    """Every relation of another model (or an automatic many-to-many table) to a player,
    except the merge records themselves."""
    return [
        relation
        for relation in Player._meta.get_fields(include_hidden=True)
        if isinstance(relation, models.ForeignObjectRel)
        and (relation.one_to_many or relation.one_to_one)
        and relation.related_model is not PlayerMerge
    ]


def _rows_of(player: Player) -> list[Moved]:
    moved = []
    for relation in _references():
        model: Any = relation.related_model
        name = relation.field.name
        for row in model._default_manager.filter(**{name: player}).order_by("pk"):
            moved.append(Moved(model._meta.label_lower, name, row.pk, str(row)))
    return moved


def _details(player: Player) -> dict[str, Any]:
    return {name: getattr(player, name) for name in DETAILS}


def _stamp(keep: Player, remove: Player) -> str:
    rows = [(m.model, m.pk) for m in _rows_of(keep) + _rows_of(remove)]
    return fingerprint(keep.pk, _details(keep), remove.pk, _details(remove), rows)


def plan_merge(keep: Player, remove: Player) -> MergePlan:
    """What merging `remove` into `keep` would do, for the page to show before anything is
    written."""
    if keep.pk == remove.pk:
        raise MergeError(_("A record cannot be merged with itself."))
    plan = MergePlan(keep, remove, moved=_rows_of(remove), stamp=_stamp(keep, remove))
    for name in FILLED:
        if not getattr(keep, name) and getattr(remove, name):
            plan.filled[name] = getattr(remove, name)
    notes = [text for text in (keep.notes.strip(), remove.notes.strip()) if text]
    plan.notes = "\n".join(dict.fromkeys(notes))
    theirs = set(remove.registrations.values_list("tournament_id", flat=True))
    plan.both_in = sorted(
        keep.registrations.filter(tournament_id__in=theirs).values_list(
            "tournament__name", flat=True
        )
    )
    return plan


def _lock_tournaments(registrations: models.QuerySet[Registration]) -> set[int]:
    """Lock the tournaments of `registrations`, in the order of their ids; returns their ids.

    The desk locks a tournament before anything of it (docs/architecture.md). A merge moves
    registrations and writes in their tournaments' audit trails, and an audit entry waits for a
    tournament another write holds: that write (a withdrawal) then waited for the registration
    the merge had moved, a deadlock. So the tournaments come first, then the records."""
    ids = set(registrations.values_list("tournament_id", flat=True))
    list(
        Tournament.objects.select_for_update()
        .filter(pk__in=ids)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    return ids


def merge_players(keep_id: int, remove_id: int, *, user: Any, stamp: str) -> PlayerMerge:
    """Merge record `remove_id` into `keep_id`, as the page showed it (`stamp`)."""
    with transaction.atomic():
        tournaments = _lock_tournaments(Registration.objects.filter(player_id=remove_id))
        found = {
            p.pk: p for p in Player.objects.select_for_update().filter(pk__in=[keep_id, remove_id])
        }
        # Registered in another tournament between the two locks: as if the page were stale.
        # Once the records are locked, no registration of theirs can be added.
        now_in = Registration.objects.filter(player_id=remove_id).values_list(
            "tournament_id", flat=True
        )
        if not set(now_in) <= tournaments:
            raise ChangedMeanwhile()
        if keep_id not in found or remove_id not in found:
            raise MergeError(_("One of the two records no longer exists: nothing was merged."))
        keep, remove = found[keep_id], found[remove_id]
        plan = plan_merge(keep, remove)
        if plan.stamp != stamp:
            raise ChangedMeanwhile()
        if not plan.possible:
            raise MergeError(
                _(
                    "Both records play in %(tournaments)s: one tournament cannot hold the same "
                    "person twice, so they are two people (or one registration must go first)."
                )
                % {"tournaments": ", ".join(plan.both_in)}
            )
        removed = {"id": remove.pk, **_details(remove)}
        before = {name: getattr(keep, name) for name in (*plan.filled, "notes")}
        try:
            with transaction.atomic():
                for moved in plan.moved:
                    model = apps.get_model(moved.model)
                    model._default_manager.filter(pk=moved.pk).update(**{moved.field: keep})
                # earlier merges into the removed record now name the record kept
                PlayerMerge.objects.filter(kept=remove).update(kept=keep)
                remove.delete()
                for name, value in plan.filled.items():
                    setattr(keep, name, value)
                keep.notes = plan.notes
                keep.save()
        except IntegrityError as exc:
            raise MergeError(
                _("The two records cannot be merged: %(error)s") % {"error": exc}
            ) from exc
        merge = PlayerMerge.objects.create(
            kept=keep,
            removed=removed,
            changes={
                "moved": [[m.model, m.field, m.pk] for m in plan.moved],
                "filled": sorted(plan.filled),
                "before": before,
                "after": _details(keep),
            },
            merged_by=user,
        )
        _log(plan.registrations, AuditAction.PLAYER_MERGED, user, keep, removed)
    return merge


def undo_merge(merge_id: int, *, user: Any) -> Player:
    """Take a merge back: the removed record comes back with its id and details, and every
    row the merge moved that still names the record kept names it again."""
    with transaction.atomic():
        moved = PlayerMerge.objects.filter(pk=merge_id).values_list("changes", flat=True).first()
        _lock_tournaments(  # the tournaments first, as a merge locks them
            Registration.objects.filter(
                pk__in=[
                    pk
                    for label, _name, pk in (moved or {}).get("moved") or []
                    if label == "tournament.registration"
                ]
            )
        )
        # then the record kept, then the merge, as a merge locks the records before the merges
        # that name them (a merge into this record at the same moment takes turns with this)
        kept_id = PlayerMerge.objects.filter(pk=merge_id).values_list("kept_id", flat=True).first()
        keep = (
            Player.objects.select_for_update().filter(pk=kept_id).first()
            if kept_id is not None
            else None
        )
        merge = PlayerMerge.objects.select_for_update().filter(pk=merge_id).first()
        if merge is None or merge.is_undone:
            raise MergeError(_("This merge was taken back already."))
        if merge.kept_id != kept_id:  # the record kept was merged into another meanwhile
            raise ChangedMeanwhile()
        removed = dict(merge.removed)
        if keep is None:
            raise MergeError(_("The record kept no longer exists: the merge cannot be taken back."))
        if Player.objects.filter(
            pk=removed["id"]
        ).exists():  # pragma: no cover - ids are not reused
            raise MergeError(_("The removed record's id is taken: the merge cannot be taken back."))
        # The kept record's details the merge changed go back, unless changed since.
        before, after = merge.changes.get("before") or {}, merge.changes.get("after") or {}
        for name, value in before.items():
            if name in DETAILS and getattr(keep, name) == after.get(name):
                setattr(keep, name, value)
        keep.save()  # first: the EMA number it gives back is free for the removed record
        back = Player(pk=removed["id"], **{name: removed.get(name) or "" for name in DETAILS})
        back.ema_id = removed.get("ema_id") or None
        back.save(force_insert=True)
        moved_back = []
        for label, name, pk in merge.changes.get("moved") or []:
            model = apps.get_model(label)
            if model._default_manager.filter(pk=pk, **{name: keep}).update(**{name: back}):
                moved_back.append((label, pk))
        merge.undone_at = timezone.now()
        merge.undone_by = user
        merge.save(update_fields=["undone_at", "undone_by"])
        registrations = Registration.objects.filter(
            pk__in=[pk for label, pk in moved_back if label == "tournament.registration"]
        ).select_related("tournament")
        _log(list(registrations), AuditAction.PLAYER_MERGE_UNDONE, user, keep, removed)
    return back


def _log(registrations, action, user, keep: Player, removed: dict[str, Any]) -> None:
    """One audit entry per registration moved, in its tournament."""
    actor = Actor(user=user)
    for registration in registrations:
        log_action(
            actor,
            action,
            tournament=registration.tournament,
            registrations=[registration],
            changes={
                "kept": {"id": keep.pk, "first_name": keep.first_name, "last_name": keep.last_name},
                "removed": {
                    "id": removed["id"],
                    "first_name": removed.get("first_name", ""),
                    "last_name": removed.get("last_name", ""),
                },
                "number": registration.number,
            },
        )
