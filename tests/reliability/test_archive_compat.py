"""Archives written by earlier versions of the desk still restore.

Before the status rename a confirmed session was stored as "finished": such an archive (made here
by exporting one and editing the JSON inside the gzip) comes back with its session "confirmed",
counted by the standings exactly as before.
"""

import gzip
import json

from desk.archive import export_archive, restore_archive
from desk.services import delete_tournament
from scoring.access import Actor
from scoring.standings.ranking import compute_standings
from tests.factories import build, play_session
from tournament.models import SessionStatus


def test_a_session_finished_before_the_rename_is_restored_confirmed(db, director):
    tournament = build(players=8, slug="before-rename")
    play_session(tournament, 1, Actor(user=director))
    standings = [
        (row.registration.number, row.place_label, row.table_points, row.score)
        for row in compute_standings(tournament).rows
    ]
    data = json.loads(gzip.decompress(export_archive(tournament)))
    delete_tournament(tournament)
    statuses = {item["number"]: item["status"] for item in data["sessions"]}
    assert statuses == {1: "confirmed", 2: "draft", 3: "draft"}
    for item in data["sessions"]:
        if item["status"] == "confirmed":
            item["status"] = "finished"  # as the desk wrote it before the rename
    old = gzip.compress(json.dumps(data, ensure_ascii=False).encode("utf-8"))

    restored = restore_archive(old)

    sessions = dict(restored.sessions.values_list("number", "status"))
    assert sessions == {1: SessionStatus.CONFIRMED, 2: SessionStatus.DRAFT, 3: SessionStatus.DRAFT}
    after = compute_standings(restored)
    assert after.through == 1
    assert [
        (row.registration.number, row.place_label, row.table_points, row.score)
        for row in after.rows
    ] == standings
    written = json.loads(gzip.decompress(export_archive(restored)))
    assert [item["status"] for item in written["sessions"]] == ["confirmed", "draft", "draft"]
