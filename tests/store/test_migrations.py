"""Alembic migrations: a database made at revision 0001 upgrades through every revision and keeps its rows;
the newest revision matches the models; a database from a newer lifepath is refused clearly."""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from lifepath.testing import create_character

FIXTURE = Path(__file__).parent / "data" / "revision-0001.db"


def test_head_constant_is_the_newest_migration():
    from lifepath.store import migrate

    assert migrate.head() == migrate.HEAD
    revisions = [s.revision for s in migrate._script().walk_revisions()]
    assert revisions == ["0010", "0009", "0008", "0007", "0006", "0005", "0004", "0003", "0002", "0001"]


def test_a_revision_0001_database_is_upgraded_and_keeps_its_rows(tmp_path, registry):
    from lifepath.store import open_store

    db = tmp_path / "old.db"
    shutil.copyfile(FIXTURE, db)
    with sqlite3.connect(db) as con:
        assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [("0001",)]
        before = con.execute("SELECT id, campaign_id, name, player, status, document, seed FROM character").fetchall()
        camps_before = con.execute("SELECT id, name, house_rules, archived FROM campaign ORDER BY id").fetchall()
    assert len(before) == 3

    with open_store(str(db), registry=registry, warn=lambda _t: None) as store:
        camps = {c.name: c for c in store.campaigns()}
        by_id = sorted(camps.values(), key=lambda c: c.id)
        assert [(c.id, c.name) for c in by_id] == [(i, n) for i, n, _, _ in camps_before]
        assert camps["Spinward"].house_rules == {"max_terms": 4}
        assert camps["Spinward"].created_at == datetime(2025, 1, 2, 3, 4, 5, tzinfo=UTC)
        assert camps["Spinward"].archived_at is None
        assert camps["Old Times"].archived and camps["Old Times"].archived_at == camps["Old Times"].created_at
        assert all(c.content == [] for c in camps.values())  # backfilled by 0003
        rows = store.characters()
        assert [(r.id, r.campaign_id, r.name, r.player, r.status, r.seed) for r in rows] == [
            (i, c, n, p, s, seed) for i, c, n, p, s, _, seed in before
        ]
        for row, old in zip(rows, before, strict=True):
            assert store.document(row.id) == old[5]
            assert row.updated_at == row.created_at  # backfilled by 0002
            assert row.notes == ""  # the server default of 0006
        # and the upgraded database is fully usable
        new = store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=8, rules={"max_terms": 4}))
        assert store.rename(1, "Renamed").name == "Renamed"
        assert store.set_notes(1, "kept").notes == "kept"
        assert new == 4
        assert store.add_content("Spinward", str(tmp_path / "couriers")).content == [str(tmp_path / "couriers")]

    with sqlite3.connect(db) as con:
        assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [("0010",)]
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        indexes = {r[1] for r in con.execute("PRAGMA index_list('character')")}
        assert {"ix_character_campaign_player", "ix_character_campaign_name"} <= indexes  # 0008 adds the second
        columns = {r[1]: r for r in con.execute("PRAGMA table_info('campaign')")}
        assert columns["content"][3] == 1  # NOT NULL once backfilled
        for document, digest, edited in con.execute("SELECT document, document_sha256, edited FROM character"):
            compact = json.dumps(json.loads(document), ensure_ascii=False, separators=(",", ":"))
            assert digest == hashlib.sha256(compact.encode()).hexdigest() and edited == 0  # filled by 0004
        assert dict(con.execute("SELECT name, content FROM campaign").fetchall()) == {
            "Spinward": json.dumps([str(tmp_path / "couriers")]),
            "Old Times": "[]",
        }
    assert FIXTURE.read_bytes()[:16] == b"SQLite format 3\0"


def test_the_newest_revision_matches_the_models(store_url):
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext
    from sqlmodel import SQLModel

    from lifepath.store import models  # noqa: F401  (registers the tables)
    from lifepath.store.engine import database_url, make_engine
    from lifepath.store.migrate import upgrade

    engine = make_engine(database_url(store_url))
    try:
        upgrade(engine)
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            diff = compare_metadata(context, SQLModel.metadata)
    finally:
        engine.dispose()
    assert diff == []


