"""The Django admin for hands and penalties, read only: every write goes through the services,
which keep versions, cancel instead of deleting, and write the audit trail."""

from django.contrib import admin

from scoring.models import Hand, Penalty


class ReadOnlyAdmin(admin.ModelAdmin):
    """Look, search, filter; never add, change or delete."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = (
        "table",
        "number",
        "version",
        "is_current",
        "outcome",
        "winner",
        "discarder",
        "fan",
        "change_east",
        "change_south",
        "change_west",
        "change_north",
        "entered_by",
        "entered_at",
    )
    list_filter = ("table__session__tournament", "table__session__number", "outcome", "is_current")
    search_fields = ("table__session__tournament__name",)
    list_select_related = ("table__session", "entered_by")


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = (
        "registration",
        "session",
        "kind",
        "infraction",
        "points",
        "transfer",
        "given_by",
        "given_at",
        "cancelled_at",
    )
    list_filter = ("session__tournament", "kind")
    search_fields = (
        "registration__player__last_name",
        "registration__player__first_name",
        "reason",
        "infraction",
    )
    list_select_related = ("registration__player", "session", "given_by")
