"""The clash policy (issue 11, item 3): a career or species whose id, name or alias matches another's is
refused with one warning naming both plugins and both items, unless it declares ``replaces`` and is
enabled; the outcome never depends on plugin names or the order they are installed in.

The built-in side is the real ``nowhere_yet`` entry point; the other side is a data-only content folder
(registered through the same hooks as a Python plugin) or a real pip-installed distribution.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lifepath.errors import UnknownName
from lifepath.hookspecs import hookimpl
from lifepath.host.manager import Manager
from lifepath.host.registry import Registry

REPO = Path(__file__).resolve().parents[2]
BELTER = json.loads((REPO / "plugins/nowhere_yet/data/careers/belter.json").read_text(encoding="utf-8"))


def career(**changes: Any) -> dict[str, Any]:
    """Nowhere Yet's Belter with other id/name/aliases (a valid career table)."""
    data = copy.deepcopy(BELTER)
    data.pop("errata", None)
    data.pop("source", None)
    data.update(changes)
    return data


def content(root: Path, name: str, *careers: dict[str, Any]) -> Path:
    """A data-only content folder called ``name`` adding ``careers`` to Nowhere Yet."""
    folder = root / name
    (folder / "careers").mkdir(parents=True)
    files = []
    for data in careers:
        rel = f"careers/{data['id']}.json"
        (folder / rel).write_text(json.dumps(data, indent=2), encoding="utf-8")
        files.append(rel)
    manifest = {
        "$schema": "https://lifepath.example/schemas/content-manifest.schema.json",
        "name": name,
        "version": "1.0.0",
        "ruleset": "nowhere-yet",
        "careers": files,
    }
    (folder / "manifest.json").write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    return folder


def registry(*folders: Path, enabled: frozenset[str] = frozenset()) -> Registry:
    manager = Manager()
    manager.replacements = enabled
    manager.load_entry_points(only={"nowhere_yet"})
    for folder in folders:
        manager.add_content(str(folder))
    return manager.registry()


def careers(reg: Registry) -> dict[str, str]:
    """Career id -> the plugin whose career it is."""
    return {cid: c.plugin for cid, c in reg.careers("nowhere-yet").items()}


CLASHES = {
    "same id": {"id": "belter", "name": "Rock Hopper"},
    "same name": {"id": "rock-hopper", "name": "Belter"},
    "same alias": {"id": "rock-hopper", "name": "Rock Hopper", "aliases": ["belter"]},
}


@pytest.mark.parametrize("how", sorted(CLASHES))
@pytest.mark.parametrize("plugin_name", ["aa-x", "zz-x"])
def test_a_clash_with_a_built_in_keeps_the_built_in_whatever_the_plugin_is_called(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], how: str, plugin_name: str
) -> None:
    folder = content(tmp_path, plugin_name, career(**CLASHES[how]))
    reg = registry(folder)
    used = careers(reg)
    assert used["belter"] == "nowhere_yet"
    assert "rock-hopper" not in used
    assert reg.find("career", "nowhere-yet", "belter").plugin == "nowhere_yet"
    assert len(reg.warnings) == 1
    warning = reg.warnings[0]
    assert f"content:{plugin_name}" in warning and "'nowhere-yet'" not in warning
    assert "nowhere-yet's own 'Belter' (nowhere_yet:belter)" in warning
    assert '"replaces": "nowhere-yet:belter"' in warning
    assert f"lifepath: warning: {warning}" in capsys.readouterr().err


