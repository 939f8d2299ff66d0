"""House-rule declarations, values from campaigns and --rule, and their error messages."""

from __future__ import annotations

import pytest

from lifepath import houserules
from lifepath.errors import HouseRuleError
from lifepath.testing import make_registry

DECL = make_registry("nowhere_yet").declaration("nowhere-yet")


def test_defaults_are_the_printed_rules() -> None:
    rules = houserules.resolve(DECL)
    assert rules == {
        "characteristics": "in-order",
        "crisis": "medical-debt",
        "max_terms": 7,
        "survival_failure": "mishap",
    }


def test_campaign_then_command_line() -> None:
    rules = houserules.resolve(DECL, {"max_terms": 4}, ["survival_failure=death"])
    assert rules["max_terms"] == 4 and rules["survival_failure"] == "death"
    assert houserules.resolve(DECL, {"max_terms": 4}, ["max_terms=none"])["max_terms"] is None
    assert houserules.resolve(DECL, None, ["max_terms=12"])["max_terms"] == 12


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        ("max_terms=0", "0 is out of range for house rule 'max_terms'. Use a whole number of at least 1 or none"),
        (
            "max_terms=many",
            "'many' is not a value house rule 'max_terms' accepts. Use a whole number of at least 1 or none",
        ),
        ("survival_failure=maybe", "Use one of mishap, death"),
        (
            "max_turns=4",
            "there is no house rule called 'max_turns'. "
            "The rules of this ruleset are: characteristics, crisis, max_terms, survival_failure",
        ),
        ("max_terms", "'max_terms' is not a house-rule setting. Write it as NAME=VALUE"),
    ],
)
def test_bad_values_name_the_rule_and_the_allowed_values(pair: str, message: str) -> None:
    with pytest.raises(HouseRuleError) as err:
        houserules.resolve(DECL, None, [pair])
    assert message in err.value.paragraph()


def test_stored_values_are_checked_again() -> None:
    with pytest.raises(HouseRuleError, match="max_terms"):
        houserules.resolve(DECL, {"max_terms": -3})


def test_cli_rule_errors_exit_non_zero_without_traceback(run_cli) -> None:
    result = run_cli("create", "--auto", "--seed", "1", "--rule", "max_terms=-1")
    assert result.returncode == 2
    assert result.stderr.startswith("error: -1 is out of range for house rule 'max_terms'")
    assert "Traceback" not in result.stderr and result.stdout == ""
