"""Hands counted from their tiles (docs/rules.md §7) on the desk's side: `fields` are the
optional tile fields of the hand form, `services` count the tiles given with a hand when it is
saved, `reading` says how a stored count reads, `views` is the referee's "Count from tiles".
The counting itself is the rule set's (`rules`).
"""
