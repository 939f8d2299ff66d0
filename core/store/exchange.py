"""Exporting characters and whole campaigns, and importing them back.

A character export is the stored document itself, byte for byte (indented JSON).

A campaign export (format 2, ``campaign-lines.schema.json``) is JSON Lines: a header line with the
campaign (name, ruleset, house rules, content folders, sector-file worlds when it has any, plugins, dates)
and how many characters follow, then one compact line per character, its roster data (and the referee's
notes, when it has any) beside its document (``campaign.schema.json#/$defs/entry``). A campaign created by
an import gets the header's worlds, checked as ``campaign add-worlds`` checks a sector file's.
Export streams rows out of the database and import reads one line at a time, so both run in constant
memory whatever the campaign's size. Format 1 (one indented
JSON document, ``campaign.schema.json``) is still imported, read whole, up to :data:`MAX_DOCUMENT_BYTES`.

Importing is all or nothing, in one transaction. Before the commit every character is:

* checked against the schema (errors name the file, the line, the JSON pointer and the character);
* refused if any string holds a NUL character (PostgreSQL cannot store one), naming the field;
* replayed from its seed and recorded decisions (:func:`lifepath.replay.verify`): a character whose
  sheet or history is not what they make is refused with the difference ``verify`` prints, unless the
  import accepts edited characters, which are then stored marked ``edited``;
* checked against the campaign: its ruleset, its house-rule values, and whether the campaign already
  holds the same document (the SHA-256 in ``document_sha256``; refused unless duplicates are allowed).

A character whose document round-trips exactly and replays identically is the engine's own output, so
only its provenance is checked against the schema (the rest was just re-made); anything else gets the
full schema check first. That keeps the replay and the check within the import's time budget.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from lifepath import houserules
from lifepath.character import FORMAT as CHARACTER_FORMAT
from lifepath.character import SCHEMA_ID as CHARACTER_SCHEMA_ID
from lifepath.character import Character
from lifepath.errors import LifepathError, TableError
from lifepath.files import too_deep, too_deep_error
from lifepath.jsonpos import line_of
from lifepath.store import STATUSES, documents
from lifepath.tables import Table, parse_table

if TYPE_CHECKING:
    from sqlmodel import Session

    from lifepath.registry import Registry
    from lifepath.store.checking import Checked, Ready
    from lifepath.store.models import CampaignCreate, CampaignRead
    from lifepath.store.service import Store
    from lifepath.validation import Validator

#: the campaign export lifepath writes: JSON Lines, a header then one line per character
CAMPAIGN_FORMAT = "lifepath.campaign/2"
CAMPAIGN_LINES_SCHEMA_ID = "https://lifepath.example/schemas/campaign-lines.schema.json"
#: the older campaign export: one indented JSON document (still imported)
LEGACY_CAMPAIGN_FORMAT = "lifepath.campaign/1"
CAMPAIGN_SCHEMA_ID = "https://lifepath.example/schemas/campaign.schema.json"

#: the largest file read whole: a character export, or a campaign export in format 1
MAX_DOCUMENT_BYTES = 32 * 1024 * 1024
#: the longest character line of a format 2 campaign export (a typical character is 7 to 40 KB)
MAX_LINE_BYTES = 1024 * 1024
#: the largest format 2 campaign export (about 50,000 characters of the biggest ruleset)
MAX_FILE_BYTES = 2 * 1024 * 1024 * 1024
#: characters written to the database per INSERT (each holds its 20 KB document until then)
CHUNK = 100

_BRIEF_SCHEMA_ID = "https://lifepath.example/schemas/character-brief.schema.json"
_EXPORT_HINT = "give a file written by `lifepath export` or `lifepath create --json`"
_NESTING_HINT = "this is not a file lifepath wrote, or it was damaged; " + _EXPORT_HINT[0].lower() + _EXPORT_HINT[1:]
_ENTRY_ID = "urn:lifepath:campaign-entry"
_PROVENANCE_ID = "urn:lifepath:provenance"
_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_WRAPPERS = (
    {"$schema": _DRAFT, "$id": _ENTRY_ID, "$ref": f"{CAMPAIGN_SCHEMA_ID}#/$defs/entry"},
    {"$schema": _DRAFT, "$id": _PROVENANCE_ID, "$ref": f"{CHARACTER_SCHEMA_ID}#/$defs/provenance"},
)


def _mib(n: int) -> str:
    return f"{n / 1024 / 1024:g} MiB"


# -- export ----------------------------------------------------------------------------------------


def _campaign_info(camp: CampaignRead) -> dict[str, Any]:
    info: dict[str, Any] = {
        "name": camp.name,
        "ruleset": camp.ruleset,
        "house_rules": camp.house_rules,
        "content": camp.content,
        "enabled_plugins": camp.enabled_plugins,
        "enabled_replacements": camp.enabled_replacements,
    }
    if camp.worlds:  # written only when there are some, so exports of campaigns without any are unchanged
        info["worlds"] = camp.worlds
    return {
        **info,
        "plugins": camp.plugins,
        "archived": camp.archived,
        "created_at": camp.created_at.isoformat(),
        "archived_at": camp.archived_at.isoformat() if camp.archived_at else None,
    }


def export_character(store: Store, character_id: int) -> str:
    """One character's export: its stored document, exactly as saved."""
    return store.document(character_id)


