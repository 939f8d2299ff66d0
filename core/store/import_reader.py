"""Reading an import file: a character export, or a campaign export in either format, opened and its head
checked (:class:`ImportFile`), and the characters it holds read one by one (:class:`Entry`), a format 2
file one line at a time. Errors name the file, the line and the JSON pointer.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lifepath.character import SCHEMA_ID as CHARACTER_SCHEMA_ID
from lifepath.errors import LifepathError, TableError
from lifepath.store.file_format import (
    BRIEF_SCHEMA_ID,
    CAMPAIGN_LINES_SCHEMA_ID,
    CAMPAIGN_SCHEMA_ID,
    EXPORT_HINT,
    MAX_DOCUMENT_BYTES,
    MAX_FILE_BYTES,
    MAX_LINE_BYTES,
    NESTING_HINT,
    WRAPPERS,
    mib,
)
from lifepath.support.files import too_deep, too_deep_error
from lifepath.support.jsonpos import line_of
from lifepath.tables import Table, parse_table

if TYPE_CHECKING:
    from lifepath.validation import Validator


@dataclass
class Entry:
    """One character read from an import file, before it is checked."""

    index: int | None
    data: dict[str, Any]
    #: the JSON pointer of the entry inside the document it came from ("" for a line of its own)
    base: str
    #: where the entry is: the text it came from and the line its text starts on
    text: str
    line: int

    @property
    def document(self) -> dict[str, Any]:
        return self.data if self.index is None else self.data["character"]

    def name(self) -> str | None:
        try:
            value = self.document["sheet"]["name"]
        except (KeyError, TypeError):
            return None
        return value if isinstance(value, str) else None

    def label(self) -> str:
        name = self.name()
        if self.index is None:
            return f"the character '{name}'" if name is not None else "the character"
        number = self.index + 1  # as a person counts (the entry's index counts from 0)
        return f"character {number} ('{name}')" if name is not None else f"character {number}"

    def inner(self, pointer: str) -> str:
        """The pointer of ``pointer`` (inside the character document) within the entry."""
        return ("" if self.index is None else "/character") + pointer


class ImportFile:
    """An import file, opened and its head checked: a character export, or a campaign export in either
    format. :meth:`entries` reads the characters (a format 2 file one line at a time)."""

    def __init__(self, source: str, kind: str, data: dict[str, Any], text: str, path: Path | None = None) -> None:
        self.source = source
        #: "character", "campaign" (format 1) or "lines" (format 2)
        self.kind = kind
        #: the whole document, or for format 2 the header line
        self.data = data
        #: the whole text, or for format 2 the header line
        self.text = text
        self.path = path
        self._validator: Validator | None = None

    @property
    def table(self) -> Table:
        """The file (or its header line) as a table, for messages."""
        return Table(self.source, self.text, self.data, "")

    @property
    def validator(self) -> Validator:
        if self._validator is None:
            from lifepath.validation import Validator

            self._validator = Validator(WRAPPERS)
        return self._validator

    @property
    def campaign_info(self) -> dict[str, Any] | None:
        return self.data.get("campaign") if self.kind != "character" else None

    @classmethod
    def read(cls, path: Path) -> ImportFile:
        """Open ``path`` and check its head; a :class:`TableError` names the file, line and pointer.

        A regular file is read as it goes (a format 2 file one line at a time); anything else (a pipe, a
        device) is read once, into memory, with a bounded read, up to :data:`MAX_DOCUMENT_BYTES`."""
        import stat

        try:
            info = path.stat()
            if not stat.S_ISREG(info.st_mode):
                return cls._read_stream(path)
            size = info.st_size
            with path.open("rb") as fh:
                first = fh.readline(MAX_LINE_BYTES + 1)
        except OSError as e:
            raise LifepathError(f"cannot read {path} ({e.strerror})", hint="check the file name") from None
        header = _header(first, str(path))
        if header is not None:
            if size > MAX_FILE_BYTES:
                raise LifepathError(
                    f"{path} is {mib(size)}, more than the {mib(MAX_FILE_BYTES)} a campaign import takes",
                    hint="split the campaign: export part of it, or import it in pieces with --campaign",
                )
            found = cls(str(path), "lines", header, _decode(first, str(path)), path)
            found.check_head()
            return found
        if size > MAX_DOCUMENT_BYTES:
            raise _too_big_document(str(path), mib(size))
        try:
            with path.open("rb") as fh:
                data = fh.read(MAX_DOCUMENT_BYTES + 1)  # bounded: the file may have grown since stat
        except OSError as e:
            raise LifepathError(f"cannot read {path} ({e.strerror})", hint="check the file name") from None
        if len(data) > MAX_DOCUMENT_BYTES:
            raise _too_big_document(str(path), "more")
        return cls.parse(str(path), _decode(data, str(path)))

    @classmethod
    def _read_stream(cls, path: Path) -> ImportFile:
        """A pipe, a device or another file that is not a regular one: read once (it cannot be read twice),
        at most :data:`MAX_DOCUMENT_BYTES`, then parsed in memory."""
        if path.is_dir():
            raise LifepathError(f"{path} is a folder", hint=EXPORT_HINT)
        print(f"reading {path}...", file=sys.stderr, flush=True)  # a pipe waits for its writer
        with path.open("rb") as fh:
            data = fh.read(MAX_DOCUMENT_BYTES + 1)
        if len(data) > MAX_DOCUMENT_BYTES:
            raise LifepathError(
                f"{path} is not a regular file (a pipe or a device) and gives more than the "
                f"{mib(MAX_DOCUMENT_BYTES)} lifepath reads from one",
                hint="save the export to a file and import that file (a file may hold a much larger campaign)",
            )
        return cls.parse(str(path), _decode(data, str(path)))

    @classmethod
    def parse(cls, source: str, text: str) -> ImportFile:
        """Parse and check export text held in memory; ``source`` names it in errors."""
        if len(text.encode("utf-8")) > MAX_DOCUMENT_BYTES and _header(text.split("\n", 1)[0].encode(), source) is None:
            raise LifepathError(
                f"{source} is more than the {mib(MAX_DOCUMENT_BYTES)} lifepath reads as one JSON document",
                hint="export a campaign again with this version, which writes one line per character",
            )
        head, _, _rest = text.partition("\n")
        header = _header(head.encode("utf-8"), source)
        if header is not None:
            found = cls(source, "lines", header, head)
            found._rest = _rest
            found.check_head()
            return found
        table = _parse_document(source, text)
        if table.schema_id == BRIEF_SCHEMA_ID:
            raise TableError(
                "this is a character brief (sheet and provenance, as `generate --format jsonl` writes by default), "
                "not a character export: a stored character keeps its history",
                file=source,
                line=1,
                pointer="/$schema",
                hint="write the batch with `lifepath generate --format jsonl --history` and import a line of that, "
                "or save the batch straight into a campaign with `lifepath generate --campaign NAME`",
            )
        if not isinstance(table.data, dict) or table.schema_id not in (CHARACTER_SCHEMA_ID, CAMPAIGN_SCHEMA_ID):
            raise TableError(
                'this is not a character or campaign export (its "$schema" names neither)',
                file=source,
                line=1,
                pointer="/$schema",
                hint=EXPORT_HINT,
            )
        kind = "campaign" if table.schema_id == CAMPAIGN_SCHEMA_ID else "character"
        found = cls(source, kind, table.data, text)
        found.check_head()
        return found

    _rest: str | None = None

    def check_head(self) -> None:
        """Check everything but the characters (a character file is checked whole: it is one)."""
        if self.kind == "character":
            self._raise_first(self.validator.errors(self.table))
            return
        data = self.data
        if self.kind == "campaign":
            characters = data.get("characters")
            data = {**data, "characters": []}  # each character is checked as it is imported
            table = Table(self.source, self.text, data, "")
            self._raise_first(self.validator.errors(table))
            if not isinstance(characters, list):
                raise self.error('"characters" is not a list of characters', "/characters", EXPORT_HINT)
        else:
            self._raise_first(self.validator.errors(self.table))

    def _raise_first(self, errors: list[TableError]) -> None:
        if errors:
            first = errors[0]
            if len(errors) > 1:
                more = f"{len(errors) - 1} more problem(s) in this file"
                first.hint = (first.hint + "; " if first.hint else "") + more
            raise first

    def error(self, message: str, pointer: str, hint: str | None = None, entry: Entry | None = None) -> LifepathError:
        """An error about the part of the file at ``pointer`` (inside ``entry`` when given)."""
        if entry is None:
            return LifepathError(
                message,
                file=self.source,
                line=line_of(self.text, pointer) if self.kind != "lines" else 1,
                pointer=pointer,
                hint=hint,
            )
        full = entry.base + pointer
        line = entry.line if self.kind == "lines" else line_of(entry.text, full)
        prefix = f"{entry.label()}: " if entry.index is not None else ""
        return LifepathError(prefix + message, file=self.source, line=line, pointer=full, hint=hint)

    def date(self, value: Any, pointer: str, entry: Entry | None = None) -> datetime | None:
        """The ISO 8601 date at ``pointer`` (None stays None)."""
        if value is None:
            return None
        try:
            parsed = datetime.fromisoformat(str(value))
        except ValueError:
            raise self.error(f"'{value}' is not a date and time", pointer, "write it as ISO 8601", entry) from None
        return parsed

    def entries(self) -> Iterator[Entry]:
        """Every character in the file, in order (a format 2 file is read one line at a time)."""
        if self.kind == "character":
            yield Entry(None, self.data, "", self.text, 1)
            return
        if self.kind == "campaign":
            for i, item in enumerate(self.data.get("characters", [])):
                yield Entry(i, item if isinstance(item, dict) else {}, f"/characters/{i}", self.text, 0)
            return
        for index, number, raw in self.raw_lines():
            yield self.entry(index, number, raw)

    def raw_lines(self) -> Iterator[tuple[int, int, bytes]]:
        """Each character line of a format 2 file as ``(index, line number, raw bytes)``, with the checks
        that need no parsing: a line's length, and (at the end) the count the header announced."""
        expected = int(self.data["characters"])
        count = 0
        for number, raw in self._lines():
            if not raw.strip():
                continue
            if len(raw) > MAX_LINE_BYTES:
                raise LifepathError(
                    f"character {count + 1} is more than {mib(MAX_LINE_BYTES)} long (a character is usually 7 to "
                    "40 KB)",
                    file=self.source,
                    line=number,
                    hint="this is not a character lifepath made; remove that line, or check it is the right file",
                )
            yield count, number, raw
            count += 1
        if count != expected:
            raise LifepathError(
                f"the file holds {count} character(s), but its first line announces {expected}",
                file=self.source,
                hint="the file was cut off or edited; export the campaign again",
            )

    def entry(self, count: int, number: int, raw: bytes) -> Entry:
        """Character ``count`` of a format 2 file, from its line (number ``number``), parsed."""
        text = _decode(raw, self.source, number)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise TableError(
                f"character {count + 1}: this line is not valid JSON ({e.msg}, column {e.colno})",
                file=self.source,
                line=number,
                hint="the file is damaged or was cut off; export it again",
            ) from None
        except RecursionError:
            raise too_deep_error(
                self.source, text, line=number, what=f"character {count + 1}: ", hint=NESTING_HINT
            ) from None
        if not isinstance(data, dict):
            raise TableError(
                f"character {count + 1}: this line is not a JSON object",
                file=self.source,
                line=number,
                hint="each line after the first is one character",
            )
        expected = int(self.data["characters"])
        if count >= expected:
            raise LifepathError(
                f"the file holds more characters than the {expected} its first line announces",
                file=self.source,
                line=number,
                hint="the file was edited or joined with another; export it again",
            )
        return Entry(count, data, "", text, number)

    def _lines(self) -> Iterator[tuple[int, bytes]]:
        if self.path is None:
            for number, line in enumerate((self._rest or "").split("\n"), start=2):
                yield number, line.encode("utf-8")
            return
        try:
            with self.path.open("rb") as fh:
                fh.readline(MAX_LINE_BYTES + 1)
                number = 1
                while True:
                    raw = fh.readline(MAX_LINE_BYTES + 1)
                    if not raw:
                        return
                    number += 1
                    yield number, raw.rstrip(b"\r\n")
        except OSError as e:
            raise LifepathError(f"cannot read {self.path} ({e.strerror})", hint="check the file") from None


