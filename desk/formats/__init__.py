"""Date formats where the desk differs from Django's locales (FORMAT_MODULE_PATH).

Italian writes dates as "2 maggio 2026": no leading zero (`desk/formats/it/formats.py`) and
month names in lower case. The month names are marked here so that the desk's Italian
catalogue carries them; its translations take precedence over Django's capitalised ones.
"""

from django.utils.translation import gettext_noop

MONTH_NAMES = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
)
