"""CSV for spreadsheets: the documented columns for every ruleset, read back with the csv module (and
pandas when it is installed), golden files, and names with quotes, commas and non-ASCII surviving."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

SHARED = ["name", "ruleset", "species", "careers", "terms", "rank", "age", "cash", "debt", "pension", "status"]
#: each ruleset's own columns, as docs/formats.md documents them
OWN = {
    "nowhere-yet": ["Str", "Dex", "End", "Int", "Edu", "Soc"],
    "wormwood-drift": ["Might", "Agility", "Wits", "Presence"],
    "d6-pool": ["class", "Agility", "Stamina", "Strength", "Intellect", "Perception", "Presence"],
    "black-nova": ["Strength", "Dexterity", "Intelligence"],
}
#: shared columns a ruleset has nothing for: always empty
EMPTY = {
    "nowhere-yet": [],
    "wormwood-drift": [],
    "d6-pool": ["careers", "terms", "rank", "age", "cash", "debt", "pension"],
    "black-nova": ["species", "careers", "terms", "rank", "age", "cash", "debt", "pension"],
}


def generate(run_cli, ruleset: str, fmt: str, count: int = 6) -> str:
    done = run_cli("generate", "--count", str(count), "--seed", "11", "--ruleset", ruleset, "--format", fmt)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("ruleset", list(OWN))
def test_generate_writes_the_documented_columns_with_the_sheets_values(run_cli, fmt, ruleset: str) -> None:
    text = generate(run_cli, ruleset, "csv")
    fmt.golden(f"generate-{ruleset}.csv", text)
    reader = csv.DictReader(io.StringIO(text))
    assert reader.fieldnames == ["index", "seed", *SHARED, *OWN[ruleset], "skills"]
    rows = list(reader)
    characters = [json.loads(line) for line in generate(run_cli, ruleset, "jsonl").splitlines()]
    assert len(rows) == len(characters) == 6
    for row, character in zip(rows, characters, strict=True):
        sheet = character["sheet"]
        assert row["name"] == sheet["name"] and row["ruleset"] == ruleset
        assert all(row[c] == "" for c in EMPTY[ruleset])
        skills = dict(part.rsplit("-", 1) for part in row["skills"].split(", ")) if row["skills"] else {}
        assert {k: int(v) for k, v in skills.items()} == sheet["skills"]
        if ruleset == "d6-pool":
            assert all(row[a].endswith(("D", "D+1", "D+2")) for a in OWN[ruleset][1:])
            assert row["class"] == sheet["extra"]["class"]
        else:
            assert {a: int(row[a]) for a in OWN[ruleset]} == {a: sheet["characteristics"][a] for a in OWN[ruleset]}
        if ruleset in ("nowhere-yet", "wormwood-drift"):
            assert int(row["age"]) == sheet["age"] and int(row["cash"]) == sheet["credits"]
            assert int(row["terms"]) == sum(c["terms"] for c in sheet["careers"])
            assert row["careers"] == ", ".join(c["name"] for c in sheet["careers"])
            assert int(row["debt"]) == sum(d["amount"] for d in sheet["debts"])


@pytest.mark.parametrize("ruleset", list(OWN))
def test_pandas_reads_the_same_table(run_cli, ruleset: str) -> None:
    pandas = pytest.importorskip("pandas", reason="pandas is not installed; the csv-module test covers the format")
    text = generate(run_cli, ruleset, "csv")
    frame = pandas.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
    assert list(frame.columns) == ["index", "seed", *SHARED, *OWN[ruleset], "skills"]
    assert frame.to_dict("records") == list(csv.DictReader(io.StringIO(text)))


def test_the_roster_as_csv_survives_quotes_commas_and_non_ascii(run_cli, run_in_process, tmp_path: Path) -> None:
    for name, ruleset in (("Spinward", "nowhere-yet"), ("Pool", "d6-pool")):  # set-up, in-process
        assert run_in_process("campaign", "new", name, "--ruleset", ruleset).returncode == 0
        assert run_in_process("generate", "--count", "2", "--seed", "3", "--campaign", name).returncode == 0
    odd = 'Zoë "Ace" Ngata, Jr.\tof Ōtautahi'
    assert run_in_process("rename", "1", odd).returncode == 0
    done = run_cli("roster", "--format", "csv")
    assert done.returncode == 0, done.stderr
    rows = list(csv.DictReader(io.StringIO(done.stdout)))
    header = ["id", "campaign", "player", "roster_status", *SHARED, *OWN["nowhere-yet"], *OWN["d6-pool"]]
    assert list(rows[0]) == [*dict.fromkeys(header), "skills"]
    assert [r["id"] for r in rows] == ["1", "2", "3", "4"]
    # standard output shows a control character in a name escaped, as every text output does (lifepath.support.text)
    assert rows[0]["name"] == odd.replace("\t", "\\t")
    assert rows[0]["roster_status"] == "npc" and rows[0]["status"] == "alive"
    assert rows[2]["Str"] == "" and rows[0]["class"] == ""


def test_skill_columns_give_one_column_per_skill(run_cli, run_in_process) -> None:
    assert run_in_process("campaign", "new", "Spinward").returncode == 0  # set-up, in-process
    assert run_in_process("generate", "--count", "4", "--seed", "3", "--campaign", "Spinward").returncode == 0
    wide = run_cli("roster", "Spinward", "--format", "csv", "--skill-columns")
    narrow = run_cli("roster", "Spinward", "--format", "csv")
    assert wide.returncode == narrow.returncode == 0
    wide_rows = list(csv.DictReader(io.StringIO(wide.stdout)))
    narrow_rows = list(csv.DictReader(io.StringIO(narrow.stdout)))
    fixed = ["id", "campaign", "player", "roster_status", *SHARED, *OWN["nowhere-yet"]]
    skill_names = list(wide_rows[0])[len(fixed) :]
    assert skill_names == sorted(skill_names) and "skills" not in skill_names
    for w, n in zip(wide_rows, narrow_rows, strict=True):
        expected = dict(part.rsplit("-", 1) for part in n["skills"].split(", "))
        assert {k: w[k] for k in skill_names if w[k] != ""} == expected


def test_an_unknown_roster_format_is_one_message(run_cli) -> None:
    done = run_cli("roster", "--format", "xlsx")
    assert done.returncode == 2 and "'xlsx' is not a roster format" in done.stderr
