"""The examples in docs/plugins/content.md, versions.md and tables.md, run or checked as written: the
shipped example content folder (examples/couriers) is the one content.md shows, each console block's
command prints what the block shows, and each JSON example validates against its schema."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
DOCS = REPO / "docs" / "plugins"
COURIERS = REPO / "examples" / "couriers"


def blocks(doc: str, language: str) -> list[str]:
    """The fenced code blocks of one language in a docs/plugins page, in order."""
    text = (DOCS / doc).read_text(encoding="utf-8")
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.M | re.S)


def console(doc: str, index: int) -> list[tuple[str, list[str]]]:
    """The commands of one ``console`` block, each with the output lines shown under it."""
    steps: list[tuple[str, list[str]]] = []
    for line in blocks(doc, "console")[index].splitlines():
        if line.startswith("$ "):
            steps.append((line[2:].split("  #")[0].strip(), []))
        else:
            steps[-1][1].append(line)
    return steps


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A copy of examples/couriers in a scratch folder (the tests run there, as `couriers`)."""
    return Path(shutil.copytree(COURIERS, tmp_path / "couriers"))


def ok(done) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def test_the_example_folder_is_the_one_the_page_shows() -> None:
    tree = blocks("content.md", "text")[0].split()
    assert tree == ["couriers/", "manifest.json", "careers/courier.json"]
    files = sorted(str(p.relative_to(COURIERS)) for p in COURIERS.rglob("*") if p.is_file())
    assert files == ["careers/courier.json", "manifest.json"]
    manifest = json.loads(blocks("content.md", "json")[0])
    assert json.loads((COURIERS / "manifest.json").read_text(encoding="utf-8")) == manifest


def test_using_it(run_cli, folder: Path) -> None:
    (validate, shown), (create, _) = console("content.md", 0)
    assert validate == "lifepath schema validate couriers"
    done = run_cli(*validate.split()[1:], cwd=folder.parent)
    assert ok(done).splitlines() == shown
    assert create == "lifepath create --auto --content couriers --career Courier"
    doc = json.loads(ok(run_cli(*create.split()[1:], "--seed", "1", "--json", cwd=folder.parent)))
    assert {"name": "content:couriers", "version": "1.0.0"} in doc["provenance"]["plugins"]
    assert doc["sheet"]["careers"][0]["career"] == "courier"


def test_in_a_campaign(run_cli, folder: Path, tmp_path: Path) -> None:
    steps = console("content.md", 1)
    assert [command for command, _ in steps] == [
        "lifepath campaign add-content Spinward couriers",
        "lifepath create --auto --campaign Spinward --career Courier",
        "lifepath campaign show Spinward",
        "lifepath campaign remove-content Spinward /home/ref/couriers",
    ]
    db = ["--db", str(tmp_path / "roster.db")]
    ok(run_cli("campaign", "new", "Spinward", *db))
    for command, shown in steps:
        args = command.replace("/home/ref/couriers", str(folder)).split()[1:]
        out = ok(run_cli(*args, *db, cwd=folder.parent))
        for line in shown:
            assert line.replace("/home/ref/couriers", str(folder)) in out.splitlines(), (command, out)
        if command.startswith("lifepath campaign show"):
            assert f"content:    {folder}  (content:couriers)" in out.splitlines()


def test_when_a_table_is_wrong(run_cli, folder: Path) -> None:
    career = folder / "careers" / "courier.json"
    text = career.read_text(encoding="utf-8")
    career.write_text(text.replace('"survival": {"characteristic": "Int"', '"survival": {"characteristic": "Itn"'))
    validated, created = blocks("content.md", "text")[1:3]
    done = run_cli("schema", "validate", "couriers", cwd=folder.parent)
    assert done.returncode == 1
    assert done.stderr.splitlines() == validated.splitlines()
    assert done.stdout.splitlines() == ["ok: couriers/manifest.json"]
    done = run_cli("create", "--auto", "--content", "couriers", "--career", "Courier", cwd=folder.parent)
    assert done.returncode == 2
    warning, error = created.replace("/home/ref/couriers", str(folder)).splitlines()
    lines = done.stderr.splitlines()
    assert lines[0] == warning
    assert error.endswith("...") and lines[1].startswith(error.removesuffix("..."))


def test_the_provenance_example_has_the_real_fields(run_cli) -> None:
    (example,) = [b for b in blocks("versions.md", "json") if b.startswith('"provenance"')]
    fields = re.findall(r'^  "([a-z_0-9]+)":', example, flags=re.M)
    doc = json.loads(ok(run_cli("create", "--auto", "--seed", "1", "--json")))
    # the example was made with a plugin not built in (uplift), so it ends with its distributions too
    assert fields == [*doc["provenance"], "distributions"]
    stated = re.search(r"Nowhere Yet is `([0-9.]+)`", (DOCS / "versions.md").read_text(encoding="utf-8"))
    assert stated is not None
    assert f'"ruleset": {{"id": "nowhere-yet", "version": "{stated[1]}"}}' in example
    assert doc["provenance"]["ruleset"] == {"id": "nowhere-yet", "version": stated[1]}
    assert f"Nowhere Yet {stated[1]} " in ok(run_cli("rulesets"))


def test_an_unreadable_requirement_is_refused_as_the_page_says(run_cli, folder: Path) -> None:
    manifest = folder / "manifest.json"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('">=1.0,<2"', '"at least 1"'), encoding="utf-8")
    done = run_cli("create", "--auto", "--seed", "1", "--content", "couriers", cwd=folder.parent)
    assert done.returncode == 0, done.stderr
    assert (
        "lifepath: warning: plugin 'content:couriers' was skipped: its lifepath_requires is unreadable: "
        "'at least 1' is not a version requirement." in done.stderr
    )


@pytest.mark.parametrize("index", [0, 1], ids=["career", "species"])
def test_the_table_examples_validate(run_cli, tmp_path: Path, index: int) -> None:
    text = blocks("tables.md", "json")[index]
    path = tmp_path / "example.json"
    path.write_text(text, encoding="utf-8")
    assert ok(run_cli("schema", "validate", str(path))).splitlines() == [f"ok: {path}", "1 file(s) valid"]
