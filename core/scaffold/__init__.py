"""``lifepath plugin new``: write a new plugin's distribution, ready to install and test.

The files come from template files (``lifepath/templates/plugin``, ``@@name@@`` placeholders) and, for
tables, from Python data dumped with :func:`json.dumps`, so every generated table is valid JSON by construction and
validates against its schema. Three kinds are made:

* ``career``: a Nowhere Yet career (``lifepath_register_careers``);
* ``species``: a Nowhere Yet species (``lifepath_register_species``);
* ``ruleset``: a small ruleset of its own, with a table, the table's schema and a house rule
  (``lifepath_register_rulesets``; its procedure asks ``lifepath_characteristics`` first).

Each package has a ``pyproject.toml`` with the entry point in the group ``lifepath``, a hook module, a
data file, a README and a test written with the test kit (``lifepath.testing``); after
``pip install -e .`` its tests pass as they are.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError

if TYPE_CHECKING:
    from lifepath.host.registry import Registry

KINDS = ("career", "species", "ruleset")
TARGET_RULESET = "nowhere-yet"
TARGET_REQUIRES = ">=1.0,<2"
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
MAX_NAME = 40
CAREER_SCHEMA = "https://lifepath.example/schemas/nowhere-yet.career.schema.json"
SPECIES_SCHEMA = "https://lifepath.example/schemas/nowhere-yet.species.schema.json"
CHARACTERISTICS = ("Str", "Dex", "End", "Int", "Edu", "Soc")


@dataclass(frozen=True)
class PluginNames:
    """Every name a plugin called ``short`` (``starport-guard``) goes by."""

    short: str
    #: the distribution (``lifepath-starport-guard``), and the folder it is written to
    dist: str
    #: the import package (``lifepath_starport_guard``)
    package: str
    #: the entry-point name (``starport_guard``): the plugin's name in ``lifepath plugins`` and provenance
    entry: str
    #: the career, species or ruleset name people read (``Starport Guard``)
    title: str
    #: a class name for a ruleset (``StarportGuard``)
    cls: str


def plugin_names(name: str) -> PluginNames:
    """Check ``name`` and derive the other names from it; a leading ``lifepath-`` is dropped."""
    raw = name.strip()
    short = raw[len("lifepath-") :] if raw.startswith("lifepath-") else raw
    if not NAME_PATTERN.match(short) or len(short) > MAX_NAME:
        raise LifepathError(
            f"'{name}' is not a usable plugin name",
            hint=(
                f"use lower-case letters, digits and single hyphens, starting with a letter and at most {MAX_NAME} "
                "characters, e.g. starport-guard (the distribution becomes lifepath-starport-guard)"
            ),
        )
    words = short.split("-")
    return PluginNames(
        short=short,
        dist=f"lifepath-{short}",
        package="lifepath_" + short.replace("-", "_"),
        entry=short.replace("-", "_"),
        title=" ".join(w.capitalize() for w in words),
        cls="".join(w.capitalize() for w in words),
    )


def check_kind(kind: str) -> str:
    """The kind, lower-cased, or a clear error naming the kinds there are."""
    low = kind.strip().lower()
    if low not in KINDS:
        raise LifepathError(
            f"'{kind}' is not a kind of plugin the scaffold makes", hint="use one of: " + ", ".join(KINDS)
        )
    return low


def clashes(names: PluginNames, kind: str, registry: Registry) -> list[str]:
    """What the new plugin's names would collide with among the plugins installed now (empty when none)."""
    found = []
    if names.entry in registry.manager.info:
        found.append(f"a plugin called '{names.entry}' is already installed")
    if kind == "ruleset":
        for rid, ruleset in registry.rulesets().items():
            if names.short in (rid.lower(), ruleset.name.lower()) or names.title.lower() == ruleset.name.lower():
                found.append(f"the ruleset '{rid}' already exists (from plugin '{registry.ruleset_plugin(rid)}')")
    else:
        bucket = registry.careers(TARGET_RULESET) if kind == "career" else registry.species(TARGET_RULESET)
        for item in bucket.values():
            if item.matches(names.short) or item.matches(names.title):
                found.append(
                    f"{TARGET_RULESET} already has a {kind} called '{item.name}' (from plugin '{item.plugin}')"
                )
    return found


# -- templates ------------------------------------------------------------------------------------------

#: the generated files' templates (``@@name@@`` placeholders), as files in ``lifepath/templates/plugin``:
#: ``pyproject.toml-tpl`` and ``README.md-tpl`` for every kind, and each kind's hook module and test in a
#: folder of its own. The ``-tpl`` suffix (Django's, for its project templates) keeps a template that is not
#: yet valid Python from being byte-compiled when lifepath is installed, or collected by a test run.
TEMPLATES = ("templates", "plugin")