@pytest.mark.parametrize("how", sorted(CLASHES))
@pytest.mark.parametrize("order", ["aa first", "zz first"])
def test_two_third_party_contributions_that_clash_are_both_offered_by_qualified_id_in_either_order(
    tmp_path: Path, how: str, order: str
) -> None:
    fields = {k: v for k, v in CLASHES[how].items()}
    # both clash with each other but not with any built-in career
    fields = {
        k: (
            v.replace("belter", "wrecker").replace("Belter", "Wrecker")
            if isinstance(v, str)
            else [a.replace("belter", "wrecker") for a in v]
        )
        for k, v in fields.items()
    }
    first = content(tmp_path, "aa-x", career(id="wrecker", name="Wrecker"))
    second = content(tmp_path, "zz-x", career(**fields))
    folders = (first, second) if order == "aa first" else (second, first)
    reg = registry(*folders)
    used = careers(reg)
    other = f"content:zz-x:{fields['id']}"
    assert used["content:aa-x:wrecker"] == "content:aa-x" and used[other] == "content:zz-x"
    assert "wrecker" not in used and "rock-hopper" not in used
    assert len(reg.warnings) == 1
    assert reg.warnings[0].startswith("plugins 'content:aa-x' and 'content:zz-x' both add a career called 'wrecker'")
    assert f"both are offered, each under its qualified id ('content:aa-x:wrecker', '{other}')" in reg.warnings[0]
    assert reg.find("career", "nowhere-yet", "content:aa-x:wrecker").plugin == "content:aa-x"
    assert reg.find("career", "nowhere-yet", other.upper()).plugin == "content:zz-x"
    with pytest.raises(UnknownName) as ambiguous:
        reg.find("career", "nowhere-yet", "Wrecker")
    assert f"Say which by its qualified id: content:aa-x:wrecker, {other}." in ambiguous.value.paragraph()


def test_the_outcome_and_warning_are_the_same_in_every_order(tmp_path: Path) -> None:
    aa = content(tmp_path, "aa-x", career(id="wrecker", name="Wrecker"), career(id="belter", name="Belter"))
    zz = content(tmp_path, "zz-x", career(id="salvor", name="Salvor", aliases=["wrecker"]))
    one, two = registry(aa, zz), registry(zz, aa)
    assert careers(one) == careers(two)
    assert sorted(one.warnings) == sorted(two.warnings)
    assert {"wrecker", "salvor"}.isdisjoint(careers(one))


def test_a_replacement_is_not_used_unless_enabled_and_the_warning_says_how(tmp_path: Path) -> None:
    folder = content(tmp_path, "zz-x", career(name="Belter (revised)", replaces="nowhere-yet:belter"))
    reg = registry(folder)
    assert careers(reg)["belter"] == "nowhere_yet"
    assert reg.warnings == [
        "plugin 'content:zz-x' offers the career 'Belter (revised)' (content:zz-x:belter) as a replacement for "
        "'Belter' (nowhere_yet:belter); it is not enabled, so 'Belter' (nowhere_yet:belter) is used (enable it "
        "with LIFEPATH_REPLACEMENTS=content:zz-x:belter)"
    ]
    [(kind, offer, target, used)] = reg.replacements("nowhere-yet")
    assert (kind, offer.plugin, used) == ("career", "content:zz-x", False)
    assert target is not None and target.plugin == "nowhere_yet"


def test_an_enabled_replacement_takes_the_originals_place(tmp_path: Path) -> None:
    folder = content(
        tmp_path, "zz-x", career(name="Belter (revised)", aliases=["belter"], replaces="nowhere-yet:belter")
    )
    reg = registry(folder, enabled=frozenset({"content:zz-x:belter"}))
    assert careers(reg)["belter"] == "content:zz-x"
    assert reg.find("career", "nowhere-yet", "Belter").name == "Belter (revised)"
    assert list(reg.careers("nowhere-yet")) == list(registry().careers("nowhere-yet"))  # same place in menus
    assert reg.warnings == []
    [(_kind, _offer, _target, used)] = reg.replacements("nowhere-yet")
    assert used is True


def test_a_replacement_must_keep_the_id_it_replaces(tmp_path: Path) -> None:
    folder = content(
        tmp_path, "zz-x", career(id="belter-revised", name="Belter (revised)", replaces="nowhere-yet:belter")
    )
    reg = registry(folder, enabled=frozenset({"content:zz-x:belter-revised"}))
    assert careers(reg)["belter"] == "nowhere_yet" and "belter-revised" not in careers(reg)
    assert reg.warnings == [
        "plugin 'content:zz-x' offers the career 'Belter (revised)' (content:zz-x:belter-revised) as a replacement "
        "for 'Belter' (nowhere_yet:belter), but with another id; a replacement keeps the id of what it replaces "
        "('belter'), which other tables and stored characters refer to, so it is not used"
    ]


