"""Command paths no other test reached, each through the installed ``lifepath`` with the exact text a user
sees: listings, the version, and the one-paragraph error of each mistake (exit code 2, nothing on
standard output, no traceback)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from lifepath import __version__

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"


def mistake(done) -> str:
    """The one error line of a user mistake."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stdout == "" and "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


def test_version(run_cli) -> None:
    done = run_cli("--version")
    assert done.returncode == 0 and done.stdout == f"lifepath {__version__}\n" and done.stderr == ""
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)


def test_schema_list_names_every_published_schema_with_its_title(run_cli) -> None:
    done = run_cli("schema", "list")
    assert done.returncode == 0, done.stderr
    expected = []
    for path in sorted(SCHEMAS.glob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        expected.append(f"{schema['$id']}  {schema['title']}")
    assert done.stdout.splitlines() == sorted(expected)
    assert "https://lifepath.example/schemas/nowhere-yet.career.schema.json  Nowhere Yet career" in expected


@pytest.mark.parametrize("command", [["campaign", "show"], ["campaign", "archive"]])
def test_campaign_commands_name_an_unknown_campaign(run_cli, tmp_path, command) -> None:
    db = tmp_path / "roster.db"
    assert run_cli("campaign", "new", "Spinward", "--db", str(db)).returncode == 0
    assert mistake(run_cli(*command, "Nope", "--db", str(db))) == (
        f"error: there is no campaign called 'Nope'. The campaigns in {db} are: Spinward."
    )
    empty = tmp_path / "empty.db"
    assert mistake(run_cli(*command, "Nope", "--db", str(empty))) == (
        f"error: there is no campaign called 'Nope'. {empty} has no campaigns yet; make one with "
        "`lifepath campaign new NAME`."
    )


@pytest.mark.parametrize(("ruleset", "name"), [("nowhere-yet", "Nowhere Yet"), ("wormwood-drift", "Wormwood Drift")])
def test_check_refuses_a_build_for_a_ruleset_that_is_not_a_point_build(run_cli, tmp_path, ruleset, name) -> None:
    (tmp_path / "b.json").write_text(json.dumps({"ruleset": ruleset}), encoding="utf-8")
    expected = (
        f"error: {name} is not a point-build ruleset; there is no build to check. Use `lifepath verify` to "
        "audit a lifepath character."
    )
    assert mistake(run_cli("check", "b.json")) == expected
    (tmp_path / "d6.json").write_text(json.dumps({"ruleset": "d6-pool"}), encoding="utf-8")
    assert mistake(run_cli("check", "d6.json", "--ruleset", ruleset)) == expected


def test_schema_validate_names_a_missing_path(run_cli, tmp_path) -> None:
    missing = tmp_path / "no-such-tables"
    assert mistake(run_cli("schema", "validate", str(missing))) == (
        f"error: {missing} does not exist. Give a table file, a folder of tables, or - for standard input."
    )


@pytest.mark.parametrize(
    ("compare", "message"),
    [
        (
            "max_terms=banana",
            "'banana' is not a value house rule 'max_terms' accepts. Use a whole number of at least 1 or none.",
        ),
        ("nonsense", "'nonsense' is not a house-rule setting. Write it as NAME=VALUE, e.g. --rule max_terms=4."),
        (
            "colour=blue",
            "there is no house rule called 'colour'. The rules of this ruleset are: characteristics, "
            "crisis, max_terms, survival_failure.",
        ),
    ],
)
def test_odds_names_a_bad_compare(run_cli, compare, message) -> None:
    assert mistake(run_cli("odds", "--count", "10", "--compare", compare)) == f"error: {message}"
