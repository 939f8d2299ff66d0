"""Replay: re-run a character's creation from its export and say whether it comes out the same.

:func:`verify` reads an export's provenance (ruleset, seed, house rules, options, recorded decisions),
re-runs creation with a :class:`~lifepath.decisions.ScriptedChooser`, and compares everything the export
holds with what the replay makes: every history event, every sheet field, every provenance field, and
the recorded decisions (none may be left over). It returns a :class:`Verdict` that lists each
difference in words (:mod:`lifepath.replay.compare`).

The replay runs with exactly the plugins and tables the provenance records (:mod:`lifepath.host.recorded`):
a plugin installed later is left out; a recorded plugin that is missing or has another version, or tables
that hash differently, stop the replay with one paragraph naming the plugin and both versions.

An export that cannot be replayed at all (an unknown format, no history, a seed that is not a whole
number, a provenance that cannot be read, content that is not here) is a
:class:`~lifepath.errors.ReplayError` naming the field by its JSON pointer. :func:`check_export` is
:func:`verify` plus the ruleset's build check, for point-builds.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lifepath.character import FORMAT, SCHEMA_ID
from lifepath.decisions import ScriptedChooser
from lifepath.errors import HouseRuleError, LifepathError, ReplayError
from lifepath.replay import compare
from lifepath.replay.brief import FORMAT as BRIEF_FORMAT
from lifepath.replay.compare import Difference, show

if TYPE_CHECKING:
    from lifepath.host.registry import Registry

IDENTICAL = "identical: the seed and recorded decisions reproduce this character exactly"

#: the top-level keys of a character export, and of its sheet and provenance
EXPORT_KEYS = ("$schema", "format", "sheet", "provenance", "history")
PROVENANCE_KEYS = (
    "ruleset",
    "plugins",
    "tables_sha256",
    "house_rules",
    "seed",
    "options",
    "decisions",
    "renamed",
    "distributions",
)
#: seeds are kept by the store as signed 64-bit numbers
SEED_RANGE = (-(1 << 63), (1 << 63) - 1)
_COMPACT = (",", ":")
_HINT = "export the character again with `lifepath create --json` or `lifepath export`"


@dataclass
class Verdict:
    """The audit of one character: identical, or every way the export differs from its replay."""

    identical: bool
    message: str
    event_index: int | None = None
    stored_event: Any = None
    replayed_event: Any = None
    provenance_differences: list[str] | None = None
    differences: list[Difference] = field(default_factory=list)
    #: "replay" for :func:`verify`; "replay and build" for :func:`check_export` of a point-build
    checked_by: str = "replay"

    def to_dict(self) -> dict[str, Any]:
        """The verdict as data, for ``verify --json``."""
        return {
            "identical": self.identical,
            "message": self.message,
            "checked_by": self.checked_by,
            "differences": [d.to_dict() for d in self.differences],
        }


def _fail(message: str, pointer: str, hint: str = _HINT) -> ReplayError:
    return ReplayError(message, pointer=pointer, hint=hint)


@dataclass
class _Export:
    """The parts of an export a replay needs, each checked for shape."""

    ruleset_id: str
    seed: int
    rules: dict[str, Any]
    options: dict[str, Any]
    decisions: list[tuple[str, str]]
    sheet: dict[str, Any]
    history: list[Any]
    provenance: dict[str, Any]


def _read(exported: Any) -> _Export:
    """Check an export's shape; anything that stops a replay is a :class:`ReplayError` naming the field."""
    if not isinstance(exported, Mapping):
        raise _fail("this is not a character export (it is not a JSON object)", "")
    fmt = exported.get("format")
    if fmt != FORMAT:
        found = "has no format" if fmt is None else f"is in the format {show(fmt)}"
        raise _fail(
            f"this export {found}, and this lifepath reads only {FORMAT}",
            "/format",
            f"export it again with a lifepath that writes {FORMAT}, or upgrade lifepath to one that reads it",
        )
    sheet = exported.get("sheet")
    if not isinstance(sheet, Mapping):
        raise _fail('the export has no sheet ("sheet" must be an object)', "/sheet")
    history = exported.get("history")
    if not isinstance(history, list) or not history:
        what = "is empty" if isinstance(history, list) else "is missing" if history is None else "is not a list"
        raise _fail(
            f"the export's history {what}: there is nothing to replay, so it cannot be verified "
            "(every character's creation records its throws, decisions and changes)",
            "/history",
        )
    for i, ev in enumerate(history):
        if not isinstance(ev, Mapping) or not isinstance(ev.get("type"), str):
            raise _fail(f'history event {i + 1} is not an event (an object with a "type")', f"/history/{i}")
    prov = exported.get("provenance")
    if not isinstance(prov, Mapping):
        raise _fail('the export has no provenance ("provenance" must be an object)', "/provenance")
    return _read_provenance(prov, sheet, history)


