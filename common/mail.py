"""Django's SMTP backend that verifies the mail server against the system's certificate
authorities and, when DESK_EMAIL_CA_FILE names one, a bundle of the desk's own (a federation's
relay with a private authority). The connection is always verified: TLS without a verified
server would hand the players' addresses to whoever answers."""

import ssl

from django.conf import settings
from django.core.mail.backends.smtp import EmailBackend
from django.utils.functional import cached_property


class SMTPBackend(EmailBackend):
    @cached_property
    def ssl_context(self):
        context = ssl.create_default_context()
        ca_file = getattr(settings, "DESK_EMAIL_CA_FILE", "")
        if ca_file:
            context.load_verify_locations(cafile=ca_file)
        return context
