"""Lists of the scoring app: the standings and a player's sessions (django-tables2, sortable).

The standings have one column pair per confirmed session, so the table class is made for the
tournament at hand by `standings_list()`. Rows are plain dicts built by `standings_rows()` from
`scoring.standings.ranking`; the same dicts feed the exports, so the screen and the files never differ.
"""

from fractions import Fraction

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from common import formatting
from common.i18n import translate_text
from common.lists import DeskList
from tournament.rulesets import ruleset_for


def standings_rows(standings):
    """One dict per standings row: raw values (to sort and export) and, under `<name>_text`,
    the same values formatted for the screen."""
    ruleset = ruleset_for(standings.tournament)
    # Each distinct value is formatted once (the language does not change during the call):
    # 400 players x 10 sessions repeat the same few table points and scores thousands of times.
    points = _once(formatting.table_points)
    # A total halved at the cut may end in a half (docs/rules.md §9.2): shown with its decimal.
    whole = _once(lambda value: formatting.exact(value, 0 if _is_whole(value) else 1))
    final = _once(lambda value: formatting.final_score(value, ruleset))
    # Transfers and penalties in the unit of the total beside them (riichi: thousands).
    figure = _once(lambda value: formatting.figure(value, ruleset))

    rows = []
    last_finalist = max(
        (index for index, row in enumerate(standings.rows) if row.finalist), default=None
    )
    for index, row in enumerate(standings.rows):
        player = row.player
        figures = row.figures  # a sum over the sessions: once, not once per use
        data = {
            "place": row.place if row.place is not None else 10**6,
            "place_label": row.place_label or "—",
            "movement": row.movement,
            "number": row.registration.number,
            "last_name": player.last_name,
            "first_name": player.first_name,
            "name": player.full_name,
            "country": player.country,
            "club": player.club,
            "ema_id": player.ema_id or "",
            "status": row.registration.status,
            "status_label": ""
            if row.registration.is_active
            else row.registration.get_status_display(),
            "table_points": row.table_points,
            "score": row.score,
            "final_score": row.final_score,
            "final_score_text": final(row.final_score),
            "transfers": figures.transfers,
            "penalties": figures.penalties,
            "sessions_played": len(row.sessions),
            # The stage (docs/rules.md §9): "final" for a finalist, "qualifying" for the
            # others once the cut is made, "" before it or in a tournament of one stage.
            "stage": STAGE_CODES.get(row.finalist, ""),
            "stage_label": str(STAGE_LABELS.get(row.finalist, "")),
            "cut_line": index == last_finalist,
        }
        data["table_points_text"] = points(row.table_points)
        data["score_text"] = whole(row.score)
        data["transfers_text"] = figure(figures.transfers)
        data["penalties_text"] = figure(figures.penalties)
        for number in standings.session_numbers:
            line = row.sessions.get(number)
            data[f"s{number}_tp"] = line.table_points if line else None
            data[f"s{number}_score"] = line.score if line else None
            data[f"s{number}_final"] = line.final_score if line else None
            data[f"s{number}_tp_text"] = points(line.table_points) if line else ""
            data[f"s{number}_score_text"] = whole(line.score) if line else ""
            data[f"s{number}_final_text"] = final(line.final_score) if line else ""
        rows.append(data)
    return rows


#: A row's stage by its finalist mark (None: no cut made, or one stage).
STAGE_CODES = {True: "final", False: "qualifying"}
STAGE_LABELS = {True: _("Finalist"), False: _("Qualifying stage")}


def _is_whole(value):
    return not isinstance(value, Fraction) or value.denominator == 1


def _once(format_value):
    """`format_value`, remembering each value's text for the rest of the call."""
    texts: dict[object, str] = {}

    def formatted(value):
        text = texts.get(value)
        if text is None:
            text = texts[value] = format_value(value)
        return text

    return formatted


class NumberColumn(tables.Column):
    """Shows the pre-formatted `<key>_text`, sorts on the raw `<key>`; right-aligned.

    Formatting happens once per row in `standings_rows`, not once per cell here: a standings
    of 400 players and 10 sessions has 12,000 cells. With `below` (another key), the cell
    shows that value too, on a line of its own: a session's table points over its score, so
    that every session fits the width of a laptop's screen."""

    def __init__(self, key, below=None, **kwargs):
        attrs = {"td": {"class": "number"}, "th": {"class": "number"}}
        self.below = f"{below}_text" if below else None
        super().__init__(
            accessor=f"{key}_text", order_by=kwargs.pop("order_by", (key,)), attrs=attrs, **kwargs
        )


