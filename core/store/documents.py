"""Character documents as the store sees them: the columns copied out, the house-rule digest, renames.

Nothing here touches a database; the :class:`~lifepath.store.service.Store` and the exchange code use
these to turn a :class:`lifepath.Character` into a row and to compare house rules.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from lifepath.character import Character
from lifepath.engine.history_log import encode_compact
from lifepath.errors import LifepathError

if TYPE_CHECKING:
    from lifepath.host.registry import Registry
    from lifepath.store.models import CharacterCreate

#: seeds are stored as signed 64-bit integers
SEED_RANGE = (-(2**63), 2**63 - 1)


def dumps(document: Mapping[str, Any]) -> str:
    """A document as export text: the same bytes :meth:`lifepath.Character.to_json` writes."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def compact(document: Mapping[str, Any]) -> str:
    """A document as it is stored: the same data without indentation.

    Python's JSON encoder writes this form in C, several times faster than the indented export, which
    matters when a batch saves thousands of characters; :func:`dumps` turns it back into the export's
    exact bytes (key order and values survive the round trip).
    """
    return encode_compact(document)


def digest(stored: str) -> str:
    """SHA-256 of a stored (compact) document: the ``document_sha256`` column, the duplicate check of
    ``lifepath import``."""
    return hashlib.sha256(stored.encode("utf-8")).hexdigest()


def export_text(stored: str) -> str:
    """The export text of a stored document (stored compact, or indented by older versions)."""
    return dumps(json.loads(stored))


def rules_digest(rules: Mapping[str, Any]) -> str:
    """SHA-256 of house rules as canonical JSON (sorted keys, no spaces)."""
    text = json.dumps(dict(rules), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _show(value: Any) -> str:
    return "none" if value is None else json.dumps(value, ensure_ascii=False).strip('"')


def rule_differences(made_under: Mapping[str, Any], now: Mapping[str, Any]) -> list[str]:
    """Each rule whose value differs, as ``max_terms: made under 7, campaign now 4``."""
    out = []
    for name in sorted(set(made_under) | set(now)):
        if name not in now:
            out.append(f"{name}: made under {_show(made_under[name])}, no longer a rule of the ruleset")
        elif name not in made_under:
            out.append(f"{name}: not a rule when it was made, campaign now {_show(now[name])}")
        elif made_under[name] != now[name] or type(made_under[name]) is not type(now[name]):
            out.append(f"{name}: made under {_show(made_under[name])}, campaign now {_show(now[name])}")
    return out


def plugin_union(*lists: Iterable[Mapping[str, Any]]) -> list[dict[str, str]]:
    """The distinct name/version pairs of several ``provenance["plugins"]`` lists, sorted."""
    seen = {(str(p.get("name", "")), str(p.get("version", ""))) for items in lists for p in items}
    return [{"name": n, "version": v} for n, v in sorted(seen)]


def original_name(document: Mapping[str, Any]) -> str | None:
    """The name the character was made with, if it has been renamed since (see :func:`renamed`)."""
    renames = document.get("provenance", {}).get("renamed") or []
    return str(renames[0]["from"]) if renames else None


def renamed(document: dict[str, Any], new_name: str) -> dict[str, Any]:
    """The document with its sheet's name changed and the rename recorded in ``provenance.renamed``.

    The record lets ``verify`` replay a renamed character: creation made the old name, so the replay
    compares against that.
    """
    old = document["sheet"]["name"]
    sheet = {**document["sheet"], "name": new_name}
    provenance = dict(document["provenance"])
    history = [*provenance.get("renamed", []), {"from": old, "to": new_name}]
    provenance["renamed"] = history
    return {**document, "sheet": sheet, "provenance": provenance}


def as_made(document: Mapping[str, Any]) -> dict[str, Any]:
    """The document as creation made it: a renamed character gets its first name back for replay."""
    first = original_name(document)
    if first is None:
        return dict(document)
    provenance = {k: v for k, v in document["provenance"].items() if k != "renamed"}
    return {**document, "sheet": {**document["sheet"], "name": first}, "provenance": provenance}


def check_seed(seed: Any, who: str) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
        raise LifepathError(
            f"{who} has the seed {seed!r}, which the store cannot keep",
            hint="seeds are whole numbers between -2^63 and 2^63-1",
        )
    return seed


def _age(fields: Mapping[str, Any], character: Character) -> int | None:
    value = fields.get("age", character.sheet.age)
    try:
        return int(str(value).strip())
    except ValueError:
        return None


def character_create(
    registry: Registry,
    character: Character,
    *,
    player: str | None = None,
    status: str | None = None,
    document: str | None = None,
    stored: str | None = None,
) -> CharacterCreate:
    """The row for ``character``: its document (stored compact, see :func:`compact`) and the roster
    columns its ruleset's ``roster_fields`` copy out. ``stored`` is the compact text when the caller has
    it already (an import), ``document`` export text to store compact. The status defaults to ``dead``
    for a character who died in creation and ``active`` otherwise."""
    from lifepath.store.models import CharacterCreate, build

    values = character_values(registry, character, player=player, status=status, document=document, stored=stored)
    return build(CharacterCreate, "character", **values)


def character_values(
    registry: Registry,
    character: Character,
    *,
    player: str | None = None,
    status: str | None = None,
    document: str | None = None,
    stored: str | None = None,
) -> dict[str, Any]:
    """The values of :func:`character_create`'s row, not yet checked by the model (plain data, so that an
    import's worker processes need not import the store's models)."""
    ruleset = registry.ruleset(character.ruleset)
    fields = ruleset.roster_fields(character)
    seed = check_seed(character.provenance.get("seed"), f"the character '{character.sheet.name}'")
    if status is None:
        status = "dead" if character.sheet.status == "dead" else "active"
    if stored is not None:
        text = stored
    else:
        text = compact(json.loads(document)) if document is not None else character.compact_json()
    return dict(
        name=character.sheet.name,
        player=player or None,
        status=status,
        ruleset=ruleset.id,
        document=text,
        document_sha256=digest(text),
        rules_sha256=rules_digest(character.provenance.get("house_rules", {})),
        seed=seed,
        species=str(fields.get("species", character.sheet.species)),
        careers=str(fields.get("careers", "")),
        terms=character.sheet.total_terms,
        age=_age(fields, character),
        profile=str(fields.get("profile", "")),
    )


__all__ = [
    "as_made",
    "character_create",
    "character_values",
    "check_seed",
    "digest",
    "dumps",
    "original_name",
    "plugin_union",
    "renamed",
    "rule_differences",
    "rules_digest",
]
