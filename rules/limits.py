"""The ranges of the numbers people type into the desk, in one place.

Every whole number a director or a referee types (a penalty, a hand number, a scoring setting,
minutes added to the clock, a session asked for in an address, a player's number, a seed) has a
range a tournament needs and the database holds. The page forms show and check these ranges,
the API's serializers and the offline queue (which posts the page's forms) read them too; the
services and the rule sets check them again, so a command, a script or a tampered page is
refused with the same message; and a restore (`desk/archive_*.py`) accepts exactly what they
accept, so a tournament's own archive always restores
(`tests/reliability/test_one_set_of_limits.py` saves the extremes through every entry point
and restores them).

The ceilings are far above any real tournament and far below what a database column holds: on
PostgreSQL an ``IntegerField`` is 32 bits (2,147,483,647) and a ``SmallIntegerField`` 16 bits
(32,767); SQLite holds 64 bits. Sums of them (a player's penalties over a tournament) stay in
range too.
"""

from __future__ import annotations

#: The largest value of a PostgreSQL ``integer`` column (``IntegerField``,
#: ``PositiveIntegerField``): revisions, versions, ids asked for in a form.
INT32_MAX = 2**31 - 1
#: The largest value of a PostgreSQL ``smallint`` column (``PositiveSmallIntegerField``).
INT16_MAX = 2**15 - 1

#: A referee's decision, in the rule set's points (riichi points included: 20,000 is a chombo).
MAX_PENALTY_AMOUNT = 1_000_000
#: What one penalty may cost a player, or pay each other player, whatever its kind and unit
#: (`Penalty.points` and `Penalty.transfer`; the infraction ladder grows without end).
MAX_PENALTY_POINTS = 10_000_000
#: The multiplier of the MERS penalty amounts (riichi uses 100).
MAX_PENALTY_UNIT = 10_000
#: A hand's number at a table, and the hand during which a penalty was given (a session has a
#: few dozen at most).
MAX_HAND_NUMBER = 999
#: Versions of one hand: each correction, each settling again after an earlier correction, each
#: entry again after the last hand was taken back.
MAX_HAND_VERSIONS = 1000
#: Minutes late (the penalty form; after 15 the player is out of the session anyway).
MAX_MINUTES_LATE = 600
#: Points in front of each player at the start of a session (shown only).
MAX_STARTING_POINTS = 1_000_000
#: A hand's limit, and the value of a limit hand (classic games).
MAX_LIMIT_VALUE = 100_000
#: One place's uma, either way (riichi: 15,000 is a common choice).
MAX_UMA = 1_000_000
#: A Swiss session's band, in players (a multiple of 4; more than a tournament has is useless).
MAX_SWISS_BAND = 1_000
#: Sessions of a tournament (as `Tournament.session_count` allows).
MAX_SESSIONS = 30
#: A session's length in minutes.
MIN_SESSION_MINUTES, MAX_SESSION_MINUTES = 10, 600
#: Minutes the director may add to the clock at once, and take back.
MAX_CLOCK_MINUTES_ADDED = 120
MAX_CLOCK_MINUTES_TAKEN_BACK = 60
#: Minutes added to a session's clock, or to one table's, in total, either way (a week).
MAX_CLOCK_MINUTES_TOTAL = 7 * 24 * 60
#: Seconds a session's clock was paused, in total (a week; a longer pause counts as a week).
MAX_CLOCK_PAUSED_SECONDS = 7 * 24 * 3600
#: A player's number in a tournament.
MAX_PLAYER_NUMBER = 99_999
#: Players in one imported list.
MAX_IMPORT_ROWS = 5000
#: The seed of a draw or of the lots: a signed 64-bit integer in every database.
MAX_SEED = 2**63 - 1
#: Seconds each projector screen shows before the next.
MIN_PROJECTOR_SECONDS, MAX_PROJECTOR_SECONDS = 3, 120
#: Players going on to a final stage (a multiple of 4).
MAX_FINALISTS = 400
#: Places the results reveal counts down.
MIN_REVEAL_PLACES, MAX_REVEAL_PLACES = 1, 10
#: The places of a tournament's sign-up (signup/): the players it takes.
MIN_SIGNUP_PLACES, MAX_SIGNUP_PLACES = 4, 2_000
#: Hours the first player on the waiting list has to take a freed place (two weeks at most).
MIN_OFFER_HOURS, MAX_OFFER_HOURS = 1, 336
#: A season's table of points per place (rules/seasons.py): its places, and each place's points.
MAX_TABLE_PLACES = 500
MAX_PLACE_POINTS = 100_000
#: The most results a table-of-points season may count per player (0 counts every result).
MAX_COUNTED_RESULTS = 100
