"""lifepath-card-plugin: characters as index cards, a format added with ``lifepath_register_formats``.

Written from docs/plugins/formats.md alone. A card is five lines: the name, the ruleset and species, the
careers with their terms, the skills, and a rule. Any ruleset's characters fit (the sheet has these for
every ruleset), so the format supports all of them. A second format, ``headline``, is the first line of the
"1001 characters" block, so it asks the ruleset for that format's protocol (a ``text_1001`` method) and is
refused for rulesets without one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lifepath import hookimpl
from lifepath.formats.registry import Format


def card(ruleset: Any, character: Any, number: int) -> str:
    sheet = character.sheet
    careers = ", ".join(f"{c.name} ({c.terms})" for c in sheet.careers) or "no career"
    skills = ", ".join(f"{name} {level}" for name, level in sorted(sheet.skills.items())) or "no skills"
    return f"#{number} {sheet.name}\n{ruleset.name} / {sheet.species or '-'}\n{careers}\n{skills}\n----\n"


def headline(ruleset: Any, character: Any, number: int) -> str:
    return str(ruleset.text_1001(character, number)).splitlines()[0] + "\n"


@hookimpl
def lifepath_register_formats(register: Callable[[Format], None]) -> None:
    register(Format("card", "an index card", card, ".txt"))
    register(
        Format(
            "headline",
            "a headline",
            headline,
            ".txt",
            supports=lambda ruleset: callable(getattr(ruleset, "text_1001", None)),
            commands=("export",),
        )
    )
