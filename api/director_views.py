"""The director's "API tokens" page of a tournament: the list, a new token (its secret shown
once, on the answer to the POST that created it), revoking one. The writes are
`api.tokens`'s."""

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import FormView, View

from api.forms import TokenForm
from api.models import TokenKind
from api.tokens import TokenError, create_token, revoke_token
from common.errors import ErrorGoesBack
from scoring.access import actor_for
from scoring.models import AuditAction
from tournament.permissions import DirectorTournamentMixin


class TokensView(DirectorTournamentMixin, FormView):
    template_name = "api/tokens.html"
    form_class = TokenForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "tournament": self.tournament}

    def get_context_data(self, **kwargs):
        kwargs["tokens"] = self.tournament.api_tokens.select_related("user").order_by(
            "revoked_at", "-created_at", "pk"
        )
        kwargs["history"] = (
            self.tournament.audit_entries.filter(
                action__in=(AuditAction.TOKEN_CREATED, AuditAction.TOKEN_REVOKED)
            )
            .select_related("user")
            .order_by("-at", "-id")
        )
        return super().get_context_data(**kwargs)

    def form_valid(self, form):
        data = form.cleaned_data
        kind = data["kind"]
        try:
            token, secret = create_token(
                self.tournament,
                name=data["name"],
                kind=kind,
                creator=self.request.user,
                referee=data["referee"] if kind == TokenKind.REFEREE else None,
                actor=actor_for(self.request, self.tournament),
            )
        except TokenError as exc:
            form.add_error(None, str(exc))
            return self.form_invalid(form)
        # Shown on this answer only: the desk keeps no copy of the secret.
        return self.render_to_response(
            self.get_context_data(
                form=self.get_form_class()(tournament=self.tournament), new=token, secret=secret
            )
        )


class RevokeTokenView(ErrorGoesBack, DirectorTournamentMixin, View):
    http_method_names = ["post"]

    def error_url(self):
        return self.tokens_url()

    def tokens_url(self):
        return reverse("api-tokens", args=[self.tournament.slug])

    def post(self, request, *args, **kwargs):
        token = revoke_token(
            self.tournament, kwargs["token_id"], actor=actor_for(request, self.tournament)
        )
        messages.success(request, _("API token “%(name)s” revoked.") % {"name": token.name})
        return redirect(self.tokens_url())
