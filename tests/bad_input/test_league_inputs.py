"""The hostile inputs of the league test (issue 26) that gave a traceback or an unclear message, each now
one paragraph naming the file, the line and the limit: JSON nested too deep, a device or a pipe with no
end, ids beyond 64 bits, a bad seed, a plugin whose distribution is not recorded, and warnings repeated
for every character of an import.

Most cases run in this process against a real SQLite file; the few that are about the command itself (a
device, a pipe, an id the shell passes) run the real ``lifepath`` command.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from lifepath.errors import LifepathError, UnknownName
from lifepath.host.registry import Registry
from lifepath.support.files import MAX_JSON_DEPTH
from lifepath.testing import create_character, make_registry

BIG_IDS = [2**63, 2**64, -(2**63) - 1]


def lifepath() -> list[str]:
    script = Path(sys.executable).with_name("lifepath")
    return [str(script)] if script.exists() else [sys.executable, "-c", "from lifepath.cli.main import run; run()"]


def run(*args: str, db: Path, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "LIFEPATH_DB"}
    env["LIFEPATH_DB"] = str(db)
    return subprocess.run([*lifepath(), *args], capture_output=True, text=True, env=env, timeout=300, **kwargs)


def one_paragraph(done: subprocess.CompletedProcess[str], code: int, *words: str) -> str:
    assert done.returncode == code, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "Error" not in done.stderr, done.stderr
    text = " ".join(done.stderr.split())
    for word in words:
        assert word in text, (word, text)
    return text


@pytest.fixture(scope="module")
def registry() -> Registry:
    return make_registry()


@pytest.fixture(scope="module")
def league(tmp_path_factory: pytest.TempPathFactory, registry: Registry) -> dict[str, Any]:
    """Made once: a store with campaign 'Mixed' of three characters, the second made under max_terms=4
    (the others under the default), and its export."""
    from lifepath.store import exchange, open_store
    from lifepath.store.models import CampaignCreate

    folder = tmp_path_factory.mktemp("league")
    db = folder / "league.db"
    with open_store(str(db), registry=registry) as store:
        store.new_campaign(CampaignCreate(name="Mixed", ruleset="nowhere-yet", house_rules={}))
        for seed, rules in ((1, {}), (2, {"max_terms": 4}), (3, {})):
            store.add_character("Mixed", create_character(registry, "nowhere-yet", seed=seed, rules=rules))
        export = folder / "mixed.jsonl"
        export.write_text(exchange.export_campaign(store, "Mixed"), encoding="utf-8")
    return {"db": db, "export": export, "lines": export.read_text(encoding="utf-8").splitlines()}


@pytest.fixture
def store(tmp_path: Path, registry: Registry) -> Any:
    from lifepath.store import open_store

    with open_store(str(tmp_path / "fresh.db"), registry=registry) as opened:
        yield opened


def changed(league: dict[str, Any], tmp_path: Path, index: int, change: Any, name: str = "changed.jsonl") -> Path:
    """The export with line ``index`` (0: the header) replaced by ``change(its data)`` (a dict, or raw text)."""
    lines = list(league["lines"])
    new = change(json.loads(lines[index]))
    lines[index] = new if isinstance(new, str) else json.dumps(new, separators=(",", ":"))
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def nested(depth: int) -> Any:
    return json.loads("[" * depth + "]" * depth)


# -- JSON nested too deep --------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [5000, 300], ids=["too-deep-to-parse", "parses"])
def test_a_line_nested_too_deep_is_one_paragraph_naming_file_line_and_limit(
    store: Any, league: dict[str, Any], tmp_path: Path, depth: int
) -> None:
    from lifepath.store import exchange

    if depth > 1000:  # beyond what json.loads can follow: the raw line
        path = changed(league, tmp_path, 2, lambda d: json.dumps(d)[:-1] + ',"x":' + "[" * depth + "]" * depth + "}")
    else:
        path = changed(league, tmp_path, 2, lambda d: {**d, "notes": nested(depth)})
    with pytest.raises(LifepathError) as caught:
        exchange.import_file(store, path, "Copy")
    text = caught.value.paragraph()
    assert text.startswith(f"{path}, line 3: character 2")
    assert f"nest more than {MAX_JSON_DEPTH} deep" in text
    assert [c.name for c in store.campaigns()] == []


def test_a_character_file_or_header_nested_too_deep_is_refused(
    store: Any, league: dict[str, Any], tmp_path: Path
) -> None:
    from lifepath.store import exchange

    character = json.loads(league["lines"][1])["character"]
    text = json.dumps(character, indent=1)
    deep = tmp_path / "deep.json"
    deep.write_text(text[:-1] + ',\n"x": ' + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    with pytest.raises(LifepathError) as caught:
        exchange.import_file(store, deep, "Mixed")
    assert caught.value.file == str(deep) and caught.value.line == text.count("\n") + 2
    header = changed(league, tmp_path, 0, lambda d: {**d, "x": nested(5000 // 10)}, "header.jsonl")
    with pytest.raises(LifepathError, match=f"more than {MAX_JSON_DEPTH} deep") as caught:
        exchange.import_file(store, header)
    assert (caught.value.file, caught.value.line) == (str(header), 1)


def test_schema_validate_and_sheet_refuse_deep_files_and_devices(tmp_path: Path) -> None:
    first = tmp_path / "first.json"
    first.write_text('{"$schema": "x",\n"a": ' + "[" * 5000 + "]" * 5000 + "}", encoding="utf-8")
    second = tmp_path / "second.json"
    second.write_text('{\n\n"a": ' + json.dumps(nested(300)) + "}", encoding="utf-8")
    done = run("schema", "validate", str(first), str(second), "/dev/zero", db=tmp_path / "none.db")
    text = one_paragraph(done, 1, "3 problem(s) in 3 file(s)", "/dev/zero is larger than 64 MB")
    for path in (first, second):
        assert f"{path}, line {2 if path == first else 3}: arrays and objects nest more than 100 deep" in text
    sheet = run("sheet", "-", db=tmp_path / "none.db", input="[" * 5000 + "]" * 5000)
    one_paragraph(sheet, 2, "standard input nests arrays and objects more than 100 deep")


# -- a device or a pipe ----------------------------------------------------------------------------


def test_import_of_dev_zero_or_an_endless_pipe_stops_at_the_limit(tmp_path: Path) -> None:
    db = tmp_path / "roster.db"
    one_paragraph(
        run("import", "/dev/zero", "--campaign", "X", db=db),
        2,
        "/dev/zero is not a regular file",
        "more than the 32 MiB",
    )
    with subprocess.Popen(["head", "-c", "40M", "/dev/zero"], stdout=subprocess.PIPE) as zeros:
        done = run("import", "/dev/stdin", "--campaign", "X", db=db, stdin=zeros.stdout)
        assert zeros.stdout is not None
        zeros.stdout.close()
    one_paragraph(done, 2, "/dev/stdin is not a regular file", "32 MiB", "Save the export to a file")


def test_a_campaign_export_through_a_fifo_is_imported_whole(store: Any, league: dict[str, Any], tmp_path: Path) -> None:
    from lifepath.store import exchange

    fifo = tmp_path / "export.fifo"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(league["export"].read_bytes()))
    writer.start()
    try:
        report = exchange.import_file(store, fifo, "Copy")
    finally:
        writer.join(timeout=60)
    assert len(report.ids) == 3 and report.created_campaign


# -- ids beyond 64 bits ----------------------------------------------------------------------------


@pytest.mark.parametrize("character_id", BIG_IDS)
def test_an_id_beyond_64_bits_is_no_such_character(league: dict[str, Any], registry: Registry, character_id: int):
    from lifepath.store import open_store

    with open_store(str(league["db"]), registry=registry) as store:
        with pytest.raises(UnknownName, match=f"there is no character with id {character_id}"):
            store.character(character_id)
        with pytest.raises(UnknownName):
            store.delete_character(character_id)


@pytest.mark.parametrize(
    "command",
    [
        ["show", "ID"],
        ["delete", "ID", "--yes"],
        ["set-status", "ID", "dead"],
        ["rename", "ID", "Bob"],
        ["note", "ID", "hi"],
        ["sheet", "ID"],
        ["export", "ID"],
    ],
    ids=lambda c: c[0],
)
def test_every_command_taking_an_id_refuses_one_beyond_64_bits(league: dict[str, Any], command: list[str]) -> None:
    args = [str(2**63) if a == "ID" else a for a in command]
    done = run(*args, db=league["db"])
    one_paragraph(done, 2, f"there is no character with id {2**63}", "`lifepath roster` lists")


# -- seeds, plugins and warnings -------------------------------------------------------------------


@pytest.mark.parametrize("seed", [2**64, "x" * 500])
def test_a_bad_seed_names_the_file_line_and_pointer(store: Any, league: dict[str, Any], tmp_path: Path, seed: Any):
    from lifepath.store import exchange

    def bad(entry: dict[str, Any]) -> dict[str, Any]:
        entry["character"]["provenance"]["seed"] = seed
        return entry

    path = changed(league, tmp_path, 3, bad)
    with pytest.raises(LifepathError) as caught:
        exchange.import_file(store, path, "Copy")
    error = caught.value
    assert (error.file, error.line, error.pointer) == (str(path), 4, "/character/provenance/seed")
    assert error.message.startswith("character 3 (") and len(error.paragraph().replace(str(path), "FILE")) < 300


def test_a_missing_plugin_gives_no_placeholder_pip_command(registry: Registry) -> None:
    from lifepath.host.recorded import ContentMismatch
    from lifepath.replay import verify

    doc = create_character(registry, "nowhere-yet", seed=1).to_dict()
    doc["provenance"]["plugins"].append({"name": "ghost's; rm -rf", "version": "0.1.0"})
    with pytest.raises(ContentMismatch) as caught:
        verify(registry, doc)
    hint = caught.value.hint or ""
    assert "the plugin 'ghost's; rm -rf' at version 0.1.0" in hint
    assert "made before lifepath recorded which distribution a plugin came from" in hint
    assert "DISTRIBUTION" not in hint and "pip install" not in hint


def test_a_missing_plugin_s_recorded_distribution_is_a_shell_quoted_pip_command(registry: Registry) -> None:
    """An export of lifepath 0.2 records the distribution: the hint is a command a referee can paste, and a
    hostile name in the file stays one quoted word."""
    import shlex

    from lifepath.host.recorded import ContentMismatch
    from lifepath.replay import verify

    doc = create_character(registry, "nowhere-yet", seed=1).to_dict()
    doc["provenance"]["plugins"].append({"name": "ghost", "version": "0.1.0"})
    doc["provenance"]["distributions"] = {"ghost": "ghost-kit; rm -rf ~"}
    with pytest.raises(ContentMismatch) as caught:
        verify(registry, doc)
    hint = caught.value.hint or ""
    command = hint.split("`")[1]
    assert command == "pip install 'ghost-kit; rm -rf ~==0.1.0'"
    assert shlex.split(command) == ["pip", "install", "ghost-kit; rm -rf ~==0.1.0"]


def test_a_warning_for_every_character_is_said_once_and_characters_count_from_1(
    store: Any, league: dict[str, Any], tmp_path: Path
) -> None:
    from lifepath.store import exchange
    from lifepath.store.models import CampaignCreate

    report = exchange.import_file(store, league["export"], "Copy")  # made under the header's rules: {}
    (warning,) = report.warnings
    assert warning.startswith("character 2 (") and "was made under other house rules" in warning
    store.new_campaign(CampaignCreate(name="Capped", ruleset="nowhere-yet", house_rules={"max_terms": 3}))
    report = exchange.import_file(store, league["export"], "Capped", allow_duplicate=True)
    shown = sorted(report.warnings)
    assert len(shown) == 2, shown  # the two made under 7, once; the one made under 4
    assert shown[0].startswith("2 characters (1, 3 in the file) were made under other house rules")
    assert shown[1].startswith("character 2 (") and "was made under other house rules" in shown[1]


def test_repeated_warnings_name_the_characters_in_ranges() -> None:
    from lifepath.store.exchange import Said, said_once

    many = [Said(f"character {n}", n, "was odd", "were odd") for n in [*range(1, 3001), 3005, 3007]]
    assert said_once(many) == ["3,002 characters (1-3,000, 3,005, 3,007 in the file) were odd"]
    scattered = [Said(f"character {n}", n, "was odd", "were odd") for n in range(1, 40, 2)]
    (text,) = said_once(scattered)
    assert text.endswith("15, 17, 19, and 10 more in the file) were odd") and text.startswith("20 characters (1, 3,")