def test_a_database_from_a_newer_lifepath_is_refused(tmp_path, registry):
    from lifepath.store import open_store
    from lifepath.store.engine import StoreError

    db = tmp_path / "future.db"
    open_store(str(db), registry=registry).close()
    with sqlite3.connect(db) as con:
        con.execute("UPDATE alembic_version SET version_num = '0099'")
    with pytest.raises(StoreError, match="newer version of lifepath"):
        open_store(str(db), registry=registry)


def test_an_empty_database_is_created_at_the_newest_revision(store_url, registry):
    from lifepath.store import open_store
    from lifepath.store.migrate import HEAD, current

    with open_store(store_url, registry=registry) as store, store.engine.connect() as conn:
        assert current(conn) == HEAD


def test_revision_0003_gives_every_campaign_an_empty_content_list(store_url):
    """A database at revision 0002 holding campaigns upgrades to 0003 on SQLite and PostgreSQL alike."""
    from sqlalchemy import text

    from lifepath.store.engine import database_url, make_engine
    from lifepath.store.migrate import HEAD, current, upgrade

    engine = make_engine(database_url(store_url))
    try:
        upgrade(engine, "0002")
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO campaign (name, ruleset, house_rules, plugins, archived, created_at) "
                    "VALUES ('Spinward', 'nowhere-yet', '{}', '[]', false, :now)"
                ),
                {"now": datetime(2025, 1, 2, tzinfo=UTC)},
            )
        upgrade(engine)
        with engine.connect() as conn:
            assert current(conn) == HEAD == "0010"
            value = conn.execute(text("SELECT content FROM campaign WHERE name = 'Spinward'")).scalar_one()
            worlds = conn.execute(text("SELECT worlds FROM campaign WHERE name = 'Spinward'")).scalar_one()
    finally:
        engine.dispose()
    assert (json.loads(value) if isinstance(value, str) else value) == []
    assert (json.loads(worlds) if isinstance(worlds, str) else worlds) == []  # revision 0005


def test_revision_0006_gives_every_character_empty_notes(store_url, registry):
    """A database at revision 0005 holding a character upgrades to 0006 on SQLite and PostgreSQL alike, and
    the character then takes notes."""
    from sqlalchemy import text

    from lifepath.store import open_store
    from lifepath.store.engine import database_url, make_engine
    from lifepath.store.migrate import upgrade

    engine = make_engine(database_url(store_url))
    now = datetime(2025, 1, 2, tzinfo=UTC)
    try:
        upgrade(engine, "0005")
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO campaign (id, name, ruleset, house_rules, plugins, archived, created_at) "
                    "VALUES (1, 'Spinward', 'nowhere-yet', '{}', '[]', false, :now)"
                ),
                {"now": now},
            )
            conn.execute(
                text(
                    "INSERT INTO character (id, campaign_id, name, status, ruleset, document, rules_sha256, seed, "
                    "species, careers, terms, profile, created_at, updated_at) "
                    "VALUES (1, 1, 'Old', 'active', 'nowhere-yet', '{}', 'x', 1, '', '', 0, '', :now, :now)"
                ),
                {"now": now},
            )
        upgrade(engine)
    finally:
        engine.dispose()
    with open_store(store_url, registry=registry, warn=lambda _t: None) as store:
        assert store.character(1).notes == ""
        assert store.set_notes(1, "kept").notes == "kept"


def test_revision_0007_enables_in_each_campaign_the_plugins_its_characters_were_made_with(store_url, registry):
    """A database at revision 0006 upgrades to 0007 on SQLite and PostgreSQL alike: each campaign enables the
    plugins its characters were made with (content folders are the campaign's own list), none enables a
    replacement, and the lists can then be changed."""
    from sqlalchemy import text

    from lifepath.store import open_store
    from lifepath.store.engine import database_url, make_engine
    from lifepath.store.migrate import upgrade

    engine = make_engine(database_url(store_url))
    now = datetime(2025, 1, 2, tzinfo=UTC)
    used = [
        {"name": "content:couriers", "version": "1.0.0"},
        {"name": "demo", "version": "0.3.0"},
        {"name": "nowhere_yet", "version": "0.1.0"},
    ]
    try:
        upgrade(engine, "0006")
        with engine.begin() as conn:
            for cid, name, plugins in ((1, "Spinward", used), (2, "Empty", [])):
                conn.execute(
                    text(
                        "INSERT INTO campaign (id, name, ruleset, house_rules, plugins, archived, created_at) "
                        "VALUES (:id, :name, 'nowhere-yet', '{}', :plugins, false, :now)"
                    ),
                    {"id": cid, "name": name, "plugins": json.dumps(plugins), "now": now},
                )
        upgrade(engine)
    finally:
        engine.dispose()
    with open_store(store_url, registry=registry, warn=lambda _t: None) as store:
        camps = {c.name: c for c in store.campaigns()}
        assert camps["Spinward"].enabled_plugins == ["demo", "nowhere_yet"]
        assert camps["Empty"].enabled_plugins == [] and camps["Spinward"].enabled_replacements == []
        assert camps["Spinward"].plugins == used  # what the characters were made with is kept as it was
        changed = store.set_enabled("Empty", ["nowhere_yet"], ["aa_belter:belter"])
        assert (changed.enabled_plugins, changed.enabled_replacements) == (["nowhere_yet"], ["aa_belter:belter"])


