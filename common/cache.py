"""The database cache with a counter every server process can share.

Django's `DatabaseCache.incr` reads the value, then writes it back: two processes counting at
the same instant both read 4 and both write 5, and one attempt is lost; it also gives the entry
a new expiry, so a throttle's window moves with every attempt. Here `incr` locks the entry while
it reads and writes it (`SELECT ... FOR UPDATE` on PostgreSQL; on SQLite the desk's transactions
are IMMEDIATE, so the write lock is taken at BEGIN), and keeps the entry's expiry, as Redis's
INCR does.
"""

import base64
import pickle

from django.core.cache.backends import db
from django.db import connections, router, transaction


class DatabaseCache(db.DatabaseCache):
    #: The cache table's name, set by Django's BaseDatabaseCache.__init__ (which django-stubs
    #: does not declare).
    _table: str

    def incr(self, key, delta=1, version=None):
        made = self.make_and_validate_key(key, version=version)
        alias = router.db_for_write(self.cache_model_class)
        connection = connections[alias]
        quote = connection.ops.quote_name
        table, column, value_column = quote(self._table), quote("cache_key"), quote("value")
        lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
        with transaction.atomic(using=alias), connection.cursor() as cursor:
            cursor.execute(f"SELECT {column} FROM {table} WHERE {column} = %s{lock}", [made])
            value = self.get(key, self._missing_key, version=version)  # None once expired
            if value is self._missing_key:
                raise ValueError(f"Key '{key}' not found")
            value += delta
            pickled = base64.b64encode(pickle.dumps(value, self.pickle_protocol)).decode("latin1")
            cursor.execute(
                f"UPDATE {table} SET {value_column} = %s WHERE {column} = %s", [pickled, made]
            )
        return value
