"""After the day: seasons, players across tournaments, statistics from the hands.

A federation ranks its players over a season of tournaments (docs/rules.md §11, docs/seasons.md):
`models` holds the seasons and their tournaments, and the record of every merge of two player
records; `services` owns the writes (a season, its tournaments, a merge and its undoing),
`places` reads each tournament's places as the EMA results file gives them, `ranking` ranks a
season with the pure rule (`rules.seasons`) and keeps it in the shared cache under a fingerprint
of every member tournament's standings, `history` reads one player across tournaments and
seasons, `duplicates` finds likely duplicate player records, `statistics` adds up the hand
statistics (`scoring.statistics`) over a season, `sheets` makes the downloads with the exports'
renderers; `views` are the public pages and the site administrator's.

It sits above `exports` (whose renderers it uses) and below `api` (which reads it).
"""
