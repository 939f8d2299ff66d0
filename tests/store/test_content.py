"""Campaign content: data-only content folders a campaign records (``campaign add-content`` /
``remove-content``), loaded by ``create --campaign`` and ``verify`` before the registry is built, kept by
campaign export and import, and named when they are missing. Against SQLite and PostgreSQL; the CLI
through the installed ``lifepath`` script.

Each CLI test runs the command it is about through the script (``run_cli``) on both databases, the rest of
its flow through ``flow_cli`` (the script on SQLite, the same commands in-process on PostgreSQL: see
tests/store/conftest.py), and the state it only needs beforehand (a campaign, its content, a character)
in-process (``run_in_process``) on both.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lifepath.host.registry import Registry
from lifepath.testing import create_character

REPO = Path(__file__).resolve().parents[2]
COURIER = REPO / "docs" / "plugins" / "tutorial" / "lifepath_tutorial" / "data" / "courier.json"
CAMPAIGN_SCHEMA = "https://lifepath.example/schemas/campaign.schema.json"

CLI = Callable[..., subprocess.CompletedProcess[str]]

MANIFEST = {
    "$schema": "https://lifepath.example/schemas/content-manifest.schema.json",
    "name": "couriers",
    "version": "1.0.0",
    "description": "The Courier career, as data only.",
    "ruleset": "nowhere-yet",
    "requires": ">=1.0,<2",
    "careers": ["careers/courier.json"],
}


def content_folder(root: Path, career_text: str | None = None, folder: str = "couriers", **manifest: Any) -> Path:
    """A data-only content folder adding the tutorial's Courier career (``career_text`` replaces it)."""
    path = root / folder
    (path / "careers").mkdir(parents=True)
    (path / "manifest.json").write_text(json.dumps({**MANIFEST, **manifest}, indent=2) + "\n")
    (path / "careers" / "courier.json").write_text(COURIER.read_text() if career_text is None else career_text)
    return path


def ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def one_error(done: subprocess.CompletedProcess[str], *fragments: str) -> str:
    """A user mistake: exit 2, one `error:` paragraph naming each fragment, no traceback."""
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.count("error:") == 1, done.stderr
    text = " ".join(done.stderr.split())
    for fragment in fragments:
        assert fragment in text, text
    return text


def shown(run_cli: CLI, db: str, name: str = "Spinward") -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok(run_cli("campaign", "show", name, "--json", db=db)))
    return data


def career_answers(character: dict[str, Any]) -> list[str]:
    return [e["answer"] for e in character["history"] if e["type"] == "decision" and e["key"] == "career"]


# -- the CLI ---------------------------------------------------------------------------------------


def test_add_content_then_create_uses_its_career_and_verify_replays_it(
    run_cli: CLI, flow_cli: CLI, run_in_process: CLI, store_url: str, tmp_path: Path
):
    folder = content_folder(tmp_path)
    ok(run_in_process("campaign", "new", "Spinward", db=store_url))
    added = ok(run_cli("campaign", "add-content", "Spinward", str(folder), db=store_url))
    assert "content:couriers 1.0.0" in added and str(folder) in added
    assert shown(flow_cli, store_url)["content"] == [str(folder)]
    text = ok(flow_cli("campaign", "show", "Spinward", db=store_url))
    assert f"content:    {folder}  (content:couriers)" in text
    again = flow_cli("campaign", "add-content", "Spinward", str(folder / "careers" / ".."), db=store_url)
    assert "already uses" in ok(again) and shown(flow_cli, store_url)["content"] == [str(folder)]

    made = flow_cli(
        "create", "--auto", "--seed", "3", "--campaign", "Spinward", "--career", "Courier", "--json", db=store_url
    )
    character = json.loads(ok(made))
    assert "warning" not in made.stderr, made.stderr
    assert career_answers(character)[0] == "courier"
    assert {"name": "content:couriers", "version": "1.0.0"} in character["provenance"]["plugins"]
    # the same character as --content makes outside any campaign, byte for byte
    alone = flow_cli("create", "--auto", "--seed", "3", "--content", str(folder), "--career", "Courier", "--json")
    assert ok(alone) == made.stdout

    # the campaign records the content plugin with its version, like any plugin
    camp = shown(flow_cli, store_url)
    assert {"name": "content:couriers", "version": "1.0.0"} in camp["plugins"]
    rows = json.loads(ok(flow_cli("roster", "Spinward", "--json", db=store_url)))
    assert "Courier" in rows[0]["careers"]
    cid = str(rows[0]["id"])
    assert ok(flow_cli("show", cid, "--json", db=store_url)) == made.stdout

    by_id = flow_cli("verify", cid, db=store_url)
    assert ok(by_id).strip().endswith("identical: the seed and recorded decisions reproduce this character exactly")
    assert "warning" not in by_id.stderr, by_id.stderr
    by_campaign = ok(flow_cli("verify", "--campaign", "Spinward", db=store_url))
    assert "1 of 1 character(s) of campaign 'Spinward' replay exactly" in by_campaign
    assert "note:" not in by_campaign


