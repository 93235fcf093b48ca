"""The director downloads a tournament archive, or restores one into this desk."""

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views import View
from django.views.generic import FormView

from desk.archive import MAX_BYTES, ArchiveError, export_archive, restore_archive
from tournament.permissions import DirectorRequiredMixin, DirectorTournamentMixin


class ArchiveDownloadView(DirectorTournamentMixin, View):
    def get(self, request, *args, **kwargs):
        content = export_archive(self.tournament)
        name = f"{self.tournament.slug}-{timezone.localtime():%Y%m%d-%H%M}.desk.gz"
        response = HttpResponse(content, content_type="application/gzip")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


class RestoreForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Tournament archive (.desk.gz)"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(_("The file is larger than any tournament archive."))
        return upload


class RestoreView(DirectorRequiredMixin, FormView):
    form_class = RestoreForm
    template_name = "tournament/restore.html"

    def form_valid(self, form):
        try:
            tournament = restore_archive(form.cleaned_data["file"].read())
        except ArchiveError as exc:
            form.add_error("file", str(exc))
            return self.form_invalid(form)
        messages.success(
            self.request, _("Tournament “%(name)s” restored.") % {"name": tournament.name}
        )
        return redirect(tournament)
