"""``lifepath roster``, ``show`` and ``sheet ID`` read an up-to-date SQLite file with the standard library's sqlite3
(lifepath.store.sqlite_reads): no SQLAlchemy, SQLModel, pydantic or Alembic, and the same output as the
store gives. ``--db sqlite:///PATH`` names the same file as a URL, which always goes through the store, so
each command's output is compared with the store's for the very same file.

The reader's schema is the store's (the columns it reads are the table's, its row has ``CharacterRead``'s
fields), its roster answers every sort, order and filter of the command line as the store does, and
whatever it cannot answer (a new or old file, an unknown campaign or id, a missing plugin) goes to the
store, which creates, upgrades, warns or explains as before.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from lifepath.testing import create_character

#: what a store command paid for before its first row; a light read imports none of it
HEAVY = ("sqlalchemy", "sqlmodel", "pydantic", "pydantic_core", "alembic", "lifepath.store.models")
Runner = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture(scope="module")
def ten(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file with a campaign of ten characters made by ``generate --campaign``, one of them with a
    player, notes and another status, and a second campaign of another ruleset."""
    from tests.in_process import run_in_process

    home = tmp_path_factory.mktemp("home")
    db = str(home / "ten.db")
    for args in (
        ("campaign", "new", "Ten", "--ruleset", "nowhere-yet"),
        ("generate", "--campaign", "Ten", "--count", "10", "--seed", "7"),
        ("note", "3", "owes Marc 2,000 Cr\nand a ship"),
        ("set-status", "4", "retired"),
        ("campaign", "new", "Drift", "--ruleset", "wormwood-drift"),
        ("generate", "--campaign", "Drift", "--count", "2", "--seed", "1"),
    ):
        done = run_in_process(home, *args, db=db)
        assert done.returncode == 0, done.stderr
    return Path(db)


def store_url(path: Path) -> str:
    """The same file as a URL: read by the store (SQLAlchemy), never by the light reader."""
    return f"sqlite:///{path}"


@pytest.mark.parametrize(
    "args",
    [
        ["roster", "Ten"],
        ["roster"],
        ["roster", "Ten", "--json"],
        ["roster", "Ten", "--sort", "-age", "--limit", "4"],
        ["roster", "--status", "npc", "--ruleset", "wormwood-drift"],
        ["roster", "Ten", "--format", "csv"],
        ["show", "3"],
        ["show", "last"],
        ["show", "3", "--json"],
        ["show", "3", "--history"],
        ["show", "4", "--sheet"],
        ["sheet", "3"],
        ["sheet", "4", "--format", "md"],
    ],
    ids=lambda args: " ".join(args),
)
def test_roster_and_show_of_a_current_sqlite_file_import_no_orm_and_print_what_the_store_prints(
    ten: Path, args: list[str], imported_modules: Callable[..., set[str]], run_cli: Runner
) -> None:
    loaded = imported_modules([*args, "--db", str(ten)])
    assert "lifepath.store.sqlite_reads" in loaded
    assert not {m for m in loaded if m.split(".")[0] in HEAVY or m in HEAVY}
    assert "sqlalchemy.orm" not in loaded

    light = run_cli(*args, db=str(ten))
    through_store = run_cli(*args, db=store_url(ten))
    assert light.returncode == through_store.returncode == 0, light.stderr + through_store.stderr
    assert light.stdout == through_store.stdout
    assert light.stderr == through_store.stderr == ""
    assert light.stdout.strip()


def test_the_default_database_is_read_the_same_way(ten: Path, imported_modules: Callable[..., set[str]]) -> None:
    loaded = imported_modules(["roster", "Ten"], env={"LIFEPATH_DB": str(ten)})
    assert "lifepath.store.sqlite_reads" in loaded
    assert "sqlalchemy" not in loaded


def test_the_store_path_really_uses_the_store(ten: Path, imported_modules: Callable[..., set[str]]) -> None:
    """The comparison above means something: a URL goes through SQLAlchemy."""
    loaded = imported_modules(["roster", "Ten", "--db", store_url(ten)])
    assert "lifepath.store.service" in loaded
    assert "lifepath.store.sqlite_reads" in loaded  # asked, and it said no


@pytest.mark.parametrize(
    "args",
    [
        ["roster", "Nowhere"],
        ["show", "999"],
        ["show", str(2**70)],
        ["show", "x"],
        ["roster", "Ten", "--sort", "hat"],
        ["roster", "Ten", "--format", "xml"],
        ["sheet", "999"],
    ],
    ids=[
        "unknown-campaign",
        "unknown-id",
        "huge-id",
        "not-an-id",
        "unknown-sort",
        "unknown-format",
        "sheet-unknown-id",
    ],
)
def test_what_the_reader_cannot_answer_gets_the_stores_message(ten: Path, args: list[str], run_cli: Runner) -> None:
    light = run_cli(*args, db=str(ten))
    through_store = run_cli(*args, db=store_url(ten))
    assert light.returncode == through_store.returncode != 0
    assert light.stdout == through_store.stdout
    assert light.stderr == through_store.stderr
    assert light.stderr.strip()


