"""House-rule declarations, values from campaigns and --rule, and their error messages."""

from __future__ import annotations

import pytest

from lifepath.engine import houserules
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


@pytest.mark.parametrize(
    ("rule", "words"),
    [
        ({"enum": ["mishap", None]}, "one of mishap, none"),
        ({"type": "integer", "minimum": 1, "maximum": 9}, "a whole number from 1 to 9"),
        ({"type": "integer", "minimum": 1}, "a whole number of at least 1"),
        ({"type": "integer", "maximum": 9}, "a whole number of at most 9"),
        ({"type": "integer"}, "a whole number"),
        ({"type": ["number", "null"]}, "a number or none"),
        ({"type": "boolean"}, "true or false"),
        ({}, "any text"),
    ],
)
def test_allowed_values_in_words(rule: dict[str, object], words: str) -> None:
    assert houserules.allowed(rule) == words


@pytest.mark.parametrize(
    ("rule", "text", "value"),
    [
        ({"type": ["integer", "null"]}, " Unlimited ", None),
        ({"type": ["integer", "null"]}, "4", 4),
        ({"enum": ["Mishap", "death"]}, "MISHAP", "Mishap"),
        ({"type": "number"}, "2.5", 2.5),
        ({"type": ["number", "boolean"]}, "yes", True),
        ({"type": "boolean"}, "Off", False),
        ({"type": "boolean"}, "1", True),
        ({"type": "string"}, "  free text ", "free text"),
        ({"type": ["integer", "string"]}, "none", "none"),
    ],
)
def test_coerce_reads_text_as_the_declared_type(rule: dict[str, object], text: str, value: object) -> None:
    got = houserules.coerce("r", rule, text)
    assert got == value and type(got) is type(value)


@pytest.mark.parametrize(
    ("rule", "text"),
    [({"type": "number"}, "lots"), ({"type": "boolean"}, "maybe"), ({"type": "integer", "enum": [1, 2]}, "b")],
)
def test_coerce_refuses_text_the_rule_cannot_take(rule: dict[str, object], text: str) -> None:
    with pytest.raises(HouseRuleError, match=f"'{text}' is not a value house rule 'r' accepts"):
        houserules.coerce("r", rule, text)


@pytest.mark.parametrize(
    ("rule", "value"),
    [
        ({"type": "integer", "minimum": 1, "maximum": 9}, 1),
        ({"type": "integer", "minimum": 1, "maximum": 9}, 9),
        ({"type": "number", "maximum": 2}, 2),
        ({"type": "number"}, 0.5),
        ({"type": "boolean"}, False),
        ({"type": "null"}, None),
        ({"enum": ["a", None]}, None),
        ({"type": "string"}, "x"),
    ],
)
def test_check_accepts_values_of_the_declared_type_within_bounds(rule: dict[str, object], value: object) -> None:
    houserules.check("r", rule, value)


@pytest.mark.parametrize(
    ("rule", "value"),
    [
        ({"type": "integer"}, True),
        ({"type": "integer"}, 1.5),
        ({"type": "integer"}, "1"),
        ({"type": "boolean"}, 1),
        ({"type": "string"}, None),
        ({"type": "number"}, "2"),
        ({"enum": ["a", "b"]}, "c"),
        ({"type": "integer", "minimum": 1}, 0),
        ({"type": "number", "maximum": 2}, 2.5),
    ],
)
def test_check_refuses_other_types_and_values_out_of_range(rule: dict[str, object], value: object) -> None:
    with pytest.raises(HouseRuleError, match="house rule 'r'"):
        houserules.check("r", rule, value)


def test_pairs_split_at_the_first_equals_sign() -> None:
    assert houserules.parse_pairs([" note = a=b", "x="]) == [("note", " a=b"), ("x", "")]


def test_set_value_coerces_and_checks_and_an_empty_declaration_says_none() -> None:
    assert houserules.set_value(DECL, "max_terms", "5") == 5
    with pytest.raises(HouseRuleError, match="out of range"):
        houserules.set_value(DECL, "max_terms", "0")
    with pytest.raises(HouseRuleError) as err:
        houserules.resolve({}, None, ["x=1"])
    assert "The rules of this ruleset are: none" in err.value.paragraph()
    assert houserules.resolve({}) == {}
