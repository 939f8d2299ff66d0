"""Imports that cannot double: eight ``lifepath import`` processes of one file at once store each character
once, and every other import is refused with one paragraph, on SQLite and on PostgreSQL.

The eight are real processes running the console script's entry point (:func:`lifepath.cli.main.run`),
forked from the test process once SQLAlchemy and the plugins are imported (so each costs a fork rather than
a Python start-up), released together, each with its own engine and connections.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import traceback
from pathlib import Path
from typing import Any

import pytest

from lifepath.testing import create_character
from tests.processes import wait_for

LIFEPATH = os.path.join(os.path.dirname(sys.executable), "lifepath")
IMPORTS = 8
SEEDS = (1, 2, 3, 4)


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory, registry: Any) -> Path:
    """A campaign export of four characters (campaign 'Spinward')."""
    from lifepath.store import open_store
    from lifepath.store.exchange import export_campaign
    from lifepath.store.models import CampaignCreate

    folder = tmp_path_factory.mktemp("race-source")
    with open_store(str(folder / "source.db"), registry=registry, warn=lambda _t: None) as store:
        store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet"))
        for seed in SEEDS:
            store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=seed), player=f"P{seed}")
        path = folder / "spinward.jsonl"
        path.write_text(export_campaign(store, "Spinward"), encoding="utf-8")
    return path


def _child(args: list[str], out: str, err: str, start: Any) -> None:
    """One ``lifepath ARGS`` in this forked process, its output in ``out`` and ``err``, its exit status ours."""
    code = 70
    try:
        sys.stdout = open(out, "w", encoding="utf-8")  # noqa: SIM115 - closed by os._exit's flush below
        sys.stderr = open(err, "w", encoding="utf-8")  # noqa: SIM115
        os.dup2(sys.stdout.fileno(), 1)
        os.dup2(sys.stderr.fileno(), 2)
        start.wait()
        sys.argv = ["lifepath", *args]
        from lifepath.cli.main import run

        try:
            run()
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except BaseException:
        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def together(tmp: Path, runs: list[list[str]]) -> list[tuple[int, str, str]]:
    """Run every ``lifepath ARGS`` of ``runs`` at once, each in its own process: (exit status, out, err) each."""
    import lifepath.cli.main  # noqa: F401 - imported once here, before the forks

    ctx = multiprocessing.get_context("fork")
    start = ctx.Event()
    procs = []
    for i, args in enumerate(runs):
        out, err = tmp / f"out-{i}.txt", tmp / f"err-{i}.txt"
        proc = ctx.Process(target=_child, args=(args, str(out), str(err), start))
        proc.start()
        procs.append((proc, out, err))
    start.set()
    results = []
    for proc, out, err in procs:
        proc.join(300)
        assert proc.exitcode is not None, "an import did not finish"
        results.append((proc.exitcode, out.read_text(encoding="utf-8"), err.read_text(encoding="utf-8")))
    return results


def refused(results: list[tuple[int, str, str]], words: str) -> None:
    """One import succeeded; every other was refused with one paragraph holding ``words`` and no traceback."""
    codes = sorted(code for code, _, _ in results)
    assert codes == [0] + [2] * (len(results) - 1), [err for _, _, err in results]
    for code, _, err in results:
        assert "Traceback" not in err, err
        if code:
            assert err.startswith("error: ") and err.count("\n") == 1, err
            assert words in err, err


def stored(url: str, registry: Any) -> dict[str, list[str]]:
    """Each campaign's characters' document hashes."""
    from lifepath.store import open_store

    with open_store(url, registry=registry, warn=lambda _t: None) as store:
        return {c.name: sorted(store.document_hashes(c.name)) for c in store.campaigns()}


def test_eight_imports_of_one_file_into_a_campaign_store_each_character_once(backend, source, registry, tmp_path):
    from lifepath.store import open_store
    from lifepath.store.models import CampaignCreate

    url = backend.new()
    with open_store(url, registry=registry, warn=lambda _t: None) as store:
        store.new_campaign(CampaignCreate(name="League", ruleset="nowhere-yet"))
    results = together(tmp_path, [["import", str(source), "--campaign", "League", "--db", url]] * IMPORTS)
    refused(results, "campaign 'League' already holds 4 of these character(s), the very same document")
    assert all("Nothing was imported" in err for code, _, err in results if code)
    assert len(stored(url, registry)["League"]) == len(SEEDS)


def test_eight_imports_of_a_campaign_export_make_one_campaign(backend, source, registry, tmp_path):
    url = backend.new()
    results = together(tmp_path, [["import", str(source), "--db", url]] * IMPORTS)
    refused(results, "there is already a campaign called 'Spinward'")
    assert [out for code, out, _ in results if code == 0] == [
        "imported 4 character(s) into campaign 'Spinward' (a new campaign): ids 1-4\n"
    ]
    assert {name: len(hashes) for name, hashes in stored(url, registry).items()} == {"Spinward": len(SEEDS)}


def _waiting_insert(base: str) -> bool:
    import psycopg

    with psycopg.connect(base, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE wait_event_type = 'Lock' AND query ILIKE 'INSERT INTO campaign%'"
        ).fetchone()
    return bool(row and row[0])


def test_a_campaign_made_meanwhile_by_another_command_is_one_paragraph(backend, source, registry, tmp_path):
    """Another command (``campaign new``, which does not take the import's lock) makes the campaign an import
    is creating, between the import's check and its write: PostgreSQL's unique name refuses the import's,
    answered by one paragraph; SQLite's BEGIN IMMEDIATE makes the import wait and then find the campaign."""
    from lifepath.store import open_store
    from lifepath.store.models import CampaignCreate

    url = backend.new()
    with open_store(url, registry=registry, warn=lambda _t: None) as store:
        store.campaigns()  # makes the tables
        with store.write_session() as session:
            store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet"), session=session)
            # a fresh process, not a fork: SQLite connections must not cross a fork
            proc = subprocess.Popen(
                [LIFEPATH, "import", str(source), "--db", url],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            if backend.kind == "postgres":
                wait_for(lambda: _waiting_insert(backend.base), "the import to wait on the campaign's name")
        _out, err = proc.communicate(timeout=300)
    code = proc.returncode
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1, err
    if backend.kind == "postgres":
        assert "another lifepath command created a campaign of the same name" in err, err
        assert "nothing imported" in err, err
    else:
        assert "there is already a campaign called 'Spinward'" in err, err
    assert stored(url, registry) == {"Spinward": []}


def test_a_unique_name_broken_under_sqlite_is_one_paragraph(tmp_path, registry):
    """The same paragraph for SQLite's wording of a broken unique name (a row written past the name check)."""
    from lifepath.store import open_store
    from lifepath.store.engine import StoreError
    from lifepath.store.models import CampaignCreate, CampaignRow

    with open_store(str(tmp_path / "roster.db"), registry=registry, warn=lambda _t: None) as store:
        store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet"))
        with pytest.raises(StoreError) as caught, store.write_session() as session:
            session.add(CampaignRow(name="Spinward", ruleset="nowhere-yet"))
            session.flush()
    assert "another lifepath command created a campaign of the same name" in caught.value.message
    assert [c.name for c in store.campaigns()] == ["Spinward"]
