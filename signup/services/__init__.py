"""Every write of the sign-up and the check-in, one transaction each: the tournament's row is
locked first (the same lock as registering a player), then everything is checked again."""