def campaign_lines(store: Store, name: str) -> Iterator[str]:
    """A campaign export (format 2), line by line: the header, then each character in id order.

    Rows are read from the database in batches and each line is built from the stored compact document
    without parsing it, so memory stays flat whatever the campaign's size."""
    from sqlalchemy import func, select

    from lifepath.store.models import CharacterRow

    with store.read_session() as session:
        camp = store.campaign(name, check_plugins=False, session=session)
        count = session.execute(
            select(func.count()).select_from(CharacterRow).where(CharacterRow.campaign_id == camp.id)  # type: ignore[arg-type]
        ).scalar_one()
        header = {
            "$schema": CAMPAIGN_LINES_SCHEMA_ID,
            "format": CAMPAIGN_FORMAT,
            "campaign": _campaign_info(camp),
            "characters": int(count),
        }
        yield documents.compact(header) + "\n"
        table = CharacterRow.__table__  # type: ignore[attr-defined]
        c = table.c
        query = (
            select(c.id, c.player, c.status, c.created_at, c.updated_at, c.notes, c.document)
            .where(c.campaign_id == camp.id)
            .order_by(c.id)
            .execution_options(yield_per=CHUNK)
        )
        for cid, player, status, created, updated, notes, stored in session.execute(query):
            fields: dict[str, Any] = {
                "id": cid,
                "player": player,
                "status": status,
                "created_at": created.isoformat(),
                "updated_at": updated.isoformat(),
            }
            if notes:  # only when there are some, as for the header's worlds
                fields["notes"] = notes
            roster = documents.compact(fields)
            if "\n" in stored:  # stored indented by an older version
                stored = documents.compact(json.loads(stored))
            yield f'{roster[:-1]},"character":{stored}}}\n'


def write_campaign(store: Store, name: str, out: IO[str]) -> int:
    """Write a campaign export to ``out``; return how many characters it holds."""
    lines = campaign_lines(store, name)
    header = next(lines)
    out.write(header)
    for line in lines:
        out.write(line)
    return int(json.loads(header)["characters"])


def export_campaign(store: Store, name: str) -> str:
    """A campaign export as one text (for small campaigns and tests; the CLI streams)."""
    return "".join(campaign_lines(store, name))


# -- reading an import file ------------------------------------------------------------------------


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


