"""Tournaments recorded before the status followed the sessions get the status it implies."""

from django.db import migrations


def follow_sessions(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    for tournament in Tournament.objects.all():
        statuses = list(tournament.sessions.values_list("status", flat=True))
        if statuses and all(status == "finished" for status in statuses):
            status = "finished"
        elif any(status in ("running", "finished") for status in statuses):
            status = "running"
        else:
            status = "preparing"
        if tournament.status != status:
            Tournament.objects.filter(pk=tournament.pk).update(status=status)


class Migration(migrations.Migration):
    dependencies = [("tournament", "0005_publication_clock_projector")]

    operations = [migrations.RunPython(follow_sessions, migrations.RunPython.noop)]
