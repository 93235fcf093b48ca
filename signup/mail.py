"""The sign-up's messages, sent through Django's mail framework (desk.config.email_config: an
SMTP server with TLS, or files in the data folder) once the change they announce is committed.

Each message is written from templates in the player's language (`Entry.language`): a subject
(`signup/mail/<kind>_subject.txt`), a text (`<kind>.txt`) and an HTML version (`<kind>.html`).
The confirmation of a place carries the player's check-in QR code as an inline image and as a
link. A message that cannot be sent is logged and recorded in the sign-up trail (the director
sees it on the entry and can send it again); the change itself stays.
"""

import logging
import smtplib
from email.mime.image import MIMEImage
from functools import partial
from io import BytesIO

import segno
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import translation

from signup import links
from signup.models import Entry, EventAction

logger = logging.getLogger("desk.signup")

#: The messages, by the change they announce.
CONFIRM_EMAIL = "confirm_email"  # signed up: confirm the address
AWAITING = "awaiting"  # the director approves entries first
PLACE = "place"  # a place is yours (with the check-in QR code)
WAITING = "waiting"  # on the waiting list, at a position
OFFERED = "offered"  # a freed place: take it before the deadline
OFFER_EXPIRED = "offer_expired"  # the deadline passed: the place went to the next one
WITHDRAWN = "withdrawn"  # the entry is withdrawn
KINDS = (CONFIRM_EMAIL, AWAITING, PLACE, WAITING, OFFERED, OFFER_EXPIRED, WITHDRAWN)

#: The Content-ID of the check-in QR code in the HTML of the place's confirmation.
QR_CID = "checkin-qr"


def send_later(entry, kind):
    """Send message `kind` to the entry's player once the current transaction commits."""
    transaction.on_commit(partial(send_now, entry.pk, kind))


def message_for(entry, kind):
    """The message `kind` for `entry`, in the player's language (not sent)."""
    tournament = entry.tournament
    base = tournament.signup.site_url.rstrip("/")
    with translation.override(entry.language):
        context = {
            "entry": entry,
            "tournament": tournament,
            "signup": tournament.signup,
            "entry_link": base + links.entry_url(entry),
            "checkin_link": base + links.checkin_url(entry),
            "qr_cid": QR_CID,
        }
        subject = " ".join(render_to_string(f"signup/mail/{kind}_subject.txt", context).split())
        text = render_to_string(f"signup/mail/{kind}.txt", context)
        html = render_to_string(f"signup/mail/{kind}.html", context)
    message = EmailMultiAlternatives(subject, text, to=[entry.email])
    message.attach_alternative(html, "text/html")
    if kind == PLACE:
        buffer = BytesIO()
        segno.make(context["checkin_link"], error="m").save(buffer, kind="png", scale=6, border=2)
        image = MIMEImage(buffer.getvalue(), "png")
        image.add_header("Content-ID", f"<{QR_CID}>")
        image.add_header("Content-Disposition", "inline", filename="check-in.png")
        message.attach(image)
        # the image belongs with the HTML that shows it (multipart/related)
        message.mixed_subtype = "related"  # type: ignore[attr-defined] # a class attribute the stubs omit
    return message


def send_now(entry_id, kind):
    """Send message `kind` to the entry (its contact data may have been erased meanwhile:
    then nothing is sent). Returns whether it was sent."""
    from signup.services.trail import THE_DESK, log_event

    entry = Entry.objects.select_related("tournament__signup").filter(pk=entry_id).first()
    if entry is None or not entry.email or not entry.link_key:
        return False
    try:
        message_for(entry, kind).send()
    except (smtplib.SMTPException, OSError) as exc:
        logger.warning("Sign-up message %s to entry %s not sent: %s", kind, entry.pk, exc)
        log_event(
            entry.tournament,
            EventAction.MAIL_FAILED,
            via=THE_DESK,
            entry=entry,
            # the kind of failure only: a refused recipient's error names the address
            changes={"message": kind, "error": type(exc).__name__},
        )
        return False
    return True
