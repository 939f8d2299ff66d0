"""The outcomes a ruleset declares (:meth:`lifepath.Ruleset.tallies`), counted over a batch of characters.

:class:`OutcomeTally` holds counts only (characters per label, per value of each number, per yes), for
every character and, for each ``Labels(by=True)`` definition, for the characters who have each of its
labels; tallies of chunks merge exactly, by adding. The definitions themselves (whose readers are
functions) never travel between processes: each worker reads its characters with its own registry's, and
:meth:`OutcomeTally.report` takes them again to name, order and write the figures.

The report (every rate from 0 to 1, every mean over the characters counted):

* ``outcomes``: one entry for each definition, in the ruleset's order: for ``Labels`` the characters with
  each label and their share (commonest first, then by label); for ``Numbers`` each name's characters,
  mean and distribution, with the mean and each value as the definition's ``show`` writes them; for
  ``Share`` the characters who said yes and their rate;
* ``by_option``: for each ``Labels(by=True)``, each of its labels (in the order above) with its
  characters, share and the ``outcomes`` of those characters alone (the breaking-down one left out).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.engine.tallies import Outcome

#: one character's value for each definition, as read: a set of labels, numbers by name, or a yes or no
Read = list[tuple["Outcome", Any]]


def check(outcomes: Sequence[Outcome], ruleset: str) -> None:
    """Refuse definitions whose keys repeat (the report is keyed by them)."""
    seen: set[str] = set()
    for outcome in outcomes:
        if outcome.key in seen:
            raise LifepathError(
                f"the ruleset '{ruleset}' declares the odds tally '{outcome.key}' twice",
                hint="give each definition its tallies() returns a key of its own",
            )
        seen.add(outcome.key)


def read(outcomes: Sequence[Outcome], character: Character) -> Read:
    """Each definition's value for ``character``, checked: labels as a set of strings, numbers as whole
    numbers by name, a share as a bool."""
    values: Read = []
    for outcome in outcomes:
        try:
            values.append((outcome, _value(outcome, character)))
        except LifepathError:
            raise
        except Exception as exc:  # a plugin's reader: name it, whatever went wrong
            raise LifepathError(
                f"the odds tally '{outcome.key}' could not read a character ({type(exc).__name__}: {exc})",
                hint="fix the reader the ruleset's tallies() gives it",
            ) from None
    return values


def _value(outcome: Outcome, character: Character) -> Any:
    from lifepath.engine.tallies import Labels, Numbers

    if isinstance(outcome, Labels):
        return {str(label) for label in outcome.read(character)}
    if isinstance(outcome, Numbers):
        numbers = dict(outcome.read(character))
        wrong = [name for name, number in numbers.items() if isinstance(number, bool) or not isinstance(number, int)]
        if wrong:
            raise LifepathError(
                f"the odds tally '{outcome.key}' gave {wrong[0]} a value that is not a whole number",
                hint="a Numbers reader returns whole numbers by name",
            )
        return {str(name): number for name, number in numbers.items()}
    return bool(outcome.read(character))


@dataclass
class Counts:
    """What a set of characters had: characters per label, per value of each number, per yes."""

    characters: int = 0
    labels: dict[str, Counter[str]] = field(default_factory=dict)
    numbers: dict[str, dict[str, Counter[int]]] = field(default_factory=dict)
    yes: Counter[str] = field(default_factory=Counter)

    def add(self, values: Read) -> None:
        from lifepath.engine.tallies import Labels, Numbers

        self.characters += 1
        for outcome, value in values:
            if isinstance(outcome, Labels):
                self.labels.setdefault(outcome.key, Counter()).update(value)
            elif isinstance(outcome, Numbers):
                by_name = self.numbers.setdefault(outcome.key, {})
                for name, number in value.items():
                    by_name.setdefault(name, Counter())[number] += 1
            elif value:
                self.yes[outcome.key] += 1

    def merge(self, other: Counts) -> None:
        self.characters += other.characters
        for key, labels in other.labels.items():
            self.labels.setdefault(key, Counter()).update(labels)
        for key, by_name in other.numbers.items():
            mine = self.numbers.setdefault(key, {})
            for name, values in by_name.items():
                mine.setdefault(name, Counter()).update(values)
        self.yes.update(other.yes)

    def report(self, outcomes: Sequence[Outcome]) -> list[dict[str, Any]]:
        """One entry for each definition (see the module docstring)."""
        return [self._entry(outcome) for outcome in outcomes]

    def _entry(self, outcome: Outcome) -> dict[str, Any]:
        from lifepath.engine.tallies import Labels, Numbers

        n = self.characters
        head: dict[str, Any] = {"key": outcome.key, "title": outcome.title}
        if isinstance(outcome, Labels):
            return {
                **head,
                "kind": "labels",
                "by": outcome.by,
                "most": outcome.most,
                "counts": [
                    {"label": label, "characters": k, "share": _ratio(k, n)}
                    for label, k in ordered(self.labels.get(outcome.key, Counter()))
                ],
            }
        if isinstance(outcome, Numbers):
            names = []
            for name, values in self.numbers.get(outcome.key, {}).items():
                counted = sum(values.values())
                mean = _ratio(sum(v * k for v, k in values.items()), counted)
                names.append(
                    {
                        "name": name,
                        "characters": counted,
                        "mean": mean,
                        "mean_shown": "-" if mean is None else outcome.show(mean),
                        "distribution": {str(v): values[v] for v in sorted(values)},
                        "shown": {str(v): outcome.show(v) for v in sorted(values)},
                    }
                )
            return {**head, "kind": "numbers", "names": names}
        yes = self.yes.get(outcome.key, 0)
        return {**head, "kind": "share", "characters": yes, "rate": _ratio(yes, n)}


def ordered(counts: Mapping[str, int]) -> list[tuple[str, int]]:
    """Labels commonest first, then by label (the same for any chunking)."""
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


@dataclass
class OutcomeTally:
    """Counts over every character and, per ``Labels(by=True)`` key and label, over those with the label."""

    overall: Counts = field(default_factory=Counts)
    by: dict[str, dict[str, Counts]] = field(default_factory=dict)

    def add(self, values: Read) -> None:
        from lifepath.engine.tallies import Labels

        self.overall.add(values)
        for outcome, labels in values:
            if isinstance(outcome, Labels) and outcome.by:
                groups = self.by.setdefault(outcome.key, {})
                for label in labels:
                    groups.setdefault(label, Counts()).add(values)

    def merge(self, other: OutcomeTally) -> None:
        self.overall.merge(other.overall)
        for key, groups in other.by.items():
            mine = self.by.setdefault(key, {})
            for label, counts in groups.items():
                mine.setdefault(label, Counts()).merge(counts)

    def report(self, outcomes: Sequence[Outcome]) -> dict[str, Any]:
        """``outcomes`` and ``by_option`` (see the module docstring)."""
        from lifepath.engine.tallies import Labels

        n = self.overall.characters
        by_option = []
        for outcome in outcomes:
            if not (isinstance(outcome, Labels) and outcome.by):
                continue
            groups = self.by.get(outcome.key, {})
            others = [o for o in outcomes if o.key != outcome.key]
            options = [
                {
                    "label": label,
                    "characters": k,
                    "share": _ratio(k, n),
                    "outcomes": groups[label].report(others),
                }
                for label, k in ordered({label: counts.characters for label, counts in groups.items()})
            ]
            by_option.append({"key": outcome.key, "title": outcome.title, "options": options})
        return {"outcomes": self.overall.report(outcomes), "by_option": by_option}


def _ratio(a: int, b: int) -> float | None:
    return a / b if b else None


__all__ = ["Counts", "OutcomeTally", "Read", "check", "ordered", "read"]
