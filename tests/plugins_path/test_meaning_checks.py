"""Meaning checks (issue 11, item 4): a table that has the right shape but names things that do not exist
is refused when it is loaded and by `lifepath schema validate`, naming the file, the JSON pointer and the
nearest valid name; plugins can register new skills, traits and a species' name list, and the sheet and
the roster then show names, never ids."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
COURIER = json.loads((REPO / "docs/plugins/tutorial/lifepath_tutorial/data/courier.json").read_text())
SELKIE = json.loads((REPO / "tests/plugins/lifepath-demo-plugin/lifepath_demo_plugin/data/selkie.json").read_text())

CLI = Callable[..., subprocess.CompletedProcess[str]]


def folder_with(root: Path, *, career: dict[str, Any] | None = None, species: dict[str, Any] | None = None) -> Path:
    folder = root / "extra"
    folder.mkdir()
    manifest: dict[str, Any] = {
        "$schema": "https://lifepath.example/schemas/content-manifest.schema.json",
        "name": "extra",
        "version": "1.0.0",
        "ruleset": "nowhere-yet",
    }
    if career is not None:
        (folder / "career.json").write_text(json.dumps(career, indent=2))
        manifest["careers"] = ["career.json"]
    if species is not None:
        (folder / "species.json").write_text(json.dumps(species, indent=2))
        manifest["species"] = ["species.json"]
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return folder


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def refused(run_cli: CLI, folder: Path, *select: str) -> str:
    """Load the folder and ask for what it adds: exit 2, no traceback; returns the warning line."""
    made = run_cli("create", "--auto", "--seed", "3", "--content", str(folder), *select)
    assert made.returncode == 2, made.stdout
    assert "Traceback" not in made.stderr
    warning = next(line for line in made.stderr.splitlines() if line.startswith("lifepath: warning:"))
    assert "plugin 'content:extra' was skipped" in warning
    return warning


def test_a_misspelt_skill_is_refused_with_the_nearest_name(run_cli: CLI, tmp_path: Path) -> None:
    career = json.loads(json.dumps(COURIER))
    career["skill_tables"]["service_skills"][2] = {"skill": "Gravitix"}
    folder = folder_with(tmp_path, career=career)
    line = line_of(folder / "career.json", '"Gravitix"')
    expected = (
        f"{folder / 'career.json'}, line {line}, at /skill_tables/service_skills/2/skill: 'Gravitix' is not a "
        "skill this ruleset knows. Did you mean 'Gravitics'? If it is a new skill, a plugin adds it with the "
        "lifepath_register_skills hook (docs/plugins/hooks.md)."
    )
    warning = refused(run_cli, folder, "--career", "Courier")
    assert warning.endswith(expected)
    checked = run_cli("schema", "validate", str(folder))
    assert checked.returncode == 1 and f"error: {expected}" in checked.stderr


def test_a_skill_with_no_near_name_says_how_to_add_it(run_cli: CLI, tmp_path: Path) -> None:
    career = json.loads(json.dumps(COURIER))
    career["ranks"][0]["skill"] = {"name": "Vacc Suit", "level": 1}
    folder = folder_with(tmp_path, career=career)
    warning = refused(run_cli, folder, "--career", "Courier")
    assert (
        "at /ranks/0/skill/name: 'Vacc Suit' is not a skill this ruleset knows. If it is a new skill, a plugin "
        "adds it with the lifepath_register_skills hook"
    ) in warning


def test_advancement_without_a_commission_is_refused(run_cli: CLI, tmp_path: Path) -> None:
    career = json.loads(json.dumps(COURIER))
    career["commission"] = None
    career["advancement"] = {"characteristic": "Edu", "target": 7}
    folder = folder_with(tmp_path, career=career)
    line = line_of(folder / "career.json", '"advancement"')
    warning = refused(run_cli, folder, "--career", "Courier")
    assert warning.endswith(
        f"career.json, line {line}, at /advancement: the career has an advancement throw but no commission, so "
        'nobody in it could rise above rank 0. Give it a "commission" throw, or set "advancement" to null (a '
        "career with neither gets a second skill roll each term)."
    )


def test_an_unknown_characteristic_in_a_throw_is_refused(run_cli: CLI, tmp_path: Path) -> None:
    career = json.loads(json.dumps(COURIER))
    career["commission"] = {"characteristic": "Psi", "target": 7}
    folder = folder_with(tmp_path, career=career)
    warning = refused(run_cli, folder, "--career", "Courier")
    assert (
        'at /commission/characteristic: "Psi" is not allowed here: expected one of "Str", "Dex", "End", "Int", '
        '"Edu", "Soc"'
    ) in warning


def test_an_unknown_trait_id_is_a_warning_with_the_nearest_id_for_one_minor_version(
    run_cli: CLI, tmp_path: Path
) -> None:
    """The compatibility policy (docs/plugins/api.md): refused from lifepath 0.2; until then the species is
    loaded, the trait is sheet-only, and one warning names the nearest id and the fix."""
    species = json.loads(json.dumps(SELKIE))
    species["species"][0]["traits"] = ["amphibius"]
    folder = folder_with(tmp_path, species=species)
    line = line_of(folder / "species.json", '"amphibius"')
    made = run_cli("create", "--auto", "--seed", "3", "--content", str(folder), "--species", "Selkie")
    assert made.returncode == 0, made.stderr
    warnings = [w for w in made.stderr.splitlines() if w.startswith("lifepath: warning:")]
    assert len(warnings) == 1
    assert warnings[0].endswith(
        f"species.json, line {line}, at /species/0/traits/0: 'amphibius' is not a trait id this ruleset knows. "
        "Did you mean 'amphibious'? If it is a new trait, a plugin adds it with the lifepath_register_traits "
        "hook (docs/plugins/hooks.md); it is kept as a sheet-only trait (shown by its id, with no effect) for "
        "now, but lifepath 0.2 will refuse the plugin"
    )


def test_the_skill_and_trait_lists_are_published(run_cli: CLI) -> None:
    skills = json.loads(run_cli("rulesets", "--skills", "nowhere-yet", "--json").stdout)
    names = {s["name"] for s in skills}
    assert {"Zero-G", "Gravitics", "Prospecting", "Perception", "Grav Vehicle"} <= names
    assert "Vacc Suit" not in names
    traits = json.loads(run_cli("rulesets", "--traits", "Nowhere Yet", "--json").stdout)
    assert {"id": "amphibious", "name": "Amphibious"}.items() <= traits[0].items()


def test_the_published_lists_in_the_docs_are_the_rulesets(run_cli: CLI) -> None:
    page = (REPO / "docs/plugins/nowhere-yet-names.md").read_text()
    skills = json.loads(run_cli("rulesets", "--skills", "nowhere-yet", "--json").stdout)
    traits = json.loads(run_cli("rulesets", "--traits", "nowhere-yet", "--json").stdout)
    listed = [line[2:] for line in page.splitlines() if line.startswith("- ")]
    assert listed == [s["name"] for s in skills]
    rows = [line.split("|")[1:3] for line in page.splitlines() if line.startswith("| `")]
    assert [(i.strip().strip("`"), n.strip()) for i, n in rows] == [(t["id"], t["name"]) for t in traits]


# -- a plugin that registers a skill, a trait and a species with its own names ---------------------------

PLUGIN = """
import json
from lifepath import hookimpl
from lifepath.tables import parse_table

