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


def country_name(code, language=None):
    """The country's name in the given (or the active) language; the code itself if unknown."""
    country = pycountry.countries.get(alpha_3=code) if code else None
    if country is None:
        return code or ""
    language = language or translation.get_language() or "en"
    return _catalogue(language.split("-")[0]).gettext(_common_name(country))


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


def country_choices():
    """(code, name) pairs sorted by name in the active language, for form select boxes."""
    choices = [(country.alpha_3, country_name(country.alpha_3)) for country in pycountry.countries]
    return sorted(choices, key=lambda pair: _fold(pair[1]))