def test_show_last_of_a_file_without_characters_is_the_stores_message(tmp_path: Path, run_cli: Runner) -> None:
    db = tmp_path / "empty.db"
    run_cli("campaign", "new", "Empty", "--ruleset", "nowhere-yet", db=str(db), check=True)
    light = run_cli("show", "last", db=str(db))
    assert light.returncode != 0
    assert "there is no character yet in" in light.stderr
    assert light.stderr == run_cli("show", "last", db=store_url(db)).stderr


def test_a_new_file_is_created_at_the_newest_revision(tmp_path: Path, run_cli: Runner) -> None:
    from lifepath.store.revision import HEAD

    db = tmp_path / "new.db"
    done = run_cli("roster", db=str(db))
    assert done.returncode == 0, done.stderr
    assert done.stdout == "No characters yet.\n"
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]


def test_an_older_file_is_upgraded_first_then_read_lightly(
    ten: Path, tmp_path: Path, imported_modules: Callable[..., set[str]], run_cli: Runner
) -> None:
    """A file at an older revision goes to the store, whose Alembic upgrade brings it to the newest; the
    next read is light again. (Revision 0008 to 0009 moves the document to the end of the table, 0010 adds the
    drafts' table and the players' link.)"""
    import shutil

    from lifepath.store.revision import HEAD

    old = tmp_path / "old.db"
    shutil.copy(ten, old)
    with sqlite3.connect(old) as conn:
        conn.execute("DROP TABLE draft")  # revision 0010's table and column
        conn.execute("ALTER TABLE campaign DROP COLUMN table_key")
        conn.execute("UPDATE alembic_version SET version_num = '0008'")
    before = run_cli("roster", "Ten", db=str(ten))
    upgraded = imported_modules(["roster", "Ten", "--db", str(old)])
    assert "alembic" in upgraded
    with sqlite3.connect(old) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD,)]
    assert "sqlalchemy" not in imported_modules(["roster", "Ten", "--db", str(old)])
    assert run_cli("roster", "Ten", db=str(old)).stdout == before.stdout


def test_a_newer_file_is_refused_by_the_store(ten: Path, tmp_path: Path, run_cli: Runner) -> None:
    import shutil

    newer = tmp_path / "newer.db"
    shutil.copy(ten, newer)
    with sqlite3.connect(newer) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999'")
    done = run_cli("roster", "Ten", db=str(newer))
    assert done.returncode != 0
    assert "made by a newer version of lifepath" in done.stderr


def test_a_file_that_is_not_lifepaths_is_refused_by_the_store(tmp_path: Path, run_cli: Runner) -> None:
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE invoices (id INTEGER)")
    done = run_cli("roster", db=str(foreign))
    assert done.returncode != 0
    assert "a database lifepath did not make" in done.stderr
    junk = tmp_path / "junk.db"
    junk.write_text("not a database at all\n" * 100)
    done = run_cli("show", "1", db=str(junk))
    assert done.returncode != 0
    assert "is not a SQLite database, or it is damaged" in done.stderr


def test_a_campaign_whose_plugin_is_gone_gets_the_stores_warning(ten: Path, tmp_path: Path, run_cli: Runner) -> None:
    import shutil

    gone = tmp_path / "gone.db"
    shutil.copy(ten, gone)
    with sqlite3.connect(gone) as conn:
        (plugins,) = conn.execute("SELECT plugins FROM campaign WHERE name = 'Ten'").fetchone()
        more = [*json.loads(plugins), {"name": "uninstalled_thing", "version": "1.0"}]
        conn.execute("UPDATE campaign SET plugins = ? WHERE name = 'Ten'", (json.dumps(more),))
    light = run_cli("roster", "Ten", db=str(gone))
    assert light.returncode == 0, light.stderr
    assert "'uninstalled_thing' 1.0, which is not installed" in light.stderr
    through_store = run_cli("roster", "Ten", db=store_url(gone))
    assert (light.stdout, light.stderr) == (through_store.stdout, through_store.stderr)


# -- one schema ------------------------------------------------------------------------------------


