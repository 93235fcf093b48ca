"""Statistics from the hands (docs/rules.md §12): each player's hands played, won, self-drawn,
dealt in, winning values, draws, penalties and chombo, riichi's declarations and han, and the
most frequent pattern of the wins counted from tiles.

`tallies` reads a tournament's stored hands, seats and penalties over the sessions asked for and
adds them up per registration with the rule set's reading of each hand
(`RuleSet.hand_facts`, `rules.hand_facts.Tally`); `labels` names the figures. Read-only.
"""
