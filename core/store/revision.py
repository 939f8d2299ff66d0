"""The schema revision this version of lifepath makes and reads, as plain constants.

:mod:`lifepath.store.migrate` upgrades a database to :data:`HEAD` (a test checks it is Alembic's head);
the read-only commands compare a SQLite file's ``alembic_version`` with it before reading it with the
standard library (:mod:`lifepath.store.sqlite_reads`), so neither Alembic nor SQLAlchemy is imported to
learn that a database is current.
"""

from __future__ import annotations

#: the newest revision of :mod:`lifepath.store.migrations`
HEAD = "0010"
#: the table Alembic records the revision in
VERSION_TABLE = "alembic_version"

__all__ = ["HEAD", "VERSION_TABLE"]
