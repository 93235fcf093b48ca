"""The JSON answers to a save sent by the phone's offline queue (static/desk/queue.js).

The table's write pages (a hand, a correction, a penalty) answer JSON instead of a page when
the request carries the header `X-Desk-Queue: 1`. The answer says what became of the save:

- "saved": written now; "duplicate": its submission id was saved before (`hand` says which);
- "stale": another device saved the table meanwhile (`latest` says what), nothing written;
- "refused": the table takes no such write (closed, session not current, link renewed);
- "invalid": the form or the rules refused what was typed (`errors`, by field).

`revision` is the table's revision this save produced ("saved", and "duplicate": the one its
first arrival produced, kept with the hand or penalty), else the table's revision now: the queue
sends its next save, typed after this one on the same phone, with it, so a save made by another
device in between is always seen as a conflict. A queued save's one-time id is looked up before
anything else: sent again after a lost answer it is "duplicate" even if the table closed since.
Nothing here reads a time from the phone.
"""

import uuid

from django.http import JsonResponse
from django.utils.translation import gettext as _

from scoring.models import Hand, Penalty
from scoring.presentation import describe_hand, describe_penalty
from tournament.models import Table

#: The header the queue sets on each save it sends.
QUEUE_HEADER = "HTTP_X_DESK_QUEUE"

HTTP_STATUS = {"saved": 200, "duplicate": 200, "stale": 409, "refused": 403, "invalid": 400}


def is_queued(request):
    return request.META.get(QUEUE_HEADER, "") == "1"


#: `answer(..., revision=NOW)`: the table's revision as it is now.
NOW = object()


def answer(
    status, table, *, message="", hand=None, latest=(), errors=None, revision=NOW, held=False
):
    """The JSON answer; `table` may be None when the link found no table. `revision`: the one
    a save produced, None to tell none (a device without the table's PIN), by default now.
    `held`: a refusal the referee can lift (type the PIN): the phone keeps the save and offers
    to send it again."""
    if revision is NOW:
        revision = None
        if table is not None:
            revision = Table.objects.filter(pk=table.pk).values_list("revision", flat=True).first()
    data = {
        "status": status,
        "message": str(message),
        "revision": revision,
        "hand": hand,
        "latest": [str(line) for line in latest],
        "errors": errors or {},
    }
    if held:
        data["held"] = True
    return JsonResponse(data, status=HTTP_STATUS[status])


def already_saved(request, table):
    """For a queued POST: "duplicate" when its one-time id was saved at this table before
    (whatever the table's state now), "invalid" when it carries none (it could then be saved
    twice); None to go on with the save."""
    try:
        submission = uuid.UUID(str(request.POST.get("submission", "")))
    except ValueError:
        message = _("This save has no one-time id, so it could be counted twice: type it again.")
        return answer("invalid", table, message=message, errors={"submission": [message]})
    hand = Hand.objects.filter(table=table, submission=submission).first()
    if hand is not None:
        if hand.version > 1:
            message = _("This correction was already saved.")
        else:
            message = _("Hand %(number)s was already saved.") % {"number": hand.number}
        return answer(
            "duplicate", table, message=message, hand=hand.number, revision=hand.table_revision
        )
    penalty = Penalty.objects.filter(table=table, submission=submission).first()
    if penalty is not None:
        message = _("This penalty was already saved: %(penalty)s") % {"penalty": penalty}
        return answer("duplicate", table, message=message, revision=penalty.table_revision)
    return None


def form_errors(form):
    """{field name or "__all__": [messages]} of a bound, invalid form."""
    return {name: [str(error) for error in errors] for name, errors in form.errors.items()}


def first_error(form):
    for errors in form.errors.values():
        for error in errors:
            return str(error)
    return ""


def invalid(table, form):
    return answer("invalid", table, message=first_error(form), errors=form_errors(form))


def latest_lines(stale, seats):
    """What the other device saved (a `StaleTable`'s `latest`), one line each."""
    return [
        describe_hand(item, seats) if isinstance(item, Hand) else describe_penalty(item)
        for item in stale.latest
    ]
