"""``lifepath plugin new``: write a new plugin's distribution, ready to install and test.

The files come from plain Python string templates (``@@name@@`` placeholders) and, for tables, from
Python data dumped with :func:`json.dumps`, so every generated table is valid JSON by construction and
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
    from lifepath.registry import Registry

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
    short = raw[len("lifepath-"):] if raw.startswith("lifepath-") else raw
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

PYPROJECT = '''[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "@@dist@@"
version = "0.1.0"
description = "@@summary@@"
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["lifepath>=0.1"]

[project.optional-dependencies]
test = ["pytest>=8"]

# lifepath finds the plugin through this entry point; "@@entry@@" is its name in `lifepath plugins`
[project.entry-points.lifepath]
@@entry@@ = "@@package@@"

[tool.setuptools.packages.find]
include = ["@@package@@*"]

[tool.setuptools.package-data]
"*" = ["*.json"]

[tool.pytest.ini_options]
testpaths = ["tests"]
addopts = "-p no:cacheprovider"
'''

CAREER_MODULE = '''"""@@dist@@: adds the @@title@@ career to the Nowhere Yet ruleset."""

from __future__ import annotations

from collections.abc import Callable

from lifepath import hookimpl, load_table

#: the ruleset versions this plugin is written for; lifepath refuses the plugin when they do not match
lifepath_requires = {"@@ruleset@@": "@@requires@@"}


@hookimpl
def lifepath_register_careers(ruleset_id: str, register: Callable[..., None]) -> None:
    """Register the career table (validated by lifepath before it is used)."""
    if ruleset_id == "@@ruleset@@":
        register(load_table(__name__, "data/@@short@@.json"))
'''

SPECIES_MODULE = '''"""@@dist@@: adds the @@title@@ species to the Nowhere Yet ruleset."""

from __future__ import annotations

from collections.abc import Callable

from lifepath import hookimpl, load_table

#: the ruleset versions this plugin is written for; lifepath refuses the plugin when they do not match
lifepath_requires = {"@@ruleset@@": "@@requires@@"}


@hookimpl
def lifepath_register_species(ruleset_id: str, register: Callable[..., None]) -> None:
    """Register each species in the species file, with the file it came from."""
    if ruleset_id == "@@ruleset@@":
        table = load_table(__name__, "data/@@short@@.json")
        for species in table.data["species"]:
            register(species, table=table)
'''

RULESET_MODULE = '''"""@@dist@@: the @@title@@ ruleset, a starting point for a ruleset of your own."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from functools import lru_cache
from importlib import resources
from typing import Any, ClassVar

from lifepath import Character, CharacteristicSpec, Context, Decision, Ruleset, Table, hookimpl, load_table, options

#: the lifepath versions this plugin is written for; lifepath refuses the plugin when they do not match
lifepath_requires = {"lifepath": ">=0.1,<1"}


@lru_cache(maxsize=1)
def rules_table() -> Table:
    """The ruleset's one table: characteristics, starting age and names."""
    return load_table(__name__, "data/rules.json")


