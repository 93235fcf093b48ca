"""`{% post_button url label %}`: a button that posts to `url` (with the CSRF token).

    {% load post_button %}
    {% post_button url _("Reopen") form_class="inline-form" button_class="link-button" %}
    {% post_button url _("+5 min") action="extend" minutes=5 table=row.table.pk %}
    {% post_button urls.close _("Close the table") revision=table_form.revision %}

`confirm="..."` (the consequence, computed by the view) makes the button ask first: with
JavaScript a dialog shows that text (`static/desk/confirm.js`); the action view (a
`common.confirm.ConfirmFirst`) refuses a POST without `confirmed=1` and shows a confirm page.
Every other keyword becomes a hidden field of that name; a form field (e.g. a bound hidden
field) is rendered as itself. `enabled=False` greys the button out. The markup is
`templates/includes/post_button.html`.
"""

from django import template
from django.forms import BoundField
from django.utils.html import format_html

register = template.Library()


@register.inclusion_tag("includes/post_button.html", takes_context=True)
def post_button(
    context, url, label, form_class="", button_class="", enabled=True, confirm="", **hidden
):
    fields = [
        value
        if isinstance(value, BoundField)
        else format_html('<input type="hidden" name="{}" value="{}">', name, value)
        for name, value in hidden.items()
    ]
    return {
        "csrf_token": context.get("csrf_token"),
        "url": url,
        "label": label,
        "form_class": form_class,
        "button_class": button_class,
        "disabled": not enabled,
        "confirm": confirm,
        "fields": fields,
    }