class StandingsList(DeskList):
    place = tables.Column(
        verbose_name=_("Place"), accessor="place_label", order_by=("place", "number")
    )
    movement = tables.Column(verbose_name=_("Move"), orderable=False)
    name = tables.Column(verbose_name=_("Player"), order_by=("last_name", "first_name"))
    number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "number"}})
    country = tables.Column(verbose_name=_("Country"))
    club = tables.Column(verbose_name=_("Club"))

    class Meta(DeskList.Meta):
        attrs = {"class": "desk-table standings"}
        template_name = "lists/standings_list.html"
        per_page = 500
        empty_text = _("No session has been confirmed yet.")

    #: The columns a phone shows (place, name, table points, the total); every other column is
    #: "secondary": hidden on a small screen until the player asks for all of them.
    PRIMARY = frozenset({"place", "name", "table_points", "score", "final_score"})
    #: Columns of words that wrap on a line of their own rather than widen the table.
    WRAPPED = frozenset({"club", "stage_label"})

    def __init__(self, *args, tournament, **kwargs):
        self.tournament = tournament
        super().__init__(*args, **kwargs)

    def get_column_class_names(self, classes_set, bound_column):
        """Header and cells of a column beyond `PRIMARY` get the class "secondary"."""
        classes = super().get_column_class_names(classes_set, bound_column)
        if bound_column.name not in self.PRIMARY:
            classes.add("secondary")
        return classes

    @property
    def body(self):
        """(row classes, [(cell class, cell html)]) for every row, in the table's order."""
        # A movement's few values are rendered once each, not once per row.
        renderers = {"name": self.render_name, "movement": _once(self.render_movement)}
        columns = []
        for column in self.columns:
            classes = []
            if isinstance(column.column, NumberColumn) or column.name == "number":
                classes.append("number")
            if column.name == "name":
                classes.append("name")
            if column.name in self.WRAPPED:
                classes.append("wrap")
            if column.name not in self.PRIMARY:
                classes.append("secondary")
            css = " ".join(classes)
            below = getattr(column.column, "below", None)
            columns.append(
                (column.name, str(column.accessor), css, renderers.get(column.name), below)
            )
        for row in self.paginated_rows:
            record = row.record
            cells = []
            for name, accessor, css, render, below in columns:
                if render is not None:
                    html = render(record=record) if name == "name" else render(record[name])
                else:
                    value = record.get(accessor, "")
                    html = conditional_escape("" if value is None else value)
                if below:
                    html = format_html(
                        '{}<span class="below">{}</span>', html, record.get(below) or ""
                    )
                cells.append((css, html))
            classes = ["withdrawn"] if record["status_label"] else []
            if record["stage"] == "final":
                classes.append("finalist")
            if record["cut_line"]:
                classes.append("cut-line")
            yield " ".join(classes), cells

    @property
    def body_html(self):
        """Every row of `body` as one safe string: joining 12,000 cells in Python costs a
        fraction of a template loop over them (400 players x 10 sessions: ~0.4 s -> ~0.05 s)."""
        parts = []
        for classes, cells in self.body:
            parts.append(f'<tr class="{classes}">' if classes else "<tr>")
            for css, html in cells:
                parts.append(f'<td class="{css}">{html}</td>' if css else f"<td>{html}</td>")
            parts.append("</tr>\n")
        return mark_safe("".join(parts))

    def player_url(self, number):
        """The player page of player `number`: the URL resolved once per table, the number
        put in (reversing it for each of 400 rows cost more than the rest of the row)."""
        if not hasattr(self, "_player_url"):
            one = reverse("player", kwargs={"slug": self.tournament.slug, "number": 1})
            self._player_url = one[: one.rindex("/1/") + 1] + "{}/"
        return self._player_url.format(number)

    def render_name(self, record):
        url = self.player_url(record["number"])
        if record["status_label"]:
            return format_html(
                '<a href="{}">{}</a> <span class="badge">{}</span>',
                url,
                record["name"],
                record["status_label"],
            )
        return format_html('<a href="{}">{}</a>', url, record["name"])

    def render_movement(self, value):
        if value is None:
            return ""
        if value > 0:
            return format_html('<span class="up" title="{}">▲{}</span>', _("up"), value)
        if value < 0:
            return format_html('<span class="down" title="{}">▼{}</span>', _("down"), -value)
        return format_html('<span class="same" title="{}">=</span>', _("same place"))


def standings_list(standings, data, request=None):
    """The standings table of this tournament: its rule set's totals, one pair per session."""
    uses_tp = "table_points" in standings.ranking_fields
    ruleset = ruleset_for(standings.tournament)
    shows_final = ruleset.shows_final_score
    extra = []
    if uses_tp:
        extra.append(
            (
                "table_points",
                NumberColumn(
                    "table_points",
                    verbose_name=_("Table points"),
                    order_by=("table_points", "score"),
                ),
            )
        )
    total = "final_score" if shows_final else "score"
    extra.append((total, NumberColumn(total, verbose_name=translate_text(ruleset.total_label))))
    if any(row.finalist is not None for row in standings.rows):
        extra.append(("stage_label", tables.Column(verbose_name=_("Stage"), order_by=("place",))))
    extra.append(("transfers", NumberColumn("transfers", verbose_name=_("Transfers"))))
    extra.append(("penalties", NumberColumn("penalties", verbose_name=_("Penalties"))))
    for number in standings.session_numbers:
        label = _("S%(number)s") % {"number": number}
        if uses_tp:
            # One column per session, its table points over its score: every session fits a
            # laptop's screen (issue 31). Sorted by the table points, then the score.
            extra.append(
                (
                    f"s{number}_tp",
                    NumberColumn(
                        f"s{number}_tp",
                        below=f"s{number}_score",
                        order_by=(f"s{number}_tp", f"s{number}_score"),
                        verbose_name=format_html(
                            '{} {}<span class="below">{}</span>', label, _("TP"), _("pts")
                        ),
                    ),
                )
            )
            continue
        if shows_final:
            extra.append((f"s{number}_final", NumberColumn(f"s{number}_final", verbose_name=label)))
        else:
            extra.append(
                (
                    f"s{number}_score",
                    NumberColumn(
                        f"s{number}_score", verbose_name=format_html("{} {}", label, _("pts"))
                    ),
                )
            )
    exclude = () if len(standings.session_numbers) > 1 else ("movement",)
    table = StandingsList(
        data,
        tournament=standings.tournament,
        extra_columns=extra,
        exclude=exclude,
        order_by="place",
    )
    if request is not None:
        tables.RequestConfig(request, paginate=False).configure(table)
    return table
