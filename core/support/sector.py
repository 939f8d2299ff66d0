"""Worlds from a sector or subsector file: T5 tab-delimited ("Second Survey") or GEnie/SEC fixed columns.

:func:`read_worlds` reads the whole file and checks every line before returning anything: a bad UWP, a
short line, a file that is not tab-separated, a hex or a name given twice, a name over :data:`NAME_LIMIT`
or remarks over :data:`REMARKS_LIMIT` characters, a control character (NUL, ESC, a bidirectional override,
a line separator) in any field, or no worlds at all is a :class:`SectorError` that lists every bad line
(line number, column and field, and the bad text) in one paragraph. Nothing here knows a ruleset: trade
codes and law levels are worked out from the UWP by the ruleset that uses the worlds (Nowhere Yet, as for
``--uwp``).

T5: a header line naming the columns (``Hex``, ``Name`` and ``UWP`` are needed; ``Remarks`` is kept), then
one world a line, fields separated by tabs. SEC: name in columns 1-13, hex 15-18, UWP 20-28, bases 30,
remarks (trade codes) 32-48, zone 49; lines starting with ``#`` and blank lines are skipped.

**Keys.** Every world of a file gets the file's *sector* label (``add-worlds --sector``, by default the
file's name up to its first dot: ``marrowind.t5.tab`` is ``marrowind``), and is keyed by ``sector/hex``.
Hex numbers restart in every subsector, so two files sharing hex numbers coexist in one campaign as long
as their labels differ; a hex, or a name (ignoring case), is unique within a sector, while the same name
may be in two sectors (``--homeworld Sector/Name`` then says which). Worlds stored by earlier versions, before
sectors existed have none (the label ``""``, the key being the hex alone).

**Stored once.** A campaign's list lives in the campaign (the store's row, the export's header). A
character made from it records only :func:`reference` (the SHA-256 of the canonical list and its count)
and the world it got, as the :func:`token` ``sector/hex UWP name``, which holds everything creation needs:
the character replays without the list (see ``lifepath_nowhere_yet.campaign_worlds``). While a
character is made the list is found by its reference among the lists :func:`offer` was given in this
process.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lifepath.errors import LifepathError
from lifepath.errors import SectorError as SectorError

FORMATS = ("t5", "sec")
UWP = re.compile(r"^[ABCDEX][0-9A-HJ-NP-Z]{6}-[0-9A-HJ-NP-Z]$")
HEX = re.compile(r"^[0-9]{4}$")
#: SEC columns as Python slices (the layout's columns counted from 1)
SEC_NAME, SEC_HEX, SEC_UWP, SEC_REMARKS = slice(0, 13), slice(14, 18), slice(19, 28), slice(31, 48)
T5_NEEDED = ("Hex", "Name", "UWP")
#: the longest name, remarks and sector label a world may have (characters)
NAME_LIMIT, REMARKS_LIMIT, SECTOR_LIMIT = 60, 200, 60
#: characters no field may hold: every control character (Cc), the bidirectional marks and overrides,
#: the line and paragraph separators and lone surrogates (PostgreSQL cannot store NUL; the rest would
#: corrupt a terminal, a line-based file or a page)
REFUSED = re.compile("[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff]")
#: a world's token: ``sector/hex UWP name`` (a sector holds no ``/``; worlds without a sector: ``hex UWP name``)
TOKEN = re.compile(r"^(?:(?P<sector>[^/]+)/)?(?P<hex>[0-9]{4}) (?P<uwp>\S{9}) (?P<name>.+)$", re.DOTALL)


@dataclass(frozen=True, slots=True)
class World:
    hex: str
    name: str
    uwp: str
    remarks: str = ""
    #: the sector or subsector label (see the module's docstring); empty for worlds stored before labels
    sector: str = ""

    @property
    def key(self) -> str:
        """``sector/hex``, unique in a campaign (the hex alone for a world without a sector)."""
        return f"{self.sector}/{self.hex}" if self.sector else self.hex

    def to_dict(self) -> dict[str, Any]:
        head = {"sector": self.sector} if self.sector else {}
        return {**head, "hex": self.hex, "name": self.name, "uwp": self.uwp, "remarks": self.remarks}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> World:
        return cls(str(d["hex"]), str(d["name"]), str(d["uwp"]), str(d.get("remarks", "")), str(d.get("sector", "")))


def text_problem(value: str, limit: int) -> str:
    """Why ``value`` cannot be a world's field (empty when it can): too long, or a refused character."""
    if len(value) > limit:
        return f"is {len(value)} characters long, more than the {limit} allowed"
    bad = REFUSED.search(value)
    if bad is not None:
        char = bad.group()
        what = "a NUL character" if char == "\x00" else f"the control character U+{ord(char):04X}"
        return f"holds {what}, which no world's field may hold"
    return ""


