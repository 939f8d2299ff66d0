"""Which database, how to connect to it, and what its errors mean to a person.

A database is named by ``--db`` / ``LIFEPATH_DB`` or defaults to ``lifepath.db`` in the user's data
directory. A plain path is a SQLite file; a URL may be ``sqlite:///...`` or ``postgresql://...`` (driven
by psycopg 3). SQLite runs in WAL mode with a 30-second busy timeout, and every write transaction starts
with ``BEGIN IMMEDIATE``, so several processes writing one roster wait their turn instead of failing or
losing a write.

Durability (docs/store.md): every command's write is one transaction, so ``kill -9`` leaves nothing
half-written. SQLite runs with ``synchronous = NORMAL`` (set in :func:`_sqlite_connect`): a commit
survives a process crash, and a power cut or OS crash may lose the last commits but never leaves the file
inconsistent. PostgreSQL keeps the server's settings (by default a commit survives a power cut). An import
takes its campaign's lock first (:func:`lock_campaign_name`), so its duplicate check cannot be raced, and a
unique name broken by a concurrent writer is one paragraph (:func:`translate`).

Nothing here runs at import time of :mod:`lifepath`; the engine is made per :func:`make_engine` call.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event, exc
from sqlalchemy.engine import URL, make_url

from lifepath.errors import StoreError as StoreError
from lifepath.store.location import SQLITE_BUSY_TIMEOUT as SQLITE_BUSY_TIMEOUT
from lifepath.store.location import URL_HINT, named, sqlite_file
from lifepath.store.location import default_path as default_path

#: seconds to wait for a PostgreSQL server to answer before giving up
CONNECT_TIMEOUT = 10
#: execution option that marks a connection as a writer (BEGIN IMMEDIATE on SQLite)
WRITE_OPTION = "lifepath_write"


def database_url(spec: str | None = None) -> URL:
    """The SQLAlchemy URL for ``spec``: a URL, a SQLite file path, or None for LIFEPATH_DB or the default
    (a plain path as :func:`lifepath.store.location.sqlite_file` reads it)."""
    path = sqlite_file(spec)
    if path is not None:
        return URL.create("sqlite", database=str(path))
    spec = named(spec)
    assert spec is not None  # a URL: the default is a file
    try:
        url = make_url(spec)
    except (exc.ArgumentError, ValueError) as e:
        # SQLAlchemy raises a bare ValueError for a port that is not a number
        why = f" (the port {_port_text(spec)!r} is not a number)" if isinstance(e, ValueError) else ""
        shown = _hide_password(spec)
        raise StoreError(f"'{shown}' is not a database URL lifepath can read{why}", hint=URL_HINT) from None
    if url.port is not None and not 0 < url.port < 65536:
        raise StoreError(
            f"the port {url.port} in '{describe(url)}' is not a TCP port",
            hint="ports are numbers from 1 to 65535; PostgreSQL listens on 5432 unless it was set up otherwise",
        )
    backend = url.get_backend_name()
    driver = url.get_driver_name() if "+" in url.drivername else ""
    if backend == "sqlite" and driver in ("", "pysqlite"):
        if _in_memory(url):
            raise StoreError(
                f"'{spec}' is an in-memory database: a campaign saved there is lost as soon as the command ends",
                hint="give a SQLite file path (a new file name starts a new database) or a postgresql:// URL",
            )
        if url.database and not url.database.startswith("file:"):
            url = url.set(database=str(Path(url.database).expanduser().absolute()))
        return url.set(drivername="sqlite")
    if backend in ("postgresql", "postgres") and driver in ("", "psycopg"):
        return url.set(drivername="postgresql+psycopg")
    scheme = url.drivername
    raise StoreError(f"'{scheme}' is not a kind of database lifepath can use (in '{describe(url)}')", hint=URL_HINT)


def _in_memory(url: URL) -> bool:
    database = url.database or ""
    return database in ("", ":memory:") or "mode=memory" in database or url.query.get("mode") == "memory"


def _port_text(spec: str) -> str:
    authority = spec.split("://", 1)[-1].split("/", 1)[0].rsplit("@", 1)[-1]
    return authority.rsplit(":", 1)[-1] if ":" in authority else ""


def _hide_password(spec: str) -> str:
    head, sep, rest = spec.partition("://")
    authority, slash, tail = rest.partition("/")
    if "@" in authority:
        user, _, host = authority.rpartition("@")
        if ":" in user:
            authority = user.split(":", 1)[0] + ":***@" + host
    return head + sep + authority + slash + tail


def describe(url: URL) -> str:
    """The URL for messages: any password hidden, a SQLite file shown as its path."""
    if url.get_backend_name() == "sqlite":
        return url.database or ":memory:"
    return url.set(drivername=url.get_backend_name()).render_as_string(hide_password=True)


def is_sqlite(url: URL) -> bool:
    return url.get_backend_name() == "sqlite"


def make_engine(url: URL) -> Engine:
    """An engine for ``url``; SQLite gets WAL, a busy timeout, foreign keys and BEGIN IMMEDIATE for writers."""
    if is_sqlite(url):
        _check_sqlite_path(url)
        engine = create_engine(url, connect_args={"timeout": SQLITE_BUSY_TIMEOUT})
        event.listen(engine, "connect", _sqlite_connect)
        event.listen(engine, "begin", _sqlite_begin)
        return engine
    try:
        return create_engine(url, connect_args={"connect_timeout": CONNECT_TIMEOUT}, pool_pre_ping=True)
    except ImportError as e:  # psycopg missing
        raise StoreError(
            f"the PostgreSQL driver is not installed ({e})", hint="install lifepath[postgres] (psycopg 3)"
        ) from None


def _check_sqlite_path(url: URL) -> None:
    database = url.database or ""
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database)
    if path.is_dir():
        raise StoreError(f"{path} is a folder, not a SQLite database file", hint=URL_HINT)
    if not path.parent.is_dir():
        raise StoreError(
            f"cannot open the campaign database {path}: the folder {path.parent} does not exist",
            hint="create the folder first, or give another path",
        )
    check_ours(path)


def check_ours(path: Path) -> None:
    """Refuse a SQLite file that holds tables lifepath did not make, before anything connects to it
    (connecting switches a file to WAL, and opening a store adds lifepath's tables)."""
    import sqlite3

    try:
        if not path.is_file() or path.stat().st_size == 0:
            return
        conn = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True)
    except (OSError, sqlite3.Error):
        return  # opening it for real says what is wrong
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    except sqlite3.Error:
        return
    finally:
        conn.close()
    refuse_foreign(str(path), tables)


