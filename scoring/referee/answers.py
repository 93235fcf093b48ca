"""What became of a save at a table, and its three answers.

A save (a hand, a correction, a penalty, a referee call) reaches the desk from the table's page, from the phone's
offline queue (the same POST with the header `X-Desk-Queue: 1`, static/desk/queue.js) or through
the API. Whatever the way, `scoring.referee.saves` turns it into one `Outcome`:

- "saved": written now (`hand` or `penalty` says what);
- "duplicate": its one-time submission id was saved before: nothing is saved a second time;
- "stale": another device saved at the table meanwhile (`latest` says what), nothing written;
- "refused": the table takes no such write now (closed, session not current, link renewed, a
  PIN to type first);
- "invalid": the form or the rules refused what was typed (`errors`, by field).

This module is the one place that says how each outcome answers: `queue_answer` (JSON for the
phone's queue), `api_answer` (the API's status and body) and, for the page, `TableAnswers` (a
message and back to the table, or the form again).

`revision` is the table's revision the save produced ("saved", and "duplicate": the one its
first arrival produced, kept with the hand or penalty), else the table's revision now: the
queue sends its next save, typed after this one on the same phone, with it, so a save made by
another device in between is always seen as a conflict. Nothing here reads a time from the
phone.
"""

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, JsonResponse

from scoring.models import Hand
from scoring.presentation import describe_hand, describe_penalty
from tournament.models import Table

SAVED, DUPLICATE, STALE, REFUSED, INVALID = "saved", "duplicate", "stale", "refused", "invalid"

#: The header the queue sets on each save it sends.
QUEUE_HEADER = "HTTP_X_DESK_QUEUE"

#: The HTTP status of each outcome, for the queue and the API (a new hand or penalty saved
#: through the API is 201 Created).
HTTP_STATUS = {SAVED: 200, DUPLICATE: 200, STALE: 409, REFUSED: 403, INVALID: 400}


def is_queued(request: HttpRequest) -> bool:
    return request.META.get(QUEUE_HEADER, "") == "1"


@dataclass(frozen=True)
class Outcome:
    """What became of one save. `revision` is None for a device that may not know the table
    (one without the table's PIN); `form` is the bound form, for the page to show again."""

    status: str
    message: str
    revision: int | None
    hand: int | None = None  # the number of the hand saved (or saved before)
    penalty: int | None = None  # the id of the penalty saved (or saved before)
    call: int | None = None  # the id of the referee call made (or made before)
    latest: tuple[str, ...] = ()  # "stale": what the other device saved, newest first
    errors: dict[str, list[str]] = field(default_factory=dict)
    held: bool = False  # "refused" that the referee can lift (type the PIN): keep the save
    created: bool = False  # a new hand or penalty, not a correction
    form: Any = field(default=None, compare=False, repr=False)


def revision_now(table: Table | None) -> int | None:
    """The table's revision as it is in the database now (None without a table)."""
    if table is None:
        return None
    return Table.objects.filter(pk=table.pk).values_list("revision", flat=True).first()


def refused(table: Table | None, message: str, *, held: bool = False) -> Outcome:
    """A write the table does not take now. A held refusal (a PIN to type first) tells the
    device nothing of the table, not even its revision."""
    return Outcome(REFUSED, str(message), None if held else revision_now(table), held=held)


def form_errors(form) -> dict[str, list[str]]:
    """{field name or "__all__": [messages]} of a bound, invalid form."""
    return {name: [str(error) for error in errors] for name, errors in form.errors.items()}


def invalid(table: Table | None, form=None, *, message: str = "", errors=None) -> Outcome:
    """What was typed is refused: by the form (its errors) or by the rules (`message`)."""
    if form is not None and message:
        form.add_error(None, str(message))
    if form is not None:
        errors = form_errors(form)
        message = message or next((str(e) for es in form.errors.values() for e in es), "")
    return Outcome(
        INVALID,
        str(message),
        revision_now(table),
        errors=errors if errors is not None else {"__all__": [str(message)]},
        form=form,
    )


def stale(table: Table, exc, seats, form=None) -> Outcome:
    """Another device saved at the table since the page was built (a `StaleTable`); the form,
    if any, says so above its fields."""
    if form is not None:
        form.add_error(None, str(exc))
    latest = tuple(
        describe_hand(item, seats) if isinstance(item, Hand) else describe_penalty(item)
        for item in exc.latest
    )
    return Outcome(STALE, str(exc), revision_now(table), latest=latest, form=form)


def queue_answer(outcome: Outcome) -> JsonResponse:
    """The JSON the phone's offline queue reads (static/desk/queue.js)."""
    data: dict[str, Any] = {
        "status": outcome.status,
        "message": outcome.message,
        "revision": outcome.revision,
        "hand": outcome.hand,
        "latest": list(outcome.latest),
        "errors": outcome.errors,
    }
    if outcome.call is not None:
        data["call"] = outcome.call
    if outcome.held:
        data["held"] = True
    return JsonResponse(data, status=HTTP_STATUS[outcome.status])


def api_answer(outcome: Outcome) -> tuple[int, dict[str, Any]]:
    """The API's status and body (api/views/table_writes.py): a result for "saved" and
    "duplicate" (201 for a new hand or penalty), else a refusal with its `detail`."""
    if outcome.status in (SAVED, DUPLICATE):
        http = 201 if outcome.status == SAVED and outcome.created else 200
        body: dict[str, Any] = {
            "status": outcome.status,
            "message": outcome.message,
            "revision": outcome.revision,
            "hand": outcome.hand,
            "penalty": outcome.penalty,
            "call": outcome.call,
        }
        return http, body
    body = {"detail": outcome.message}
    if outcome.status == STALE:
        body.update(revision=outcome.revision, latest=list(outcome.latest))
    elif outcome.status == INVALID:
        body["errors"] = outcome.errors
    elif outcome.revision is not None:
        body["revision"] = outcome.revision
    return HTTP_STATUS[outcome.status], body


class TableAnswers:
    """The answer of a table's write view: the queue's JSON when the phone's queue sent it,
    else the page's (a message, then back to the table; an invalid or stale form is shown
    again by the view's `show_form`). Mixed into the views of `scoring.referee`, after
    `TableAccessMixin`, which sets `self.queued`."""

    request: HttpRequest
    queued: bool

    def answer(self, outcome: Outcome) -> HttpResponse:
        if self.queued:
            if outcome.status == SAVED:  # the page the phone loads next says what was saved
                messages.success(self.request, outcome.message)
            return queue_answer(outcome)
        if outcome.status in (INVALID, STALE) and outcome.form is not None:
            return self.show_form(outcome)
        level = {
            SAVED: messages.SUCCESS,
            DUPLICATE: messages.INFO,
            REFUSED: messages.ERROR,
            INVALID: messages.ERROR,
            STALE: messages.ERROR,
        }[outcome.status]
        messages.add_message(self.request, level, outcome.message)
        return self.back()

    if TYPE_CHECKING:  # what the view itself has

        def show_form(self, outcome: Outcome) -> HttpResponse: ...  # its form again

        def back(self) -> HttpResponse: ...  # TableAccessMixin.back
