"""A data-only career folder (manifest.json + tables, nothing executed): it works when right, and a typo in
a table is reported with the file, the line and the JSON pointer by `create --content` and by
`schema validate`, while lifepath carries on without the folder."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
COURIER = REPO / "docs" / "plugins" / "tutorial" / "lifepath_tutorial" / "data" / "courier.json"

CLI = Callable[..., subprocess.CompletedProcess[str]]

MANIFEST = {
    "$schema": "https://lifepath.example/schemas/content-manifest.schema.json",
    "name": "couriers",
    "version": "1.0.0",
    "description": "The Courier career, as data only.",
    "ruleset": "nowhere-yet",
    "requires": ">=1.0,<2",
    "careers": ["careers/courier.json"],
}


def content_folder(root: Path, career_text: str, **manifest: object) -> Path:
    folder = root / "couriers"
    (folder / "careers").mkdir(parents=True)
    (folder / "manifest.json").write_text(json.dumps({**MANIFEST, **manifest}, indent=2) + "\n")
    (folder / "careers" / "courier.json").write_text(career_text)
    return folder


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_a_valid_content_folder_adds_its_career(run_cli: CLI, tmp_path: Path) -> None:
    folder = content_folder(tmp_path, COURIER.read_text())
    checked = run_cli("schema", "validate", str(folder))
    assert checked.returncode == 0 and "2 file(s) valid" in checked.stdout
    made = run_cli("create", "--auto", "--seed", "3", "--content", str(folder), "--career", "Courier", "--json")
    assert made.returncode == 0 and not made.stderr, made.stderr
    character = json.loads(made.stdout)
    assert {"name": "content:couriers", "version": "1.0.0"} in character["provenance"]["plugins"]
    decisions = [e for e in character["history"] if e["type"] == "decision" and e["key"] == "career"]
    assert decisions[0]["answer"] == "courier"


def test_a_typo_in_a_value_names_file_line_and_pointer(run_cli: CLI, tmp_path: Path) -> None:
    text = COURIER.read_text().replace('"survival": {"characteristic": "Int"', '"survival": {"characteristic": "Itn"')
    folder = content_folder(tmp_path, text)
    line = line_of(text, '"survival"')
    where = f"careers/courier.json, line {line}, at /survival/characteristic"

    made = run_cli("create", "--auto", "--seed", "3", "--content", str(folder), "--career", "Courier")
    assert made.returncode == 2, made.stdout
    warning = next(line for line in made.stderr.splitlines() if line.startswith("lifepath: warning:"))
    assert "plugin 'content:couriers' was skipped" in warning and where in warning
    assert '"Itn" is not allowed here' in warning and '"Int"' in warning
    assert "no career called 'Courier'" in made.stderr and "Traceback" not in made.stderr

    # without asking for its career, creation goes on without the folder, after the one warning
    carried_on = run_cli("create", "--auto", "--seed", "3", "--content", str(folder))
    assert carried_on.returncode == 0 and carried_on.stdout.count("\n") >= 3
    assert carried_on.stderr.count("lifepath: warning:") == 1 and where in carried_on.stderr

    checked = run_cli("schema", "validate", str(folder))
    assert checked.returncode == 1
    assert where in checked.stderr and '"Itn" is not allowed here' in checked.stderr
    assert "ok: " in checked.stdout and "manifest.json" in checked.stdout  # the manifest itself is fine


def test_a_misspelt_field_names_the_file_and_the_field(run_cli: CLI, tmp_path: Path) -> None:
    folder = content_folder(tmp_path, COURIER.read_text().replace('"survival":', '"survivl":'))
    checked = run_cli("schema", "validate", str(folder))
    assert checked.returncode == 1
    assert "careers/courier.json, line" in checked.stderr
    assert "at /survivl: the field 'survivl' is not one this table has" in checked.stderr
    line = next(
        i
        for i, text in enumerate((folder / "careers" / "courier.json").read_text().splitlines(), 1)
        if "survivl" in text
    )
    assert f"courier.json, line {line}, at /survivl" in checked.stderr
    made = run_cli("create", "--auto", "--content", str(folder), "--career", "Courier")
    assert made.returncode == 2 and "careers/courier.json" in made.stderr and "content:couriers" in made.stderr


def test_a_bad_manifest_is_an_error_naming_it(run_cli: CLI, tmp_path: Path) -> None:
    folder = content_folder(tmp_path, COURIER.read_text(), ruleset=7)
    made = run_cli("create", "--auto", "--content", str(folder))
    assert made.returncode == 2 and "manifest.json, line" in made.stderr and "at /ruleset" in made.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    missing = run_cli("create", "--auto", "--content", str(empty))
    assert missing.returncode == 2 and "has no manifest.json" in missing.stderr