@pytest.mark.parametrize("order", ["aa first", "zz first"])
def test_two_enabled_replacements_for_one_career_leave_the_original(tmp_path: Path, order: str) -> None:
    aa = content(tmp_path, "aa-x", career(name="Belter A", replaces="nowhere-yet:belter"))
    zz = content(tmp_path, "zz-x", career(name="Belter Z", replaces="nowhere-yet:belter"))
    folders = (aa, zz) if order == "aa first" else (zz, aa)
    reg = registry(*folders, enabled=frozenset({"content:aa-x:belter", "content:zz-x:belter"}))
    assert careers(reg)["belter"] == "nowhere_yet"
    assert reg.warnings == [
        "2 enabled replacements for 'Belter' (nowhere_yet:belter) ('Belter A' (content:aa-x:belter), "
        "'Belter Z' (content:zz-x:belter)); none is used and 'Belter' (nowhere_yet:belter) stays (enable only one)"
    ]


def test_a_replacement_for_an_item_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    folder = content(tmp_path, "zz-x", career(id="spacer", name="Spacer", replaces="nowhere-yet:spacehand"))
    reg = registry(folder, enabled=frozenset({"content:zz-x:spacer"}))
    assert "spacer" not in careers(reg)
    assert reg.warnings == [
        "plugin 'content:zz-x' offers the career 'Spacer' (content:zz-x:spacer) as a replacement for "
        "'nowhere-yet:spacehand', which nowhere-yet does not have; it is not used"
    ]


# -- real pip-installed distributions --------------------------------------------------------------


def distribution(root: Path, entry: str, data: dict[str, Any]) -> Path:
    """A source distribution whose entry point ``entry`` adds one Nowhere Yet career."""
    package = f"lifepath_{entry}"
    folder = root / f"lifepath-{entry.replace('_', '-')}"
    (folder / package).mkdir(parents=True)
    (folder / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n\n'
        f'[project]\nname = "lifepath-{entry.replace("_", "-")}"\nversion = "0.1.0"\n\n'
        f'[project.entry-points.lifepath]\n{entry} = "{package}"\n\n'
        f'[tool.setuptools]\npackages = ["{package}"]\n',
        encoding="utf-8",
    )
    (folder / package / "__init__.py").write_text(
        "from lifepath import hookimpl\n\n"
        f"CAREER = {json.dumps(data)!r}\n\n\n"
        "@hookimpl\n"
        "def lifepath_register_careers(ruleset_id, register):\n"
        "    import json\n"
        "    if ruleset_id == 'nowhere-yet':\n"
        "        register(json.loads(CAREER))\n",
        encoding="utf-8",
    )
    return folder


def listing(run_cli: Callable[..., Any], env: dict[str, str]) -> tuple[dict[str, list[str]], list[str]]:
    done = run_cli("plugins", "--json", env=env)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    return {p["name"]: p["adds"].get("careers", []) for p in out["plugins"]}, out["warnings"]


def test_installed_plugins_named_either_way_lose_to_the_built_in_and_to_each_other(
    tmp_path: Path,
    pip_install: Callable[..., Path],
    plugin_env: Callable[..., dict[str, str]],
    run_cli: Callable[..., Any],
) -> None:
    """A plugin Belter named aa_belter or zz_belter: the built-in stays either way (before, zz lost and aa
    silently won); a Wrecker that clashes only with that refused Belter is used."""
    site = pip_install(
        distribution(tmp_path / "a", "aa_belter", career(aliases=["wrecker"])),
        distribution(tmp_path / "z", "zz_belter", career(id="wrecker", name="Wrecker")),
    )
    adds, warnings = listing(run_cli, plugin_env(site))
    assert "nowhere-yet:Belter" in adds["nowhere_yet"]
    assert adds["aa_belter"] == [] and adds["zz_belter"] == ["nowhere-yet:Wrecker"]
    assert any(w.startswith("plugin 'aa_belter' adds the career 'Belter' (aa_belter:belter)") for w in warnings)
    done = run_cli("create", "--auto", "--seed", "5", "--career", "belter", "--json", env=plugin_env(site))
    assert done.returncode == 0, done.stderr
    assert "aa_belter" not in json.loads(done.stdout)["provenance"]["plugins"].__repr__()
    assert "lifepath: warning: plugin 'aa_belter' adds the career 'Belter'" in done.stderr
    done = run_cli("create", "--auto", "--seed", "5", "--career", "wrecker", "--json", env=plugin_env(site))
    assert done.returncode == 0, done.stderr
    assert {"name": "zz_belter", "version": "0.1.0"} in json.loads(done.stdout)["provenance"]["plugins"]


