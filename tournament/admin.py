"""The Django admin for the tournament app: the director's tool of last resort."""

from typing import Any

from django import forms
from django.contrib import admin
from django.db import models

from tournament.models import Player, Registration, Seat, Session, Table, Tournament


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("last_name", "first_name", "ema_id", "country", "club")
    list_filter = ("country",)
    search_fields = ("last_name", "first_name", "ema_id", "club")


#: A date and time as one field with one label (the admin's split date and time boxes share a
#: label that names neither): the browser's own date-time picker.
ONE_DATETIME_FIELD: dict[type[models.Field], dict[str, Any]] = {
    models.DateTimeField: {
        "form_class": forms.DateTimeField,
        "widget": forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    }
}


# Stacked, not tabular inlines: every field of a stacked one has its own label (a tabular one
# labels its columns only, which a screen reader does not tie to the fields).
class SessionInline(admin.StackedInline):
    model = Session
    extra = 0
    formfield_overrides = ONE_DATETIME_FIELD
    fields = ("number", "scheduled_start", "status", "draw_seed")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "start_date", "end_date", "venue", "ruleset", "status", "published")
    list_filter = ("ruleset", "status", "published")
    search_fields = ("name", "venue", "slug")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [SessionInline]
    # `directors` (and a table's `referees`) as a plain multiple choice: the two-box filter
    # widget's script writes ARIA attributes a screen reader is not allowed to use.


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = ("number", "player", "tournament", "status", "is_substitute")
    list_filter = ("tournament", "status", "is_substitute")
    search_fields = ("player__last_name", "player__first_name", "player__ema_id", "number")
    list_select_related = ("player", "tournament")
    autocomplete_fields = ("player",)


@admin.register(Session)
class SessionAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "scheduled_start", "status", "draw_seed")
    list_filter = ("tournament", "status")
    search_fields = ("tournament__name",)
    formfield_overrides = ONE_DATETIME_FIELD


class SeatInline(admin.StackedInline):
    model = Seat
    extra = 0
    fields = ("wind", "registration")
    autocomplete_fields = ("registration",)


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ("session", "number")
    list_filter = ("session__tournament", "session__number")
    search_fields = ("session__tournament__name",)
    readonly_fields = ("revision", "time_up_at", "time_up_after_hand", "closed_at", "closed_by")
    inlines = [SeatInline]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ("table", "session", "wind", "registration")
    list_filter = ("session__tournament", "session__number", "wind")
    search_fields = ("registration__player__last_name", "registration__player__first_name")
    list_select_related = ("table", "session", "registration__player")
    readonly_fields = ("session",)
