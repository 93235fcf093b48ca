"""URL maps of the tournament app, split by audience: `public` (anyone, read-only) and
`director` (staff accounts)."""
