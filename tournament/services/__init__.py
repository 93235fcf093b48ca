"""Services of the tournament app: every write to tournaments, registrations and draws goes
through a function here, inside a transaction. Views and management commands only call them."""
