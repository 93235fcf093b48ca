"""Pages of the tournament app, one module per concept. Views are thin: they check the role,
read the form and call a service from `tournament.services`."""
