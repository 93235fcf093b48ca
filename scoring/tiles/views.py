"""Count from tiles on the referee's page (docs/rules.md §7): the tile picker posts the hand
form here and gets the calculation as JSON, to show it and fill the figures in. Nothing is
saved: the hand is counted again when it is saved."""

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.generic import View

from scoring.forms import HandEntryForm, TableFormMixin
from scoring.referee.table import TableAccessMixin
from scoring.services.hands import seat_names
from scoring.services.tables import TableError, snapshot
from scoring.tiles.reading import count_json
from scoring.tiles.services import count_tiles, counter_of


def _first_error(form):
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else ""
        return f"{label}: {errors[0]}" if label else errors[0]
    return ""


class CountTilesView(TableAccessMixin, View):
    """POST the hand form (with `count_hand` set on a correction's page): the calculation."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        snap = snapshot(self.table)
        state = snap.state
        number = request.POST.get("count_hand", "")
        if number:
            line = next((ln for ln in snap.lines if str(ln.hand.number) == number), None)
            if line is None:
                error = _("There is no hand %(number)s at this table.") % {"number": number[:4]}
                return JsonResponse({"ok": False, "error": error}, status=400)
            state = line.state
        # Only the hand's fields matter here: the page's revision and ids are checked on save.
        data = request.POST.copy()
        for name, value in TableFormMixin.table_initial(self.table).items():
            data.setdefault(name, value)
        data.setdefault("session", self.session.number)
        form = HandEntryForm(
            data,
            ruleset=snap.ruleset,
            state=state,
            seats=snap.seats,
            first_wind=self.table.first_wind,
        )
        try:
            counter_of(snap.ruleset)
        except TableError as exc:
            return JsonResponse({"ok": False, "error": str(exc)}, status=400)
        if not form.is_valid():
            return JsonResponse({"ok": False, "error": _first_error(form)}, status=400)
        tiles = form.tiles_input()
        if form.first_wind() is not None:  # the FIMJ first hand: the breach gives the wind
            state = snap.ruleset.start_state(form.first_wind())
        try:
            if not tiles:
                raise TableError(_("Pick the tiles first (or type them)."))
            calculation, _matched = count_tiles(
                snap.ruleset, form.entry(), state, tiles, seat_names(self.table)
            )
        except TableError as exc:
            return JsonResponse({"ok": False, "error": str(exc)}, status=400)
        return JsonResponse(count_json(calculation))
