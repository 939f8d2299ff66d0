"""Checking one character of an import against its target campaign (:class:`Checker`): its schema, NUL
characters, its ruleset, seed and house rules, and its replay; and the warnings it gives, each said once
for all the characters it applies to (:class:`Said`, :func:`said_once`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from lifepath.character import SCHEMA_ID as CHARACTER_SCHEMA_ID
from lifepath.character import Character
from lifepath.engine import houserules
from lifepath.errors import LifepathError, TableError
from lifepath.store import STATUSES, documents
from lifepath.store.file_format import ENTRY_ID, EXPORT_HINT, NESTING_HINT, PROVENANCE_ID
from lifepath.support.files import too_deep, too_deep_error
from lifepath.support.jsonpos import line_of
from lifepath.tables import Table

if TYPE_CHECKING:
    from lifepath.host.registry import Registry
    from lifepath.store.import_reader import Entry, ImportFile
    from lifepath.store.models import CampaignRead


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
            raise found.error("this is not a character export", entry.inner(""), EXPORT_HINT, entry) from None
        roster = [v for k, v in entry.data.items() if k != "character"] if entry.index is not None else []
        made = self.made_as_read(entry, character, roster)
        if made is not None:  # the line holds, to the letter, what its seed and decisions make
            values = self.values(entry, character, made, edited=False)
            return Prepared(entry, values, list(character.provenance.get("plugins", [])), False)
        # the engine's own form of this character; when the file holds exactly these bytes (a format 2
        # line lifepath wrote) the document need not be encoded a second time
        canonical = documents.compact(character.to_dict())
        same = self.found.kind == "lines" and entry.text.endswith(f',"character":{canonical}}}')
        stored = canonical if same else documents.compact(doc)
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
        values = self.values(entry, character, stored, edited=edited)
        return Prepared(entry, values, list(character.provenance.get("plugins", [])), edited)

    def made_as_read(self, entry: Entry, character: Character, roster: list[Any]) -> str | None:
        """The stored text of a format 2 line that is, to the letter, what its seed and recorded decisions
        make (:func:`lifepath.replay.lines.replayed_text`), checked against the campaign as every line is;
        ``None`` for anything else, which :meth:`prepare` checks and replays the full way (and explains).
        Such a line is neither encoded again nor has its history read: it costs about what making it did."""
        if self.found.kind != "lines" or entry.index is None or "\\u0000" in entry.text:
            return None
        doc = entry.document
        if any(isinstance(v, str) and "\x00" in v for v in roster) or documents.original_name(doc) is not None:
            return None
        if not _roster_ok(entry.data) or not self.provenance_ok(entry, doc.get("provenance")):
            return None
        made = self.made_text(character, doc)
        if made is None or not entry.text.endswith(f',"character":{made}}}'):
            return None
        self.check_campaign(entry, character)  # raises or warns, as for every line
        return made

    def made_text(self, character: Character, doc: dict[str, Any]) -> str | None:
        from lifepath.replay.lines import replayed_text

        return replayed_text(self.registry_for(character), doc)

    def values(self, entry: Entry, character: Character, stored: str, *, edited: bool) -> dict[str, Any]:
        """The row's values: the character's, the roster fields a campaign line carries, ``stored``."""
        found = self.found
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
        return values

    def notes(self, entry: Entry) -> str:
        """The entry's notes, checked as ``lifepath note`` checks them."""
        value = entry.data.get("notes", "")
        if not isinstance(value, str):
            self.full_check(entry)  # explains the wrong kind
            raise self.found.error('"notes" is not text', "/notes", "write the notes as a string", entry)
        if not value:
            return value
        from lifepath.store.values import check_notes

        try:
            return check_notes(value)
        except LifepathError as e:
            raise self.found.error(e.message, "/notes", e.hint, entry) from None

    def full_check(self, entry: Entry) -> None:
        """The full schema check of an entry: raises its most relevant problem, if it has any."""
        found = self.found
        self.check_depth(entry)
        schema = ENTRY_ID if entry.index is not None else CHARACTER_SCHEMA_ID
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
        """Refuse an entry nested more than :data:`~lifepath.support.files.MAX_JSON_DEPTH` deep (before anything walks
        it; a line too deep to parse is refused as it is read). The engine's own lines, which replay, need
        no such check."""
        if not too_deep(entry.data):
            return
        text: str | None = entry.text  # the line, or the whole file: the scan finds the line
        line: int | None = entry.line if self.found.kind == "lines" else None
        if self.found.kind == "campaign":  # one document: where this character starts
            text, line = None, line_of(entry.text, entry.base)
        what = f"{entry.label()}: " if entry.index is not None else ""
        raise too_deep_error(self.found.source, text, line=line, what=what, hint=NESTING_HINT)

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
        from lifepath.host.recorded import ContentMismatch
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
            known = not self.found.validator.errors(Table(self.found.source, entry.text, rest, ""), PROVENANCE_ID)
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


__all__ = ["Checker", "Prepared", "Said", "said_once"]
