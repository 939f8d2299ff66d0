"""House rules: a ruleset's declaration, values from a campaign and the command line, and their checks.

A declaration is a JSON Schema object; each property is one rule with ``type``, ``default``,
``description`` and, as needed, ``enum``, ``minimum``, ``maximum``. Only that subset is used (the
meta-schema ``house-rules.schema.json`` keeps declarations inside it), so it is checked here without
importing ``jsonschema``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from lifepath.errors import HouseRuleError

_NULL_WORDS = {"none", "null", "off", "unlimited"}
_TRUE_WORDS = {"true", "yes", "on", "1"}
_FALSE_WORDS = {"false", "no", "off", "0"}


def rules_of(declaration: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    return dict(declaration.get("properties", {}))


def _types(rule: Mapping[str, Any]) -> list[str]:
    t = rule.get("type", "string")
    return [t] if isinstance(t, str) else list(t)


def allowed(rule: Mapping[str, Any]) -> str:
    """The allowed values of one rule, in words."""
    if "enum" in rule:
        return "one of " + ", ".join("none" if v is None else str(v) for v in rule["enum"])
    parts = []
    types = _types(rule)
    if "integer" in types:
        lo, hi = rule.get("minimum"), rule.get("maximum")
        if lo is not None and hi is not None:
            parts.append(f"a whole number from {lo} to {hi}")
        elif lo is not None:
            parts.append(f"a whole number of at least {lo}")
        elif hi is not None:
            parts.append(f"a whole number of at most {hi}")
        else:
            parts.append("a whole number")
    if "number" in types:
        parts.append("a number")
    if "boolean" in types:
        parts.append("true or false")
    if "string" in types:
        parts.append("any text")
    if "null" in types:
        parts.append("none")
    return " or ".join(parts)


def coerce(name: str, rule: Mapping[str, Any], text: str) -> Any:
    """Turn command-line text into a value of the rule's declared type."""
    types = _types(rule)
    word = text.strip()
    low = word.lower()
    if "null" in types and low in _NULL_WORDS:
        return None
    if "enum" in rule:
        for v in rule["enum"]:
            if v is not None and str(v).lower() == low:
                return v
    if "integer" in types:
        try:
            return int(word)
        except ValueError:
            pass
    if "number" in types:
        try:
            return float(word)
        except ValueError:
            pass
    if "boolean" in types:
        if low in _TRUE_WORDS:
            return True
        if low in _FALSE_WORDS:
            return False
    if "string" in types:
        return word
    raise HouseRuleError(f"'{word}' is not a value house rule '{name}' accepts", hint=f"use {allowed(rule)}")


def check(name: str, rule: Mapping[str, Any], value: Any) -> None:
    """Raise :class:`HouseRuleError` unless ``value`` is allowed for the rule."""
    types = _types(rule)
    ok_type = (
        (value is None and "null" in types)
        or (isinstance(value, bool) and "boolean" in types)
        or (isinstance(value, int) and not isinstance(value, bool) and ("integer" in types or "number" in types))
        or (isinstance(value, float) and "number" in types)
        or (isinstance(value, str) and "string" in types)
    )
    if "enum" in rule and value in rule["enum"]:
        return
    if not ok_type or ("enum" in rule and value not in rule["enum"]):
        raise HouseRuleError(f"{value!r} is not allowed for house rule '{name}'", hint=f"use {allowed(rule)}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        lo, hi = rule.get("minimum"), rule.get("maximum")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise HouseRuleError(f"{value} is out of range for house rule '{name}'", hint=f"use {allowed(rule)}")


def parse_pairs(pairs: Iterable[str]) -> list[tuple[str, str]]:
    """Split ``name=value`` strings from ``--rule``."""
    out = []
    for pair in pairs:
        if "=" not in pair:
            raise HouseRuleError(
                f"'{pair}' is not a house-rule setting", hint="write it as NAME=VALUE, e.g. --rule max_terms=4"
            )
        name, value = pair.split("=", 1)
        out.append((name.strip(), value))
    return out


def resolve(
    declaration: Mapping[str, Any],
    stored: Mapping[str, Any] | None = None,
    overrides: Iterable[str] = (),
) -> dict[str, Any]:
    """Every declared rule with its value: the default, then ``stored`` values, then ``--rule`` text.

    Stored values are checked again (a campaign made under an older declaration may hold one that is no
    longer allowed).
    """
    rules = rules_of(declaration)
    values = {name: rule.get("default") for name, rule in sorted(rules.items())}
    for name, value in (stored or {}).items():
        rule = _known(rules, name)
        check(name, rule, value)
        values[name] = value
    for name, text in parse_pairs(overrides):
        rule = _known(rules, name)
        value = coerce(name, rule, text)
        check(name, rule, value)
        values[name] = value
    return values


def set_value(declaration: Mapping[str, Any], name: str, text: str) -> Any:
    """Coerce and check one value for storing in a campaign."""
    rule = _known(rules_of(declaration), name)
    value = coerce(name, rule, text)
    check(name, rule, value)
    return value


def _known(rules: Mapping[str, dict[str, Any]], name: str) -> dict[str, Any]:
    if name not in rules:
        known = ", ".join(sorted(rules)) or "none"
        raise HouseRuleError(f"there is no house rule called '{name}'", hint=f"the rules of this ruleset are: {known}")
    return rules[name]
