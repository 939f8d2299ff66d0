"""House rules that are fine alone but not together (issues 15 and 17): a declaration states relations
between its rules (Wormwood Drift: ``min_terms`` at most ``max_terms``), checked whenever rules are resolved
or set, so a campaign can no longer store rules under which every ``create`` fails."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from lifepath.engine import houserules
from lifepath.errors import HouseRuleError
from lifepath.testing import make_registry

Run = Callable[..., subprocess.CompletedProcess[str]]
WORMWOOD = make_registry("wormwood_drift").declaration("wormwood-drift")


def refused(done: subprocess.CompletedProcess[str], *words: str) -> str:
    """A user mistake: exit 2, one ``error:`` paragraph naming every word, no traceback."""
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


def stored_rules(run_cli: Run, db: Path, name: str) -> dict[str, Any]:
    rows = json.loads(ok(run_cli("campaign", "rules", name, "--json", "--db", str(db))))
    return {r["rule"]: r["value"] for r in rows if r["set_by_campaign"]}


# -- the declaration --------------------------------------------------------------------------------


def test_wormwood_declares_min_terms_at_most_max_terms() -> None:
    assert houserules.relations_of(WORMWOOD) == [("min_terms", "at_most", "max_terms")]


def test_relations_are_inside_the_meta_schema() -> None:
    meta = json.loads(resources.files("lifepath.schemas").joinpath("house-rules.schema.json").read_text())
    jsonschema.Draft202012Validator(meta).validate(wormwood_file())
    bad = {**wormwood_file(), "relations": [{"rule": "min_terms", "above": "max_terms"}]}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(meta).validate(bad)


def wormwood_file() -> dict[str, Any]:
    text = resources.files("lifepath.plugins.wormwood_drift").joinpath("data/house_rules.json").read_text()
    data: dict[str, Any] = json.loads(text)
    return data


# -- resolve checks them ----------------------------------------------------------------------------


def test_resolve_refuses_min_terms_above_max_terms_naming_both() -> None:
    with pytest.raises(HouseRuleError) as err:
        houserules.resolve(WORMWOOD, None, ["min_terms=5"])
    text = err.value.paragraph()
    assert "house rule min_terms (5) is above max_terms (3)" in text
    assert "Set max_terms to 5 or more, or min_terms to 3 or less" in text


def test_equal_values_and_a_rule_switched_off_pass() -> None:
    assert houserules.resolve(WORMWOOD, None, ["min_terms=3"])["min_terms"] == 3
    decl = {
        "type": "object",
        "relations": [{"rule": "low", "at_most": "high"}, {"rule": "high", "at_least": "low"}],
        "properties": {
            "low": {"type": "integer", "default": 1, "description": "low"},
            "high": {"type": ["integer", "null"], "default": 2, "description": "high"},
        },
    }
    assert houserules.resolve(decl, None, ["low=9", "high=none"]) == {"high": None, "low": 9}
    with pytest.raises(HouseRuleError, match="house rule high \\(2\\) is below low \\(9\\)"):
        houserules.resolve({**decl, "relations": decl["relations"][1:]}, None, ["low=9"])


def test_a_relation_naming_an_undeclared_rule_is_the_authors_mistake() -> None:
    decl = {**WORMWOOD, "relations": [{"rule": "min_terms", "at_most": "max_term"}]}
    with pytest.raises(HouseRuleError, match="relates 'max_term', which it does not declare"):
        houserules.resolve(decl)


# -- the commands -----------------------------------------------------------------------------------


def test_create_with_rules_that_conflict_is_refused(run_cli: Run) -> None:
    refused(
        run_cli("create", "--auto", "--seed", "1", "--ruleset", "wormwood-drift", "--rule", "min_terms=5"),
        "min_terms (5) is above max_terms (3)",
    )


def test_campaign_new_refuses_conflicting_rules_and_makes_nothing(
    run_cli: Run, run_in_process: Run, tmp_path: Path
) -> None:
    db = tmp_path / "c.db"
    refused(
        run_cli("campaign", "new", "Drift", "-r", "wormwood-drift", "--rule", "min_terms=4", "--db", str(db)),
        "min_terms (4) is above max_terms (3)",
        "Set max_terms to 4 or more",
    )
    assert "Drift" not in ok(run_in_process("campaign", "list", "--db", str(db)))  # read back in-process
    ok(
        run_cli(
            "campaign",
            "new",
            "Drift",
            "-r",
            "wormwood-drift",
            "--rule",
            "min_terms=4",
            "--rule",
            "max_terms=4",
            "--db",
            str(db),
        )
    )


def test_set_rule_and_unset_rule_refuse_a_conflict_and_store_nothing(
    run_cli: Run, run_in_process: Run, tmp_path: Path
) -> None:
    db = tmp_path / "c.db"
    # the campaign set up, and what it stores read back, in-process; the commands refused run the script
    ok(run_in_process("campaign", "new", "Drift", "-r", "wormwood-drift", "--rule", "max_terms=5", "--db", str(db)))
    refused(
        run_cli("campaign", "set-rule", "Drift", "min_terms", "6", "--db", str(db)),
        "min_terms (6) is above max_terms (5)",
    )
    refused(
        run_cli("campaign", "set-rule", "Drift", "max_terms", "1", "--db", str(db)),
        "min_terms (2) is above max_terms (1)",
    )
    assert stored_rules(run_in_process, db, "Drift") == {"max_terms": 5}
    ok(run_cli("campaign", "set-rule", "Drift", "min_terms", "5", "--db", str(db)))
    refused(
        run_cli("campaign", "unset-rule", "Drift", "max_terms", "--db", str(db)), "min_terms (5) is above max_terms (3)"
    )
    assert stored_rules(run_in_process, db, "Drift") == {"max_terms": 5, "min_terms": 5}
    ok(run_cli("create", "--auto", "--seed", "2", "--campaign", "Drift", "--db", str(db)))
    assert "Also: min_terms must be at most max_terms." in ok(run_cli("campaign", "rules", "Drift", "--db", str(db)))


def test_a_term_cap_far_beyond_the_table_names_the_rule_and_terms(run_cli: Run) -> None:
    done = run_cli(
        "create", "--auto", "--seed", "3", "--ruleset", "wormwood-drift", "--rule", "max_terms=50", "--terms", "40"
    )
    refused(
        done,
        "every Broad Skill is at rank 3",
        "house rule max_terms (now 50)",
        "--terms (now 40)",
        "the printed rule is 3 terms",
    )
