"""lifepath's own formats for other tools, registered through ``lifepath_register_formats`` as a plugin's are.

Each asks the ruleset for its own small protocol: a twodsix actor needs ``foundry_actor(character)``
(an :class:`~lifepath.formats.foundry.ActorData`), a "1001 characters" block ``text_1001(character,
number)``. Rulesets without the method are refused by the format (see :meth:`Format.require`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from lifepath.formats.registry import Format
from lifepath.hookspecs import hookimpl

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.ruleset import Ruleset


def _has(method: str) -> Callable[[Ruleset], bool]:
    return lambda ruleset: callable(getattr(ruleset, method, None))


def foundry(ruleset: Ruleset, character: Character, number: int) -> str:
    """A Foundry VTT actor of the twodsix system, as the JSON its "Import Data" reads."""
    from lifepath.formats.foundry import actor, to_json

    mapping: Any = ruleset
    return to_json(actor(mapping.foundry_actor(character)))


def thousand(ruleset: Ruleset, character: Character, number: int) -> str:
    """The "1001 characters" text block, numbered ``number``."""
    mapping: Any = ruleset
    return str(mapping.text_1001(character, number))


@hookimpl
def lifepath_register_formats(register: Callable[[Format], None]) -> None:
    register(
        Format(
            "foundry",
            "a Foundry VTT (twodsix) actor",
            foundry,
            ".json",
            folder=True,
            supports=_has("foundry_actor"),
            commands=("export",),
        )
    )
    register(Format("1001", 'a "1001 characters" text block', thousand, ".txt", supports=_has("text_1001")))
