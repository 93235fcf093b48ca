"""Seating draw of the Mahjong Tournament Desk: who sits where, session by session.

Pure Python: this package never touches the database and never imports Django. The Django
side turns players into hashable ids, calls the functions below and stores the result.

Public API:

* ``draw_schedule(players, sessions, *, seed=0, groups=None, fixed=(), time_limit=120.0,
  previous=None, apart_first=False, teams=None)``: the whole schedule, a list of sessions, each a list of tables, each a
  4-tuple of players in seat order (East, South, West, North); the same for any machine's
  speed (the searches count iterations; ``time_limit`` is only a safety stop);
* ``draw(...)``: the same, as a ``DrawResult`` that also tells whether the safety stop fired
  and, when avoiding repeats and keeping groups apart trade against each other, the figures of
  the other priority's draw (an ``Option``);
* ``swiss_session(ranking, *, history=(), band_size=None, groups=None, seed=0)``: one session
  seated by the standings;
* ``seating_report(schedule, groups=None)``: repeats, wind spread, group clashes, ... as a
  ``SeatingReport`` (a frozen dataclass that also reads like a mapping);
* ``changed_players(before, after)``: whose schedule (table number, seat, opponents) two draws
  of the same sessions change: the schedule cards to reprint;
* ``revisit_bound(schedule)``: the fewest returns to a table number any numbering of these
  tables can have (what the report's ``table_revisits`` is measured against);
* ``lower_bound(n_players, n_sessions)``, ``max_zero_repeat_sessions(n)``,
  ``zero_repeat_sessions(n)``: what can be promised before drawing;
* ``SeatingError``: a request a director must fix (message in plain words, translatable).

How the draw works (one module per concept): the input checks and vocabulary (``base``),
zero-repeat designs (``designs``, built offline by ``construction``, ``lifting``, ``offsets``,
``geometry``, ``mixing`` and ``numbered`` into ``data/designs.json``), what can be promised
(``bounds``), fitted to the played sessions (``embedding``) or relabelled to keep group-mates
apart (``relabel``, with the pair weights of ``weights``), then a tabu search where no
zero-repeat schedule exists or clashes are left (``search.improve``, its state kept up to date
by ``seat_costs``, moves chosen by ``tabu``), all planned by ``plan`` (which prefers the designs that mix the field best, ``indirect``) and driven by ``draw``; the starting
winds are balanced last (``winds``) and the tables numbered so that players move around the
room (``numbers``; where a search's tables cannot be, a numbered design instead,
``numbered_tables``, ``numbered_relabel``, ``numbered_repair``; after one played session, the
numbered design continued, ``column_continuation``); a previous plan kept after a change of
players (``keep``); Swiss sessions
by the standings (``swiss``); the figures of a draw (``report``). docs/rules.md §8 records the
decisions.
"""

from tournament.seating.base import Round, Schedule, SeatingError, Table, check_sessions
from tournament.seating.bounds import lower_bound, max_zero_repeat_sessions, zero_repeat_sessions
from tournament.seating.draw import DEFAULT_TIME_LIMIT, DrawResult, draw, draw_schedule
from tournament.seating.numbers import revisit_bound
from tournament.seating.report import (
    KeptPlan,
    Option,
    PlanFigures,
    SeatingReport,
    changed_players,
    seating_report,
)
from tournament.seating.swiss import swiss_session

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "DrawResult",
    "KeptPlan",
    "Option",
    "PlanFigures",
    "Round",
    "Schedule",
    "SeatingError",
    "SeatingReport",
    "Table",
    "changed_players",
    "check_sessions",
    "draw",
    "draw_schedule",
    "lower_bound",
    "max_zero_repeat_sessions",
    "revisit_bound",
    "seating_report",
    "swiss_session",
    "zero_repeat_sessions",
]
