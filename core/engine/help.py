"""Help for a person at a decision: the ruleset's words for the decision's key, each option's preview, and
the ruleset's glossary of terms.

A ruleset keeps its help in ``data/help.json`` (schema ``help.schema.json``), keyed by decision key, with
an optional ``glossary`` of the terms a new player meets. The
file is read only when a person asks for help, and is not one of the ruleset's creation tables, so it
is not part of a character's table digest: better help never changes a character.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any

from lifepath.decisions import Decision

if TYPE_CHECKING:
    from lifepath.ruleset import Ruleset


def _package(ruleset: Ruleset) -> str:
    name = type(ruleset).__module__
    try:
        module = importlib.import_module(name)
    except ImportError:
        return name
    return name if hasattr(module, "__path__") else name.rpartition(".")[0]


@cache
def help_data(package: str) -> dict[str, Any]:
    """The package's ``data/help.json``, validated against its schema (empty when it ships none): a ruleset
    may keep more help there than the decisions and the glossary (Black Nova's ``perk_words``)."""
    from importlib import resources

    from lifepath.tables import load_table

    try:
        if not resources.files(package).joinpath("data", "help.json").is_file():
            return {}
    except (ModuleNotFoundError, TypeError, ValueError):  # a ruleset defined outside any package
        return {}
    return dict(load_table(package, "data/help.json").data)


def _help(package: str) -> dict[str, dict[str, str]]:
    data = help_data(package)
    return {"decisions": dict(data.get("decisions", {})), "glossary": dict(data.get("glossary", {}))}


def check_text(package: str) -> str:
    """How a check is rolled in play, in one line, from the package's ``help.json`` (``check``): every
    ruleset's full sheet says it."""
    return str(help_data(package).get("check", ""))


def decision_texts(ruleset: Ruleset) -> dict[str, str]:
    """The ruleset's help text for each decision key it declares (empty when it ships none)."""
    return _help(_package(ruleset)).get("decisions", {})


def glossary_terms(ruleset: Ruleset) -> dict[str, str]:
    """The ruleset's glossary: each term a new player meets, explained (empty when it ships none)."""
    return _help(_package(ruleset)).get("glossary", {})


def glossary(ruleset: Ruleset, term: str = "") -> str:
    """The glossary as lines (``term: meaning``), or only the terms containing ``term``."""
    terms = glossary_terms(ruleset)
    wanted = term.strip().lower()
    found = {k: v for k, v in sorted(terms.items(), key=lambda kv: kv[0].lower()) if wanted in k.lower()}
    if not terms:
        return f"({ruleset.name} ships no glossary yet)"
    if not found:
        return f"no term of {ruleset.name} contains '{term}'; the terms: " + ", ".join(sorted(terms, key=str.lower))
    return "\n".join(f"{name}: {text}" for name, text in found.items())


def explain(ruleset: Ruleset, decision: Decision) -> str:
    """Lines explaining ``decision``: what it means, then each option that carries a detail."""
    lines = []
    text = decision_texts(ruleset).get(decision.key)
    lines.append(text if text else f"(no help is written for '{decision.key}' yet)")
    details = [(i, o, o.previewed()) for i, o in enumerate(decision.options, 1)]
    shown = [(i, o, p.short()) for i, o, p in details if p is not None and p.short()]
    if shown:
        lines.append("Options:")
        lines.extend(
            f"  {i:>2}. {o.text()}: {short}" + (f" (cannot be taken now: {o.disabled})" if o.disabled else "")
            for i, o, short in shown
        )
        lines.append("?N (?1, ?2...) tells everything option N does for this character.")
    if decision.default:
        default = next((o.text() for o in decision.options if o.id == decision.default), decision.default)
        lines.append(f"Enter alone takes {default}.")
    return "\n".join(lines)
