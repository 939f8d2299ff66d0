"""Determinism and the referee's audit: identical exports, and verify pinpointing an edit."""

from __future__ import annotations

import json
from pathlib import Path


def test_same_seed_rules_and_decisions_give_byte_identical_exports(run_cli) -> None:
    a = run_cli("create", "--auto", "--seed", "77", "--rule", "max_terms=4", "--json")
    b = run_cli("create", "--auto", "--seed", "77", "--rule", "max_terms=4", "--json")
    assert a.returncode == 0 and a.stdout == b.stdout
    c = run_cli("create", "--auto", "--seed", "78", "--rule", "max_terms=4", "--json")
    assert c.stdout != a.stdout


def test_provenance_records_what_made_the_character(run_cli) -> None:
    doc = json.loads(run_cli("create", "--auto", "--seed", "5", "--species", "avian", "--json").stdout)
    prov = doc["provenance"]
    assert prov["ruleset"] == {"id": "nowhere-yet", "version": "1.0.1"}
    assert prov["seed"] == 5 and prov["options"] == {"species": "avian"}
    assert prov["house_rules"]["max_terms"] == 7
    assert len(prov["tables_sha256"]) == 64
    assert {"name": "nowhere_yet", "version": prov["plugins"][0]["version"]} in prov["plugins"]
    assert prov["decisions"] == [
        [e["key"], e["answer"]] for e in doc["history"] if e["type"] == "decision" and not e.get("forced")
    ]


def test_verify_confirms_an_untouched_export(run_cli, tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    assert run_cli("create", "--auto", "--seed", "12", "--out", str(out)).returncode == 0
    result = run_cli("verify", str(out))
    assert result.returncode == 0 and "identical" in result.stdout


def test_verify_pinpoints_the_first_edited_event(run_cli, tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    run_cli("create", "--auto", "--seed", "12", "--out", str(out))
    doc = json.loads(out.read_text())
    index = next(
        i for i, e in enumerate(doc["history"]) if e["type"] == "throw" and e["purpose"].startswith("survival")
    )
    doc["history"][index]["faces"] = [6, 6]
    doc["history"][index]["total"] = 12
    out.write_text(json.dumps(doc, indent=2))
    result = run_cli("verify", str(out))
    assert result.returncode == 1
    assert f"history event {index + 1} (a throw for" in result.stdout
    assert "faces: " in result.stdout and "-> [6, 6]" in result.stdout


def test_verify_notices_an_edited_sheet(run_cli, tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    run_cli("create", "--auto", "--seed", "12", "--out", str(out))
    doc = json.loads(out.read_text())
    doc["sheet"]["credits"] += 1000000
    out.write_text(json.dumps(doc))
    result = run_cli("verify", str(out))
    assert result.returncode == 1 and "sheet.credits: " in result.stdout


def test_verify_rejects_a_file_that_is_not_an_export(run_cli, tmp_path: Path) -> None:
    junk = tmp_path / "junk.json"
    junk.write_text("[1, 2")
    result = run_cli("verify", str(junk))
    assert result.returncode == 2 and "not valid JSON" in result.stderr and "Traceback" not in result.stderr


def test_out_to_a_missing_folder_is_a_clear_error_and_writes_nothing(run_cli, tmp_path: Path) -> None:
    target = tmp_path / "no-such-folder" / "c.json"
    result = run_cli("create", "--auto", "--seed", "3", "--out", str(target))
    assert result.returncode == 2 and "cannot write" in result.stderr and "Traceback" not in result.stderr
    assert not target.parent.exists()
    existing = tmp_path / "kept.json"
    existing.write_text("old")
    assert run_cli("create", "--auto", "--seed", "3", "--out", str(existing)).returncode == 0
    assert existing.read_text().startswith("{") and not list(tmp_path.glob(".kept.json.*"))
