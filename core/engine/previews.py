"""What an option does for this character, shown before it is chosen: a :class:`Preview`, with the throws it
leads to as :class:`Chance` objects whose probability is worked out exactly from the dice.

A ruleset gives previews by passing ``preview=`` to :meth:`lifepath.creation.Context.choose`; the context
calls it only when the chooser shows previews to a person (never for the NPC policy or a replay), so a
preview costs nothing when characters are made in bulk, and never changes a character.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # fractions imports decimal (some 6 ms): only a preview pays for it, not every create
    from fractions import Fraction

    from lifepath.engine.dice import Dice


@dataclass(frozen=True, slots=True)
class Chance:
    """A throw an option leads to: its dice, target and DMs, and the exact probability of success."""

    #: what the throw is for, in words (``"enlistment in Scout"``)
    purpose: str
    dice: str
    target: int
    #: the ``(source, value)`` DMs this character would have, the throw hook's included
    dms: tuple[tuple[str, int], ...]
    probability: Fraction

    @property
    def dm(self) -> int:
        return sum(value for _source, value in self.dms)

    @property
    def percent(self) -> int:
        """The probability in whole percent, rounded to the nearest (never 0 or 100 unless exact)."""
        value = round(self.probability * 100)
        if value == 0 and self.probability > 0:
            return 1
        if value == 100 and self.probability < 1:
            return 99
        return int(value)

    def short(self) -> str:
        """``"enlistment 6+ (DM +1): 72%"``."""
        dm = f" (DM {self.dm:+d})" if self.dm else ""
        return f"{self.purpose} {self.target}+{dm}: {self.percent}%"

    def whole(self) -> str:
        """The throw spelled out: dice, each DM, the target and the chance."""
        parts = [self.dice] + [f"{source} {value:+d}" for source, value in self.dms if value]
        return f"{self.purpose}: {' '.join(parts)}, {self.target}+ succeeds: {self.percent}% ({self.probability})"


@dataclass(frozen=True, slots=True)
class Preview:
    """What choosing an option does for this character.

    ``summary`` is the short form printed on the option's line; ``effects`` what it changes (dice, traits,
    skills, costs), ``throws`` the throws it leads to with their chances, ``risks`` what can go wrong. A
    person sees all of it with ``?N``. ``confirm``, when set, is a yes-or-no question a person is asked
    before the option is taken (finishing with points unspent, say): the sheet so far is shown with it, and
    "no" asks the decision again. The answer is not recorded: only the option is.
    """

    summary: str = ""
    effects: tuple[str, ...] = ()
    throws: tuple[Chance, ...] = ()
    risks: tuple[str, ...] = ()
    confirm: str = ""

    def short(self) -> str:
        """The option line's form: the summary, then each throw's chance."""
        parts = [self.summary] if self.summary else []
        parts += [throw.short() for throw in self.throws]
        return "; ".join(parts)

    def lines(self) -> list[str]:
        """Every line of the preview, for ``?N``."""
        out = [self.summary] if self.summary else []
        out += self.effects
        out += [throw.whole() for throw in self.throws]
        out += [f"risk: {risk}" for risk in self.risks]
        return out


def preview_of(text: str) -> Preview:
    """A preview that is a single line of text (an option's ``detail``, a ruleset's own words)."""
    return Preview(summary=text)


@lru_cache(maxsize=256)
def _distribution(count: int, sides: int, d66: bool) -> tuple[tuple[int, int], ...]:
    """``(natural total, ways)`` for every natural total of the dice: the number of face combinations."""
    if d66:
        return tuple((tens * 10 + units, 1) for tens in range(1, sides + 1) for units in range(1, sides + 1))
    ways = {0: 1}
    for _ in range(count):
        step: dict[int, int] = {}
        for total, n in ways.items():
            for face in range(1, sides + 1):
                step[total + face] = step.get(total + face, 0) + n
        ways = step
    return tuple(sorted(ways.items()))


def probability(
    dice: Dice,
    target: int,
    dm: int = 0,
    *,
    auto_fail: int | None = None,
    auto_success: int | None = None,
) -> Fraction:
    """The exact probability that ``dice`` plus ``dm`` reaches ``target``, counted over every face combination,
    with the same rules as :meth:`lifepath.creation.Context.roll` (a natural ``auto_fail`` always fails, a
    natural ``auto_success`` always succeeds)."""
    from fractions import Fraction

    table = _distribution(dice.count, dice.sides, dice.d66)
    hits = 0
    every = 0
    for natural, ways in table:
        every += ways
        success = (natural + dice.modifier + dm) * dice.multiplier >= target
        if auto_fail is not None and natural == auto_fail:
            success = False
        elif auto_success is not None and natural == auto_success:
            success = True
        if success:
            hits += ways
    return Fraction(hits, every)


def join(parts: Sequence[str]) -> str:
    """Parts of a summary joined as a person writes a list: ``"a, b and c"``."""
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


#: the preview of a choice that changes no rule (a name, a look, a goal, a contact's description)
COSMETIC = "how the character is described; no effect on the rules"


def cosmetic(option: object) -> str:
    """The ``preview=`` for a decision whose every option changes no rule (names, looks, concepts)."""
    return COSMETIC