class @@cls@@(Ruleset):
    """Roll six characteristics, take a starting age, choose a name."""

    id: ClassVar[str] = "@@short@@"
    name: ClassVar[str] = "@@title@@"
    version: ClassVar[str] = "0.1.0"
    summary: ClassVar[str] = "A new ruleset: six characteristics and a name."
    kind: ClassVar[str] = "lifepath"

    def tables(self) -> Sequence[Table]:
        return [rules_table()]

    def schemas(self) -> Sequence[dict[str, Any]]:
        text = resources.files(__name__).joinpath("schema", "rules.schema.json").read_text(encoding="utf-8")
        return [json.loads(text)]

    def house_rules(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {
                "characteristic_dm": {
                    "type": "integer", "default": 0, "minimum": -2, "maximum": 2,
                    "description": "A DM on every characteristic roll.",
                },
            },
        }

    def create(self, ctx: Context) -> None:
        data = rules_table().data
        base = [CharacteristicSpec(c["code"], c["name"], c["dice"], None) for c in data["characteristics"]]
        specs = ctx.characteristic_specs(base)  # other plugins may change the dice (lifepath_characteristics)
        dm = int(ctx.rules["characteristic_dm"])
        for spec in specs.values():
            value = ctx.roll(spec.dice, f"characteristic: {spec.name}", dms=[("characteristic_dm", dm)]).total
            if spec.maximum is not None:
                value = min(value, spec.maximum)
            value = max(value, spec.minimum)
            ctx.sheet.characteristics[spec.code] = value
            ctx.change(f"characteristic {spec.code}", None, value, f"rolled {spec.dice}")
        before = ctx.sheet.age
        ctx.sheet.age = int(data["starting_age"])
        ctx.change("age", before, ctx.sheet.age, "starting age")
        ctx.sheet.name = ctx.choose(Decision("name", "Choose a name", options(data["names"]), free_text=True))

    def render(self, character: Character) -> str:
        sheet = character.sheet
        scores = " ".join(f"{code} {value}" for code, value in sheet.characteristics.items())
        return f"{sheet.name}, age {sheet.age}\\n{scores}\\n"


@hookimpl
def lifepath_register_rulesets(register: Callable[[Ruleset], None]) -> None:
    register(@@cls@@())
'''

CAREER_TEST = '''"""Tests of @@dist@@, with lifepath's test kit (loaded by pytest from the installed lifepath)."""

from __future__ import annotations

from collections.abc import Callable

from lifepath import Character
from lifepath.testing import Registry, assert_tables_valid, events


def test_tables_validate() -> None:
    assert assert_tables_valid("@@package@@") == 1


def test_the_career_is_registered(lifepath_registry: Registry) -> None:
    career = lifepath_registry.find("career", "@@ruleset@@", "@@title@@")
    assert career.id == "@@short@@" and career.plugin == "@@entry@@"


def test_a_character_can_aim_for_the_career(lifepath_create: Callable[..., Character]) -> None:
    character = lifepath_create("@@ruleset@@", seed=1, options={"career": "@@short@@"})
    assert events(character, "decision", key="career", answer="@@short@@")
    assert {"name": "@@entry@@", "version": "0.1.0"} in character.provenance["plugins"]
'''

SPECIES_TEST = '''"""Tests of @@dist@@, with lifepath's test kit (loaded by pytest from the installed lifepath)."""

from __future__ import annotations

from collections.abc import Callable

from lifepath import Character
from lifepath.testing import Registry, assert_tables_valid


def test_tables_validate() -> None:
    assert assert_tables_valid("@@package@@") == 1


def test_the_species_is_registered(lifepath_registry: Registry) -> None:
    species = lifepath_registry.find("species", "@@ruleset@@", "@@title@@")
    assert species.id == "@@short@@" and species.plugin == "@@entry@@"


def test_a_character_of_the_species(lifepath_create: Callable[..., Character]) -> None:
    character = lifepath_create("@@ruleset@@", seed=1, options={"species": "@@short@@"})
    assert character.sheet.species == "@@short@@"
    assert all(value <= 15 for value in character.sheet.characteristics.values())
'''

RULESET_TEST = '''"""Tests of @@dist@@, with lifepath's test kit (loaded by pytest from the installed lifepath)."""

from __future__ import annotations

from collections.abc import Callable

from lifepath import Character
from lifepath.testing import Registry, assert_tables_valid


def test_tables_validate() -> None:
    assert assert_tables_valid("@@package@@") == 1


def test_the_ruleset_is_registered(lifepath_registry: Registry) -> None:
    ruleset = lifepath_registry.ruleset("@@title@@")
    assert ruleset.id == "@@short@@" and lifepath_registry.ruleset_plugin(ruleset.id) == "@@entry@@"