def _read_provenance(prov: Mapping[str, Any], sheet: Mapping[str, Any], history: list[Any]) -> _Export:
    """The replay's inputs from a provenance (an object), each checked as :func:`_read` checks them."""
    ruleset = prov.get("ruleset")
    if not isinstance(ruleset, Mapping) or not isinstance(ruleset.get("id"), str):
        raise _fail("the provenance does not name its ruleset", "/provenance/ruleset/id")
    seed = prov.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not SEED_RANGE[0] <= seed <= SEED_RANGE[1]:
        raise _fail(
            f"the seed {show(seed)} is not a seed lifepath makes characters from",
            "/provenance/seed",
            "a seed is a whole number between -2^63 and 2^63-1; export the character again",
        )
    rules = prov.get("house_rules")
    if not isinstance(rules, Mapping):
        raise _fail("the provenance's house rules must be an object of rule name to value", "/provenance/house_rules")
    options = prov.get("options", {})
    if not isinstance(options, Mapping):
        raise _fail("the provenance's options must be an object of option name to value", "/provenance/options")
    decisions = prov.get("decisions")
    if not isinstance(decisions, list):
        raise _fail("the provenance's decisions must be a list of [key, answer] pairs", "/provenance/decisions")
    pairs = []
    for i, pair in enumerate(decisions):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str) and isinstance(pair[1], str)):
            raise _fail(
                f"recorded decision {i + 1} is {show(pair)}, not a [key, answer] pair of text",
                f"/provenance/decisions/{i}",
            )
        pairs.append((pair[0], pair[1]))
    return _Export(ruleset["id"], seed, dict(rules), dict(options), pairs, dict(sheet), history, dict(prov))


def _house_rules(registry: Registry, ex: _Export) -> tuple[list[Difference], bool]:
    """Differences between the recorded house rules and the ruleset's declaration; and whether the
    replay can still run (a missing rule or a value the declaration forbids stops it)."""
    from lifepath.engine import houserules

    declared = houserules.rules_of(registry.declaration(ex.ruleset_id))
    out: list[Difference] = []
    runnable = True
    for name, value in ex.rules.items():
        where, pointer = f"provenance.house_rules.{name}", f"/provenance/house_rules/{compare.escape(name)}"
        if name not in declared:
            known = ", ".join(sorted(declared)) or "none"
            text = f"{where}: {ex.ruleset_id} has no house rule called '{name}' (its rules are: {known})"
            out.append(Difference("provenance", where, pointer, text, compare.ABSENT, value))
            continue
        try:
            houserules.check(name, declared[name], value)
        except HouseRuleError as exc:
            runnable = False
            out.append(
                Difference("provenance", where, pointer, f"{where}: {exc.message}; {exc.hint}", compare.ABSENT, value)
            )
    for name in declared:
        if name not in ex.rules:
            runnable = False
            where = f"provenance.house_rules.{name}"
            out.append(
                Difference(
                    "provenance",
                    where,
                    f"/provenance/house_rules/{compare.escape(name)}",
                    f"{where}: missing (an export records every house rule in force)",
                    declared[name].get("default"),
                    compare.ABSENT,
                )
            )
    return out, runnable


def _renames(made_name: str, ex: _Export) -> tuple[dict[str, Any], list[Difference]]:
    """The sheet as creation made it (a character renamed by ``lifepath rename`` gets its first name
    back), and any break in the chain of renames."""
    renamed = ex.provenance.get("renamed")
    if renamed is None:
        return ex.sheet, []
    out: list[Difference] = []
    if (
        not isinstance(renamed, list)
        or not renamed
        or not all(
            isinstance(r, Mapping) and isinstance(r.get("from"), str) and isinstance(r.get("to"), str) for r in renamed
        )
    ):
        out.append(
            Difference(
                "provenance",
                "provenance.renamed",
                "/provenance/renamed",
                "provenance.renamed: not a list of {from, to} renames",
                compare.ABSENT,
                renamed,
            )
        )
        return ex.sheet, out
    before = made_name
    for i, r in enumerate(renamed):
        if r["from"] != before:
            where = f"provenance.renamed[{i}].from"
            out.append(
                Difference(
                    "provenance",
                    where,
                    f"/provenance/renamed/{i}/from",
                    f"{where}: {show(before)} -> {show(r['from'])}",
                    before,
                    r["from"],
                )
            )
        before = r["to"]
    if ex.sheet.get("name") != before:
        out.append(
            Difference(
                "sheet",
                "sheet.name",
                "/sheet/name",
                f"sheet.name: {show(before)} -> {show(ex.sheet.get('name'))} (the last rename says {show(before)})",
                before,
                ex.sheet.get("name"),
            )
        )
    return {**ex.sheet, "name": made_name}, out


