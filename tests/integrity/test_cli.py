"""``lifepath verify`` and ``lifepath check`` through the installed script: what a person and a tool read,
the exit codes (0 identical, 1 differs, 2 cannot be replayed), standard input, and no tracebacks."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from .conftest import export


def write(tmp_path: Path, doc: dict[str, object], name: str = "c.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("ruleset", ["wormwood-drift", "d6-pool", "black-nova"])
def test_verify_of_an_export_without_history_is_one_clear_error(run_cli, tmp_path: Path, ruleset: str) -> None:
    doc = export(ruleset, 1)
    doc["history"] = []
    path = write(tmp_path, doc)
    done = run_cli("verify", path)
    assert done.returncode == 2 and done.stdout == "" and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"error: {path}, at /history: the export's history is empty")
    assert done.stderr.count("\n") == 1


def test_verify_names_the_event_and_the_fields_and_json_gives_them_as_data(run_cli, tmp_path: Path) -> None:
    doc = export("black-nova", 1)
    traits, hit_points, last = list(doc["sheet"]["traits"]), doc["sheet"]["extra"]["hit_points"], doc["history"][-1]
    n = len(doc["history"])
    doc["sheet"]["traits"].append("Universal attraction")
    doc["sheet"]["extra"]["hit_points"] = hit_points + 4
    doc["history"] = doc["history"][:-1]
    path = write(tmp_path, doc)
    done = run_cli("verify", path)
    assert done.returncode == 1, done.stderr
    assert last["type"] == "note"
    assert done.stdout.splitlines() == [
        f"{path}: differs from what its seed makes (3 difference(s); values are made -> exported):",
        f"  - the export's history ends after event {n - 1}, but the replay goes on with event {n} (a note "
        f"{json.dumps(last['text'])}) and makes {n} events in all",
        '  - sheet.traits: added "Universal attraction"',
        f"  - sheet.extra.hit_points: {hit_points} -> {hit_points + 4}",
    ]
    data = json.loads(run_cli("verify", path, "--json").stdout)
    assert [r["file"] for r in data] == [path] and data[0]["identical"] is False
    assert [(d["where"], d["expected"], d["found"]) for d in data[0]["differences"][1:]] == [
        ("sheet.traits", traits, [*traits, "Universal attraction"]),
        ("sheet.extra.hit_points", hit_points, hit_points + 4),
    ]


def test_verify_reads_standard_input(run_cli) -> None:
    text = json.dumps(export("nowhere-yet", 7))
    done = run_cli("verify", "-", input=text)
    assert done.returncode == 0 and done.stdout == (
        "standard input: identical: the seed and recorded decisions reproduce this character exactly\n"
    )
    assert done.stderr == ""  # a pipe is not announced; only a terminal or a FIFO is


def test_verify_refuses_an_unknown_format(run_cli, tmp_path: Path) -> None:
    doc = export("nowhere-yet", 1)
    doc["format"] = "lifepath.character/99"
    done = run_cli("verify", write(tmp_path, doc))
    assert done.returncode == 2 and "at /format" in done.stderr and "lifepath.character/99" in done.stderr


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_verify_of_an_endless_device_stops_at_the_size_limit(run_cli) -> None:
    done = run_cli("verify", "/dev/zero")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.splitlines() == [
        "reading /dev/zero...",
        "error: /dev/zero is larger than 64 MB, the most lifepath reads from one JSON file. Give a character "
        "export, a campaign export or a build file.",
    ]


def test_check_of_an_export_says_it_replays_and_lists_every_problem(run_cli, tmp_path: Path) -> None:
    doc = export("d6-pool", 1)
    doc["sheet"]["extra"]["points"]["left"] = 6
    search = doc["sheet"]["extra"]["build"]["skills"].get("Search")
    doc["sheet"]["extra"]["build"]["skills"]["Search"] = 9
    path = write(tmp_path, doc)
    done = run_cli("check", path)
    assert done.returncode == 1
    assert done.stdout == (
        f"{path}: a character export, checked whole by replaying it as `lifepath verify` does "
        "and by D6 creation pool's build rules\n"
    )
    lines = done.stderr.splitlines()
    assert "differs: sheet.extra.points.left: 0 -> 6" in lines
    made = "missing (the replay makes" if search is None else f"{search} -> 9"
    assert any(x.startswith("differs: sheet.extra.build.skills.Search: ") and made in x for x in lines), lines
    assert any(x.startswith("violation: skill Search +9 is above the maximum") for x in lines), lines
    assert lines[-1] == f"{path}: {len(lines) - 1} problem(s); the export is not what its seed makes"


def test_check_of_an_untouched_lifepath_export_replays_it(run_cli, tmp_path: Path) -> None:
    path = write(tmp_path, export("wormwood-drift", 7))
    done = run_cli("check", "-", input=Path(path).read_text())
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "standard input: a character export, checked whole by replaying it as `lifepath verify` does",
        "standard input: identical: the seed and recorded decisions reproduce this character exactly",
    ]


def test_verify_from_a_terminal_says_it_is_reading_standard_input(tmp_path: Path) -> None:
    """A person who types `lifepath verify -` at a terminal is told it waits for them, on stderr."""
    pexpect = pytest.importorskip("pexpect", reason="needed in CI: pexpect is not installed")
    exe = Path(sys.executable).with_name("lifepath")
    if not exe.exists():
        pytest.skip("needs the installed lifepath script")
    child = pexpect.spawn(str(exe), ["verify", "-"], encoding="utf-8", timeout=120, cwd=str(tmp_path))
    child.delaybeforesend = None  # type at once: pexpect's default pause before each line adds up to seconds
    child.expect_exact("reading standard input... (end it with Ctrl-D)")
    child.setecho(False)
    for line in json.dumps(export("black-nova", 7), indent=2).splitlines():  # short lines, as a person types
        child.sendline(line)
    child.sendeof()
    child.expect_exact("standard input: identical")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_verify_a_campaign_as_json_and_a_stored_document_that_cannot_be_replayed(
    run_cli, run_in_process, tmp_path: Path
) -> None:
    """A stored character whose document cannot be replayed is one failed result; the others are still
    verified (a real SQLite file, written through the store as ``lifepath import`` leaves it)."""
    from lifepath.store import open_store
    from lifepath.store.models import CharacterRow

    from .conftest import REGISTRY

    db = str(tmp_path / "campaign.db")
    assert run_in_process("campaign", "new", "Spinward", "--db", db).returncode == 0  # set-up, in-process
    for seed in ("1", "2"):
        assert run_in_process("create", "--auto", "--seed", seed, "--campaign", "Spinward", "--db", db).returncode == 0
    with open_store(db, registry=REGISTRY) as store, store.write_session() as session:
        row = session.get(CharacterRow, 2)
        doc = json.loads(row.document)
        doc["history"] = []
        row.document = json.dumps(doc)
        session.add(row)
    done = run_cli("verify", "--campaign", "Spinward", "--json", "--db", db)
    assert done.returncode == 1, done.stderr
    results = json.loads(done.stdout)
    assert [(r["id"], r["identical"]) for r in results] == [(1, True), (2, False)]
    said = "cannot be replayed: character 2, at /history: the export's history is empty"
    assert results[1]["message"].startswith(said)
    text = run_cli("verify", "--campaign", "Spinward", "--db", db)
    assert text.returncode == 1
    assert "1 of 2 character(s) of campaign 'Spinward' replay exactly; 1 could not be replayed" in text.stdout
