"""The one base class for every list in the desk (django-tables2).

Every table inherits its look (CSS class, template, empty text, pagination) from `DeskList`, so a
change of style is made once.
"""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _


class DeskList(tables.Table):
    class Meta:
        attrs = {"class": "desk-table"}
        template_name = "lists/desk_list.html"
        empty_text = _("Nothing here yet.")
        per_page = 100

    #: The most rows one page shows, whatever the address asks: `?per_page=0` or `-1` would
    #: break the paginator, `?per_page=10**9` would render everything.
    MAX_PER_PAGE = 500

    def paginate(self, *args, per_page=None, **kwargs):
        if per_page is not None:
            per_page = min(max(per_page, 1), self.MAX_PER_PAGE)
        return super().paginate(*args, per_page=per_page, **kwargs)
