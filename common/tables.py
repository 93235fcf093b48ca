"""The one base class for every list in the desk (django-tables2).

Every table inherits its look (CSS class, template, empty text, pagination) from `DeskTable`, so a
change of style is made once.
"""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _


class DeskTable(tables.Table):
    class Meta:
        attrs = {"class": "desk-table"}
        template_name = "tables/desk_table.html"
        empty_text = _("Nothing here yet.")
        per_page = 100
