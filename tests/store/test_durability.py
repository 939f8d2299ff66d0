"""The durability settings docs/store.md promises, read back from a real SQLite file opened by the store."""

from __future__ import annotations

from sqlalchemy import text

from lifepath.store import open_store


def test_a_sqlite_store_runs_in_wal_mode_with_synchronous_normal(tmp_path, registry) -> None:
    path = tmp_path / "roster.db"
    with open_store(str(path), registry=registry, warn=lambda _t: None) as store:
        store.campaigns()
        with store.engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL
            assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 30_000
            assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
    import sqlite3
    from contextlib import closing

    with closing(sqlite3.connect(path)) as plain:  # WAL is kept in the file itself
        assert plain.execute("PRAGMA journal_mode").fetchone() == ("wal",)
