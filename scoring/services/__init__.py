"""Services of the scoring app: every write of hands, penalties, results and confirmations goes
through a function here, inside a transaction, and leaves an audit entry. The numbers come from
the pure `rules` package; nothing here computes a point by itself."""
