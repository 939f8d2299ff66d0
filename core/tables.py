"""Loading table files: JSON inside a plugin's package (or a data-only folder), with a content hash.

Parsing happens here; checking against the table's schema happens in :mod:`lifepath.validation`, which
the registry calls once per content hash.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from lifepath.errors import TableError


@dataclass(frozen=True, slots=True)
class Table:
    """A parsed table file. ``source`` names it for people (a package path or a file path)."""

    source: str
    text: str
    data: Any
    sha256: str

    @property
    def schema_id(self) -> str | None:
        if isinstance(self.data, dict):
            value = self.data.get("$schema")
            return value if isinstance(value, str) else None
        return None


def parse_table(source: str, text: str) -> Table:
    """Parse JSON text into a :class:`Table`, or raise a :class:`TableError` naming the line."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise TableError(
            f"this is not valid JSON ({exc.msg}, column {exc.colno})",
            file=source,
            line=exc.lineno,
            hint="fix the JSON syntax at that line (a missing comma or quote is the usual cause)",
        ) from None
    return Table(source, text, data, hashlib.sha256(text.encode("utf-8")).hexdigest())


def load_table(package: str, path: str) -> Table:
    """Load ``path`` (e.g. ``data/careers/navy.json``) from inside the importable ``package``."""
    resource = resources.files(package).joinpath(*path.split("/"))
    try:
        data = resource.read_bytes()
    except FileNotFoundError:
        raise TableError(f"the table file {path} is missing from {package}", file=f"{package}:{path}") from None
    return parse_table(f"{package}:{path}", decode_table(f"{package}:{path}", data))


def load_tables(package: str, folder: str) -> list[Table]:
    """Load every ``*.json`` file directly inside ``folder`` of ``package``, sorted by name."""
    directory = resources.files(package).joinpath(*folder.split("/"))
    names = sorted(p.name for p in directory.iterdir() if p.name.endswith(".json"))
    return [load_table(package, f"{folder}/{name}") for name in names]


def decode_table(source: str, data: bytes) -> str:
    """The UTF-8 text of a table file, line ends translated as text mode does (so a table's hash does not
    change), or a :class:`TableError` naming the line of the first byte that is not UTF-8."""
    try:
        return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1].hex()
        raise TableError(
            f"this file is not UTF-8 text (byte 0x{bad} at offset {exc.start} cannot be decoded)",
            file=source,
            line=data.count(b"\n", 0, exc.start) + 1,
            hint="save it as UTF-8 (JSON files must be UTF-8)",
        ) from None


def load_table_file(path: Path) -> Table:
    """Load a table from a file on disk (third-party data folders, ``schema validate``)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise TableError(f"cannot read this file ({exc.strerror})", file=str(path)) from None
    return parse_table(str(path), decode_table(str(path), data))


def tables_digest(tables: list[Table]) -> str:
    """One SHA-256 over a set of tables, independent of the order they were loaded in."""
    h = hashlib.sha256()
    for source, digest in sorted((t.source, t.sha256) for t in tables):
        h.update(source.encode())
        h.update(b"\0")
        h.update(digest.encode())
        h.update(b"\n")
    return h.hexdigest()


T = TypeVar("T", bound="TableSet")


@dataclass(frozen=True)
class TableSet:
    """A ruleset's named tables, read from its package's data folder, with its house-rule declaration.

    Rulesets subclass it to add typed views of their numbers; ``ruleset.tables()`` returns :meth:`all`.
    """

    files: dict[str, Table]
    house_rules: Table
    extra: tuple[Table, ...] = field(default=())

    def __getitem__(self, name: str) -> Any:
        return self.files[name].data

    def all(self) -> list[Table]:
        """Every table, for validation and the provenance digest."""
        return [*self.files.values(), self.house_rules, *self.extra]

    @classmethod
    def load(
        cls: type[T], package: str, names: tuple[str, ...], folder: str = "data", extra: tuple[Table, ...] = ()
    ) -> T:
        """Load ``<folder>/<name>.json`` for each name and ``<folder>/house_rules.json`` from ``package``."""
        files = {name: load_table(package, f"{folder}/{name}.json") for name in names}
        return cls(files, load_table(package, f"{folder}/house_rules.json"), extra)


_Made = TypeVar("_Made")


class MadeOnce:
    """Values a plugin works out from its tables once and keeps: ``get(what, source, make)`` returns
    ``make()``, made the first time it is asked for ``what`` (any hashable name) and that ``source`` object,
    and the same value after.

    Sources are told apart by identity, not by value: tables are read-only once loaded, and hashing a
    table's data at every look-up would cost more than most of what is kept. Every source asked about is
    kept beside its value, so no other object can take its identity meanwhile; use it for what lives as
    long as the tables (a career compiled into a record, a menu's options, a decision asked alike of every
    character). ``what`` may name other kept objects by ``id`` too, when they are kept as long.

    Each plugin keeps its own at module level, so two plugins' names never meet: ``COMPILED = MadeOnce()``,
    or ``once = MadeOnce().get`` to call it as a function.
    """

    __slots__ = ("_made",)

    def __init__(self) -> None:
        self._made: dict[tuple[Hashable, int], tuple[object, Any]] = {}

    def get(self, what: Hashable, source: object, make: Callable[[], _Made]) -> _Made:
        """The value made for ``what`` and ``source``: ``make()`` the first time, kept after."""
        token = (what, id(source))
        known = self._made.get(token)
        if known is not None and known[0] is source:
            value: _Made = known[1]
            return value
        value = make()
        self._made[token] = (source, value)
        return value

    def __len__(self) -> int:
        """How many values are kept."""
        return len(self._made)
