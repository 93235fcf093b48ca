"""A referee call from the table (issue 31, point 9): the table asks for a referee (a dispute, a
wrong count, a penalty, anything else, with an optional note); the director's dashboard and the
referee accounts' page list the open calls with their table and how long they have waited; a
referee takes a call and closes it. Every step is in the audit trail.

- `models`: `RefereeCall` (its constraints: one open call per table, taken before closed, the
  database's clock in order) and `CallKind`;
- `services`: make, take and close a call (one transaction each, lock then re-check);
- `presentation`: how long a call has waited, and a call in words;
- `views`: "Call a referee" on the table's page (the page, the offline queue) and the take and
  close buttons of the dashboard and the referee accounts' page.
"""