def template(*parts: str) -> str:
    """The text of the template at ``parts`` under :data:`TEMPLATES`."""
    from importlib.resources import files

    return files("lifepath").joinpath(*TEMPLATES, *parts).read_text(encoding="utf-8")


def _fill(template: str, values: Mapping[str, str]) -> str:
    text = template
    for key, value in values.items():
        text = text.replace(f"@@{key}@@", value)
    leftover = re.search(r"@@\w+@@", text)
    assert leftover is None, f"unfilled placeholder {leftover.group(0) if leftover else ''}"
    return text


def _json(data: Any) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _skills(*names: str) -> list[dict[str, str]]:
    return [{"skill": n} for n in names]


def career_table(names: PluginNames) -> dict[str, Any]:
    """A complete, valid Nowhere Yet career with middling numbers, to be edited."""
    return {
        "$schema": CAREER_SCHEMA,
        "id": names.short,
        "name": names.title,
        "military": False,
        "description": f"The {names.title} career: describe in your own words who its people are and what they do.",
        "qualification": {"characteristic": "Int", "target": 6},
        "survival": {"characteristic": "End", "target": 6},
        "commission": None,
        "advancement": None,
        "reenlistment": 6,
        "medical_bills_row": "employer",
        "ranks": [{"rank": 0, "title": None, "skill": {"name": "Admin", "level": 1}}]
        + [{"rank": r, "title": None, "skill": None} for r in range(1, 7)],
        "material_benefits": [
            {"type": "passage", "class": "low"},
            {"type": "characteristic", "characteristic": "Edu", "change": 1},
            {"type": "weapon"},
            {"type": "passage", "class": "mid"},
            {"type": "ship_shares", "dice": "1D6"},
            {"type": "passage", "class": "high"},
            None,
        ],
        "cash_benefits": [1000, 2000, 5000, 5000, 10000, 20000, 30000],
        "skill_tables": {
            "personal_development": [
                {"characteristic": "Str", "change": 1},
                {"characteristic": "Dex", "change": 1},
                {"characteristic": "End", "change": 1},
                {"characteristic": "Int", "change": 1},
                {"skill": "Athletics"},
                {"skill": "Carousing"},
            ],
            "service_skills": _skills("Admin", "Comms", "Computer", "Vehicle", "Streetwise", "Mechanics"),
            "specialist": _skills("Electronics", "Liaison", "Broker", "Recon", "Steward", "Leadership"),
            "advanced_education": _skills("Advocate", "Computer", "Linguistics", "Medicine", "Navigation", "Sciences"),
        },
        "source": f"{names.dist}: an original career",
    }


def species_table(names: PluginNames) -> dict[str, Any]:
    """A valid Nowhere Yet species file with one species on the human baseline, to be edited."""
    return {
        "$schema": SPECIES_SCHEMA,
        "species": [
            {
                "id": names.short,
                "name": names.title,
                "selectable": True,
                "portrait": None,
                "sexes": ["female", "male"],
                "characteristics": {c: {"dice": "2D6", "maximum": 15} for c in CHARACTERISTICS},
                "social_name": "Soc",
                "traits": [],
                "speed": None,
                "age_of_maturity": 18,
                "ageing_starts": 34,
                "height": None,
                "mass": None,
                "description": f"The {names.title}: describe the species in your own words.",
                "notes": "Human baseline: 2D6 for every characteristic, maximum 15. Change the dice and maxima "
                "(Notable: 2D6+2, maximum 17; Weak: 2D6-2, maximum 13) and name traits from traits.json.",
            }
        ],
    }


def ruleset_schema(names: PluginNames) -> dict[str, Any]:
    """The JSON Schema of the generated ruleset's one table."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://lifepath.example/schemas/{names.short}.rules.schema.json",
        "title": f"{names.title} rules",
        "type": "object",
        "required": ["$schema", "characteristics", "starting_age", "names"],
        "additionalProperties": False,
        "properties": {
            "$schema": {"const": f"https://lifepath.example/schemas/{names.short}.rules.schema.json"},
            "characteristics": {
                "type": "array",
                "minItems": 1,
                "items": {
                    "type": "object",
                    "required": ["code", "name", "dice"],
                    "additionalProperties": False,
                    "properties": {
                        "code": {"type": "string", "pattern": "^[A-Z][a-z]{2}$"},
                        "name": {"type": "string", "minLength": 1},
                        "dice": {"type": "string", "pattern": "^[1-9]D6([+-][1-9])?$"},
                    },
                },
            },
            "starting_age": {"type": "integer", "minimum": 1},
            "names": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
        },
    }


def ruleset_table(names: PluginNames) -> dict[str, Any]:
    """The generated ruleset's one table."""
    characteristics = (
        ("Str", "Strength"),
        ("Dex", "Dexterity"),
        ("End", "Endurance"),
        ("Int", "Intelligence"),
        ("Edu", "Education"),
        ("Soc", "Social Standing"),
    )
    return {
        "$schema": f"https://lifepath.example/schemas/{names.short}.rules.schema.json",
        "characteristics": [{"code": c, "name": n, "dice": "2D6"} for c, n in characteristics],
        "starting_age": 18,
        "names": ["Ash", "Brin", "Cato", "Dana", "Ezra", "Fenn", "Gale", "Hollis"],
    }


