"""The API tokens a director creates for one tournament.

Only a hash of the secret is stored (sha256 of a 256-bit random secret: no salt is needed for a
secret nobody chose), with a short visible prefix so the director can tell tokens apart. The
secret itself is shown once, when the token is created.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class TokenKind(models.TextChoices):
    #: Everything of its tournament: reads, the tables' writes, imports, draws, publication.
    DIRECTOR = "director", _("Director")
    #: The tables its referee account referees, while their session is open for entry.
    REFEREE = "referee", _("Referee")
    #: Reads everything of its tournament, as a director token does, and writes nothing (a
    #: federation's rating site, a club's website).
    READ_ONLY = "read", _("Read-only")


class ApiToken(models.Model):
    tournament = models.ForeignKey(
        "tournament.Tournament",
        on_delete=models.CASCADE,
        related_name="api_tokens",
        verbose_name=_("tournament"),
    )
    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("kind"), max_length=10, choices=TokenKind.choices)
    #: The referee account of a referee token; the director who created a director or a
    #: read-only token (it reads as that account directs: no longer once it stops).
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="api_tokens",
        verbose_name=_("account"),
    )
    prefix = models.CharField(_("prefix"), max_length=16)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    #: The database's clock, written at most once a minute (`api.tokens.note_use`).
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")
        ordering = ["tournament", "-created_at", "pk"]

    def __str__(self):
        return f"{self.name} ({self.prefix}…)"

    @property
    def is_revoked(self):
        return self.revoked_at is not None

    @property
    def is_director_token(self):
        return self.kind == TokenKind.DIRECTOR

    @property
    def reads_everything(self):
        """A director or read-only token: it reads its tournament as its director does."""
        return self.kind in (TokenKind.DIRECTOR, TokenKind.READ_ONLY)
