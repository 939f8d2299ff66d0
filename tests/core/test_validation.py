"""Table validation: errors name the file, the line, the JSON pointer and what was expected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lifepath.errors import TableError
from lifepath.support.jsonpos import line_of
from lifepath.tables import load_table_file, parse_table
from lifepath.testing import assert_tables_valid
from lifepath.validation import Validator

NAVY = Path(__file__).parents[2] / "plugins" / "nowhere_yet" / "data" / "careers" / "navy.json"


def test_line_of_pointer() -> None:
    text = '{\n  "a": [\n    1,\n    {"b": 2}\n  ],\n  "c/d": 3\n}\n'
    assert line_of(text, "") == 1
    assert line_of(text, "/a") == 2
    assert line_of(text, "/a/1/b") == 4
    assert line_of(text, "/c~1d") == 6


def test_every_shipped_table_validates() -> None:
    for package in ("lifepath.plugins.nowhere_yet",):
        assert assert_tables_valid(package) >= 40


def test_invalid_table_error_names_file_line_pointer_and_expectation(tmp_path: Path) -> None:
    data = json.loads(NAVY.read_text())
    data["ranks"][3]["skill"]["level"] = "one"
    bad = tmp_path / "navy.json"
    bad.write_text(json.dumps(data, indent=2))
    errors = Validator().errors(load_table_file(bad))
    first = errors[0].paragraph()
    assert str(bad) in first and "/ranks/3/skill/level" in first
    expected_line = json.dumps(data, indent=2).splitlines().index('        "level": "one"') + 1
    assert f"line {expected_line}" in first


def test_broken_json_names_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{\n  "a": 1,\n  "b": 2\n  "c": 3\n}\n')
    with pytest.raises(TableError) as err:
        load_table_file(bad)
    assert err.value.line == 4 and "not valid JSON" in err.value.paragraph()


def test_unknown_schema_is_an_error() -> None:
    table = parse_table("x.json", '{"$schema": "https://example.com/nope.json"}')
    assert "is not one lifepath knows" in Validator().errors(table)[0].paragraph()


def test_schema_validate_command(run_cli, tmp_path: Path) -> None:
    ok = run_cli("schema", "validate", str(NAVY))
    assert ok.returncode == 0 and "1 file(s) valid" in ok.stdout
    data = json.loads(NAVY.read_text())
    data["survival"]["target"] = 40
    (tmp_path / "tables").mkdir()
    (tmp_path / "tables" / "navy.json").write_text(json.dumps(data, indent=2))
    bad = run_cli("schema", "validate", str(tmp_path / "tables"))
    assert bad.returncode == 1
    assert "/survival/target" in bad.stderr and "maximum of 15" in bad.stderr and "Traceback" not in bad.stderr
