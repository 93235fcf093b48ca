"""The words of the referee pages' offline queue (static/desk/queue.js), in the active language.

The queue shows what was typed and what the desk answered; it never scores a hand itself."""

from django.utils.translation import gettext as _


def queue_texts():
    """The words static/desk/queue.js shows, in the active language (json_script)."""
    return {
        "hands_one": _("1 hand waiting to be sent"),
        "hands_many": _("%(count)s hands waiting to be sent"),
        "items_one": _("1 save waiting to be sent"),
        "items_many": _("%(count)s saves waiting to be sent"),
        "not_counted": _(
            "Totals not yet counted: the desk has not received the hands waiting. "
            "They are sent as soon as the connection is back."
        ),
        "offline": _("No connection: saved on this phone, it will be sent to the desk."),
        "no_answer": _("The desk did not answer: saved on this phone, it will be sent."),
        "kept": _("Saved on this phone: it is sent after the saves waiting before it."),
        "save_next": _("Save the next hand"),
        "sending": _("Sending…"),
        "send_now": _("Send now"),
        "hand": _("Hand %(number)s"),
        "correction": _("Correction of hand %(number)s"),
        "penalty": _("Penalty (computed by the desk when it arrives)"),
        "call": _("Referee call"),
        "conflict": _("Another device saved this table meanwhile: choose."),
        "desk_now": _("At the desk now"),
        "yours": _("Yours, waiting on this phone"),
        "keep_mine": _("Keep mine (send it after theirs)"),
        "drop_mine": _("Drop mine"),
        "refused": _("The desk refused it:"),
        "dismiss": _("Dismiss"),
        "link_gone": _(
            "This table link no longer works (renewed by the director, or the session is "
            "over). Ask the director."
        ),
        "forbidden": _("The desk refused it (the page is too old): reload the page."),
        "old_link": _(
            "Typed under an earlier link of this table: “Send again” sends it with this "
            "page's link."
        ),
        "saved_reload": _("Everything was sent. Reload the page to see the totals."),
        "reload": _("Reload"),
        "drop_confirm": _("Drop this save for good? What was typed is lost."),
        "held": _("Held, action needed:"),
        "send_again": _("Send again"),
        "storage_full": _(
            "This phone's storage is full: the save is sent now, without the queue. "
            "If there is no connection, write it down."
        ),
    }