def test_a_typo_in_a_table_is_refused_with_file_line_and_pointer_and_nothing_is_stored(
    run_cli: CLI, flow_cli: CLI, run_in_process: CLI, store_url: str, tmp_path: Path
):
    text = COURIER.read_text().replace('"survival": {"characteristic": "Int"', '"survival": {"characteristic": "Itn"')
    assert text != COURIER.read_text()
    folder = content_folder(tmp_path, text)
    line = next(i for i, row in enumerate(text.splitlines(), 1) if '"survival"' in row)
    ok(run_in_process("campaign", "new", "Spinward", db=store_url))
    one_error(
        run_cli("campaign", "add-content", "Spinward", str(folder), db=store_url),
        f"{folder}/careers/courier.json, line {line}, at /survival/characteristic",
        '"Itn" is not allowed here',
        '"Int"',
        "campaign 'Spinward' was not changed",
    )
    assert shown(flow_cli, store_url)["content"] == []


def test_a_bad_manifest_or_a_folder_without_one_is_refused(
    run_cli: CLI, flow_cli: CLI, run_in_process: CLI, store_url: str, tmp_path: Path
):
    ok(run_in_process("campaign", "new", "Spinward", db=store_url))
    bad = content_folder(tmp_path, name="Not Kebab")
    one_error(run_cli("campaign", "add-content", "Spinward", str(bad), db=store_url), "manifest.json, line", "/name")
    empty = tmp_path / "empty"
    empty.mkdir()
    one_error(flow_cli("campaign", "add-content", "Spinward", str(empty), db=store_url), "has no manifest.json")
    one_error(flow_cli("campaign", "add-content", "Spinward", str(tmp_path / "nowhere"), db=store_url), "not a folder")
    one_error(flow_cli("campaign", "add-content", "Elsewhere", str(bad), db=store_url), "no campaign called")
    assert shown(flow_cli, store_url)["content"] == []


def test_content_for_another_ruleset_is_refused(
    run_cli: CLI, flow_cli: CLI, run_in_process: CLI, store_url: str, tmp_path: Path, registry: Registry
):
    other = next((r for r in registry.rulesets() if r != "nowhere-yet"), None)
    if other is None:
        pytest.skip("needs a second ruleset")
    folder = content_folder(tmp_path)
    ok(run_in_process("campaign", "new", "Elsewhere", "--ruleset", other, db=store_url))
    one_error(
        run_cli("campaign", "add-content", "Elsewhere", str(folder), db=store_url),
        f"{folder}/manifest.json, line 6, at /ruleset",
        "for the ruleset nowhere-yet",
        f"campaign 'Elsewhere' uses {other}",
    )
    assert shown(flow_cli, store_url, "Elsewhere")["content"] == []


