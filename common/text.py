"""Names compared the way people read them: "lukasz" finds "Łukasz", "Černá" sorts with the C."""

import unicodedata

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