def render(name: str, kind: str = "career") -> dict[str, str]:
    """Every file of the new plugin: relative path to its text."""
    kind = check_kind(kind)
    names = plugin_names(name)
    values = {
        "dist": names.dist,
        "package": names.package,
        "entry": names.entry,
        "short": names.short,
        "title": names.title,
        "cls": names.cls,
        "ruleset": TARGET_RULESET,
        "requires": TARGET_REQUIRES,
    }
    pkg = names.package
    files: dict[str, str] = {}
    if kind == "career":
        values |= {
            "summary": f"Adds the {names.title} career to lifepath's Nowhere Yet ruleset.",
            "adds": f"adds the **{names.title}** career to the Nowhere Yet ruleset",
            "try": f"lifepath create --auto --career {names.short}",
            "data": f"data/{names.short}.json",
            "data_help": "the career's throws, ranks, skill tables and benefits "
            f"(schema: nowhere-yet.career.schema.json). Check it with `lifepath schema validate {pkg}/data`.",
        }
        files[f"{pkg}/__init__.py"] = _fill(template("career", "__init__.py-tpl"), values)
        files[f"{pkg}/data/{names.short}.json"] = _json(career_table(names))
        files[f"tests/test_{names.entry}.py"] = _fill(template("career", "test.py-tpl"), values)
    elif kind == "species":
        values |= {
            "summary": f"Adds the {names.title} species to lifepath's Nowhere Yet ruleset.",
            "adds": f"adds the **{names.title}** species to the Nowhere Yet ruleset",
            "try": f"lifepath create --auto --species {names.short}",
            "data": f"data/{names.short}.json",
            "data_help": "the species' dice, racial maxima, traits and ages "
            f"(schema: nowhere-yet.species.schema.json). Check it with `lifepath schema validate {pkg}/data`.",
        }
        files[f"{pkg}/__init__.py"] = _fill(template("species", "__init__.py-tpl"), values)
        files[f"{pkg}/data/{names.short}.json"] = _json(species_table(names))
        files[f"tests/test_{names.entry}.py"] = _fill(template("species", "test.py-tpl"), values)
    else:
        values |= {
            "summary": f"The {names.title} ruleset for lifepath.",
            "adds": f"adds the **{names.title}** ruleset",
            "try": f"lifepath create --ruleset {names.short} --auto",
            "data": "data/rules.json",
            "data_help": f"the ruleset's table. Its schema, `{pkg}/schema/rules.schema.json`, is the plugin's "
            "own (returned by the ruleset's `schemas()`); the test `test_tables_validate` checks the table "
            "against it.",
        }
        files[f"{pkg}/__init__.py"] = _fill(template("ruleset", "__init__.py-tpl"), values)
        files[f"{pkg}/data/rules.json"] = _json(ruleset_table(names))
        files[f"{pkg}/schema/rules.schema.json"] = _json(ruleset_schema(names))
        files[f"tests/test_{names.entry}.py"] = _fill(template("ruleset", "test.py-tpl"), values)
    files["pyproject.toml"] = _fill(template("pyproject.toml-tpl"), values)
    files["README.md"] = _fill(template("README.md-tpl"), values)
    return dict(sorted(files.items()))


def write_plugin(name: str, kind: str = "career", parent: Path | str = ".") -> Path:
    """Write the plugin into ``parent/lifepath-NAME`` and return that folder.

    An existing folder is never touched: the error says so and nothing is written. The files are written
    to a temporary folder first and moved into place at the end, so a failure leaves nothing half-made.
    """
    files = render(name, kind)
    names = plugin_names(name)
    base = Path(parent)
    folder = base / names.dist
    if folder.exists():
        raise LifepathError(
            f"{folder} already exists; the scaffold does not overwrite anything",
            hint="choose another name, another --dir, or move the folder away",
        )
    if not base.is_dir():
        raise LifepathError(f"{base} is not a folder", hint="give --dir an existing folder")
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{names.dist}.", dir=base))
    except OSError as exc:
        raise LifepathError(f"cannot write in {base} ({exc.strerror})", hint="check the folder is writable") from None
    try:
        for rel, text in files.items():
            path = staging / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(staging, 0o777 & ~mask)  # mkdtemp makes it private; give it a normal folder's mode
        os.rename(staging, folder)
    except OSError as exc:
        shutil.rmtree(staging, ignore_errors=True)
        raise LifepathError(f"cannot write {folder} ({exc.strerror})", hint="check the folder is writable") from None
    return folder


__all__ = ["KINDS", "PluginNames", "check_kind", "clashes", "plugin_names", "render", "write_plugin"]