def test_two_folders_with_the_same_content_name_are_refused(
    run_cli: CLI, flow_cli: CLI, run_in_process: CLI, store_url: str, tmp_path: Path
):
    first = content_folder(tmp_path)
    second = content_folder(tmp_path, folder="couriers-copy")
    ok(run_in_process("campaign", "new", "Spinward", db=store_url))
    ok(run_in_process("campaign", "add-content", "Spinward", str(first), db=store_url))
    one_error(
        run_cli("campaign", "add-content", "Spinward", str(second), db=store_url),
        "called 'content:couriers'",
        str(first),
    )
    assert shown(flow_cli, store_url)["content"] == [str(first)]


def test_remove_content_then_its_characters_are_named_as_needing_it(
    run_cli: CLI, flow_cli: CLI, run_in_process: CLI, store_url: str, tmp_path: Path
):
    folder = content_folder(tmp_path)
    ok(run_in_process("campaign", "new", "Spinward", db=store_url))
    ok(run_in_process("campaign", "add-content", "Spinward", str(folder), db=store_url))
    ok(run_in_process("create", "--auto", "--seed", "3", "--campaign", "Spinward", "--career", "Courier", db=store_url))
    [row] = json.loads(ok(run_in_process("roster", "Spinward", "--json", db=store_url)))

    # written another way than it was stored (a relative step in it) still names it
    removed = ok(run_cli("campaign", "remove-content", "Spinward", f"{folder}/careers/..", db=store_url))
    assert f"no longer uses the content folder {folder}" in removed
    assert shown(flow_cli, store_url)["content"] == [] and folder.is_dir()
    one_error(
        flow_cli("campaign", "remove-content", "Spinward", str(folder), db=store_url),
        "does not use the content folder",
        "none",
    )

    # opening the campaign names the content its characters need, and how to get it back
    roster = flow_cli("roster", "Spinward", db=store_url)
    ok(roster)
    warning = " ".join(roster.stderr.split())
    assert "plugin 'content:couriers' 1.0.0" in warning and "not installed" in warning
    assert f"{row['id']} '{row['name']}'" in warning and "lifepath campaign add-content Spinward PATH" in warning
    verified = flow_cli("verify", str(row["id"]), db=store_url)
    assert verified.returncode == 1 and "plugin 'content:couriers' 1.0.0" in verified.stderr
    said = " ".join(verified.stdout.split())
    assert "made with the plugin 'content:couriers' 1.0.0, and it is not installed" in said
    assert "lifepath campaign add-content CAMPAIGN PATH" in said and "Traceback" not in verified.stderr
    one_error(
        flow_cli("create", "--auto", "--campaign", "Spinward", "--career", "Courier", db=store_url),
        "no career called 'Courier'",
    )

    ok(flow_cli("campaign", "add-content", "Spinward", str(folder), db=store_url))
    back = flow_cli("verify", str(row["id"]), db=store_url)
    assert "identical" in ok(back) and "warning" not in back.stderr


def test_a_folder_gone_from_disk_is_a_clear_error_naming_the_campaign_and_the_fix(
    run_cli: CLI, flow_cli: CLI, run_in_process: CLI, store_url: str, tmp_path: Path
):
    folder = content_folder(tmp_path)
    ok(run_in_process("campaign", "new", "Spinward Run", db=store_url))
    ok(run_in_process("campaign", "add-content", "Spinward Run", str(folder), db=store_url))
    ok(
        run_in_process(
            "create", "--auto", "--seed", "3", "--campaign", "Spinward Run", "--career", "Courier", db=store_url
        )
    )
    folder.rename(tmp_path / "moved")
    expected = (
        f"campaign 'Spinward Run' uses the content folder {folder}, which no longer exists",
        f"lifepath campaign remove-content 'Spinward Run' {folder}",
    )
    one_error(run_cli("create", "--auto", "--seed", "4", "--campaign", "Spinward Run", db=store_url), *expected)
    assert len(json.loads(ok(flow_cli("roster", "Spinward Run", "--json", db=store_url)))) == 1  # nothing saved
    one_error(flow_cli("verify", "--campaign", "Spinward Run", db=store_url), *expected)
    assert f"{folder}  (missing" in ok(flow_cli("campaign", "show", "Spinward Run", db=store_url))


