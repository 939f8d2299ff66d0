"""The one way a name in a build is read: spacing trimmed and collapsed, letter case ignored.

Every place that reads a name from a person or a file (``lifepath check`` of a build or of a character
export, creation options such as ``--option class=...`` and ``--species``) goes through :func:`find`, so
``"Command:Rallying"``, ``"command : rallying"`` and ``"Command: Rallying"`` are one specialisation and a
rank cap cannot be dodged by writing a name twice in two spellings.
"""

from __future__ import annotations

from collections.abc import Iterable


def normalise(text: str) -> str:
    """Spaces trimmed and runs of spaces made one; a specialisation key is written ``"Skill: Specialisation"``.

    ``normalise("  Command :Rallying ") == "Command: Rallying"``.
    """
    if ":" in text:
        skill, _, spec = text.partition(":")
        return f"{' '.join(skill.split())}: {' '.join(spec.split())}"
    return " ".join(text.split())


def key(text: str) -> str:
    """What two spellings of one name have in common: normalised, then case-folded."""
    return normalise(text).casefold()


def find(names: Iterable[str], text: str) -> str | None:
    """The listed name that ``text`` spells (ignoring spacing and case), or ``None``."""
    wanted = key(text)
    return next((name for name in names if key(name) == wanted), None)


__all__ = ["find", "key", "normalise"]
