"""Before the day: players sign up themselves, a waiting list fills the places, and the desk
checks them in (docs/signup.md).

The app stands above `draw` (docs/architecture.md): a confirmed entry becomes a registration
through the tournament app's services, the same as a player list's import, and a withdrawal goes
through the draw's registration change. Check-in is a fact of a registration
(`Registration.checked_in_at`, `Tournament.checkin_open`), so the projector and the draw read it
without knowing this app. `models` holds the settings, the entries and the sign-up trail;
`services/` every write (one transaction each, lock then re-check); `mail` the messages;
`links` the signed links the messages carry; `views/` the pages.
"""