def test_the_reader_reads_the_tables_columns_and_makes_character_reads_fields() -> None:
    from dataclasses import fields

    from lifepath.store.models import CampaignRow, CharacterRead, CharacterRow, UTCDateTime
    from lifepath.store.reads import DATE_COLUMNS, NOT_COLUMNS, ROW_COLUMNS, PlainRow

    table = CharacterRow.__table__  # type: ignore[attr-defined]
    assert set(ROW_COLUMNS) == {c.name for c in table.c} - {"document", "document_sha256"}
    assert [f.name for f in fields(PlainRow)] == list(CharacterRead.model_fields)
    assert set(CharacterRead.model_fields) - set(ROW_COLUMNS) == NOT_COLUMNS
    assert {c.name for c in table.c if isinstance(c.type, UTCDateTime)} == DATE_COLUMNS
    campaign = {c.name for c in CampaignRow.__table__.c}  # type: ignore[attr-defined]
    assert {"id", "name", "ruleset", "plugins", "content"} <= campaign


def test_the_revision_the_reader_wants_is_the_migrations_head() -> None:
    from lifepath.store import migrate, revision

    assert revision.HEAD == migrate.HEAD == migrate.head()


# -- the same roster as the store, for every sort, order and filter ---------------------------------

#: name, age, status, player (names and players with case, accents and ties; unknown ages and players)
PEOPLE: list[tuple[str, int | None, str, str | None]] = [
    ("alpha", 30, "active", "Ann"),
    ("Beta", None, "dead", None),
    ("beta", 30, "active", "ann"),
    ("Gamma_1", 22, "retired", "Bob"),
    ("Émile", None, "active", "Cy"),
    ("émile", 55, "npc", None),
    ("zed", 18, "active", "ANN"),
]


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory, registry: Any) -> Iterator[tuple[Any, Any]]:
    """One SQLite file opened both ways: the store and the light reader."""
    from lifepath.store import documents, open_store
    from lifepath.store.models import CampaignCreate
    from lifepath.store.sqlite_reads import SqliteReader

    path = str(tmp_path_factory.mktemp("league") / "league.db")
    with open_store(path, registry=registry, warn=lambda _t: None) as store:
        store.new_campaign(CampaignCreate(name="League", ruleset="nowhere-yet"))
        store.new_campaign(CampaignCreate(name="Other", ruleset="nowhere-yet"))
        character = create_character(registry, "nowhere-yet", seed=3)
        plugins = character.provenance.get("plugins", [])
        rows = []
        for name, age, status, player in PEOPLE:
            data = documents.character_create(registry, character, player=player, status=status)
            data.name, data.age = name, age
            rows.append((data, plugins))
        store.insert_rows("League", rows)
        store.insert_rows("Other", rows[:3])
        store.set_notes(2, "a note")
        reader = SqliteReader.open(path, registry=registry)
        assert reader is not None
        with reader:
            yield store, reader


@pytest.mark.parametrize("campaign", ["League", None])
@pytest.mark.parametrize(
    "filters",
    [{}, {"status": "active"}, {"player": "ann"}, {"player": " ANN "}, {"ruleset": "nowhere-yet"}, {"status": "npc"}],
    ids=["none", "status", "player", "player-case", "ruleset", "npc"],
)
def test_the_reader_answers_every_roster_of_the_command_line_as_the_store(
    league: tuple[Any, Any], campaign: str | None, filters: dict[str, str]
) -> None:
    from lifepath.store.roster import SORTS, RosterQuery

    store, reader = league
    for sort in SORTS:
        for order in ("asc", "desc"):
            for limit in (None, 3):
                query = RosterQuery(sort=sort, order=order, per_page=limit, **filters)
                expected = [r.roster_dict() for r in store.roster(campaign, query).rows]
                assert [r.roster_dict() for r in reader.roster_rows(campaign, query)] == expected, (sort, order)


def test_the_reader_reads_one_character_as_the_store(league: tuple[Any, Any]) -> None:
    store, reader = league
    assert reader.newest_id() == store.newest_id()
    for character_id in (1, 2, store.newest_id()):
        assert reader.character(character_id).roster_dict() == store.character(character_id).roster_dict()
        assert reader.document(character_id) == store.document(character_id)
        assert reader.load(character_id).to_json() == store.load(character_id).to_json()


def test_only_a_plain_path_to_an_existing_file_is_read_lightly(ten: Path, tmp_path: Path) -> None:
    from lifepath.store.sqlite_reads import SqliteReader

    assert SqliteReader.open(store_url(ten)) is None
    assert SqliteReader.open("postgresql://postgres@127.0.0.1:1/none") is None
    assert SqliteReader.open(str(tmp_path / "missing.db")) is None
    assert not (tmp_path / "missing.db").exists()  # the store creates a file, with its schema; never the reader
    reader = SqliteReader.open(f"  {ten}  ")
    assert reader is not None
    reader.close()
