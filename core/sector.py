"""Worlds from a sector or subsector file: T5 tab-delimited ("Second Survey") or GEnie/SEC fixed columns.

:func:`read_worlds` reads the whole file and checks every line before returning anything: a bad UWP, a
short line, a file that is not tab-separated, a hex or a name given twice, or no worlds at all is a
:class:`SectorError` that lists every bad line (line number, column and the bad text) in one paragraph.
Nothing here knows a ruleset: trade codes and law levels are worked out from the UWP by the ruleset that
uses the worlds (Nowhere Yet, as for ``--uwp``).

T5: a header line naming the columns (``Hex``, ``Name`` and ``UWP`` are needed; ``Remarks`` is kept), then
one world a line, fields separated by tabs. SEC: name in columns 1-13, hex 15-18, UWP 20-28, bases 30,
remarks (trade codes) 32-48, zone 49; lines starting with ``#`` and blank lines are skipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lifepath.errors import LifepathError

FORMATS = ("t5", "sec")
UWP = re.compile(r"^[ABCDEX][0-9A-HJ-NP-Z]{6}-[0-9A-HJ-NP-Z]$")
HEX = re.compile(r"^[0-9]{4}$")
#: SEC columns as Python slices (the layout's columns counted from 1)
SEC_NAME, SEC_HEX, SEC_UWP, SEC_REMARKS = slice(0, 13), slice(14, 18), slice(19, 28), slice(31, 48)
T5_NEEDED = ("Hex", "Name", "UWP")


class SectorError(LifepathError):
    """A sector file with bad lines; nothing from it is imported."""


@dataclass(frozen=True, slots=True)
class World:
    hex: str
    name: str
    uwp: str
    remarks: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"hex": self.hex, "name": self.name, "uwp": self.uwp, "remarks": self.remarks}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> World:
        return cls(str(d["hex"]), str(d["name"]), str(d["uwp"]), str(d.get("remarks", "")))


def detect(lines: list[str]) -> str:
    """``t5`` when the first line that is not blank or a comment is a header starting with ``Hex``."""
    for line in lines:
        if line.strip() and not line.startswith("#"):
            return "t5" if line.lstrip().lower().startswith("hex") else "sec"
    return "sec"


def read_worlds(path: Path, fmt: str | None = None) -> list[World]:
    """Every world of the file at ``path``, or a :class:`SectorError` naming every bad line."""
    where = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise SectorError("there is no such file", file=where, hint="check the path") from None
    except UnicodeDecodeError as e:
        raise SectorError(f"the file is not UTF-8 text ({e.reason})", file=where, hint="save it as UTF-8") from None
    except OSError as e:
        raise SectorError(f"cannot read the file: {e.strerror}", file=where, hint="check the path") from None
    return parse(text, fmt, where)


def parse(text: str, fmt: str | None, where: str) -> list[World]:
    lines = text.splitlines()
    if fmt is not None and fmt not in FORMATS:
        raise SectorError(f"'{fmt}' is not a sector format", hint="use --format t5 or --format sec (or leave it out)")
    chosen = fmt or detect(lines)
    problems: list[str] = []
    found = _t5(lines, problems) if chosen == "t5" else _sec(lines, problems)
    seen_hex: dict[str, int] = {}
    seen_name: dict[str, int] = {}
    for number, world in found:
        if world.hex in seen_hex:
            problems.append(f"line {number}: hex {world.hex} is also on line {seen_hex[world.hex]}")
        seen_hex.setdefault(world.hex, number)
        key = world.name.casefold()
        if key in seen_name:
            problems.append(f"line {number}: the name '{world.name}' is also on line {seen_name[key]}")
        seen_name.setdefault(key, number)
    if not problems and not found:
        problems.append("no worlds in it (an empty file, or only comments)")
    if problems:
        shown = problems[:20] + ([f"and {len(problems) - 20} more"] if len(problems) > 20 else [])
        raise SectorError(
            f"not a valid {chosen.upper()} sector file, so no world was imported: " + "; ".join(shown),
            file=where,
            hint="fix those lines and import the file again (a UWP is like A788899-C: starport A-E or X, six "
            "pseudohex digits, a dash, the tech level)",
        )
    return [world for _, world in found]


def _check(number: int, column: str, hex_: str, name: str, uwp: str, problems: list[str]) -> bool:
    ok = True
    if not HEX.match(hex_):
        problems.append(f"line {number}, {column.split('|')[0]}: '{hex_}' is not a hex (four digits, e.g. 0101)")
        ok = False
    if not name:
        problems.append(f"line {number}: the world has no name")
        ok = False
    if not UWP.match(uwp):
        problems.append(f"line {number}, {column.split('|')[1]}: '{uwp}' is not a UWP")
        ok = False
    return ok


def _sec(lines: list[str], problems: list[str]) -> list[tuple[int, World]]:
    out = []
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.startswith("#"):
            continue
        if "\t" in line:
            problems.append(f"line {number}: a tab in a fixed-column SEC line (a T5 file needs its header line)")
            continue
        if len(line.rstrip()) < SEC_UWP.stop:
            problems.append(f"line {number}: too short ({len(line.rstrip())} characters; the UWP ends at column 28)")
            continue
        hex_, name, uwp = line[SEC_HEX].strip(), line[SEC_NAME].strip(), line[SEC_UWP].strip()
        if _check(number, "column 15 (hex)|column 20 (UWP)", hex_, name, uwp, problems):
            out.append((number, World(hex_, name, uwp, " ".join(line[SEC_REMARKS].split()))))
    return out


def _t5(lines: list[str], problems: list[str]) -> list[tuple[int, World]]:
    start = next((i for i, line in enumerate(lines) if line.strip() and not line.startswith("#")), None)
    if start is None:
        return []
    header = [h.strip() for h in lines[start].split("\t")]
    if len(header) == 1:
        problems.append(f"line {start + 1}: the header has no tabs (T5 files are tab-separated, not spaces or commas)")
        return []
    missing = [h for h in T5_NEEDED if h not in header]
    if missing:
        problems.append(f"line {start + 1}: the header lacks the column(s) {', '.join(missing)}")
        return []
    at = {h: header.index(h) for h in (*T5_NEEDED, "Remarks") if h in header}
    need = max(at[h] for h in T5_NEEDED) + 1
    out = []
    for number, line in enumerate(lines[start + 1 :], start=start + 2):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < need:
            problems.append(f"line {number}: {len(fields)} field(s) where the header needs at least {need}")
            continue
        hex_, name, uwp = (fields[at[h]].strip() for h in T5_NEEDED)
        columns = f"column {at['Hex'] + 1} (Hex)|column {at['UWP'] + 1} (UWP)"
        if _check(number, columns, hex_, name, uwp, problems):
            remarks = fields[at["Remarks"]].strip() if "Remarks" in at and at["Remarks"] < len(fields) else ""
            out.append((number, World(hex_, name, uwp, remarks)))
    return out