@dataclass
class ImportReport:
    """What an import wrote."""

    campaign: str
    created_campaign: bool
    ids: list[int] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: ids of the characters stored marked edited (``--accept-edited``)
    edited: list[int] = field(default_factory=list)


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

            self._validator = Validator(_WRAPPERS)
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
                    f"{path} is {_mib(size)}, more than the {_mib(MAX_FILE_BYTES)} a campaign import takes",
                    hint="split the campaign: export part of it, or import it in pieces with --campaign",
                )
            found = cls(str(path), "lines", header, _decode(first, str(path)), path)
            found.check_head()
            return found
        if size > MAX_DOCUMENT_BYTES:
            raise _too_big_document(str(path), _mib(size))
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
            raise LifepathError(f"{path} is a folder", hint=_EXPORT_HINT)
        print(f"reading {path}...", file=sys.stderr, flush=True)  # a pipe waits for its writer
        with path.open("rb") as fh:
            data = fh.read(MAX_DOCUMENT_BYTES + 1)
        if len(data) > MAX_DOCUMENT_BYTES:
            raise LifepathError(
                f"{path} is not a regular file (a pipe or a device) and gives more than the "
                f"{_mib(MAX_DOCUMENT_BYTES)} lifepath reads from one",
                hint="save the export to a file and import that file (a file may hold a much larger campaign)",
            )
        return cls.parse(str(path), _decode(data, str(path)))

    @classmethod
    def parse(cls, source: str, text: str) -> ImportFile:
        """Parse and check export text held in memory; ``source`` names it in errors."""
        if len(text.encode("utf-8")) > MAX_DOCUMENT_BYTES and _header(text.split("\n", 1)[0].encode(), source) is None:
            raise LifepathError(
                f"{source} is more than the {_mib(MAX_DOCUMENT_BYTES)} lifepath reads as one JSON document",
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
        if table.schema_id == _BRIEF_SCHEMA_ID:
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
                hint=_EXPORT_HINT,
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
                raise self.error('"characters" is not a list of characters', "/characters", _EXPORT_HINT)
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
                    f"character {count + 1} is more than {_mib(MAX_LINE_BYTES)} long (a character is usually 7 to "
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
                self.source, text, line=number, what=f"character {count + 1}: ", hint=_NESTING_HINT
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
        raise too_deep_error(source, line=1, hint=_NESTING_HINT) from None
    if too_deep(data):
        raise too_deep_error(source, line=1, hint=_NESTING_HINT)
    if isinstance(data, dict) and data.get("$schema") == CAMPAIGN_LINES_SCHEMA_ID:
        return data
    return None


def _too_big_document(source: str, size: str) -> LifepathError:
    return LifepathError(
        f"{source} is {size}, more than the {_mib(MAX_DOCUMENT_BYTES)} lifepath reads as one JSON "
        "document (a character export, or a campaign export in the old one-document format)",
        hint="a character export is a few dozen KB: check it is the right file; for a campaign, export it "
        "again with this version, which writes one line per character and has a much higher limit",
    )


def _parse_document(source: str, text: str) -> Table:
    """A whole export document parsed (a character, or a campaign in format 1), nested no more than
    :data:`~lifepath.files.MAX_JSON_DEPTH` deep."""
    try:
        table = parse_table(source, text)
    except RecursionError:
        raise too_deep_error(source, text, hint=_NESTING_HINT) from None
    if too_deep(table.data):
        raise too_deep_error(source, text, hint=_NESTING_HINT)
    return table


def _decode(raw: bytes, source: str, line: int | None = None) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LifepathError(f"{source} is not UTF-8 text", line=line, hint=_EXPORT_HINT) from None


# -- checking one character ------------------------------------------------------------------------


@dataclass
class Prepared:
    """One character checked and ready to write: the values of its row (:func:`rows` makes the model)."""

    entry: Entry
    values: dict[str, Any]
    plugins: list[dict[str, str]]
    edited: bool


@dataclass(frozen=True)
class Said:
    """A warning about one character, which may be the same for many: :func:`said_once` gives it once, with
    which characters (``who`` + ``one`` for one character, ``many`` after a count of several)."""

    who: str
    #: the character's number as a person counts (None: the file's only character)
    number: int | None
    one: str
    many: str

    @classmethod
    def of(cls, entry: Entry, one: str, many: str) -> Said:
        return cls(entry.label(), None if entry.index is None else entry.index + 1, one, many)


def said_once(warnings: list[Said]) -> list[str]:
    """The warnings as text, each said once, in the order first said: a warning repeated for several
    characters names how many and which (``3,000 characters (1-3,000) were made ...``)."""
    groups: dict[tuple[str, str], list[Said]] = {}
    for said in warnings:
        groups.setdefault((said.one, said.many), []).append(said)
    out = []
    for (one, many), same in groups.items():
        if len(same) == 1:
            out.append(f"{same[0].who} {one}")
            continue
        numbers = [s.number for s in same if s.number is not None]
        out.append(f"{len(same):,} characters ({_ranges(numbers)} in the file) {many}")
    return out


def _ranges(numbers: list[int], most: int = 10) -> str:
    """``1, 2, 3, 7`` as ``1-3, 7``, at most ``most`` parts (then how many more characters)."""
    parts: list[str] = []
    shown = 0
    start = 0
    while start < len(numbers) and len(parts) < most:
        end = start
        while end + 1 < len(numbers) and numbers[end + 1] == numbers[end] + 1:
            end += 1
        a, b = numbers[start], numbers[end]
        parts.append(f"{a:,}" if a == b else f"{a:,}-{b:,}")
        shown += end - start + 1
        start = end + 1
    if shown < len(numbers):
        parts.append(f"and {len(numbers) - shown:,} more")
    return ", ".join(parts)


class Checker:
    """Checks the characters of one import against its target campaign (see the module's docstring)."""

    def __init__(
        self,
        found: ImportFile,
        registry: Registry,
        target: CampaignRead,
        in_force: dict[str, Any],
        *,
        accept_edited: bool,
        plain: Registry | None = None,
    ) -> None:
        self.found = found
        self.registry = registry
        self.plain = plain
        self.target = target
        self.ruleset = registry.ruleset(target.ruleset)
        self.rules = houserules.rules_of(registry.declaration(self.ruleset.id))
        self.in_force = in_force
        self.accept_edited = accept_edited
        self.warnings: list[Said] = []
        self._provenance_checked: dict[str, bool] = {}

    def prepare(self, entry: Entry) -> Prepared:
        found = self.found
        if not isinstance(entry.data, dict) or (entry.index is not None and not _roster_ok(entry.data)):
            self.full_check(entry)
        doc = entry.document
        try:
            character = Character.from_dict(doc)
        except (KeyError, TypeError, ValueError, AttributeError):
            self.full_check(entry)
            raise found.error("this is not a character export", entry.inner(""), _EXPORT_HINT, entry) from None
        # the engine's own form of this character; when the file holds exactly these bytes (a format 2
        # line lifepath wrote) the document need not be encoded a second time
        canonical = documents.compact(character.to_dict())
        same = self.found.kind == "lines" and entry.text.endswith(f',"character":{canonical}}}')
        stored = canonical if same else documents.compact(doc)
        roster = [v for k, v in entry.data.items() if k != "character"] if entry.index is not None else []
        if "\\u0000" in stored or any(isinstance(v, str) and "\x00" in v for v in roster):
            self.check_depth(entry)  # _nul_pointer walks it
            pointer = _nul_pointer(entry.data) or ""
            raise found.error(
                f"the field {pointer} holds a NUL character (\\u0000), which the campaign store cannot keep",
                pointer,
                "remove the NUL character from that field (it is never typed on purpose)",
                entry,
            )
        self.check_campaign(entry, character)
        edited = self.replay(entry, character, stored == canonical, stored)
        player = status = None
        created = updated = None
        notes = ""
        if entry.index is not None:
            player, status = entry.data.get("player"), entry.data.get("status")
            created = found.date(entry.data.get("created_at"), "/created_at", entry)
            updated = found.date(entry.data.get("updated_at"), "/updated_at", entry)
            notes = self.notes(entry)
        values = documents.character_values(self.registry, character, player=player, status=status, stored=stored)
        values.update(created_at=created, updated_at=updated or created, edited=edited, notes=notes)
        return Prepared(entry, values, list(character.provenance.get("plugins", [])), edited)

    def notes(self, entry: Entry) -> str:
        """The entry's notes, checked as ``lifepath note`` checks them."""
        value = entry.data.get("notes", "")
        if not isinstance(value, str):
            self.full_check(entry)  # explains the wrong kind
            raise self.found.error('"notes" is not text', "/notes", "write the notes as a string", entry)
        if not value:
            return value
        from lifepath.store.service import check_notes

        try:
            return check_notes(value)
        except LifepathError as e:
            raise self.found.error(e.message, "/notes", e.hint, entry) from None

    def full_check(self, entry: Entry) -> None:
        """The full schema check of an entry: raises its most relevant problem, if it has any."""
        found = self.found
        self.check_depth(entry)
        schema = _ENTRY_ID if entry.index is not None else CHARACTER_SCHEMA_ID
        errors = found.validator.errors(Table(found.source, entry.text, entry.data, ""), schema)
        if errors:
            first = errors[0]
            pointer = entry.base + (first.pointer or "")
            label = f"{entry.label()}: " if entry.index is not None else ""
            more = f"; {len(errors) - 1} more problem(s) in this character" if len(errors) > 1 else ""
            raise TableError(
                label + first.message,
                file=found.source,
                line=entry.line if found.kind == "lines" else line_of(entry.text, pointer),
                pointer=pointer,
                hint=(first.hint or "") + more or None,
            )

    def check_depth(self, entry: Entry) -> None:
        """Refuse an entry nested more than :data:`~lifepath.files.MAX_JSON_DEPTH` deep (before anything walks
        it; a line too deep to parse is refused as it is read). The engine's own lines, which replay, need
        no such check."""
        if not too_deep(entry.data):
            return
        text: str | None = entry.text  # the line, or the whole file: the scan finds the line
        line: int | None = entry.line if self.found.kind == "lines" else None
        if self.found.kind == "campaign":  # one document: where this character starts
            text, line = None, line_of(entry.text, entry.base)
        what = f"{entry.label()}: " if entry.index is not None else ""
        raise too_deep_error(self.found.source, text, line=line, what=what, hint=_NESTING_HINT)

    def check_campaign(self, entry: Entry, character: Character) -> None:
        """The character's ruleset, seed and house rules against the campaign (raises, or warns)."""
        found, target, ruleset_id = self.found, self.target, self.ruleset.id
        made = character.provenance.get("ruleset", {})
        if not isinstance(made, dict) or made.get("id") != ruleset_id:
            made_id = made.get("id") if isinstance(made, dict) else made
            raise found.error(
                f"it was made under the ruleset {made_id}, but campaign '{target.name}' uses {ruleset_id}",
                entry.inner("/provenance/ruleset/id"),
                "import it into a campaign of its own ruleset",
                entry,
            )
        self.check_seed(entry, character.provenance.get("seed"))
        rules = character.provenance.get("house_rules", {})
        if isinstance(rules, dict):
            for name, value in rules.items():
                if name in self.rules:
                    try:
                        houserules.check(name, self.rules[name], value)
                    except LifepathError as e:
                        raise found.error(
                            f"it was made under the house rule {name} = {json.dumps(value, ensure_ascii=False)}, "
                            f"which {ruleset_id} does not allow: {e.message}",
                            entry.inner(f"/provenance/house_rules/{name}"),
                            e.hint,
                            entry,
                        ) from None
            differences = documents.rule_differences(rules, self.in_force)
            if differences:
                rest = f"made under other house rules than campaign '{target.name}' has: " + "; ".join(differences)
                self.warnings.append(Said.of(entry, "was " + rest, "were " + rest))
        if made.get("version") != self.ruleset.version:
            rest = f"made with {ruleset_id} {made.get('version')}, and {self.ruleset.version} is installed"
            self.warnings.append(Said.of(entry, "was " + rest, "were " + rest))

    def check_seed(self, entry: Entry, seed: Any) -> None:
        """The seed must be one the store can keep (a 64-bit whole number): else an error naming the file,
        the line and ``/provenance/seed``."""
        try:
            documents.check_seed(seed, entry.label())
        except LifepathError as e:
            self.check_depth(entry)  # the message shows the value
            shown = json.dumps(seed)
            shown = shown if len(shown) <= 40 else shown[:37] + "..."
            raise self.found.error(
                f"the seed {shown} is not one the campaign store can keep",
                entry.inner("/provenance/seed"),
                e.hint,
                entry,
            ) from None

    def replay(self, entry: Entry, character: Character, round_trips: bool, stored: str) -> bool:
        """Replay the character; True when it differs and is accepted as edited, else raise or return False.
        ``stored`` is the document's compact text (the engine's own when ``round_trips``)."""
        from lifepath.recorded import ContentMismatch
        from lifepath.replay import verify

        doc = entry.document
        fast = round_trips
        if fast and entry.index is not None and not _roster_ok(entry.data):
            fast = False
        if fast:
            fast = self.provenance_ok(entry, doc.get("provenance"))
        if not fast:
            self.full_check(entry)
        try:
            # a document stored as the engine writes it, and not renamed, is its own compact text
            text = stored if round_trips and documents.original_name(doc) is None else None
            verdict = verify(self.registry_for(character), documents.as_made(doc), text=text)
            identical, message = verdict.identical, verdict.message
        except ContentMismatch as e:  # the plugins it was made with are not here: say which, not "edited"
            if not self.accept_edited:
                raise self.found.error(e.message, entry.inner(e.pointer or ""), e.hint, entry) from None
            identical, message = False, f"the replay was not run: {e.paragraph()}"
        except LifepathError as e:
            identical, message = False, f"the replay stopped: {e.paragraph()}"
        if identical:
            return False
        if fast:
            self.full_check(entry)  # a value of the wrong kind is explained by the schema, before the replay
        if self.accept_edited:
            rest = f"({message}); stored marked edited"
            self.warnings.append(Said.of(entry, "does not replay " + rest, "do not replay " + rest))
            return True
        missing = self.missing_plugins(character)
        hint = (
            "a character must be what its seed and recorded decisions make; import the unedited export, or add "
            "--accept-edited to store it marked as edited"
        )
        if missing:
            hint = (
                f"it was made with {', '.join(missing)}, which is not installed here: install it (or copy the "
                "content folder and add it to the campaign) and import again; or " + hint
            )
        raise self.found.error(f"it is not what its seed and decisions make: {message}", entry.inner(""), hint, entry)

    def registry_for(self, character: Character) -> Registry:
        """The registry to replay ``character`` with: with the campaign's content folders when its
        provenance names a content plugin, without them otherwise (a character made before a folder
        was added to the campaign was not offered its careers)."""
        if self.plain is None or self.plain is self.registry:
            return self.registry
        plugins = character.provenance.get("plugins", [])
        named = isinstance(plugins, list) and any(
            isinstance(p, dict) and str(p.get("name", "")).startswith("content:") for p in plugins
        )
        return self.registry if named else self.plain

    def provenance_ok(self, entry: Entry, provenance: Any) -> bool:
        """Whether the provenance follows the schema. The decisions (the long part, whose per-item schema
        costs jsonschema most of the time) are checked here; the rest by the schema."""
        if not isinstance(provenance, dict):
            return False
        decisions = provenance.get("decisions")
        if not isinstance(decisions, list) or not all(
            type(d) is list and len(d) == 2 and type(d[0]) is str and type(d[1]) is str for d in decisions
        ):
            return False
        # the rest is the same for most characters of a campaign (the seed is checked by check_seed)
        rest = {**provenance, "decisions": [], "seed": 0}
        key = documents.compact(rest)
        known = self._provenance_checked.get(key)
        if known is None:
            known = not self.found.validator.errors(Table(self.found.source, entry.text, rest, ""), _PROVENANCE_ID)
            if len(self._provenance_checked) < 1000:
                self._provenance_checked[key] = known
        return known

    def missing_plugins(self, character: Character) -> list[str]:
        active = {info.name for info in self.registry.manager.active()}
        wanted = character.provenance.get("plugins", [])
        if not isinstance(wanted, list):
            return []
        return sorted({str(p.get("name")) for p in wanted if isinstance(p, dict) and p.get("name") not in active})


def _roster_ok(item: dict[str, Any]) -> bool:
    """Whether a campaign entry's roster fields have the shapes the schema asks for (a quick check; the
    full schema check runs, and explains, when this says no)."""
    allowed = {"id", "player", "status", "created_at", "updated_at", "notes", "character"}
    if not allowed >= set(item) or not {"player", "status", "created_at", "updated_at", "character"} <= set(item):
        return False
    cid, player = item.get("id", 0), item["player"]
    return (
        isinstance(cid, int)
        and not isinstance(cid, bool)
        and (player is None or isinstance(player, str))
        and item["status"] in STATUSES
        and isinstance(item["created_at"], str)
        and isinstance(item["updated_at"], str)
        and isinstance(item["character"], dict)
        and isinstance(item.get("notes", ""), str)
    )


def _nul_pointer(value: Any, pointer: str = "") -> str | None:
    """The JSON pointer of the first key or string holding a NUL character."""
    if isinstance(value, str):
        return pointer if "\x00" in value else None
    if isinstance(value, dict):
        for key, item in value.items():
            escaped = str(key).replace("~", "~0").replace("/", "~1")
            if "\x00" in str(key):
                return f"{pointer}/{escaped}"
            found = _nul_pointer(item, f"{pointer}/{escaped}")
            if found is not None:
                return found
    if isinstance(value, list):
        for i, item in enumerate(value):
            found = _nul_pointer(item, f"{pointer}/{i}")
            if found is not None:
                return found
    return None


# -- import ----------------------------------------------------------------------------------------


def import_file(
    store: Store,
    path: Path,
    campaign: str | None = None,
    *,
    accept_edited: bool = False,
    allow_duplicate: bool = False,
    workers: int | None = 1,
) -> ImportReport:
    """Import a character export into ``campaign``, or a campaign export as a new campaign (called
    ``campaign`` when given, or adding its characters to ``campaign`` when that exists).

    Everything is checked before the commit, and everything is written in one transaction. With
    ``workers > 1`` a campaign export's characters are checked in that many processes, and with ``None``
    in :data:`~lifepath.store.checking.DEFAULT_WORKERS` when the file is large enough to pay for them
    (:mod:`lifepath.store.checking`); the result, the warnings and the first error are the same.
    """
    return import_parsed(
        store,
        ImportFile.read(path),
        campaign,
        accept_edited=accept_edited,
        allow_duplicate=allow_duplicate,
        workers=workers,
    )


def import_parsed(
    store: Store,
    found: ImportFile,
    campaign: str | None = None,
    *,
    accept_edited: bool = False,
    allow_duplicate: bool = False,
    workers: int | None = 1,
) -> ImportReport:
    """:func:`import_file` for an already opened file.

    The duplicate check is atomic: the transaction first takes the target campaign's lock
    (:func:`lifepath.store.engine.lock_campaign_name`: an advisory lock on its name on PostgreSQL, which
    works for a campaign this import creates; ``BEGIN IMMEDIATE`` on SQLite), so two imports of one file
    run one after the other and the second finds the first one's characters."""
    from lifepath.store.engine import lock_campaign_name

    with store.write_session() as session:
        lock_campaign_name(session, store.url, _lock_name(found, campaign))
        target, create = _target(store, session, found, campaign)
        plain = store.registry  # built before any content folder is loaded into the process's manager
        registry = _replay_registry(store, target)
        ruleset = registry.ruleset(target.ruleset)
        try:
            in_force = houserules.resolve(registry.declaration(ruleset.id), target.house_rules)
        except LifepathError as e:
            pointer = "/campaign/house_rules" if create else ""
            raise found.error(
                f"campaign '{target.name}' has house rules {ruleset.id} does not allow: {e.message}",
                pointer,
                e.hint,
            ) from None
        report = ImportReport(target.name, create is not None)
        if create is not None:
            report.warnings.extend(_check_content(target))
            target = store.new_campaign(create, session=session)
        checker = Checker(found, registry, target, in_force, accept_edited=accept_edited, plain=plain)
        seen = store.document_hashes(target.name, session=session)
        duplicates: list[str] = []
        batch: list[Ready] = []
        for prepared in _checked(found, checker, target, in_force, accept_edited, workers):
            sha = prepared.row.document_sha256
            if sha in seen:
                duplicates.append(f"{prepared.label}{seen[sha]}")
            else:
                seen[str(sha)] = " (also earlier in this file)"
            batch.append(prepared)
            if len(batch) >= CHUNK:
                _write(store, session, target.name, batch, report)
                batch = []
        if duplicates and not allow_duplicate:
            shown = "; ".join(duplicates[:10]) + (f"; and {len(duplicates) - 10} more" if len(duplicates) > 10 else "")
            raise LifepathError(
                f"campaign '{target.name}' already holds {len(duplicates)} of these character(s), the very same "
                f"document: {shown}",
                file=found.source,
                hint="nothing was imported; this file (or part of it) was imported before. Add --allow-duplicate to "
                "import a second copy anyway",
            )
        _write(store, session, target.name, batch, report)
        report.warnings.extend(said_once(checker.warnings))
        info = (found.campaign_info or {}) if create is not None else {}
        if info.get("archived"):
            from lifepath.store.models import CampaignUpdate

            archived_at = found.date(info.get("archived_at"), "/campaign/archived_at")
            store.update_campaign(target.name, CampaignUpdate(archived=True, archived_at=archived_at), session=session)
    return report


def _lock_name(found: ImportFile, campaign: str | None) -> str:
    """The name of the campaign an import writes to (``--campaign``, else the campaign file's own; blank for
    a character export without one, which :func:`_target` refuses)."""
    if campaign is not None:
        return campaign
    name = (found.campaign_info or {}).get("name")
    return name if isinstance(name, str) else ""


def _checked(
    found: ImportFile,
    checker: Checker,
    target: CampaignRead,
    in_force: dict[str, Any],
    accept_edited: bool,
    workers: int | None,
) -> Iterator[Ready]:
    """Every character of ``found`` checked, in file order: here, or by worker processes
    (:func:`lifepath.store.checking.parallel` says when)."""
    from lifepath.store import checking
    from lifepath.store.checking import Ready
    from lifepath.store.models import CharacterCreate, build

    made: Iterator[Checked]
    if checking.parallel(found, workers):
        spec = checking.spec_of(found, target, in_force, accept_edited)
        made = checking.checked(spec, found, workers or checking.DEFAULT_WORKERS, checker.warnings)
    else:
        made = (checking.Checked(e.label(), p.values, p.plugins, p.edited) for e, p in _prepared(found, checker))
    for item in made:
        yield Ready(item.label, build(CharacterCreate, "character", **item.values), item.plugins, item.edited)


def _prepared(found: ImportFile, checker: Checker) -> Iterator[tuple[Entry, Prepared]]:
    for entry in found.entries():
        yield entry, checker.prepare(entry)


def _write(store: Store, session: Session, campaign: str, batch: list[Ready], report: ImportReport) -> None:
    if not batch:
        return
    ids = store.insert_rows(campaign, [(p.row, p.plugins) for p in batch], session=session)
    report.ids.extend(ids)
    report.edited.extend(i for i, p in zip(ids, batch, strict=True) if p.edited)


def _replay_registry(store: Store, target: CampaignRead) -> Registry:
    """The registry to replay the campaign's characters with: the store's, plus the campaign's content
    folders that are here (as ``verify`` does)."""
    present = [f for f in target.content if Path(f).is_dir()]
    if not present:
        return store.registry
    from lifepath.manager import get_manager
    from lifepath.store.content import load_campaign_content

    manager = get_manager()
    load_campaign_content(manager, target.model_copy(update={"content": present}))
    return manager.registry()


def _target(
    store: Store, session: Session, found: ImportFile, campaign: str | None
) -> tuple[CampaignRead, CampaignCreate | None]:
    """The campaign to import into, and the campaign to create first (None when it exists)."""
    info = found.campaign_info
    if info is None:
        if campaign is None:
            raise LifepathError(
                "a character export goes into a campaign, and none was named",
                file=found.source,
                hint="add --campaign NAME",
            )
        return store.campaign(campaign, check_plugins=False, session=session), None
    name = campaign or info["name"]
    existing = {c.name for c in store.campaigns(session=session)}
    if name in existing:
        if campaign is None:
            raise LifepathError(
                f"there is already a campaign called '{name}' in {store.where}",
                file=found.source,
                hint="import it under another name with --campaign NEW_NAME, or name an existing campaign of the "
                "same ruleset with --campaign to add these characters to it",
            )
        target = store.campaign(name, check_plugins=False, session=session)
        if target.ruleset != info["ruleset"]:
            raise found.error(
                f"this campaign uses the ruleset {info['ruleset']}, but campaign '{name}' uses {target.ruleset}",
                "/campaign/ruleset",
                "import it as a new campaign under another name with --campaign NEW_NAME",
            )
        return target, None
    from lifepath.store.content import folder_path
    from lifepath.store.models import CampaignCreate, CampaignRead, build

    ruleset = store.registry.ruleset(info["ruleset"])
    create = build(
        CampaignCreate,
        "campaign",
        name=name,
        ruleset=ruleset.id,
        house_rules=dict(info.get("house_rules", {})),
        content=list(dict.fromkeys(folder_path(f) for f in info.get("content", []))),
        worlds=_check_worlds(found, info.get("worlds", [])),
        plugins=list(info.get("plugins", [])),
        **_enabled(info),
        archived=False,
        created_at=found.date(info.get("created_at"), "/campaign/created_at"),
    )
    read = CampaignRead(
        id=0,
        name=name,
        ruleset=ruleset.id,
        house_rules=create.house_rules,
        content=create.content,
        worlds=create.worlds,
        plugins=create.plugins,
        enabled_plugins=create.enabled_plugins,
        enabled_replacements=create.enabled_replacements,
        archived=False,
        created_at=create.created_at or datetime.now().astimezone(),
    )
    return read, create


def _enabled(info: dict[str, Any]) -> dict[str, list[str]]:
    """The header's enabled plugins and replacements; an export older than them enables the plugins its
    characters were made with, as the store's revision 0007 does for a campaign it upgrades."""
    if "enabled_plugins" in info:
        return {
            "enabled_plugins": list(info["enabled_plugins"]),
            "enabled_replacements": list(info.get("enabled_replacements", [])),
        }
    names = {p.get("name") for p in info.get("plugins", []) if isinstance(p, dict)}
    return {
        "enabled_plugins": sorted(n for n in names if isinstance(n, str) and not n.startswith("content:")),
        "enabled_replacements": [],
    }


def _check_worlds(found: ImportFile, worlds: Any) -> list[dict[str, Any]]:
    """The header's worlds, checked as ``campaign add-worlds`` checks a sector file's (a hex of four digits,
    a name of at most 60 characters, a UWP, remarks of at most 200, no control character in any field; no
    sector and hex twice, no name twice in a sector: :mod:`lifepath.sector`), as ``{sector, hex, name, uwp,
    remarks}`` each. Two sectors may share hex numbers and names."""
    from lifepath.sector import Seen, World, world_problems

    hint = (
        "fix the world in the file (a UWP is like A788899-C), or remove it and add it with `campaign add-worlds`; "
        'two worlds may share a hex or a name only in different sectors (their "sector")'
    )
    out: list[dict[str, Any]] = []
    seen = Seen()
    for i, item in enumerate(worlds if isinstance(worlds, list) else []):
        where = f"/campaign/worlds/{i}"
        world = World.from_dict(item)
        for field_name, problem in world_problems(world)[:1]:
            raise found.error(problem, f"{where}/{field_name}", hint)
        clash = seen.clash(world, i)
        if clash is not None and clash[0] == "hex":
            raise found.error(f"hex {world.hex} is also world {clash[1]}'s", f"{where}/hex", hint)
        if clash is not None:
            raise found.error(f"the name '{world.name}' is also world {clash[1]}'s", f"{where}/name", hint)
        out.append(world.to_dict())
    return out


def _check_content(campaign: CampaignRead) -> list[str]:
    """A warning for each content folder of an imported campaign that is not on this computer (it is kept:
    ``create --campaign`` names it, with the fix, when it is needed)."""
    from lifepath.store.content import remove_hint

    return [
        f"campaign '{campaign.name}' uses the content folder {folder}, which is not here; copy the folder "
        f"there, or stop using it with `{remove_hint(campaign.name, folder)}`"
        for folder in campaign.content
        if not Path(folder).is_dir()
    ]


__all__ = [
    "CAMPAIGN_FORMAT",
    "CAMPAIGN_LINES_SCHEMA_ID",
    "CAMPAIGN_SCHEMA_ID",
    "CHARACTER_FORMAT",
    "LEGACY_CAMPAIGN_FORMAT",
    "MAX_DOCUMENT_BYTES",
    "MAX_FILE_BYTES",
    "MAX_LINE_BYTES",
    "ImportFile",
    "ImportReport",
    "campaign_lines",
    "export_campaign",
    "export_character",
    "import_file",
    "import_parsed",
    "write_campaign",
]
