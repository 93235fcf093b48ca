"""Speed of the standings page, the projector and the exports for a big tournament (issue 15,
item 7), each figure printed beside its target.

    .venv/bin/python bench/exports.py [--players 400] [--sessions 10]

Builds a tournament (400 players x 10 sessions, every hand entered, by default: the 100 tables
of a session are its score sheets) in a throwaway database, then times:

- the standings page as players get it: the standings are computed once per standings version
  (scoring.standings.ranking.standings_version) and the rendered table kept in the shared cache (the
  `desk_cache` table), so every later view, from any server process, reads it: < 0.15 s;
- the standings page the first time after a change (a confirmation, a penalty...): it adds up
  every result and renders the table once; no target, printed so that it is seen;
- the projector (standings mode) and a player's page, which read the standings computed once
  (scoring.standings.ranking.cached_standings);
- the standings workbook (xlsx): < 2 s; the standings PDF; the EMA results file;
- the score sheets of one session (100 tables): < 3 s;
- the report cards of every player: < 10 s ("not available" when that export is not there).
"""

from _setup import Timer, sized_tournament

TARGETS = {
    "standings page": 0.15,
    "standings xlsx": 2.0,
    "score sheets (1 session)": 3.0,
    "report cards (all players)": 10.0,
}


def timed(action):
    with Timer("") as timer:
        result = action()
    return timer.seconds, result


def page(client, url):
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return response


def main():
    tournament, _director = sized_tournament(__doc__.splitlines()[0])
    from django.core.cache import cache
    from django.test import Client

    from exports.build import ExportRequest, build_export
    from exports.exporters import EXPORTERS

    client = Client()
    url = f"/t/{tournament.slug}/standings/"
    figures = {}
    page(client, url)  # the process warmed up (imports, templates), as a running server is
    cache.clear()  # then nothing cached: as after a change to the standings
    figures["standings page, first view after a change"], _ = timed(lambda: page(client, url))
    # Players refreshing their phones: the best of five views (a view, not the build, is timed).
    figures["standings page"] = min(timed(lambda: page(client, url))[0] for _ in range(5))
    tournament.projector_mode = "standings"
    tournament.save(update_fields=["projector_mode"])
    projector = f"/t/{tournament.slug}/projector/"
    page(client, projector)
    figures["projector (standings)"] = min(
        timed(lambda: page(client, projector))[0] for _ in range(3)
    )
    player = f"/t/{tournament.slug}/players/1/"
    page(client, player)
    figures["player page"] = min(timed(lambda: page(client, player))[0] for _ in range(3))
    sizes = {}
    exports = [
        ("standings xlsx", ExportRequest("standings", "xlsx")),
        ("standings pdf", ExportRequest("standings", "pdf")),
        ("score sheets (1 session)", ExportRequest("scoresheets", "pdf", session=1)),
        ("EMA results xlsx", ExportRequest("ema", "xlsx")),
        ("report cards (all players)", ExportRequest("reportcards", "pdf")),
    ]
    for label, request in exports:
        if request.what not in EXPORTERS or request.fmt not in EXPORTERS[request.what].formats:
            figures[label] = None  # not registered (yet): said so, never made up
            continue
        figures[label], (_name, _type, content) = timed(
            lambda request=request: build_export(tournament, request)
        )
        sizes[label] = len(content)
    print(f"\n{'what':<44}{'seconds':>9}{'target':>10}{'':>6}{'bytes':>12}")
    slow = []
    for label, seconds in figures.items():
        target = TARGETS.get(label)
        target_text = f"< {target:g}" if target else ""
        if seconds is None:
            print(f"{label:<44}{'not available':>25}")
            continue
        mark = "" if target is None else ("ok" if seconds < target else "SLOW")
        if mark == "SLOW":
            slow.append(label)
        size = f"{sizes[label]:,}" if label in sizes else ""
        print(f"{label:<44}{seconds:>9.3f}{target_text:>10}{mark:>6}{size:>12}")
    if slow:
        print(f"\nOver target: {', '.join(slow)}")


if __name__ == "__main__":
    main()
