"""Speed of the standings page and the exports for a big tournament.

    .venv/bin/python bench/exports.py [--players 400] [--sessions 10]

Builds a tournament (400 players x 10 sessions, every hand entered, by default) in a throwaway
database, then times: the standings page, the standings workbook (xlsx), the standings PDF,
and all score sheets of one session. Targets: page < 0.5 s, xlsx < 5 s, score sheets < 5 s.
"""

from _setup import Timer, sized_tournament

TARGETS = {"standings page": 0.5, "standings xlsx": 5.0, "score sheets (1 session)": 5.0}


def main():
    tournament, _director = sized_tournament(__doc__.splitlines()[0])
    from django.test import Client

    from exports.build import ExportRequest, build_export

    client = Client()
    url = f"/t/{tournament.slug}/standings/"
    client.get(url)  # warm up (imports, template loading)
    figures = {}
    with Timer("page") as timer:
        response = client.get(url)
    assert response.status_code == 200
    figures["standings page"] = timer.seconds
    for label, request in [
        ("standings xlsx", ExportRequest("standings", "xlsx")),
        ("standings pdf", ExportRequest("standings", "pdf")),
        ("score sheets (1 session)", ExportRequest("scoresheets", "pdf", session=1)),
        ("EMA results xlsx", ExportRequest("ema", "xlsx")),
    ]:
        with Timer(label) as timer:
            _name, _type, content = build_export(tournament, request)
        figures[label] = timer.seconds
        figures[label + " bytes"] = len(content)
    print(f"\n{'what':<28}{'seconds':>9}{'target':>9}")
    for label, seconds in figures.items():
        if label.endswith("bytes"):
            continue
        target = TARGETS.get(label)
        mark = "" if target is None else ("  ok" if seconds < target else "  SLOW")
        print(f"{label:<28}{seconds:>9.2f}{(f'< {target:g}' if target else ''):>9}{mark}")


if __name__ == "__main__":
    main()