def test_a_table_broken_after_the_folder_was_added_stops_creation_with_the_folders_fix(
    run_cli: CLI, run_in_process: CLI, store_url: str, tmp_path: Path
):
    """A campaign's characters are never made without its content: a table of one of its folders that no
    longer validates is one paragraph naming the campaign, the file, the field and both fixes (it used to
    be skipped with a warning, and the character made without the career)."""
    folder = content_folder(tmp_path)
    ok(run_in_process("campaign", "new", "Spinward Run", db=store_url))
    ok(run_in_process("campaign", "add-content", "Spinward Run", str(folder), db=store_url))
    career = json.loads(COURIER.read_text())
    del career["survival"]
    (folder / "careers" / "courier.json").write_text(json.dumps(career, indent=2))
    expected = (
        f"campaign 'Spinward Run' uses the content folder {folder}, which cannot be used: its table is invalid",
        f"{folder}/careers/courier.json",
        "'survival' is a required property",
        f"Fix the folder, or stop using it with `lifepath campaign remove-content 'Spinward Run' {folder}`",
    )
    for command in (("create", "--auto", "--seed", "4"), ("generate", "--count", "3")):
        refused = run_cli(*command, "--campaign", "Spinward Run", db=store_url)
        one_error(refused, *expected)
        assert "was skipped" not in refused.stderr
    assert json.loads(ok(run_cli("roster", "Spinward Run", "--json", db=store_url))) == []  # nothing saved
    ok(run_cli("create", "--auto", "--seed", "4", db=store_url))  # outside the campaign: the folder is not used


def test_stored_house_rules_that_no_longer_validate_name_the_campaign_and_the_fix(
    run_cli: CLI, store_url: str, registry: Registry
):
    from lifepath.store import open_store
    from lifepath.store.models import CampaignCreate

    with open_store(store_url, registry=registry) as store:
        store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet"))
        store.set_house_rules("Spinward", {"max_terms": 0})  # as an older declaration allowed
    one_error(
        run_cli("create", "--auto", "--seed", "1", "--campaign", "Spinward", db=store_url),
        "campaign 'Spinward' stores a house rule nowhere-yet no longer allows",
        "out of range",
        "lifepath campaign rules Spinward",
        "lifepath campaign set-rule Spinward",
        "campaign unset-rule Spinward",
    )


def test_export_and_import_keep_the_content(
    run_cli: CLI, flow_cli: CLI, run_in_process: CLI, store_url: str, new_url: Callable[[], str], tmp_path: Path
):
    folder = content_folder(tmp_path)
    ok(run_in_process("campaign", "new", "Spinward", db=store_url))
    ok(run_in_process("campaign", "add-content", "Spinward", str(folder), db=store_url))
    ok(run_in_process("create", "--auto", "--seed", "3", "--campaign", "Spinward", "--career", "Courier", db=store_url))
    out = tmp_path / "spinward.json"
    ok(flow_cli("export", "--campaign", "Spinward", "--out", str(out), db=store_url))
    assert json.loads(out.read_text().splitlines()[0])["campaign"]["content"] == [str(folder)]

    other = new_url()
    ok(run_cli("import", str(out), db=other))
    assert shown(flow_cli, other)["content"] == [str(folder)]
    assert "identical" in ok(flow_cli("verify", "--campaign", "Spinward", db=other))
    again = tmp_path / "again.json"
    ok(flow_cli("export", "--campaign", "Spinward", "--out", str(again), db=other))
    assert again.read_text() == out.read_text()


# -- the store and the exchange ----------------------------------------------------------------------