def refuse_foreign(where: str, tables: list[str]) -> None:
    """A :class:`StoreError` when a database has tables but none of lifepath's schema revisions."""
    mine = {"alembic_version"}
    if not tables or mine & set(tables):
        return
    shown = ", ".join(sorted(tables)[:5]) + (f" and {len(tables) - 5} more" if len(tables) > 5 else "")
    raise StoreError(
        f"{where} is a database lifepath did not make (it holds the tables {shown}); lifepath will not add its "
        "own tables to another program's database",
        hint="give the path of a lifepath campaign database, or a new file name to start one",
    )


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    # take transaction control away from the sqlite3 module, so _sqlite_begin decides how BEGIN is sent
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"PRAGMA busy_timeout = {int(SQLITE_BUSY_TIMEOUT * 1000)}")
        cursor.execute("PRAGMA foreign_keys = ON")
        mode = cursor.execute("PRAGMA journal_mode").fetchone()
        if mode is not None and str(mode[0]).lower() not in ("wal", "memory"):
            cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
    finally:
        cursor.close()


def _sqlite_begin(conn: Any) -> None:
    immediate = conn.get_execution_options().get(WRITE_OPTION, False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def campaign_lock_key(name: str) -> int:
    """The PostgreSQL advisory-lock key of the campaign called ``name`` (a signed 64-bit number from its
    SHA-256, so a campaign that does not exist yet has one too)."""
    import hashlib

    digest = hashlib.sha256(b"lifepath campaign\0" + name.strip().encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def lock_campaign_name(session: Any, url: URL, name: str) -> None:
    """Hold, until ``session``'s transaction ends, the lock that serialises the writers of the campaign
    called ``name``, which need not exist yet. Run it first in the transaction, before anything is read.

    On PostgreSQL that is ``pg_advisory_xact_lock`` on :func:`campaign_lock_key` (released by the commit or
    rollback; every statement after it, under READ COMMITTED, sees what the writer before it committed). On
    SQLite the transaction's first statement takes ``BEGIN IMMEDIATE``, the one write lock of the file,
    which already serialises every writer of every campaign.
    """
    from sqlalchemy import text

    if is_sqlite(url):
        session.execute(text("SELECT 1"))
    else:
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": campaign_lock_key(name)})


def translate(error: exc.SQLAlchemyError, url: URL) -> StoreError:
    """A database error as one paragraph a person can act on."""
    where = describe(url)
    orig = getattr(error, "orig", None)
    text = str(orig if orig is not None else error).strip()
    detail = text.splitlines()[0].strip() if text else type(error).__name__
    low = detail.lower()
    if isinstance(error, exc.IntegrityError) and ("unique" in low or "duplicate key" in low):
        return _race(where, low)
    if is_sqlite(url):
        if "file is not a database" in low or "malformed" in low or "not a database" in low:
            return StoreError(
                f"{where} is not a SQLite database, or it is damaged ({detail})",
                hint="give the path of a lifepath database, or a new file name to start one",
            )
        if "unable to open" in low or "readonly" in low or "read-only" in low or "permission" in low:
            return StoreError(
                f"cannot open or write the campaign database {where} ({detail})",
                hint="check the file and its folder exist and are writable, or give another --db",
            )
        if "locked" in low or "busy" in low:
            return StoreError(
                f"the campaign database {where} stayed locked by another process for {SQLITE_BUSY_TIMEOUT:.0f} s",
                hint="try again when the other lifepath command has finished",
            )
        return StoreError(f"the campaign database {where} failed: {detail}", hint=URL_HINT)
    if isinstance(error, exc.OperationalError | exc.InterfaceError) and _is_connect_problem(low):
        return StoreError(
            f"cannot connect to the database {where} ({detail})",
            hint="check the server is running and the host, port, user and database name are right",
        )
    return StoreError(f"the database {where} failed: {detail}", hint="check the database and try again")


def _race(where: str, low: str) -> StoreError:
    """Another command wrote the same unique thing (a campaign's name) between this one's check and its write."""
    if "uq_campaign_name" in low or "campaign.name" in low:
        return StoreError(
            f"another lifepath command created a campaign of the same name in {where} at the same moment, so "
            "this one stopped; nothing it was doing was saved (no campaign made, nothing imported)",
            hint="see it with `lifepath campaign list`, then run the command again with another name, or "
            "with --campaign NAME to add to the one there is",
        )
    return StoreError(
        f"another lifepath command wrote the same thing to {where} at the same moment, so this one stopped; "
        "nothing it was doing was saved",
        hint="look at what the other command did, then run this one again",
    )


def _is_connect_problem(low: str) -> bool:
    words = (
        "connection",
        "connect",
        "could not",
        "refused",
        "timeout",
        "timed out",
        "does not exist",
        "authentication",
        "password",
        "role",
        "resolve",
        "host",
        "server",
    )
    return any(w in low for w in words)


@contextmanager
def translated(url: URL) -> Iterator[None]:
    """Turn any SQLAlchemy error raised inside the block into a :class:`StoreError`."""
    try:
        yield
    except exc.SQLAlchemyError as e:
        raise translate(e, url) from None


__all__ = [
    "StoreError",
    "campaign_lock_key",
    "database_url",
    "default_path",
    "describe",
    "is_sqlite",
    "lock_campaign_name",
    "make_engine",
    "translate",
    "translated",
]
