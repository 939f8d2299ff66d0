"""Briefs: ``generate --format jsonl`` writes each character's sheet and provenance (format
``lifepath.character-brief/1``) unless ``--history``; ``verify`` and ``check`` rebuild a brief's history by
replay and compare the rest; ``verify FILE.jsonl`` replays every line; a campaign still stores full
documents."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from lifepath.replay import brief
from lifepath.tables import Table
from lifepath.testing import make_registry
from lifepath.validation import Validator

REGISTRY = make_registry()
RULESETS = ("nowhere-yet", "wormwood-drift", "d6-pool", "black-nova")


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def batch(cli, ruleset: str, *extra: str, count: int = 4) -> list[dict]:
    return lines(
        ok(cli("generate", "--count", str(count), "--seed", "21", "--ruleset", ruleset, "--format", "jsonl", *extra))
    )


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_brief_is_the_full_export_without_its_history_and_rebuilds_it(cli, ruleset: str) -> None:
    briefs, full = batch(cli, ruleset), batch(cli, ruleset, "--history")
    validator = Validator()
    for short, whole in zip(briefs, full, strict=True):
        assert list(short) == ["$schema", "format", "sheet", "provenance"]
        assert short["format"] == brief.FORMAT and short["$schema"] == brief.SCHEMA_ID
        assert whole["format"] == "lifepath.character/1" and whole["history"]
        assert (short["sheet"], short["provenance"]) == (whole["sheet"], whole["provenance"])
        assert validator.errors(Table("brief", json.dumps(short), short, "")) == []  # by its own $schema
        assert brief.rebuild(REGISTRY, short) == whole  # the history, event for event


def test_briefs_are_the_same_for_any_number_of_workers_and_much_smaller(cli) -> None:
    args = ("generate", "--count", "250", "--seed", "8", "--format", "jsonl")
    one = ok(cli(*args, "--workers", "1"))
    assert one == ok(cli(*args, "--workers", "2"))
    assert 3 * len(one) < len(ok(cli(*args, "--history")))


def test_verify_and_check_replay_a_brief(cli, tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    path.write_text(json.dumps(batch(cli, "nowhere-yet")[1]), encoding="utf-8")
    assert "identical" in ok(cli("verify", str(path)))
    assert "identical" in ok(cli("check", str(path)))
    said = json.loads(ok(cli("verify", str(path), "--json")))
    assert said[0]["identical"] is True


def test_a_black_nova_brief_is_checked_as_a_build_too(cli, tmp_path: Path) -> None:
    path = tmp_path / "bn.json"
    path.write_text(json.dumps(batch(cli, "black-nova")[0]), encoding="utf-8")
    assert "identical" in ok(cli("check", str(path)))
    verdict = brief.verify(REGISTRY, json.loads(path.read_text(encoding="utf-8")))
    assert verdict.identical, verdict.message


def test_an_edited_brief_differs_field_by_field(cli, tmp_path: Path) -> None:
    record = batch(cli, "nowhere-yet")[0]
    record["sheet"]["age"] += 4
    record["sheet"]["skills"]["Gambling"] = 3
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = cli("verify", str(path))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"sheet.age: {record['sheet']['age'] - 4} -> {record['sheet']['age']}" in done.stdout
    assert "sheet.skills" in done.stdout and "Gambling" in done.stdout


def test_a_brief_with_tampered_decisions_says_where_the_replay_stops(cli, tmp_path: Path) -> None:
    record = batch(cli, "nowhere-yet")[0]
    record["provenance"]["decisions"][2][1] = "no-such-answer"
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = cli("verify", str(path))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "no-such-answer" in done.stdout


def test_a_brief_whose_seed_is_not_a_seed_is_refused_naming_the_field(cli, tmp_path: Path) -> None:
    record = batch(cli, "nowhere-yet")[0]
    record["provenance"]["seed"] = "seven"
    path = tmp_path / "seedless.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = cli("verify", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "/provenance" in done.stderr and str(path) in done.stderr


def test_verify_a_jsonl_file_replays_every_line(cli, tmp_path: Path) -> None:
    ok(cli("generate", "--count", "6", "--seed", "4", "--format", "jsonl", "--out", "npcs.jsonl"))
    said = ok(cli("verify", "npcs.jsonl", "--each")).splitlines()
    assert len(said) == 7 and said[-1] == "6 of 6 character(s) in npcs.jsonl replay exactly"
    assert said[0].startswith("npcs.jsonl line 1 (") and "identical" in said[0]
    # full exports too, and a line edited or damaged is one result that differs
    full = ok(cli("generate", "--count", "3", "--seed", "4", "--format", "jsonl", "--history")).splitlines()
    edited = json.loads(full[1])
    edited["sheet"]["credits"] += 1
    (tmp_path / "mixed.jsonl").write_text("\n".join([full[0], json.dumps(edited), "{oops", ""]), encoding="utf-8")
    done = cli("verify", "mixed.jsonl")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    out = done.stdout.splitlines()  # only the lines that fail, and the summary
    assert out[0].startswith("mixed.jsonl line 2 (") and "sheet.credits" in done.stdout
    assert "identical" not in done.stdout and "line 1" not in done.stdout
    assert "mixed.jsonl line 3: cannot be replayed" in done.stdout and "not valid JSON" in done.stdout
    assert out[-1] == "1 of 3 character(s) in mixed.jsonl replay exactly; 1 differ; 1 could not be replayed"
    results = json.loads(cli("verify", "mixed.jsonl", "--json").stdout)
    assert [(r["line"], r["identical"]) for r in results] == [(1, True), (2, False), (3, False)]


def test_verify_refuses_a_campaign_export_given_as_a_file_of_characters(cli) -> None:
    ok(cli("campaign", "new", "Few"))
    ok(cli("generate", "--count", "2", "--seed", "1", "--campaign", "Few"))
    ok(cli("export", "--campaign", "Few", "--out", "few.jsonl"))
    done = cli("verify", "few.jsonl")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "this is a campaign export" in done.stderr and "lifepath import" in done.stderr


def test_history_is_only_for_jsonl(cli) -> None:
    done = cli("generate", "--count", "2", "--format", "csv", "--history")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "--history is for --format jsonl" in done.stderr


def test_import_refuses_a_brief_with_the_commands_that_make_a_full_export(cli, tmp_path: Path) -> None:
    ok(cli("campaign", "new", "Crew"))
    (tmp_path / "one.json").write_text(json.dumps(batch(cli, "nowhere-yet")[0]), encoding="utf-8")
    done = cli("import", "one.json", "--campaign", "Crew")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "character brief" in done.stderr and "--history" in done.stderr


def test_a_campaign_keeps_the_history_while_the_file_holds_briefs(cli, tmp_path: Path) -> None:
    ok(cli("campaign", "new", "Dock"))
    ok(cli("generate", "--count", "3", "--seed", "2", "--campaign", "Dock", "--format", "jsonl", "--out", "dock.jsonl"))
    written = lines((tmp_path / "dock.jsonl").read_text(encoding="utf-8"))
    assert all(r["format"] == brief.FORMAT for r in written)
    stored = json.loads(ok(cli("export", "1")))
    assert stored["format"] == "lifepath.character/1" and stored["history"]
    assert (stored["sheet"], stored["provenance"]) == (written[0]["sheet"], written[0]["provenance"])
    assert stored["history"] == brief.rebuild(REGISTRY, written[0])["history"]
    shown = ok(cli("show", "1", "--history"))
    assert len(shown.splitlines()) > 20
    assert "3 of 3 character(s) of campaign 'Dock' replay exactly" in ok(cli("verify", "--campaign", "Dock"))


def test_a_brief_is_rebuilt_with_the_content_it_records_not_what_is_loaded_since(cli, tmp_path: Path) -> None:
    # the couriers folder adds a career to every career menu: a brief made without it must replay without it
    couriers = str(Path(__file__).resolve().parents[2] / "examples" / "couriers")
    briefs = batch(cli, "nowhere-yet", count=6)
    path = tmp_path / "briefs.jsonl"
    path.write_text("".join(json.dumps(b) + "\n" for b in briefs), encoding="utf-8")
    said = ok(cli("verify", str(path), "--content", couriers, "--each"))
    assert said.count("identical") == 6, said
    # and one made with the folder names it when it is not there
    with_couriers = batch(cli, "nowhere-yet", "--content", couriers, count=1)[0]
    one = tmp_path / "one.json"
    one.write_text(json.dumps(with_couriers), encoding="utf-8")
    refused = cli("verify", str(one))
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "made with the plugin 'content:couriers' 1.0.0, and it is not installed" in refused.stderr
    assert "--content PATH" in refused.stderr