def _top_level(exported: Mapping[str, Any], ex: _Export) -> list[Difference]:
    out: list[Difference] = []
    if exported.get("$schema") != SCHEMA_ID:
        out.append(
            Difference(
                "export",
                "$schema",
                "/$schema",
                f"$schema: {show(SCHEMA_ID)} -> {show(exported.get('$schema'))}",
                SCHEMA_ID,
                exported.get("$schema"),
            )
        )
    for key in exported:
        if key not in EXPORT_KEYS:
            out.append(
                Difference(
                    "export",
                    key,
                    f"/{compare.escape(key)}",
                    f"{key}: not part of a character export (its parts are {', '.join(EXPORT_KEYS)})",
                    compare.ABSENT,
                    exported[key],
                )
            )
    return out


def _provenance(made: dict[str, Any], ex: _Export) -> list[Difference]:
    """Provenance fields the replay records differently (house rules and decisions are checked apart)."""
    out: list[Difference] = []
    for key in ("ruleset", "plugins", "tables_sha256", "seed", "options"):
        if key not in ex.provenance:
            out.append(
                Difference(
                    "provenance",
                    f"provenance.{key}",
                    f"/provenance/{key}",
                    f"provenance.{key}: missing (the replay records {show(made[key])})",
                    made[key],
                    compare.ABSENT,
                )
            )
        else:
            compare.values("provenance", f"provenance.{key}", f"/provenance/{key}", made[key], ex.provenance[key], out)
    # recorded since lifepath 0.2, for plugins not built in: compared when the export has it
    if "distributions" in ex.provenance:
        found = ex.provenance["distributions"]
        compare.values(
            "provenance",
            "provenance.distributions",
            "/provenance/distributions",
            made.get("distributions", {}),
            found,
            out,
        )
    for key in ex.provenance:
        if key not in PROVENANCE_KEYS:
            out.append(
                Difference(
                    "provenance",
                    f"provenance.{key}",
                    f"/provenance/{compare.escape(key)}",
                    f"provenance.{key}: not part of a provenance",
                    compare.ABSENT,
                    ex.provenance[key],
                )
            )
    return out


def _sheet(made: dict[str, Any], found: dict[str, Any]) -> list[Difference]:
    out: list[Difference] = []
    for key in found:
        if key not in made:
            out.append(
                Difference(
                    "sheet",
                    f"sheet.{key}",
                    f"/sheet/{compare.escape(key)}",
                    f"sheet.{key}: not a sheet field; a sheet has {', '.join(made)}, and a ruleset's own fields "
                    "go in extra",
                    compare.ABSENT,
                    found[key],
                )
            )
    for key in made:
        where, pointer = f"sheet.{key}", f"/sheet/{compare.escape(key)}"
        if key not in found:
            out.append(
                Difference(
                    "sheet",
                    where,
                    pointer,
                    f"{where}: missing (the replay makes {show(made[key])})",
                    made[key],
                    compare.ABSENT,
                )
            )
        else:
            compare.values("sheet", where, pointer, made[key], found[key], out)
    return out


def _message(differences: list[Difference], notes: list[str]) -> str:
    if not differences:
        return IDENTICAL
    head = f"differs from what its seed makes ({len(differences)} difference(s); values are made -> exported):"
    return head + "".join(f"\n  - {d.text}" for d in differences) + "".join(f"\n  ({n})" for n in notes)