def test_revision_0009_puts_the_document_last_and_keeps_every_row_and_index(tmp_path, registry):
    """A SQLite file at revision 0008 holding characters (one deleted, so the ids have a gap) is rebuilt
    with the document as the last column: ids, documents, notes, the CHECK, the foreign key's cascade and
    all indexes survive, and the planner has statistics."""
    from sqlalchemy import text

    from lifepath.store import open_store
    from lifepath.store.engine import database_url, make_engine
    from lifepath.store.migrate import upgrade

    db = tmp_path / "r8.db"
    engine = make_engine(database_url(str(db)))
    now = datetime(2025, 1, 2, tzinfo=UTC)
    docs = {i: create_character(registry, "nowhere-yet", seed=i).to_json() for i in (1, 2, 4)}
    try:
        upgrade(engine, "0008")
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO campaign (id, name, ruleset, house_rules, plugins, archived, created_at) "
                    "VALUES (1, 'Spinward', 'nowhere-yet', '{}', '[]', false, :now)"
                ),
                {"now": now},
            )
            for cid, document in docs.items():
                conn.execute(
                    text(
                        "INSERT INTO character (id, campaign_id, name, status, ruleset, document, rules_sha256, seed, "
                        "species, careers, terms, age, profile, created_at, updated_at, document_sha256, notes) VALUES "
                        "(:id, 1, :name, 'active', 'nowhere-yet', :doc, 'x', :id, 'Avian', 'Navy', 2, 30, 'p', :now, "
                        ":now, :sha, :notes)"
                    ),
                    {
                        "id": cid,
                        "name": f"N{cid}",
                        "doc": document,
                        "now": now,
                        "sha": f"h{cid}",
                        "notes": f"notes of {cid}",
                    },
                )
        with sqlite3.connect(db) as con:
            before = con.execute("SELECT * FROM character ORDER BY id").fetchall()
            names_before = [r[1] for r in con.execute("PRAGMA table_info('character')")]
            indexes_before = sorted(
                r[0]
                for r in con.execute("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'character'")
            )
        upgrade(engine)
    finally:
        engine.dispose()
    with sqlite3.connect(db) as con:
        names = [r[1] for r in con.execute("PRAGMA table_info('character')")]
        assert names[-2:] == ["notes", "document"] and sorted(names) == sorted(names_before)
        after = con.execute(f"SELECT {', '.join(names_before)} FROM character ORDER BY id").fetchall()
        assert after == before and [r[0] for r in after] == [1, 2, 4]
        assert con.execute("SELECT id FROM character ORDER BY rowid").fetchall() == [(1,), (2,), (4,)]
        assert (
            sorted(
                r[0]
                for r in con.execute("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'character'")
            )
            == indexes_before
        )
        assert len(indexes_before) == 7
        assert con.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert con.execute("PRAGMA foreign_key_check").fetchall() == []
        assert con.execute("SELECT count(*) FROM sqlite_stat1 WHERE tbl = 'character'").fetchone()[0] >= 1
        with pytest.raises(sqlite3.IntegrityError, match="ck_character_status"):
            con.execute("UPDATE character SET status = 'lost' WHERE id = 1")
    with open_store(str(db), registry=registry, warn=lambda _t: None) as store:
        assert {i: store.document(i) for i in (1, 2, 4)} == docs
        assert store.character(2).notes == "notes of 2"
        assert store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=9)) == 5
    with sqlite3.connect(db) as con:
        con.execute("PRAGMA foreign_keys = ON")
        con.execute("DELETE FROM campaign WHERE id = 1")
        assert con.execute("SELECT count(*) FROM character").fetchone() == (0,)  # ON DELETE CASCADE kept