CAREER = json.loads(CAREER_TEXT)


@hookimpl
def lifepath_register_skills(ruleset_id, register):
    if ruleset_id == "nowhere-yet":
        register("Seal Lore", "Knowing the old ways of the seal-folk.")


@hookimpl
def lifepath_register_traits(ruleset_id, register):
    if ruleset_id == "nowhere-yet":
        register({"id": "cold-blooded-swimmer", "name": "Cold-Water Swimmer",
                  "summary": "Swims in icy water without harm."})


@hookimpl
def lifepath_register_species(ruleset_id, register):
    if ruleset_id == "nowhere-yet":
        table = parse_table("lifepath_selkies/species.json", SPECIES_TEXT)
        for species in table.data["species"]:
            register(species, table=table)


@hookimpl
def lifepath_register_careers(ruleset_id, register):
    if ruleset_id == "nowhere-yet":
        register(CAREER)
"""


def test_a_plugin_registers_a_skill_a_trait_and_names_and_the_sheet_shows_names(
    run_cli: CLI,
    tmp_path: Path,
    pip_install: Callable[..., Path],
    plugin_env: Callable[..., dict[str, str]],
) -> None:
    species = json.loads(json.dumps(SELKIE))["species"][0]
    species.update(
        id="selkie",
        name="Selkie",
        traits=["cold-blooded-swimmer"],
        names={"given": ["Maren"], "family": ["of the Skerries"]},
    )
    species["$schema"] = "https://lifepath.example/schemas/nowhere-yet.species.schema.json"
    species = {"$schema": species.pop("$schema"), "species": [species]}
    career = json.loads(json.dumps(COURIER))
    career.update(id="seal-hunter", name="Seal Hunter")
    career["skill_tables"]["personal_development"][5] = {"skill": "Seal Lore"}
    source = tmp_path / "src" / "lifepath-selkies"
    (source / "lifepath_selkies").mkdir(parents=True)
    (source / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n\n'
        '[project]\nname = "lifepath-selkies"\nversion = "0.1.0"\n\n'
        '[project.entry-points.lifepath]\nselkies = "lifepath_selkies"\n\n'
        '[tool.setuptools]\npackages = ["lifepath_selkies"]\n'
    )
    (source / "lifepath_selkies" / "__init__.py").write_text(
        f"SPECIES_TEXT = {json.dumps(species, indent=2)!r}\nCAREER_TEXT = {json.dumps(career)!r}\n" + PLUGIN
    )
    env = plugin_env(pip_install(source))

    listed = run_cli("rulesets", "--skills", "nowhere-yet", "--json", env=env)
    assert listed.returncode == 0 and not listed.stderr, listed.stderr
    skills = json.loads(listed.stdout)
    assert {"name": "Seal Lore", "summary": "Knowing the old ways of the seal-folk.", "plugin": "selkies"} in skills
    shown = run_cli("rulesets", "--traits", "nowhere-yet", env=env)
    assert "cold-blooded-swimmer (Cold-Water Swimmer) [selkies]: Swims in icy water without harm." in shown.stdout

    made = run_cli(
        "create", "--auto", "--seed", "4", "--species", "Selkie", "--career", "Seal Hunter", "--json", env=env
    )
    assert made.returncode == 0 and not made.stderr, made.stderr
    sheet = json.loads(made.stdout)["sheet"]
    assert sheet["name"] == "Maren of the Skerries"
    assert sheet["traits"] == ["Cold-Water Swimmer"]
    assert sheet["extra"]["trait_notes"] == {"Cold-Water Swimmer": "Swims in icy water without harm."}
    text = run_cli("create", "--auto", "--seed", "4", "--species", "Selkie", env=env).stdout
    assert "Selkie: Cold-Water Swimmer" in text and "cold-blooded-swimmer" not in text

    db = str(tmp_path / "c.db")
    assert run_cli("campaign", "new", "Sea", "--db", db, env=env).returncode == 0
    saved = run_cli("create", "--auto", "--seed", "4", "--species", "selkie", "--campaign", "Sea", "--db", db, env=env)
    assert saved.returncode == 0, saved.stderr
    roster = json.loads(run_cli("roster", "Sea", "--json", "--db", db, env=env).stdout)
    assert [r["species"] for r in roster] == ["Selkie"]
