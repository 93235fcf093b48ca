"""A country shown by its name: `get_country_display()` of every model with a country, its own
(tournament.countries.country_display) rather than Django's, answers what Django's own display of the field's choices
answers, in both languages, for every code, an empty country and a value that is no code."""

import pytest
from django.db import models
from django.utils import translation

from signup.models import Entry
from tournament.countries import country_choices
from tournament.models import Player, Team, Tournament


@pytest.mark.parametrize("model", [Player, Team, Tournament, Entry])
@pytest.mark.parametrize("language", ["en", "it"])
def test_the_display_is_djangos(model, language):
    field = model._meta.get_field("country")
    assert model.get_country_display.__qualname__ == f"{model.__name__}.get_country_display"
    with translation.override(language):
        values = [code for code, _name in country_choices()] + ["", "XXX", "ita"]
        for value in values:
            record = model(country=value)
            djangos = models.Model._get_FIELD_display(record, field)
            assert record.get_country_display() == djangos, value
        assert model(country="DEU").get_country_display() == (
            "Germania" if language == "it" else "Germany"
        )