def _header(first: bytes, source: str) -> dict[str, Any] | None:
    """The header of a format 2 campaign export, or None when ``first`` is not one."""
    stripped = first.strip()
    if not stripped.startswith(b"{") or CAMPAIGN_LINES_SCHEMA_ID.encode() not in stripped:
        return None
    try:
        data = json.loads(stripped.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return None
    except RecursionError:
        raise too_deep_error(source, line=1, hint=NESTING_HINT) from None
    if too_deep(data):
        raise too_deep_error(source, line=1, hint=NESTING_HINT)
    if isinstance(data, dict) and data.get("$schema") == CAMPAIGN_LINES_SCHEMA_ID:
        return data
    return None


def _too_big_document(source: str, size: str) -> LifepathError:
    return LifepathError(
        f"{source} is {size}, more than the {mib(MAX_DOCUMENT_BYTES)} lifepath reads as one JSON "
        "document (a character export, or a campaign export in the old one-document format)",
        hint="a character export is a few dozen KB: check it is the right file; for a campaign, export it "
        "again with this version, which writes one line per character and has a much higher limit",
    )


def _parse_document(source: str, text: str) -> Table:
    """A whole export document parsed (a character, or a campaign in format 1), nested no more than
    :data:`~lifepath.support.files.MAX_JSON_DEPTH` deep."""
    try:
        table = parse_table(source, text)
    except RecursionError:
        raise too_deep_error(source, text, hint=NESTING_HINT) from None
    if too_deep(table.data):
        raise too_deep_error(source, text, hint=NESTING_HINT)
    return table


def _decode(raw: bytes, source: str, line: int | None = None) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LifepathError(f"{source} is not UTF-8 text", line=line, hint=EXPORT_HINT) from None


__all__ = ["Entry", "ImportFile"]