def test_an_installed_replacement_is_listed_and_used_only_when_enabled(
    tmp_path: Path,
    pip_install: Callable[..., Path],
    plugin_env: Callable[..., dict[str, str]],
    run_cli: Callable[..., Any],
) -> None:
    site = pip_install(
        distribution(tmp_path / "a", "aa_belter", career(name="Belter (revised)", replaces="nowhere-yet:belter"))
    )
    done = run_cli("plugins", env=plugin_env(site))
    assert done.returncode == 0, done.stderr
    assert (
        "  replacements: nowhere-yet:Belter (revised) for career nowhere-yet:belter "
        "(not enabled: LIFEPATH_REPLACEMENTS=aa_belter:belter)"
    ) in done.stdout
    plain = run_cli("create", "--auto", "--seed", "5", "--career", "Belter (revised)", env=plugin_env(site))
    assert plain.returncode == 2 and "no career called 'Belter (revised)'" in plain.stderr
    enabled = plugin_env(site, LIFEPATH_REPLACEMENTS="aa_belter:belter")
    done = run_cli("plugins", env=enabled)
    assert "(in use)" in done.stdout and "warning" not in done.stderr
    made = run_cli("create", "--auto", "--seed", "5", "--career", "Belter (revised)", "--json", env=enabled)
    assert made.returncode == 0, made.stderr
    assert {"name": "aa_belter", "version": "0.1.0"} in json.loads(made.stdout)["provenance"]["plugins"]


# -- rulesets and house rules --------------------------------------------------------------------------


class _Toy:
    """A plugin object (registered through pluggy like an entry point's module) adding a toy ruleset and
    a house rule for Nowhere Yet."""

    def __init__(self, rid: str, name: str, rule: str | None = None) -> None:
        from lifepath import Ruleset

        class Toy(Ruleset):
            id = rid
            version = "0.1.0"
            summary = "toy"

            def create(self, ctx: Any) -> None:  # pragma: no cover - never made
                raise NotImplementedError

        Toy.name = name
        self.ruleset = Toy()
        self.rule = rule

    @hookimpl
    def lifepath_register_rulesets(self, register: Any) -> None:
        register(self.ruleset)

    @hookimpl
    def lifepath_register_house_rules(self, ruleset_id: str, register: Any) -> None:
        if ruleset_id == "nowhere-yet" and self.rule:
            register(self.rule, {"type": "integer", "default": 0, "description": "toy"})


def _manager_with(*plugins: tuple[str, _Toy]) -> Manager:
    manager = Manager()
    manager.load_entry_points(only={"nowhere_yet"})
    for name, plugin in plugins:
        manager.add(plugin, name, f"lifepath-{name}", "0.1.0")
    return manager


@pytest.mark.parametrize("order", ["aa first", "zz first"])
def test_rulesets_that_clash_are_decided_the_same_in_either_order(order: str) -> None:
    aa, zz = ("aa_x", _Toy("toy", "Toy")), ("zz_x", _Toy("toy-two", "toy"))
    nowhere = ("aa_nowhere", _Toy("nowhere-elsewhere", "Nowhere Yet"))
    reg = _manager_with(*((aa, zz, nowhere) if order == "aa first" else (nowhere, zz, aa))).registry()
    assert set(reg.rulesets()) == {"nowhere-yet"}
    assert sorted(reg.warnings) == [
        "plugin 'aa_nowhere' adds the ruleset 'nowhere-elsewhere' (Nowhere Yet), which clashes with the built-in "
        "ruleset 'nowhere-yet' (Nowhere Yet) from 'nowhere_yet'; the plugin's is not used (give it another id "
        "and name)",
        "plugins 'aa_x' and 'zz_x' both add a ruleset called 'toy' (Toy) / 'toy-two' (toy); neither is used, "
        "whatever the order they are installed in (one must be renamed or uninstalled)",
    ]


@pytest.mark.parametrize("order", ["aa first", "zz first"])
def test_a_house_rule_declared_by_two_plugins_is_used_from_neither(order: str) -> None:
    aa, zz = ("aa_x", _Toy("toy-a", "Toy A", "luck")), ("zz_x", _Toy("toy-z", "Toy Z", "luck"))
    reg = _manager_with(*((aa, zz) if order == "aa first" else (zz, aa))).registry()
    assert "luck" not in reg.declaration("nowhere-yet")["properties"]
    assert reg.warnings == [
        "plugins 'aa_x', 'zz_x' all declare house rule 'luck' for nowhere-yet; none of them is used (one of the "
        "plugins must rename it)"
    ]
