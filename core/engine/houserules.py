"""House rules: a ruleset's declaration, values from a campaign and the command line, and their checks.

A declaration is a JSON Schema object; each property is one rule with ``type``, ``default``,
``description`` and, as needed, ``enum``, ``minimum``, ``maximum``. Only that subset is used (the
meta-schema ``house-rules.schema.json`` keeps declarations inside it), so it is checked here without
importing ``jsonschema``.

A declaration may also state ``relations`` between its rules, a list of ``{"rule": A, "at_most": B}``
or ``{"rule": A, "at_least": B}``: whenever rules are resolved or set, the value of A must be at most
(at least) the value of B. A rule switched off (``none``) satisfies every relation.
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


#: each relation's words: the breach, the rule, and the fix for the rule itself and for the other rule
RELATIONS = {
    "at_most": ("above", "at most", "or less", "or more"),
    "at_least": ("below", "at least", "or more", "or less"),
}


def relations_of(declaration: Mapping[str, Any]) -> list[tuple[str, str, str]]:
    """The declaration's relations as ``(rule, "at_most" | "at_least", other rule)``."""
    out = []
    for relation in declaration.get("relations", ()):
        for kind in RELATIONS:
            if kind in relation:
                out.append((str(relation["rule"]), kind, str(relation[kind])))
    return out


def check_relations(declaration: Mapping[str, Any], values: Mapping[str, Any]) -> None:
    """Raise :class:`HouseRuleError` naming both rules and the fix when ``values`` break a relation."""
    for rule, kind, other in relations_of(declaration):
        for name in (rule, other):
            if name not in values:
                raise HouseRuleError(
                    f"the house-rule declaration relates '{name}', which it does not declare",
                    hint="fix the declaration's relations (a plugin author's mistake, not the referee's)",
                )
        a, b = values.get(rule), values.get(other)
        if a is None or b is None or isinstance(a, bool) or isinstance(b, bool):
            continue
        if (kind == "at_most" and a <= b) or (kind == "at_least" and a >= b):
            continue
        word, bound, mine, theirs = RELATIONS[kind]
        raise HouseRuleError(
            f"house rule {rule} ({a}) is {word} {other} ({b}), and {rule} must be {bound} {other}",
            hint=f"set {other} to {a} {theirs}, or {rule} to {b} {mine}",
        )


def check_together(declaration: Mapping[str, Any], stored: Mapping[str, Any]) -> None:
    """Check the relations of values about to be stored on a campaign (each already checked alone), with
    defaults for the rest; a stored name the ruleset no longer declares is left to :func:`resolve`."""
    rules = rules_of(declaration)
    values = {name: rule.get("default") for name, rule in rules.items()}
    values.update({name: value for name, value in stored.items() if name in rules})
    check_relations(declaration, values)


def describe_relations(declaration: Mapping[str, Any]) -> list[str]:
    """The relations in words, e.g. ``min_terms must be at most max_terms``."""
    return [f"{rule} must be {RELATIONS[kind][1]} {other}" for rule, kind, other in relations_of(declaration)]


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
    check_relations(declaration, values)
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
