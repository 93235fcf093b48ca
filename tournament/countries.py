"""Countries as the EMA writes them: ISO 3166-1 alpha-3 codes ("ITA", "DEU", "NLD").

Names come from pycountry, translated with its own ISO 3166 catalogues, so an Italian desk shows
"Germania" where an English one shows "Germany". Player lists may name a country by its alpha-3
code, its alpha-2 code, or its English or Italian name; `normalize_country` turns any of those
into the code.
"""

import functools
import gettext
import unicodedata

import pycountry
from django.utils import translation


@functools.cache
def _catalogue(language):
    return gettext.translation(
        "iso3166-1", pycountry.LOCALES_DIR, languages=[language], fallback=True
    )


def _fold(text):
    text = unicodedata.normalize("NFKD", text.strip().lower())
    return "".join(char for char in text if not unicodedata.combining(char))


def _common_name(country):
    return getattr(country, "common_name", None) or country.name


@functools.cache
def _names(language):
    """{alpha-3 code: name in `language`} for every country, built once per language."""
    catalogue = _catalogue(language)
    return {
        country.alpha_3: catalogue.gettext(_common_name(country)) for country in pycountry.countries
    }


def country_name(code, language=None):
    """The country's name in the given (or the active) language; the code itself if unknown."""
    if not code:
        return ""
    language = (language or translation.get_language() or "en").split("-")[0]
    name = _names(language).get(code)
    if name is not None:
        return name
    country = pycountry.countries.get(alpha_3=code)  # another spelling of a code ("ita")
    if country is None:
        return code
    return _names(language)[country.alpha_3]


@functools.cache
def _lookup():
    table: dict[str, str] = {}
    for country in pycountry.countries:
        names = {country.alpha_3, country.alpha_2, country.name, _common_name(country)}
        names.add(getattr(country, "official_name", country.name))
        names.add(_catalogue("it").gettext(country.name))
        names.add(_catalogue("it").gettext(_common_name(country)))
        for name in names:
            table.setdefault(_fold(name), country.alpha_3)
    # Names players write that ISO spells differently.
    for alias, code in {
        "england": "GBR",
        "scotland": "GBR",
        "wales": "GBR",
        "uk": "GBR",
        "great britain": "GBR",
        "gran bretagna": "GBR",
        "inghilterra": "GBR",
        "holland": "NLD",
        "olanda": "NLD",
        "russia": "RUS",
        "czechia": "CZE",
        "repubblica ceca": "CZE",
        "usa": "USA",
        "stati uniti": "USA",
        "korea": "KOR",
    }.items():
        table.setdefault(alias, code)
    return table


def normalize_country(text):
    """The alpha-3 code for a code or a name, "" for an empty value, None if not recognised."""
    if not text or not text.strip():
        return ""
    return _lookup().get(_fold(text))


def country_display(code):
    """What `get_country_display()` answers for a `country` field whose choices are
    `country_choices`: the name in the active language, or the value itself when it is no code
    of the list. Each model with such a field defines its `get_country_display` with this one:
    Django's own builds the whole list (about 250 countries, each normalised) for every call, a
    third of a millisecond for each row of a list that shows a country."""
    return _names((translation.get_language() or "en").split("-")[0]).get(code, code)


def country_choices():
    """(code, name) pairs sorted by name in the active language, for form select boxes (a new
    list each call; the sorting is done once per language)."""
    return list(_sorted_choices((translation.get_language() or "en").split("-")[0]))


@functools.cache
def _sorted_choices(language):
    names = _names(language)
    return tuple(sorted(names.items(), key=lambda pair: _fold(pair[1])))
