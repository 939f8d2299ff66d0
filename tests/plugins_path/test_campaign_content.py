"""Plugins a referee can trust (issue 11, items 1 and 2): a character replays with exactly the content it was
made with, and a campaign makes characters only with the plugins it enables.

Third-party plugins are real distributions, pip-installed (``pip_install``; the demo plugin once for the
session, ``demo_site``) into folders of their own AFTER the characters were stored; taking the folder off
``PYTHONPATH`` uninstalls them. Every command that has a third-party plugin installed runs the installed
script in a subprocess; the campaigns and characters made before any is installed, with the built-in
rulesets only, are made in-process (``run_in_process``, tests/in_process.py), as set-up.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "tests" / "plugins" / "lifepath-demo-plugin"
BELTER = json.loads((REPO / "plugins/nowhere_yet/data/careers/belter.json").read_text(encoding="utf-8"))

CLI = Callable[..., subprocess.CompletedProcess[str]]
Env = Callable[..., dict[str, str]]


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def said(text: str) -> str:
    """Output with its line breaks folded (paragraphs are wrapped nowhere, but tables are)."""
    return " ".join(text.split())


def revised_belter_distribution(root: Path) -> Path:
    """A source distribution ``aa_belter`` offering a replacement for Nowhere Yet's Belter."""
    data = {k: v for k, v in BELTER.items() if k not in ("errata", "source")}
    data.update(name="Belter (revised)", replaces="nowhere-yet:belter")
    folder = root / "lifepath-aa-belter"
    (folder / "lifepath_aa_belter").mkdir(parents=True)
    (folder / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools"]\nbuild-backend = "setuptools.build_meta"\n\n'
        '[project]\nname = "lifepath-aa-belter"\nversion = "0.1.0"\n\n'
        '[project.entry-points.lifepath]\naa_belter = "lifepath_aa_belter"\n\n'
        '[tool.setuptools]\npackages = ["lifepath_aa_belter"]\n',
        encoding="utf-8",
    )
    (folder / "lifepath_aa_belter" / "__init__.py").write_text(
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


def content_rows(run_cli: CLI, campaign: str, env: dict[str, str] | None = None) -> dict[str, dict[str, Any]]:
    listed = json.loads(ok(run_cli("campaign", "content", campaign, "--json", env=env)))
    return {row["name"]: row for row in listed["content"]}


def test_a_career_installed_after_the_characters_changes_no_replay_until_the_referee_enables_it(
    run_cli: CLI, run_in_process: CLI, demo_site: Path, plugin_env: Env, tmp_path: Path
) -> None:
    ok(run_in_process("campaign", "new", "Spinward"))
    for seed in ("3", "4", "5"):
        ok(run_in_process("create", "--auto", "--seed", seed, "--campaign", "Spinward"))
    by_hand = tmp_path / "answers.txt"  # one made by hand too (answers typed as at the prompt)
    by_hand.write_text("\n".join(["r"] * 200) + "\n", encoding="utf-8")  # r: the suggestion, taken at once
    ok(run_in_process("create", "--seed", "6", "--campaign", "Spinward", "--answers", str(by_hand)))

    env = plugin_env(demo_site)  # a real third-party career plugin, installed afterwards
    verified = run_cli("verify", "--campaign", "Spinward", env=env)
    assert ok(verified).splitlines()[-1] == "4 of 4 character(s) of campaign 'Spinward' replay exactly"

    # the campaign does not offer it until its referee opts in
    rows = content_rows(run_cli, "Spinward", env)
    assert rows["demo"] == {
        "name": "demo",
        "kind": "plugin",
        "installed": True,
        "version": "0.3.0",
        "made_with": None,
        "enabled": False,
        "note": "",
    }
    assert rows["nowhere_yet"]["enabled"] and rows["nowhere_yet"]["kind"] == "ruleset"
    refused = run_cli("create", "--auto", "--seed", "7", "--campaign", "Spinward", "--career", "Smuggler", env=env)
    assert refused.returncode == 2 and "no career called 'Smuggler'" in refused.stderr
    outside = run_cli("create", "--auto", "--seed", "7", "--career", "Smuggler", "--json", env=env)
    provenance = json.loads(ok(outside))["provenance"]
    assert {"name": "demo", "version": "0.3.0"} in provenance["plugins"]
    assert provenance["distributions"] == {"demo": "lifepath-demo-plugin"}, "the built-in ruleset has none"

    enabled = ok(run_cli("campaign", "content", "Spinward", "--enable", "demo", env=env))
    assert "campaign 'Spinward': enabled demo" in enabled
    ok(run_cli("create", "--auto", "--seed", "7", "--campaign", "Spinward", "--career", "Smuggler", env=env))
    assert content_rows(run_cli, "Spinward", env)["demo"]["made_with"] == "0.3.0"
    verified = run_cli("verify", "--campaign", "Spinward", env=env)
    assert ok(verified).splitlines()[-1] == "5 of 5 character(s) of campaign 'Spinward' replay exactly"

    # uninstalled: the characters made with it say so in one paragraph; the others still replay
    gone = run_cli("verify", "--campaign", "Spinward")
    assert gone.returncode == 1 and "Traceback" not in gone.stderr
    lines = gone.stdout.splitlines()
    assert lines[-1] == "4 of 5 character(s) of campaign 'Spinward' replay exactly; 1 could not be replayed"
    smuggler = next(line for line in lines if line.startswith("5 "))
    assert smuggler.endswith(
        "cannot be replayed: character 5, at /provenance/plugins/0: this character was made with the plugin "
        "'demo' 0.3.0, and it is not installed; a replay needs exactly the content a character was made with, so "
        "it cannot be replayed here. Install that version with `pip install lifepath-demo-plugin==0.3.0`, then "
        "verify again."
    )
    assert "differs from what its seed makes" not in gone.stdout  # not a JSON diff: the reason
    rows = content_rows(run_cli, "Spinward")
    assert rows["demo"]["installed"] is False and rows["demo"]["enabled"] and rows["demo"]["made_with"] == "0.3.0"

    # the same for one exported file, and in JSON for tools
    exported = tmp_path / "smuggler.json"
    ok(run_cli("export", "5", "--out", str(exported), env=env))
    one = run_cli("verify", str(exported))
    assert one.returncode == 2 and one.stdout == "" and "Traceback" not in one.stderr
    assert said(one.stderr).startswith(
        f"error: {exported}, at /provenance/plugins/0: this character was made with the plugin 'demo' 0.3.0, and "
        "it is not installed;"
    )
    listed = json.loads(run_cli("verify", "--campaign", "Spinward", "--json").stdout)
    assert [r["identical"] for r in listed] == [True, True, True, True, False]
    assert "'demo' 0.3.0, and it is not installed" in listed[4]["message"]

    # an import replays every character the same way: without the plugin, it names it and imports nothing
    whole = tmp_path / "spinward.jsonl"
    ok(run_in_process("export", "--campaign", "Spinward", "--out", str(whole)))  # the file the imports read
    other = {"LIFEPATH_DB": str(tmp_path / "other.db")}
    refused = run_cli("import", str(whole), env=other)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert said(refused.stderr).startswith(f"error: {whole}, line 6, at /character/provenance/plugins/0: ")
    assert "made with the plugin 'demo' 0.3.0, and it is not installed" in said(refused.stderr)
    assert "not what its seed" not in refused.stderr
    imported = run_cli("import", str(whole), env={**other, **env})
    assert ok(imported) and "5 character(s)" in said(imported.stdout + imported.stderr)


def test_another_version_of_a_recorded_plugin_names_both_versions_and_the_pip_command(
    run_cli: CLI, pip_install: Callable[..., Path], demo_site: Path, plugin_env: Env, tmp_path: Path
) -> None:
    env = plugin_env(demo_site)
    made = tmp_path / "smuggler.json"
    ok(run_cli("create", "--auto", "--seed", "7", "--career", "Smuggler", "--json", "--out", str(made), env=env))
    assert ok(run_cli("verify", str(made), env=env)).startswith(f"{made}: identical")

    newer = tmp_path / "newer" / DEMO.name
    shutil.copytree(DEMO, newer, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    pyproject = newer / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8").replace('"0.3.0"', '"0.4.0"'), encoding="utf-8")
    upgraded = run_cli("verify", str(made), env=plugin_env(pip_install(newer)))
    assert upgraded.returncode == 2 and "Traceback" not in upgraded.stderr
    assert said(upgraded.stderr) == (
        f"error: {made}, at /provenance/plugins/0: this character was made with the plugin 'demo' 0.3.0, and "
        "0.4.0 is installed; a replay needs exactly the content a character was made with, so it cannot be "
        "replayed here. Install that version with `pip install lifepath-demo-plugin==0.3.0`, then verify again."
    )


def test_campaign_content_lists_enables_and_disables_and_refuses_what_it_cannot(
    run_cli: CLI, demo_site: Path, plugin_env: Env
) -> None:
    env = plugin_env(demo_site)
    made = ok(run_cli("campaign", "new", "Chosen", "--content", "nowhere_yet", env=env))
    assert "content: nowhere_yet (see `lifepath campaign content Chosen`)" in made
    ok(run_cli("campaign", "new", "Everything", "--rule", "demo_crisis=scar", env=env))  # every plugin that adds
    assert content_rows(run_cli, "Everything", env)["demo"]["enabled"]
    assert not content_rows(run_cli, "Chosen", env)["demo"]["enabled"]
    # a house rule of a plugin the new campaign leaves out is refused, as its characters would not have it
    left_out = run_cli("campaign", "new", "Narrow", "--content", "nowhere_yet", "--rule", "demo_crisis=scar", env=env)
    assert left_out.returncode == 2 and "there is no house rule called 'demo_crisis'" in said(left_out.stderr)
    assert "Narrow" not in ok(run_cli("campaign", "list", env=env))

    unknown = run_cli("campaign", "new", "Typo", "--content", "dmeo", env=env)
    assert unknown.returncode == 2 and "Traceback" not in unknown.stderr
    assert said(unknown.stderr) == (
        "error: there is no installed plugin called 'dmeo' that adds content to nowhere-yet. Did you mean "
        "'demo'? The plugins that do are: demo, nowhere_yet (`lifepath plugins` lists every installed plugin)."
    )
    unknown = run_cli("campaign", "content", "Chosen", "--enable", "smuggling", env=env)
    assert unknown.returncode == 2 and "The plugins that do are: demo, nowhere_yet" in said(unknown.stderr)
    own = run_cli("campaign", "content", "Chosen", "--disable", "nowhere_yet", env=env)
    assert own.returncode == 2 and said(own.stderr) == (
        "error: 'nowhere_yet' is the plugin of nowhere-yet, the ruleset of campaign 'Chosen', so it cannot be "
        "disabled there. A campaign always uses its ruleset's own plugin; disable the plugins that add to it "
        "instead."
    )

    listed = ok(run_cli("campaign", "content", "Chosen", env=env))
    assert listed.splitlines()[0] == "Content of campaign 'Chosen' (nowhere-yet):"
    assert said(listed).count("demo plugin no 0.3.0") == 1

    # creation offers only enabled careers; disabling takes the career away again (for new characters)
    smuggler = ("create", "--auto", "--seed", "2", "--campaign", "Chosen", "--career", "Smuggler")
    assert "no career called 'Smuggler'" in run_cli(*smuggler, env=env).stderr
    generate = ("generate", "-n", "3", "--seed", "1", "--campaign", "Chosen", "--career", "Smuggler")
    generated = run_cli(*generate, env=env)
    assert generated.returncode == 2 and "no career called 'Smuggler'" in generated.stderr
    # worker processes build their registry from the campaign's choice too
    ok(run_cli("generate", "-n", "4", "--seed", "9", "--campaign", "Chosen", "--workers", "2", env=env))
    _header, *lines = ok(run_cli("export", "--campaign", "Chosen", env=env)).splitlines()
    made_with = [json.loads(line)["character"]["provenance"]["plugins"] for line in lines]
    assert made_with == [[{"name": "nowhere_yet", "version": "0.1.0"}]] * 4
    ok(run_cli("campaign", "content", "Chosen", "--enable", "demo", env=env))
    ok(run_cli(*smuggler, env=env))
    ok(run_cli(*generate, "--workers", "2", env=env))
    disabled = ok(run_cli("campaign", "content", "Chosen", "--disable", "demo", env=env))
    assert "campaign 'Chosen': disabled demo" in disabled
    assert "no career called 'Smuggler'" in run_cli(*smuggler, env=env).stderr
    assert ok(run_cli("verify", "--campaign", "Chosen", env=env)).splitlines()[-1] == (
        "8 of 8 character(s) of campaign 'Chosen' replay exactly"
    )


def test_a_replacement_is_used_in_a_campaign_only_when_the_campaign_enables_it(
    run_cli: CLI, pip_install: Callable[..., Path], plugin_env: Env, tmp_path: Path
) -> None:
    site = pip_install(revised_belter_distribution(tmp_path / "src"))
    env = plugin_env(site)
    ok(run_cli("campaign", "new", "Belt", env=env))
    ok(run_cli("create", "--auto", "--seed", "5", "--campaign", "Belt", "--career", "Belter", env=env))
    rows = content_rows(run_cli, "Belt", env)
    assert rows["aa_belter"]["enabled"] and not rows["aa_belter:belter"]["enabled"]
    assert rows["aa_belter:belter"]["note"] == "replaces the career 'Belter'"

    revised = ("create", "--auto", "--seed", "5", "--campaign", "Belt", "--career", "Belter (revised)")
    # enabled for the command line, not for the campaign: the campaign decides
    everywhere = plugin_env(site, LIFEPATH_REPLACEMENTS="aa_belter:belter")
    assert "no career called 'Belter (revised)'" in run_cli(*revised, env=everywhere).stderr

    enabled = ok(run_cli("campaign", "content", "Belt", "--enable", "aa_belter:belter", env=env))
    assert "enabled the replacement aa_belter:belter (in place of 'Belter')" in enabled
    ok(run_cli(*revised, env=env))
    assert ok(run_cli("verify", "--campaign", "Belt", env=env)).splitlines()[-1] == (
        "2 of 2 character(s) of campaign 'Belt' replay exactly"
    )
    ok(run_cli("campaign", "content", "Belt", "--disable", "aa_belter:belter", env=env))
    assert "no career called 'Belter (revised)'" in run_cli(*revised, env=env).stderr
    assert ok(run_cli("verify", "--campaign", "Belt", env=env)).splitlines()[-1] == (
        "2 of 2 character(s) of campaign 'Belt' replay exactly"
    )


def test_a_plugins_house_rule_is_the_campaigns_only_once_it_enables_the_plugin(
    run_cli: CLI, run_in_process: CLI, demo_site: Path, plugin_env: Env
) -> None:
    """The demo plugin adds a house rule to Nowhere Yet (demo_crisis). Installed after the campaign was made,
    it is not the campaign's: `campaign rules` does not list its rule and `set-rule` refuses it, as `create`
    would refuse a campaign storing it, until the referee enables the plugin."""
    ok(run_in_process("campaign", "new", "Rimward"))
    env = plugin_env(demo_site)
    rules = json.loads(ok(run_cli("campaign", "rules", "Rimward", "--json", env=env)))
    assert "demo_crisis" not in {row["rule"] for row in rules} and "max_terms" in {row["rule"] for row in rules}
    refused = run_cli("campaign", "set-rule", "Rimward", "demo_crisis", "scar", env=env)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr
    assert "there is no house rule called 'demo_crisis'" in said(refused.stderr)
    ok(run_cli("create", "--auto", "--seed", "3", "--campaign", "Rimward", env=env))  # nothing was stored

    ok(run_cli("campaign", "content", "Rimward", "--enable", "demo", env=env))
    assert "demo_crisis: off -> scar" in ok(run_cli("campaign", "set-rule", "Rimward", "demo_crisis", "scar", env=env))
    rules = json.loads(ok(run_cli("campaign", "rules", "Rimward", "--json", env=env)))
    assert {row["rule"]: row["value"] for row in rules}["demo_crisis"] == "scar"
    ok(run_cli("create", "--auto", "--seed", "4", "--campaign", "Rimward", env=env))
    assert "demo_crisis" in ok(run_cli("campaign", "check", "Rimward", env=env))  # the first one was made without it
    unset = ok(run_cli("campaign", "unset-rule", "Rimward", "demo_crisis", env=env))
    assert "demo_crisis: scar -> default off" in unset


def test_the_web_pages_of_a_campaign_show_only_the_content_it_enables(
    run_cli: CLI, demo_site: Path, plugin_env: Env, tmp_path: Path
) -> None:
    """`lifepath serve` lists a campaign's house rules and works out its odds with the plugins the campaign
    enables, as `create` in it would: the demo plugin's rule and career belong to the campaign that enables
    it, not to the one made with Nowhere Yet alone."""
    from tests.pages.conftest import start_server
    from tests.pages.test_web import get

    env = plugin_env(demo_site)
    ok(run_cli("campaign", "new", "Narrow", "--content", "nowhere_yet", env=env))
    ok(run_cli("campaign", "new", "Wide", env=env))
    servers = start_server(tmp_path / "default.db", env=env)
    server = next(servers)
    try:
        status, html = get(server, "/")
        assert status == 200
        narrow, wide = html.split('">Narrow</a>')[1].split('">Wide</a>')
        assert "<dt>demo_crisis</dt>" in wide and "<dt>demo_crisis</dt>" not in narrow
        assert "<dt>max_terms</dt>" in narrow
        odds = {name: get(server, f"/campaigns/{name}/odds?count=200")[1] for name in ("Narrow", "Wide")}
        assert '<th scope="row">Smuggler</th>' in odds["Wide"]
        assert '<th scope="row">Smuggler</th>' not in odds["Narrow"]
        assert '<th scope="row">Drifter</th>' in odds["Narrow"]
    finally:
        servers.close()


def test_the_web_odds_of_a_campaign_count_its_content_folders_and_say_when_one_is_gone(
    run_in_process: CLI, tmp_path: Path
) -> None:
    """A campaign's data-only content (here the Courier career of examples/couriers) is in its odds page, as
    in its characters; with the folder gone from disk the page says why there are no odds, not a server
    error."""
    from tests.pages.conftest import start_server
    from tests.pages.test_web import get

    folder = tmp_path / "couriers"
    shutil.copytree(REPO / "examples" / "couriers", folder)
    ok(run_in_process("campaign", "new", "Couriers"))  # set-up: what is tested is the server's pages
    ok(run_in_process("campaign", "add-content", "Couriers", str(folder)))
    ok(run_in_process("campaign", "new", "Plain"))
    servers = start_server(tmp_path / "default.db")
    server = next(servers)
    try:
        status, couriers = get(server, "/campaigns/Couriers/odds?count=200")
        assert status == 200 and '<th scope="row">Courier</th>' in couriers
        status, plain = get(server, "/campaigns/Plain/odds?count=200")
        assert status == 200 and '<th scope="row">Courier</th>' not in plain
        shutil.rmtree(folder)
        status, gone = get(server, "/campaigns/Couriers/odds?count=200")
        assert status == 409 and "The odds cannot be worked out here" in gone and str(folder) in said(gone)
    finally:
        servers.close()