def test_the_store_adds_and_removes_content_folders(store: Any, tmp_path: Path):
    from lifepath.errors import UnknownName
    from lifepath.store.models import CampaignCreate

    store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet"))
    assert store.campaign("Spinward").content == []
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    store.add_content("Spinward", a)
    store.add_content("Spinward", b)
    assert store.add_content("Spinward", a).content == [a, b]  # not twice
    camp, removed = store.remove_content("Spinward", str(tmp_path / "x" / ".." / "a"))
    assert (camp.content, removed) == ([b], a)
    assert store.campaign("Spinward").content == [b]
    with pytest.raises(UnknownName, match="does not use the content folder"):
        store.remove_content("Spinward", a)
    assert [c.content for c in store.campaigns()] == [[b]]


def test_a_stored_content_folder_counts_as_installed_until_it_is_removed(
    store_url: str, registry: Registry, tmp_path: Path
):
    from lifepath.host.manager import Manager
    from lifepath.store import open_store
    from lifepath.store.models import CampaignCreate

    folder = content_folder(tmp_path)
    manager = Manager()
    manager.load_entry_points()
    manager.add_content(str(folder))
    with_content = manager.registry()
    character = create_character(with_content, "nowhere-yet", seed=3, answers={"career": "courier"})
    assert {"name": "content:couriers", "version": "1.0.0"} in character.provenance["plugins"]

    warnings: list[str] = []
    with open_store(store_url, registry=registry, warn=warnings.append) as store:
        store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet", content=[str(folder)]))
        cid = store.add_character("Spinward", character)
        camp = store.campaign("Spinward")
        assert {"name": "content:couriers", "version": "1.0.0"} in camp.plugins
        assert store.missing_plugins(camp) == {} and warnings == []
        store.remove_content("Spinward", str(folder))
        camp = store.campaign("Spinward")
        assert store.missing_plugins(camp) == {"content:couriers": [f"{cid} '{character.sheet.name}'"]}
    assert len(warnings) == 1
    assert "plugin 'content:couriers' 1.0.0, which is not installed" in warnings[0]
    assert "lifepath campaign add-content Spinward PATH" in warnings[0]


def test_campaign_exports_with_and_without_content_follow_the_schema_and_import(
    store: Any, registry: Registry, new_url: Callable[[], str], tmp_path: Path
):
    from lifepath.store import exchange, open_store
    from lifepath.store.models import CampaignCreate
    from lifepath.tables import parse_table
    from lifepath.validation import Validator

    here = content_folder(tmp_path)
    gone = str(tmp_path / "not-here")
    store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet"))
    store.add_content("Spinward", str(here))
    store.add_content("Spinward", gone)
    store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=5))
    text = exchange.export_campaign(store, "Spinward")
    header, *lines = text.splitlines()
    assert not Validator().errors(parse_table("export.json", header))
    data = {
        "$schema": CAMPAIGN_SCHEMA,
        "format": "lifepath.campaign/1",
        "campaign": json.loads(header)["campaign"],
        "characters": [json.loads(line) for line in lines],
    }  # the same campaign in the one-document format 1, which import still reads
    assert data["campaign"]["content"] == [str(here), gone]

    with open_store(new_url(), registry=registry, warn=lambda _t: None) as fresh:
        path = tmp_path / "spinward.json"
        path.write_text(text, encoding="utf-8")
        report = exchange.import_file(fresh, path)
        assert fresh.campaign("Spinward").content == [str(here), gone]
        assert [w for w in report.warnings if "content folder" in w] == [
            f"campaign 'Spinward' uses the content folder {gone}, which is not here; copy the folder there, or "
            f"stop using it with `lifepath campaign remove-content Spinward {gone}`"
        ]
        assert exchange.export_campaign(fresh, "Spinward") == text

        del data["campaign"]["content"]  # an export from before campaigns had content
        older = tmp_path / "older.json"
        older.write_text(json.dumps(data, indent=2), encoding="utf-8")
        assert not Validator().errors(parse_table(str(older), older.read_text()))
        exchange.import_file(fresh, older, "Older")
        assert fresh.campaign("Older").content == []
