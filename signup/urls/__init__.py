"""URL maps of the sign-up, split by audience: `public` (players: the sign-up, an entry's own
pages, the self check-in) and `director` (the settings, the entries, the check-in page)."""