def sector_problem(label: str) -> str:
    """Why ``label`` cannot be a sector label (empty when it can)."""
    if not label.strip():
        return "is empty"
    if "/" in label:
        return "holds a '/' (it separates the sector from the hex or name)"
    return text_problem(label, SECTOR_LIMIT)


def world_problems(world: World) -> list[tuple[str, str]]:
    """Every ``(field, problem)`` of one world, as an import checks a stored world (``add-worlds`` checks
    the same things line by line, naming the columns)."""
    out = []
    if not HEX.match(world.hex):
        out.append(("hex", f"'{world.hex}' is not a hex (four digits, e.g. 0101)"))
    if not world.name.strip():
        out.append(("name", "the world has no name"))
    elif problem := text_problem(world.name, NAME_LIMIT):
        out.append(("name", f"the name {problem}"))
    if not UWP.match(world.uwp):
        out.append(("uwp", f"'{world.uwp}' is not a UWP"))
    if problem := text_problem(world.remarks, REMARKS_LIMIT):
        out.append(("remarks", f"the remarks field {problem}"))
    if world.sector and (problem := sector_problem(world.sector)):
        out.append(("sector", f"the sector label {problem}"))
    return out


class Seen:
    """The keys and names (by sector, ignoring case) of the worlds met so far, to find one given twice."""

    def __init__(self, worlds: Iterable[World] = ()) -> None:
        self.keys: dict[str, int] = {}
        self.names: dict[tuple[str, str], int] = {}
        for i, world in enumerate(worlds):
            self.clash(world, i)

    def clash(self, world: World, index: int) -> tuple[str, int] | None:
        """``("hex" or "name", the earlier world's index)`` when ``world`` has the key, or in its sector the
        name, of one already met; else None, and ``world`` is met (as number ``index``)."""
        name = (world.sector, world.name.casefold())
        if world.key in self.keys:
            return "hex", self.keys[world.key]
        if name in self.names:
            return "name", self.names[name]
        self.keys[world.key] = self.names[name] = index
        return None


def label_of(path: Path) -> str:
    """A file's default sector label: its name up to the first dot (``marrowind.t5.tab`` is ``marrowind``)."""
    return path.name.split(".", 1)[0] or path.name


# -- a campaign's list, stored once -----------------------------------------------------------------

#: the lists :func:`offer` was given in this process, by the SHA-256 of their canonical form
_OFFERED: dict[str, tuple[World, ...]] = {}


def canonical(worlds: Iterable[World]) -> str:
    """The canonical form of a list: compact JSON of ``[key, name, UWP]`` each, in the campaign's order (the
    order the menu shows and the NPC policy draws in; remarks play no part in creation)."""
    return json.dumps([[w.key, w.name, w.uwp] for w in worlds], ensure_ascii=False, separators=(",", ":"))


def reference(worlds: Sequence[World]) -> dict[str, Any]:
    """What a character records of its campaign's list: ``{"count": N, "sha256": ...}``."""
    return {"count": len(worlds), "sha256": hashlib.sha256(canonical(worlds).encode("utf-8")).hexdigest()}


def offer(stored: Iterable[dict[str, Any]]) -> tuple[dict[str, Any], tuple[World, ...]]:
    """Make a campaign's stored worlds findable by their reference in this process; return both."""
    worlds = tuple(World.from_dict(w) for w in stored)
    ref = reference(worlds)
    if len(_OFFERED) > 64:  # a long-lived process (the web server) offering many lists keeps the newest
        _OFFERED.clear()
    _OFFERED[ref["sha256"]] = worlds
    return ref, worlds


def offered(ref: Any) -> tuple[World, ...] | None:
    """The list ``ref`` names, when :func:`offer` was given it in this process."""
    if not isinstance(ref, dict):
        return None
    found = _OFFERED.get(str(ref.get("sha256")))
    return found if found is not None and len(found) == ref.get("count") else None


def token(world: World) -> str:
    """The world as a character records it: ``sector/hex UWP name`` (all creation needs of it)."""
    return f"{world.key} {world.uwp} {world.name}"


def from_token(text: str) -> World | None:
    """The world a :func:`token` names (without remarks), or None when ``text`` is not a token."""
    match = TOKEN.match(text)
    if match is None or not UWP.match(match["uwp"]):
        return None
    return World(match["hex"], match["name"], match["uwp"], "", match["sector"] or "")


