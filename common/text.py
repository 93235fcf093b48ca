"""Names compared the way people read them: "lukasz" finds "Łukasz", "Černá" sorts with the C."""

import unicodedata

from django.utils.translation import pgettext

_FOLD = str.maketrans(
    {
        "ł": "l",
        "Ł": "L",
        "ø": "o",
        "Ø": "O",
        "đ": "d",
        "Đ": "D",
        "ß": "ss",
        "æ": "ae",
        "Æ": "AE",
        "œ": "oe",
        "Œ": "OE",
        "þ": "th",
        "Þ": "Th",
        "ı": "i",
    }
)


def fold(text):
    """`text` without accents and case: "Łukasz" -> "lukasz", "Ødegaard" -> "odegaard"."""
    folded = unicodedata.normalize("NFKD", str(text).translate(_FOLD))
    return "".join(c for c in folded if not unicodedata.combining(c)).casefold()


def search_key(text):
    """`text` folded, with only its letters and digits: what a name search compares.

    Apostrophes (' and ’), spaces, hyphens and other punctuation are left out, so "obrien"
    finds "O'Brien", "devries" finds "de Vries" and "thorsson" finds "Þórsson"."""
    return "".join(c for c in fold(text) if c.isalnum())


#: An alphabetical sort key that puts "Łukasz" with the L and "Ødegaard" with the O.
sort_key = fold


def person_name(first, last):
    """A person's name in the active language's one order, on every page, print and export:
    "Anna Rossi" in English, "Rossi Anna" in Italian (as the Italian federations list players).
    The order is the translated pattern; sorting stays by last name (`sort_key`). The EMA file
    keeps its separate first and last name columns."""
    # Translators: the order of a person's first and last name in lists and running text.
    return pgettext("person name", "%(first)s %(last)s") % {"first": first, "last": last}


def name_parts(first, last):
    """(first, last) or (last, first): the two parts of a name in the active language's order
    (`person_name`), for a form that prints them on two lines."""
    marked = person_name("\x00", "\x01")
    return (first, last) if marked.index("\x00") < marked.index("\x01") else (last, first)


def named(groups, name, exclude=None):
    """The object of `groups` (a queryset of things with a `name`: teams, categories) called
    `name` whatever the case, in any alphabet ("KØBENHAVN KAN" is "København Kan"; the
    database's own case folding is ASCII-only on SQLite), or None. A tournament has a few dozen
    of them: compared here."""
    key = " ".join(str(name).split()).casefold()
    for group in groups.only("pk", "name"):
        if group.name.casefold() == key and (exclude is None or group.pk != exclude.pk):
            return group
    return None


def fingerprint(*values):
    """A short stamp of `values` for a form's hidden field: the page carries the stamp of what
    it was built from, and a service refuses to write when the stamp of today's values differs
    (someone else changed them meanwhile)."""
    import hashlib

    return hashlib.sha256(repr(values).encode()).hexdigest()[:16]
