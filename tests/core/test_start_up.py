"""What `lifepath create` imports and reads at start-up, once the cache directory knows the installation:
no pydantic, no jsonschema, no importlib.metadata, and nothing of the rulesets it is not using."""

from __future__ import annotations

import json

import pytest
import typer

from lifepath.host import discovery
from lifepath.host.manager import GROUP, Manager

OTHER_RULESETS = ("lifepath.plugins.d6_pool", "lifepath.plugins.black_nova", "lifepath.plugins.wormwood_drift")


@pytest.fixture
def imports(imported_modules, tmp_path):
    """The modules a command line imports, run from a folder of its own with a cache directory of its
    own (kept between the calls of one test)."""
    work = tmp_path / "work"
    work.mkdir()
    env = {"LIFEPATH_CACHE_DIR": str(tmp_path / "cache")}
    return lambda *args: imported_modules(list(args), env=env, cwd=work)


def test_create_imports_only_what_it_uses_once_the_cache_knows_the_installation(imports):
    first = imports("create", "--auto", "--seed", "1")
    # the first run scans the installed distributions and validates the tables
    assert "importlib.metadata" in first
    assert "jsonschema" in first

    again = imports("create", "--auto", "--seed", "1")
    assert "importlib.metadata" not in again
    assert not [m for m in again if m.startswith(("pydantic", "jsonschema"))]
    assert "lifepath.plugins.nowhere_yet.procedure" in again
    # the other rulesets are registered (their packages import) but none of their tables or code load
    for package in OTHER_RULESETS:
        assert package in again
        assert not [m for m in again if m.startswith(package + ".")], package
    # and only the command being run is built
    assert "lifepath.cli.commands.create" in again
    assert not {"lifepath.cli.commands.campaign", "lifepath.cli.commands.roster", "lifepath.cli.commands.odds"} & again


#: the libraries only `sheet`, `serve` and `export --format site` use
PAGE_LIBRARIES = ("jinja2", "markupsafe", "starlette", "uvicorn", "weasyprint", "playwright", "httpx", "multipart")


@pytest.mark.parametrize("args", [["--help"], ["create", "--auto", "--seed", "1"]])
def test_help_and_create_import_no_web_or_pdf_library(imports, args):
    imports(*args)  # the first run fills the cache
    again = imports(*args)
    assert not [m for m in again if m.split(".")[0] in PAGE_LIBRARIES]
    assert not {"lifepath.sheets.pages", "lifepath.web.app", "lifepath.web.site", "lifepath.sheets"} & again


#: what only some commands need: previews (a person at a prompt), a campaign's worlds, a server's socket
#: and its join secret; each cost `create` or `--help` a millisecond or more when imported at start-up
NOT_AT_START = ("lifepath.engine.previews", "lifepath.support.sector", "socket", "secrets")


@pytest.mark.parametrize("args", [["--help"], ["create", "--auto", "--seed", "1"]])
def test_help_and_create_do_not_import_what_only_a_person_a_campaign_or_a_server_needs(imports, args):
    imports(*args)
    again = imports(*args)
    assert not set(NOT_AT_START) & again


def test_a_ruleset_is_read_only_when_it_is_used(imports):
    imports("create", "--auto", "--seed", "1")
    used = imports("create", "--auto", "--seed", "1", "--ruleset", "black-nova")
    assert "lifepath.plugins.black_nova.procedure" in used
    assert "lifepath.plugins.nowhere_yet.procedure" not in used
    listing = imports("rulesets")
    for package in OTHER_RULESETS:
        assert package + ".tables" in listing  # listing every ruleset reads (and checks) every ruleset


