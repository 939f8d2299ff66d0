"""What ``lifepath odds`` tallies for a ruleset beyond careers, terms and ages: the outcomes it declares.

A ruleset returns them from :meth:`lifepath.Ruleset.tallies`, each a definition of one of three kinds:

* :class:`Labels`: each character has a set of labels (one class, several skills, the perks taken); the
  report counts the characters with each label. With ``by=True`` its labels are also *options*: the report
  gives, for each label, what the characters who have it ended with (every other outcome, counted over
  them only): the per-option tables.
* :class:`Numbers`: each character has whole numbers by name (each attribute, the points left); the report
  gives each name's mean and distribution, written with ``show`` (a die code, say).
* :class:`Share`: a yes or no for each character (points left unspent, a Hard Term served); the report
  gives the share of yes.

Each reads the finished character's *structured* facts: its decision events (``key``, ``options``,
``answer``), change events (``what``, ``from``, ``to``), crisis events (``kind``) and the sheet's fields,
never the words of a note, a purpose or a ``why``, so rewording a ruleset's text cannot move a figure. The
readers below cover the common cases; ``read`` may be any function of a :class:`~lifepath.Character`.
A reader is called once for each character of a batch: keep it to look-ups.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

if TYPE_CHECKING:
    from lifepath.character import Character


def plain(value: float) -> str:
    """A number as the report shows it by default: a value (an ``int``) as it is, a mean with two decimals."""
    return str(value) if isinstance(value, int) else f"{value:.2f}"


@dataclass(frozen=True)
class Labels:
    """A set of labels for each character; the report counts the characters with each label.

    ``key`` names the tally in the JSON report (unique within the ruleset); ``title`` heads its table.
    ``by``: also break every other outcome down by these labels (one column of the per-option table for
    each label). ``most``: how many of its commonest labels a per-option table shows.
    """

    key: str
    title: str
    read: Callable[[Character], Iterable[str]]
    by: bool = False
    most: int = 3


@dataclass(frozen=True)
class Numbers:
    """Whole numbers by name for each character (``{"Agility": 7, ...}``); the report gives each name's
    mean (over the characters that have it) and distribution, each value written with ``show``."""

    key: str
    title: str
    read: Callable[[Character], Mapping[str, int]]
    #: writes a value (an ``int``) or a mean (a ``float``)
    show: Callable[[float], str] = plain


@dataclass(frozen=True)
class Share:
    """A yes or no for each character; the report gives how many said yes, and their share."""

    key: str
    title: str
    read: Callable[[Character], bool]


#: one tally definition
Outcome: TypeAlias = Labels | Numbers | Share


# -- readers --------------------------------------------------------------------------------------------


def answers(key: str, names: Mapping[str, str] | None = None) -> Callable[[Character], list[str]]:
    """The answers of the character's decisions with ``key``, each once, in the order first given;
    ``names`` maps an answer (an option's id) to the label shown (an answer it lacks is shown as it is)."""
    shown = dict(names or {})

    def read(character: Character) -> list[str]:
        found: dict[str, None] = {}
        for event in character.history:
            if event.get("type") == "decision" and event.get("key") == key:
                answer = str(event.get("answer"))
                found.setdefault(shown.get(answer, answer))
        return list(found)

    return read


def changes(what: str) -> Callable[[Character], list[str]]:
    """The ``to`` of every change event whose ``what`` is ``what`` (``"scar"``), in order, repeats kept."""

    def read(character: Character) -> list[str]:
        return [
            str(event.get("to"))
            for event in character.history
            if event.get("type") == "change" and event.get("what") == what
        ]

    return read


def crisis(kind: str) -> Callable[[Character], bool]:
    """Whether the character had a crisis of ``kind`` (a :class:`Share`'s reader)."""

    def read(character: Character) -> bool:
        return any(e.get("type") == "crisis" and e.get("kind") == kind for e in character.history)

    return read


def characteristics(character: Character) -> dict[str, int]:
    """The sheet's characteristics, in the sheet's order (a :class:`Numbers` reader); values that are not
    whole numbers are left out."""
    return {k: v for k, v in character.sheet.characteristics.items() if isinstance(v, int)}


def skills(character: Character) -> list[str]:
    """The skills on the sheet, at any level (a :class:`Labels` reader)."""
    return list(character.sheet.skills)


def default_tallies() -> tuple[Outcome, ...]:
    """What a ruleset that declares nothing gets: its characteristics' means and who has which skill."""
    return (
        Numbers("characteristics", "Characteristics", characteristics),
        Labels("skills", "Skills", skills),
    )


__all__ = [
    "Labels",
    "Numbers",
    "Outcome",
    "Share",
    "answers",
    "changes",
    "characteristics",
    "crisis",
    "default_tallies",
    "plain",
    "skills",
]
