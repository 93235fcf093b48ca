"""A form's own field, of the kind the form declares it.

A form that fills a field per request (a choice field's choices, a model choice field's
queryset) reaches it through `form.fields`, whose type is any field: `field_of` returns it as the
kind of field it is, and refuses to go on if the form's declaration ever changed.
"""

from typing import TypeVar

from django import forms

_Field = TypeVar("_Field", bound=forms.Field)


def field_of(form: forms.BaseForm, name: str, kind: type[_Field]) -> _Field:
    """The field `name` of `form`, which is a `kind` (e.g. `forms.ChoiceField`)."""
    field = form.fields[name]
    if not isinstance(field, kind):
        raise TypeError(f"The field {name} is a {type(field).__name__}, not a {kind.__name__}.")
    return field
