"""Translation marker for the seating modules, without importing Django.

``_`` returns its argument unchanged; it only marks user-facing templates so that Django's
``makemessages`` collects them. The Django side translates ``SeatingError.template`` and formats
it with ``SeatingError.params``. This module never touches the database.
"""


def _(message: str) -> str:
    return message
