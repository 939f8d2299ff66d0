"""Checking tables against their JSON Schemas, with clear errors and a content-hash cache.

``jsonschema`` is imported only when something actually has to be validated: a table whose content
hash is not in the cache, or an explicit ``lifepath schema validate``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lifepath.errors import TableError
from lifepath.support.cache import cache_dir, read_json, write_json
from lifepath.support.jsonpos import line_of
from lifepath.tables import Table

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

CACHE_FORMAT = "lifepath-validated/1"


def builtin_schemas() -> dict[str, dict[str, Any]]:
    """Every schema shipped in ``lifepath.schemas``, by ``$id``."""
    return dict(_builtin_schemas())


@lru_cache(maxsize=1)
def _builtin_schemas() -> tuple[tuple[str, dict[str, Any]], ...]:
    out = []
    for entry in sorted(resources.files("lifepath.schemas").iterdir(), key=lambda p: p.name):
        if entry.name.endswith(".schema.json"):
            schema = json.loads(entry.read_text(encoding="utf-8"))
            out.append((schema["$id"], schema))
    return tuple(out)


@lru_cache(maxsize=1)
def _builtin_digest() -> str:
    # the files' bytes, not their parsed content: every start needs this digest (it is part of each
    # validation-cache key), and only a start that has something to validate needs the schemas parsed
    h = hashlib.sha256()
    for entry in sorted(resources.files("lifepath.schemas").iterdir(), key=lambda p: p.name):
        if entry.name.endswith(".schema.json"):
            h.update(entry.name.encode())
            h.update(entry.read_bytes())
    return h.hexdigest()


def schemas_digest(extra: Iterable[dict[str, Any]] = ()) -> str:
    """A digest of every schema in use: the shipped files and those rulesets add."""
    h = hashlib.sha256(_builtin_digest().encode())
    for schema in extra:
        h.update(json.dumps(schema, sort_keys=True).encode())
    return h.hexdigest()


class Validator:
    """Validates tables against the built-in schemas plus any a plugin ships; compiled once each."""

    def __init__(self, extra_schemas: Iterable[dict[str, Any]] = ()) -> None:
        self._schemas = builtin_schemas()
        for schema in extra_schemas:
            self._schemas[schema["$id"]] = schema
        self._compiled: dict[str, Any] = {}
        self._registry: Any = None

    def known(self, schema_id: str) -> bool:
        return schema_id in self._schemas

    def _validator(self, schema_id: str) -> Any:
        compiled = self._compiled.get(schema_id)
        if compiled is None:
            from jsonschema import Draft202012Validator
            from referencing import Registry, Resource

            if self._registry is None:
                self._registry = Registry().with_resources(
                    (sid, Resource.from_contents(s)) for sid, s in self._schemas.items()
                )
            compiled = Draft202012Validator(self._schemas[schema_id], registry=self._registry)
            self._compiled[schema_id] = compiled
        return compiled

    def errors(self, table: Table, schema_id: str | None = None) -> list[TableError]:
        """Every problem with ``table``, most relevant first; empty when it is valid."""
        sid = schema_id or table.schema_id
        if sid is None:
            return [
                TableError(
                    "the file does not say which schema it follows",
                    file=table.source,
                    line=1,
                    pointer="/$schema",
                    hint='add a top-level "$schema" naming one of the schemas listed by `lifepath schema list`',
                )
            ]
        if not self.known(sid):
            return [
                TableError(
                    f"the schema '{sid}' is not one lifepath knows",
                    file=table.source,
                    line=line_of(table.text, "/$schema"),
                    pointer="/$schema",
                    hint="use one of the schemas listed by `lifepath schema list`",
                )
            ]
        from jsonschema.exceptions import best_match, relevance

        found = sorted(self._validator(sid).iter_errors(table.data), key=relevance)
        # a misspelt field shows up twice (unexpected + required): name the misspelling first
        found.sort(key=lambda e: e.validator != "additionalProperties")
        # an error under oneOf/anyOf is clearer as its most relevant sub-error (the deepest, most specific)
        found = [best_match([e]) if e.context else e for e in found]
        return [_to_table_error(table, e) for e in found]

    def check(self, table: Table, schema_id: str | None = None) -> None:
        """Raise the most relevant :class:`TableError` if ``table`` is not valid."""
        errors = self.errors(table, schema_id)
        if errors:
            first = errors[0]
            if len(errors) > 1:
                first.hint = (
                    first.hint + "; " if first.hint else ""
                ) + f"{len(errors) - 1} more problem(s) in this file"
            raise first


def _pointer(path: Iterable[Any]) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def _unexpected_keys(error: ValidationError) -> list[str]:
    schema: Any = error.schema
    instance: Any = error.instance
    if not isinstance(schema, dict) or not isinstance(instance, dict):
        return []
    known = set(schema.get("properties", {}))
    return sorted(k for k in instance if k not in known)


def _to_table_error(table: Table, error: ValidationError) -> TableError:
    pointer = _pointer(error.absolute_path)
    if error.validator == "additionalProperties":
        unexpected = _unexpected_keys(error)
        if unexpected:
            pointer = _pointer([*error.absolute_path, unexpected[0]])
            return TableError(
                f"the field '{unexpected[0]}' is not one this table has",
                file=table.source,
                line=line_of(table.text, pointer),
                pointer=pointer,
                hint="remove or rename it (check its spelling against the schema)",
            )
    expected = _expected(error)
    return TableError(
        error.message if not expected else f"{_short(error.instance)} is not allowed here: {expected}",
        file=table.source,
        line=line_of(table.text, pointer),
        pointer=pointer,
        hint=_hint(error),
    )


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _expected(error: ValidationError) -> str:
    v = error.validator
    value: Any = error.validator_value
    if v == "enum":
        return "expected one of " + ", ".join(json.dumps(x) for x in value)
    if v == "const":
        return f"expected {json.dumps(value)}"
    if v == "type":
        return f"expected {value}"
    if v in ("minimum", "maximum"):
        return f"expected a {v} of {value}"
    if v == "pattern":
        return f"expected text matching {value}"
    return ""


def _hint(error: ValidationError) -> str:
    v = error.validator
    if v == "required":
        return "add the missing field"
    if v == "additionalProperties":
        return "remove or rename the unexpected field (check its spelling against the schema)"
    if v in ("minItems", "maxItems"):
        return "give the table the number of rows its dice can roll"
    if v == "oneOf":
        return "make the entry match one of the shapes the schema allows"
    return "correct the value to match the schema"


class ValidationCache:
    """Content hashes of tables already found valid, kept in the user's cache directory."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._seen: set[str] | None = None
        self._dirty = False

    @classmethod
    def default(cls) -> ValidationCache:
        return cls(cache_dir() / "validated.json")

    def _load(self) -> set[str]:
        if self._seen is None:
            doc = read_json(self.path, CACHE_FORMAT)
            valid = doc.get("valid") if doc is not None else None
            self._seen = {str(k) for k in valid} if isinstance(valid, list) else set()
        return self._seen

    @staticmethod
    def key(table: Table, schemas: str) -> str:
        return hashlib.sha256(f"{table.sha256}:{table.schema_id}:{schemas}".encode()).hexdigest()

    def __contains__(self, key: str) -> bool:
        return key in self._load()

    def add(self, key: str) -> None:
        self._load().add(key)
        self._dirty = True

    def save(self) -> None:
        """Write the cache atomically; a cache that cannot be written is simply not kept."""
        if not self._dirty or self.path is None:
            return
        write_json(self.path, {"format": CACHE_FORMAT, "valid": sorted(self._load())})
        self._dirty = False
