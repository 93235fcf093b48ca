"""Django's admin, for site administrators only.

It edits every tournament and every account: a tournament's directors manage it on the director
pages, which check their role. `DeskAdminConfig` stands for `django.contrib.admin` in the
settings, so `admin.site` is a `DeskAdminSite`.
"""

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig


class DeskAdminSite(admin.AdminSite):
    def has_permission(self, request):
        # Imported here: the settings load this module before the models are ready.
        from tournament.permissions import is_site_admin

        return is_site_admin(request.user)


class DeskAdminConfig(AdminConfig):
    default_site = "desk.admin_site.DeskAdminSite"
