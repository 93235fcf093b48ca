"""The desk's clock: the database server's time, the same for every server process.

Several processes (several machines, behind one proxy) may disagree on the time by seconds;
the database they share is one clock. Every instant the desk stores and later compares (the
session clock's start and pause, a table's closing and time up, a confirmation, a phone's last
contact) and every "how long ago" it decides on is read from there: `database_now()` in Python,
`django.db.models.functions.Now()` inside a query. A SQLite database is a file on the desk's own
machine: its clock is that machine's.
"""

import datetime as dt

from django.db import connection


def database_now():
    """The current instant by the database's clock (aware, UTC), one small query."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT statement_timestamp()")
            return cursor.fetchone()[0].astimezone(dt.UTC)
        if connection.vendor == "sqlite":
            cursor.execute("SELECT strftime('%Y-%m-%d %H:%M:%f', 'now')")
            moment = dt.datetime.fromisoformat(cursor.fetchone()[0])
            return moment.replace(tzinfo=dt.UTC)
        cursor.execute("SELECT CURRENT_TIMESTAMP")
        moment = cursor.fetchone()[0]
        return moment.astimezone(dt.UTC) if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
