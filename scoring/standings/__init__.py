"""The standings: the ranking of the registered players over the confirmed sessions, and what
is read from it.

`ranking` computes and caches the standings (`compute_standings`, `cached_standings`,
`standings_version`); `stages` ranks a tournament in stages (qualifying, final, consolation);
`lots` draws the lots of the last tie-breaker; `teams` and `sub_rankings` rank teams and groups
of players on the players' figures; `rows` and `lists` turn them into rows and sortable lists
(django-tables2) for the pages, the projector and the exports; `views` and `group_views` are
the public pages. Read-only: nothing here writes.
"""