def find(worlds: Sequence[World], wanted: str) -> World:
    """The world ``--homeworld`` names: ``Name`` (ignoring case; it must be in one sector only) or
    ``Sector/Name`` or ``Sector/Hex``; a :class:`LifepathError` listing the choices otherwise."""
    folded = wanted.strip().casefold()
    named = [w for w in worlds if folded in (w.name.casefold(), f"{w.sector}/{w.name}".casefold(), w.key.casefold())]
    if len(named) == 1:
        return named[0]
    if named:
        raise LifepathError(
            f"'{wanted}' is a world of {len(named)} sectors of the campaign",
            hint="say which with --homeworld SECTOR/NAME: " + ", ".join(f"{w.sector}/{w.name}" for w in named),
        )
    shown = ", ".join(w.name for w in worlds[:30]) + (f" and {len(worlds) - 30} more" if len(worlds) > 30 else "")
    raise LifepathError(
        f"'{wanted}' is not one of the campaign's worlds",
        hint=f"give its profile with --uwp, or choose one of: {shown} (`lifepath campaign worlds` lists them all)",
    )


# -- reading files ----------------------------------------------------------------------------------


def read_worlds(path: Path, fmt: str | None = None, sector: str = "") -> list[World]:
    """Every world of the file at ``path``, labelled ``sector`` (``add-worlds`` gives :func:`label_of` the
    file by default), or a :class:`SectorError` naming every bad line."""
    where = str(path)
    label = sector
    problem = sector_problem(label) if label else ""
    if problem:
        raise SectorError(
            f"the sector label '{label}' {problem}",
            file=where,
            hint=f"give another with --sector NAME (at most {SECTOR_LIMIT} characters, no '/')",
        )
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise SectorError("there is no such file", file=where, hint="check the path") from None
    except UnicodeDecodeError as e:
        raise SectorError(f"the file is not UTF-8 text ({e.reason})", file=where, hint="save it as UTF-8") from None
    except OSError as e:
        raise SectorError(f"cannot read the file: {e.strerror}", file=where, hint="check the path") from None
    return parse(text, fmt, where, label)


def parse(text: str, fmt: str | None, where: str, sector: str = "") -> list[World]:
    # lines end at a line feed (or a carriage return) only: the other characters str.splitlines() splits at
    # (the file, group and record separators, NEL, U+2028) stay in their field, which refuses them
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
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
            f"pseudohex digits, a dash, the tech level; a name has at most {NAME_LIMIT} characters, remarks at "
            f"most {REMARKS_LIMIT}, and no field a control character)",
        )
    return [World(w.hex, w.name, w.uwp, w.remarks, sector) for _, w in found]


def detect(lines: list[str]) -> str:
    """``t5`` when the first line that is not blank or a comment is a header starting with ``Hex``."""
    for line in lines:
        if line.strip() and not line.startswith("#"):
            return "t5" if line.lstrip().lower().startswith("hex") else "sec"
    return "sec"


def _check(number: int, columns: dict[str, str], world: World, problems: list[str]) -> bool:
    """Check one line's world; ``columns`` names where each field is (``hex``, ``name``, ``uwp``,
    ``remarks``), e.g. ``column 2 (Name)``."""
    found = world_problems(world)
    problems.extend(f"line {number}, {columns[field]}: {problem}" for field, problem in found)
    return not found


def _sec(lines: list[str], problems: list[str]) -> list[tuple[int, World]]:
    columns = {
        "hex": "column 15 (hex)",
        "name": "columns 1-13 (name)",
        "uwp": "column 20 (UWP)",
        "remarks": "columns 32-48 (remarks)",
    }
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
        world = World(
            line[SEC_HEX].strip(), line[SEC_NAME].strip(), line[SEC_UWP].strip(), " ".join(line[SEC_REMARKS].split())
        )
        if _check(number, columns, world, problems):
            out.append((number, world))
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
    columns = {field.lower(): f"column {i + 1} ({field})" for field, i in at.items()}
    out = []
    for number, line in enumerate(lines[start + 1 :], start=start + 2):
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) < need:
            problems.append(f"line {number}: {len(fields)} field(s) where the header needs at least {need}")
            continue
        hex_, name, uwp = (fields[at[h]].strip() for h in T5_NEEDED)
        remarks = fields[at["Remarks"]].strip() if "Remarks" in at and at["Remarks"] < len(fields) else ""
        world = World(hex_, name, uwp, remarks)
        if _check(number, columns, world, problems):
            out.append((number, world))
    return out