def test_a_remembered_entry_point_that_no_longer_imports_is_looked_up_again(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LIFEPATH_CACHE_DIR", str(tmp_path))
    real = discovery.entry_points(GROUP, fresh=True)
    stale = [*real, discovery.EntryPoint("zz_uninstalled", "lifepath_zz_uninstalled_plugin", "gone", "1.0")]
    doc = json.loads((tmp_path / "entry-points.json").read_text())
    key = discovery.fingerprint(GROUP)
    doc["groups"][key] = [{"name": e.name, "value": e.value, "dist": e.dist, "version": e.version} for e in stale]
    (tmp_path / "entry-points.json").write_text(json.dumps(doc))
    assert discovery.entry_points(GROUP) == stale  # the cache is believed...

    manager = Manager()
    manager.load_entry_points()
    # ...until an entry point fails to import: the fresh scan does not have it, so no plugin is blamed
    assert "zz_uninstalled" not in manager.info
    assert sorted(manager.info) == sorted(e.name for e in real)
    assert "zz_uninstalled" not in capsys.readouterr().err
    assert discovery.entry_points(GROUP) == real  # and the cache now holds the fresh scan


def test_a_new_folder_on_sys_path_is_a_different_installation(tmp_path, monkeypatch):
    monkeypatch.setenv("LIFEPATH_CACHE_DIR", str(tmp_path / "cache"))
    before = discovery.fingerprint(GROUP)
    extra = tmp_path / "site"
    extra.mkdir()
    monkeypatch.syspath_prepend(str(extra))
    with_folder = discovery.fingerprint(GROUP)
    assert with_folder != before
    (extra / "someplugin-1.0.dist-info").mkdir()  # what installing a distribution there does
    assert discovery.fingerprint(GROUP) != with_folder


@pytest.mark.parametrize("content", ["not json", '{"format": "something else"}', '{"format": 1, "groups": []}'])
def test_an_unreadable_cache_file_is_ignored_and_replaced(tmp_path, monkeypatch, content):
    monkeypatch.setenv("LIFEPATH_CACHE_DIR", str(tmp_path))
    (tmp_path / "entry-points.json").write_text(content)
    found = discovery.entry_points(GROUP)
    assert {"nowhere_yet", "wormwood_drift", "d6_pool", "black_nova"} <= {e.name for e in found}
    assert json.loads((tmp_path / "entry-points.json").read_text())["format"] == discovery.CACHE_FORMAT


def test_every_command_is_mapped_to_the_module_that_registers_it():
    from lifepath.cli.main import COMMANDS, build_app

    full = typer.main.get_command(build_app())
    assert isinstance(full, click_group_type())
    assert sorted(full.commands) == sorted(COMMANDS)


@pytest.mark.parametrize("command", ["create", "generate", "campaign", "roster", "schema", "plugins", "import"])
def test_the_console_script_s_narrow_tree_answers_as_the_whole_tree_does(command):
    from typer.testing import CliRunner

    from lifepath.cli.main import build_app

    runner = CliRunner()
    for args in ([command, "--help"], [command, "--no-such-option"]):
        narrow = runner.invoke(build_app(command), args)
        whole = runner.invoke(build_app(), args)
        assert (narrow.exit_code, narrow.output) == (whole.exit_code, whole.output)


def click_group_type() -> type:
    return type(typer.main.get_command(typer.Typer(callback=lambda: None)))


def test_the_plugins_listing_looks_afresh_and_refreshes_what_others_remember(run_cli, tmp_path):
    env = {"LIFEPATH_CACHE_DIR": str(tmp_path / "cache")}
    assert run_cli("rulesets", env=env).returncode == 0
    cache_file = tmp_path / "cache" / "entry-points.json"
    doc = json.loads(cache_file.read_text())
    ((key, found),) = doc["groups"].items()  # one installation, one fingerprint
    doc["groups"][key] = [e for e in found if e["name"] != "black_nova"]
    cache_file.write_text(json.dumps(doc))

    assert "black-nova" not in run_cli("rulesets", env=env).stdout  # what is remembered is believed
    listing = run_cli("plugins", env=env)
    assert listing.returncode == 0, listing.stderr
    assert "black_nova (lifepath" in listing.stdout
    assert "black-nova" in run_cli("rulesets", env=env).stdout
