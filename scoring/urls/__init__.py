"""URL maps of the scoring app, split by audience: `referee` (table links and referee accounts)
and `director` (staff accounts)."""