def test_the_same_seed_makes_the_same_character(lifepath_create: Callable[..., Character]) -> None:
    first = lifepath_create("@@short@@", seed=7)
    assert first.to_json() == lifepath_create("@@short@@", seed=7).to_json()
    assert first.sheet.name and len(first.sheet.characteristics) == 6


def test_the_house_rule_shifts_every_roll(lifepath_create: Callable[..., Character]) -> None:
    plain = lifepath_create("@@short@@", seed=7).sheet.characteristics
    shifted = lifepath_create("@@short@@", seed=7, rules={"characteristic_dm": 2}).sheet.characteristics
    assert shifted == {code: value + 2 for code, value in plain.items()}
'''

README = '''# @@dist@@

A lifepath plugin that @@adds@@. Made with `lifepath plugin new`.

## Use it

```console
$ pip install -e ".[test]"
$ lifepath plugins
$ @@try@@
$ pytest
```

## What to change

- `@@package@@/@@data@@`: @@data_help@@
- `@@package@@/__init__.py`: the hook implementations. `lifepath_requires` says which versions you
  support; lifepath refuses the plugin, with one warning, when they do not match.
- `tests/`: tests written with lifepath's test kit (`lifepath.testing`): the fixtures `lifepath_registry`
  and `lifepath_create`, and `assert_tables_valid`, `make_context`, `find_seed` and `events`.
- `pyproject.toml`: the name, version and description. Keep the entry point in the group `lifepath`.

lifepath's plugin documentation (`docs/plugins/` in its repository) has the tutorial, the hook reference,
the table schemas and how versions work.
'''


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
                {"characteristic": "Str", "change": 1}, {"characteristic": "Dex", "change": 1},
                {"characteristic": "End", "change": 1}, {"characteristic": "Int", "change": 1},
                {"skill": "Athletics"}, {"skill": "Carousing"},
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
                "type": "array", "minItems": 1,
                "items": {
                    "type": "object", "required": ["code", "name", "dice"], "additionalProperties": False,
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
        ("Str", "Strength"), ("Dex", "Dexterity"), ("End", "Endurance"),
        ("Int", "Intelligence"), ("Edu", "Education"), ("Soc", "Social Standing"),
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
        "dist": names.dist, "package": names.package, "entry": names.entry, "short": names.short,
        "title": names.title, "cls": names.cls, "ruleset": TARGET_RULESET, "requires": TARGET_REQUIRES,
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
        files[f"{pkg}/__init__.py"] = _fill(CAREER_MODULE, values)
        files[f"{pkg}/data/{names.short}.json"] = _json(career_table(names))
        files[f"tests/test_{names.entry}.py"] = _fill(CAREER_TEST, values)
    elif kind == "species":
        values |= {
            "summary": f"Adds the {names.title} species to lifepath's Nowhere Yet ruleset.",
            "adds": f"adds the **{names.title}** species to the Nowhere Yet ruleset",
            "try": f"lifepath create --auto --species {names.short}",
            "data": f"data/{names.short}.json",
            "data_help": "the species' dice, racial maxima, traits and ages "
            f"(schema: nowhere-yet.species.schema.json). Check it with `lifepath schema validate {pkg}/data`.",
        }
        files[f"{pkg}/__init__.py"] = _fill(SPECIES_MODULE, values)
        files[f"{pkg}/data/{names.short}.json"] = _json(species_table(names))
        files[f"tests/test_{names.entry}.py"] = _fill(SPECIES_TEST, values)
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
        files[f"{pkg}/__init__.py"] = _fill(RULESET_MODULE, values)
        files[f"{pkg}/data/rules.json"] = _json(ruleset_table(names))
        files[f"{pkg}/schema/rules.schema.json"] = _json(ruleset_schema(names))
        files[f"tests/test_{names.entry}.py"] = _fill(RULESET_TEST, values)
    files["pyproject.toml"] = _fill(PYPROJECT, values)
    files["README.md"] = _fill(README, values)
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