def verify(registry: Registry, exported: dict[str, Any], *, text: str | None = None) -> Verdict:
    """Replay ``exported`` (a character export as a dict) and compare history, sheet and provenance.

    ``text``, when the caller has it, is ``exported`` as compact JSON (``separators=(",", ":")``, as the
    store keeps documents), so that it is not encoded a second time. Raises :class:`ReplayError` (naming
    the field) for an export that cannot be replayed at all. A brief (sheet and provenance, no history:
    :mod:`lifepath.replay.brief`) has its history rebuilt first.
    """
    if isinstance(exported, Mapping) and exported.get("format") == BRIEF_FORMAT:
        from lifepath.replay import brief

        return brief.verify(registry, exported)
    ex = _read(exported)
    try:
        registry.ruleset(ex.ruleset_id)
    except LifepathError as exc:
        raise ReplayError(
            f"the export was made under the ruleset '{ex.ruleset_id}', which is not installed here ({exc.message})",
            pointer="/provenance/ruleset/id",
            hint=exc.hint or "install its plugin",
        ) from None
    from lifepath.host.recorded import registry_for

    # exactly the plugins and tables the character was made with: content installed later is left out
    registry = registry_for(registry, ex.ruleset_id, ex.provenance)
    differences = _top_level(exported, ex)
    rule_differences, runnable = _house_rules(registry, ex)
    differences += rule_differences
    notes: list[str] = []
    if not runnable:
        notes.append("the replay was not run: creation cannot run under house rules its ruleset does not allow")
        return _verdict(differences, notes, None)

    from lifepath.creation import create
    from lifepath.engine.history_log import EventLog

    chooser = ScriptedChooser(sequence=list(ex.decisions))
    log = EventLog()  # what the replay made before it stopped, if it stops
    try:
        replayed = create(
            registry, ex.ruleset_id, seed=ex.seed, rules=ex.rules, chooser=chooser, options=ex.options, log=log
        )
    except LifepathError as exc:
        replayed = None
        stop = exc.paragraph()
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        # a tampered option or rule value the ruleset's procedure cannot use
        replayed = None
        stop = f"creation could not use the export's options or house rules ({type(exc).__name__}: {exc})"
    if replayed is None:
        made = json.loads(log.compact_json())
        history = compare.history(made, ex.history, stopped=True)
        differences += history
        differences.append(
            Difference(
                "replay",
                f"history event {len(made) + 1}",
                f"/history/{len(made)}",
                f"the replay stopped at event {len(made) + 1}: {stop}",
                compare.ABSENT,
                ex.history[len(made)] if len(made) < len(ex.history) else compare.ABSENT,
            )
        )
        return _verdict(differences, notes, history[0] if history else None, stopped=stop)

    made_text = replayed.compact_json()  # the history encoded from the replay's log, not from made events
    if text is None:
        text = json.dumps(exported, ensure_ascii=False, separators=_COMPACT)
    if not differences and not chooser.unused and made_text == text:
        # the export is, to the letter, what the replay makes: identical (the common case, decided by the
        # C encoder; the same JSON text is the same values, types included)
        return _verdict(differences, notes, None)
    made_doc = json.loads(made_text)  # compared as an export holds it
    history = compare.history(made_doc["history"], ex.history)
    differences += history
    if chooser.unused:
        first = len(ex.decisions) - chooser.unused
        differences.append(
            Difference(
                "provenance",
                f"provenance.decisions[{first}]",
                f"/provenance/decisions/{first}",
                f"provenance.decisions: {chooser.unused} recorded decision(s) were never asked for, from decision "
                f"{first + 1} {show(list(ex.decisions[first]))} on (the replay asks only {first})",
                compare.ABSENT,
                [list(p) for p in ex.decisions[first:]],
            )
        )
    made_with = _provenance(made_doc["provenance"], ex)
    differences += made_with
    versions = ("provenance.ruleset", "provenance.plugins", "provenance.tables_sha256")
    if any(d.where.startswith(versions) for d in made_with):
        notes.append(
            f"an export made with another version of {ex.ruleset_id}, its plugins or its tables cannot be "
            "verified here: the replay proves only what the installed ones make"
        )
    sheet, renames = _renames(made_doc["sheet"]["name"], ex)
    differences += renames
    differences += _sheet(made_doc["sheet"], sheet)
    return _verdict(differences, notes, history[0] if history else None)


def _verdict(
    differences: list[Difference], notes: list[str], first: Difference | None, stopped: str | None = None
) -> Verdict:
    index = None
    if first is not None and first.pointer.startswith("/history/"):
        index = int(first.pointer.split("/")[2])
    message = _message(differences, notes)
    if stopped is not None and len(differences) == 1:
        message = differences[0].text
    provenance = [d.text for d in differences if d.part == "provenance"]
    return Verdict(
        not differences,
        message,
        index,
        first.found if first is not None else None,
        first.expected if first is not None else None,
        provenance,
        differences,
    )


def check_export(registry: Registry, exported: dict[str, Any]) -> Verdict:
    """:func:`verify`, and for a point-build ruleset also its build check of ``sheet.extra.build``: every
    rule the build breaks is one more difference (``part`` "build")."""
    if isinstance(exported, Mapping) and exported.get("format") == BRIEF_FORMAT:
        from lifepath.replay import brief

        exported = brief.rebuild(registry, exported)
    verdict = verify(registry, exported)
    ruleset = registry.ruleset(_read(exported).ruleset_id)
    if ruleset.kind != "point-build":
        return verdict
    verdict.checked_by = "replay and build"
    extra = exported["sheet"].get("extra")
    build = extra.get("build") if isinstance(extra, Mapping) else None
    found: list[Difference] = []
    if build is None:
        found.append(
            Difference(
                "build",
                "sheet.extra.build",
                "/sheet/extra/build",
                f"sheet.extra.build: missing; a {ruleset.name} export holds its build there",
            )
        )
    else:
        for violation in ruleset.check_build(build):
            found.append(Difference("build", "sheet.extra.build", "/sheet/extra/build", f"build: {violation}"))
    if found:
        differences = verdict.differences + found
        verdict.differences = differences
        verdict.identical = False
        verdict.message = _message(differences, [])
    return verdict
