"""Export and import: byte-for-byte round trips, schema validation, and imports that write all or nothing."""

from __future__ import annotations

import json

import pytest

from lifepath.errors import LifepathError, TableError
from lifepath.testing import create_character

CAMPAIGN_SCHEMA = "https://lifepath.example/schemas/campaign.schema.json"
CHARACTER_SCHEMA = "https://lifepath.example/schemas/character.schema.json"
LINES_SCHEMA = "https://lifepath.example/schemas/campaign-lines.schema.json"


def lines_of(text):
    """A format 2 campaign export as its header and its character entries."""
    header, *rest = text.splitlines()
    return json.loads(header), [json.loads(line) for line in rest]


def to_lines(header, entries):
    return "".join(json.dumps(x, ensure_ascii=False, separators=(",", ":")) + "\n" for x in [header, *entries])


def legacy(header, entries):
    """The same campaign in the one-document format 1 (what older versions wrote)."""
    data = {
        "$schema": CAMPAIGN_SCHEMA,
        "format": "lifepath.campaign/1",
        "campaign": header["campaign"],
        "characters": entries,
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def validate(text: str, schema_id: str) -> None:
    from lifepath.tables import parse_table
    from lifepath.validation import Validator

    table = parse_table("export.json", text)
    assert table.schema_id == schema_id
    errors = Validator().errors(table)
    assert not errors, errors[0].paragraph()


def fill(store, registry, name="Spinward", seeds=(1, 2, 3), rules=None):
    from lifepath.store.models import CampaignCreate

    store.new_campaign(CampaignCreate(name=name, ruleset="nowhere-yet", house_rules=rules or {"max_terms": 5}))
    ids = []
    for seed in seeds:
        ids.append(
            store.add_character(
                name, create_character(registry, "nowhere-yet", seed=seed, rules={"max_terms": 5}), player=f"P{seed}"
            )
        )
    return ids


@pytest.mark.parametrize("ruleset", ["nowhere-yet", "wormwood-drift", "d6-pool", "black-nova"])
def test_character_exports_follow_the_character_schema(registry, ruleset):
    if ruleset not in registry.rulesets():
        pytest.skip(f"{ruleset} is not installed")
    for seed in range(1, 16):
        character = create_character(registry, ruleset, seed=seed)
        validate(character.to_json(), CHARACTER_SCHEMA)


def test_the_character_schema_catches_what_is_wrong(registry):
    from lifepath.tables import parse_table
    from lifepath.validation import Validator

    doc = create_character(registry, "nowhere-yet", seed=1).to_dict()
    throw = next(i for i, e in enumerate(doc["history"]) if e["type"] == "throw")
    doc["history"][throw]["faces"] = "six"
    doc["history"].append({"type": "shrug"})
    doc["sheet"]["age"] = "old"
    table = parse_table("bad.json", json.dumps(doc, indent=2))
    pointers = {e.pointer for e in Validator().errors(table)}
    assert {"/sheet/age", f"/history/{throw}/faces", f"/history/{len(doc['history']) - 1}/type"} <= pointers


def test_a_campaign_export_follows_the_campaign_schema(store, registry):
    from lifepath.store import exchange

    ids = fill(store, registry)
    store.set_status(ids[1], "retired")
    store.rename(ids[2], "Renamed Person")
    store.archive("Spinward")
    text = exchange.export_campaign(store, "Spinward")
    header, entries = lines_of(text)
    validate(text.splitlines()[0], LINES_SCHEMA)
    validate(legacy(header, entries), CAMPAIGN_SCHEMA)  # each line is a campaign.schema.json entry
    assert header["characters"] == len(entries) == 3
    assert header["campaign"]["house_rules"] == {"max_terms": 5} and header["campaign"]["archived"]
    for item, cid in zip(entries, ids, strict=True):
        assert item["id"] == cid
        assert json.dumps(item["character"], indent=2, ensure_ascii=False) + "\n" == store.document(cid)
        validate(json.dumps(item["character"]), CHARACTER_SCHEMA)


def test_export_then_import_into_a_fresh_database_reproduces_the_campaign(store, registry, new_url, tmp_path):
    from lifepath.store import exchange, open_store

    ids = fill(store, registry, seeds=(4, 5, 6, 7))
    store.set_status(ids[0], "dead")
    store.rename(ids[1], "Someone Else")
    store.archive("Spinward")
    first = exchange.export_campaign(store, "Spinward")
    path = tmp_path / "spinward.json"
    path.write_text(first, encoding="utf-8")

    with open_store(new_url(), registry=registry, warn=lambda _t: None) as fresh:
        report = exchange.import_file(fresh, path)
        assert report.created_campaign and len(report.ids) == 4
        a, b = store.campaign("Spinward"), fresh.campaign("Spinward")
        assert (b.ruleset, b.house_rules, b.plugins, b.archived) == (a.ruleset, a.house_rules, a.plugins, True)
        assert (b.created_at, b.archived_at) == (a.created_at, a.archived_at)
        for old, new in zip(store.characters("Spinward"), fresh.characters("Spinward"), strict=True):
            assert fresh.document(new.id).encode() == store.document(old.id).encode()
            assert (new.name, new.player, new.status, new.created_at, new.updated_at) == (
                old.name,
                old.player,
                old.status,
                old.created_at,
                old.updated_at,
            )
        again = exchange.export_campaign(fresh, "Spinward")
    assert again == first


def test_import_of_one_character_into_a_campaign_warns_about_each_rule_that_differs(store, registry, tmp_path):
    from lifepath.store import exchange

    fill(store, registry, seeds=(1,), rules={"max_terms": 4, "crisis": "printed"})
    path = tmp_path / "npc.json"
    character = create_character(registry, "nowhere-yet", seed=9)
    path.write_text(character.to_json(), encoding="utf-8")
    report = exchange.import_file(store, path, "Spinward")
    assert len(report.ids) == 1 and not report.created_campaign
    assert store.document(report.ids[0]) == character.to_json()
    (warning,) = report.warnings
    assert "max_terms: made under 7, campaign now 4" in warning
    assert "crisis: made under medical-debt, campaign now printed" in warning


def test_a_character_of_another_ruleset_is_an_error(store, registry, tmp_path):
    from lifepath.store import exchange

    fill(store, registry, seeds=())
    path = tmp_path / "other.json"
    path.write_text(create_character(registry, "wormwood-drift", seed=1).to_json(), encoding="utf-8")
    with pytest.raises(LifepathError) as caught:
        exchange.import_file(store, path, "Spinward")
    text = str(caught.value)
    assert "wormwood-drift" in text and "/provenance/ruleset/id" in text and str(path) in text
    assert store.characters() == []


def bad_campaign_file(store, registry, tmp_path, fmt="lines"):
    """A campaign export (format 2 "lines", or 1 "legacy") whose character 1 has a bad age, and the pointer
    and line the error should name."""
    from lifepath.store import exchange

    fill(store, registry, seeds=(1, 2, 3))
    header, entries = lines_of(exchange.export_campaign(store, "Spinward"))
    header["campaign"]["name"] = "Copy"
    entries[1]["character"]["sheet"]["age"] = "twenty"
    path = tmp_path / "bad.json"
    text = to_lines(header, entries) if fmt == "lines" else legacy(header, entries)
    path.write_text(text, encoding="utf-8")
    pointer = "/character/sheet/age" if fmt == "lines" else "/characters/1/character/sheet/age"
    line = 3 if fmt == "lines" else next(i for i, t in enumerate(text.splitlines(), 1) if '"twenty"' in t)
    return path, entries[1]["character"]["sheet"]["name"], pointer, line


@pytest.mark.parametrize("fmt", ["lines", "legacy"])
def test_an_import_with_one_bad_character_writes_nothing_and_names_it(store, registry, tmp_path, fmt):
    from lifepath.store import exchange

    path, name, pointer, line = bad_campaign_file(store, registry, tmp_path, fmt)
    before = [r.id for r in store.characters()]
    with pytest.raises(TableError) as caught:
        exchange.import_file(store, path)
    error = caught.value
    assert (error.pointer, error.file, error.line) == (pointer, str(path), line)
    assert f"character 2 ('{name}')" in error.message and "twenty" in error.message
    assert [c.name for c in store.campaigns()] == ["Spinward"]
    assert [r.id for r in store.characters()] == before


def test_an_import_that_fails_while_writing_writes_nothing(store, registry, tmp_path, monkeypatch):
    from lifepath.store import exchange

    fill(store, registry, seeds=(1, 2, 3))
    path = tmp_path / "copy.json"
    path.write_text(exchange.export_campaign(store, "Spinward"), encoding="utf-8")
    real = store.insert_rows
    calls = []

    def fail_on_the_third(*args, **kwargs):
        calls.append(args)
        if len(calls) == 3:
            raise LifepathError("the disk is full")
        return real(*args, **kwargs)

    monkeypatch.setattr(exchange, "CHUNK", 1)  # one INSERT per character: two are written before the third fails
    monkeypatch.setattr(store, "insert_rows", fail_on_the_third)
    with pytest.raises(LifepathError, match="disk is full"):
        exchange.import_file(store, path, "Copy")
    monkeypatch.undo()
    assert [c.name for c in store.campaigns()] == ["Spinward"]
    assert len(store.characters()) == 3


def test_a_seed_too_big_to_store_is_refused_before_writing(store, registry, tmp_path):
    from lifepath.store import exchange

    fill(store, registry, seeds=(1, 2))
    header, entries = lines_of(exchange.export_campaign(store, "Spinward"))
    header["campaign"]["name"] = "Copy"
    entries[1]["character"]["provenance"]["seed"] = 2**64  # valid JSON Schema, too big to store
    path = tmp_path / "big-seed.json"
    path.write_text(to_lines(header, entries), encoding="utf-8")
    with pytest.raises(LifepathError, match="seed"):
        exchange.import_file(store, path)
    assert [c.name for c in store.campaigns()] == ["Spinward"]
    assert len(store.characters()) == 2


def test_import_cli_with_one_bad_character_names_it_and_writes_nothing(
    store, registry, store_url, run_cli, flow_cli, tmp_path
):
    path, name, pointer, line = bad_campaign_file(store, registry, tmp_path)
    done = run_cli("import", str(path), db=store_url)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    text = " ".join(done.stderr.split())
    assert f"{path}, line {line}, at {pointer}" in text and f"character 2 ('{name}')" in text
    assert "Copy" not in flow_cli("campaign", "list", db=store_url).stdout


def test_import_cli_round_trip(run_cli, flow_cli, run_in_process, store_url, new_url, tmp_path):
    """The import of a whole campaign through the installed script on both databases; the campaign it
    exports made in-process, and the other steps through ``flow_cli`` (tests/store/conftest.py)."""

    def ok(done):
        assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
        return done.stdout

    ok(run_in_process("campaign", "new", "Spinward", "--rule", "max_terms=5", db=store_url))
    for seed in (1, 2):
        ok(run_in_process("create", "--auto", "--seed", str(seed), "--campaign", "Spinward", db=store_url))
    out = tmp_path / "spinward.json"
    ok(flow_cli("export", "--campaign", "Spinward", "--out", str(out), db=store_url))
    fresh = new_url()
    assert "imported 2 character(s)" in ok(run_cli("import", str(out), db=fresh))
    again = tmp_path / "again.json"
    ok(flow_cli("export", "--campaign", "Spinward", "--out", str(again), db=fresh))
    assert again.read_bytes() == out.read_bytes()
    single = tmp_path / "one.json"
    ok(flow_cli("export", "1", "--out", str(single), db=fresh))
    done = flow_cli("import", str(single), "--campaign", "Spinward", db=store_url)  # the same character as id 1
    assert done.returncode == 2 and "already holds 1 of these character(s)" in done.stderr
    assert "imported 1 character(s)" in ok(
        flow_cli("import", str(single), "--campaign", "Spinward", "--allow-duplicate", db=store_url)
    )
    done = flow_cli("import", str(single), db=store_url)
    assert done.returncode != 0 and "--campaign" in done.stderr


def test_importing_a_campaign_that_exists_asks_for_another_name(store, registry, tmp_path):
    from lifepath.store import exchange

    fill(store, registry, seeds=(1,))
    path = tmp_path / "same.json"
    path.write_text(exchange.export_campaign(store, "Spinward"), encoding="utf-8")
    with pytest.raises(LifepathError, match="already a campaign called 'Spinward'"):
        exchange.import_file(store, path)
    assert exchange.import_file(store, path, "Spinward II").created_campaign
    with pytest.raises(LifepathError, match="already holds 1 of these"):
        exchange.import_file(store, path, "Spinward")  # the very same character again
    report = exchange.import_file(store, path, "Spinward", allow_duplicate=True)
    assert not report.created_campaign  # adds to the existing one
    assert len(store.characters("Spinward")) == 2


def test_a_file_that_is_not_an_export_is_refused(store, tmp_path):
    from lifepath.store import exchange

    path = tmp_path / "table.json"
    path.write_text('{\n  "$schema": "https://lifepath.example/schemas/house-rules.schema.json"\n}\n')
    with pytest.raises(TableError, match="not a character or campaign export"):
        exchange.import_file(store, path, "X")
    path.write_text('{"sheet": [1, 2,,]}')
    with pytest.raises(TableError, match="not valid JSON") as caught:
        exchange.import_file(store, path, "X")
    assert caught.value.line == 1


def test_an_old_one_document_campaign_export_still_imports(store, registry, new_url, tmp_path):
    from lifepath.store import exchange, open_store

    fill(store, registry, seeds=(1, 2))
    text = exchange.export_campaign(store, "Spinward")
    old = tmp_path / "old.json"
    old.write_text(legacy(*lines_of(text)), encoding="utf-8")
    with open_store(new_url(), registry=registry, warn=lambda _t: None) as fresh:
        assert len(exchange.import_file(fresh, old).ids) == 2
        assert exchange.export_campaign(fresh, "Spinward") == text


def test_the_export_is_one_header_and_one_compact_line_per_character(store, registry):
    from lifepath.store import exchange
    from lifepath.store.documents import compact

    ids = fill(store, registry, seeds=(1, 2, 3))
    lines = exchange.export_campaign(store, "Spinward").splitlines()
    assert len(lines) == 4
    for line, cid in zip(lines[1:], ids, strict=True):
        entry = json.loads(line)
        assert line == compact(entry)  # compact: no indentation anywhere
        assert compact(entry["character"]) == compact(json.loads(store.document(cid)))


def test_accept_edited_stores_the_mark_and_the_hash(store, registry, tmp_path):
    import hashlib

    from lifepath.store import exchange
    from lifepath.store.documents import compact

    fill(store, registry, seeds=())
    doc = create_character(registry, "nowhere-yet", seed=3, rules={"max_terms": 5}).to_dict()
    doc["sheet"]["credits"] += 1_000_000
    path = tmp_path / "rich.json"
    path.write_text(json.dumps(doc, indent=2), encoding="utf-8")
    with pytest.raises(LifepathError, match=r"sheet\.credits: \d+ -> \d+"):
        exchange.import_file(store, path, "Spinward")
    assert store.characters() == []
    report = exchange.import_file(store, path, "Spinward", accept_edited=True)
    assert report.edited == report.ids
    (row,) = store.characters()
    assert row.edited
    digest = hashlib.sha256(compact(doc).encode()).hexdigest()
    assert set(store.document_hashes("Spinward")) == {digest}
    store.rename(row.id, "Someone Else")
    assert set(store.document_hashes("Spinward")) == {
        hashlib.sha256(compact(json.loads(store.document(row.id))).encode()).hexdigest()
    }


def test_a_campaign_export_carries_the_content_it_enables(store, registry, new_url, tmp_path):
    """The enabled plugins and replacements go out in the header and come back on import; an export older
    than them enables the plugins its characters were made with (as the store's revision 0007 does)."""
    from lifepath.store import exchange, open_store

    fill(store, registry, seeds=(1,))
    store.set_enabled("Spinward", ["nowhere_yet", "demo"], ["demo:smuggler"])
    header, entries = lines_of(exchange.export_campaign(store, "Spinward"))
    assert header["campaign"]["enabled_plugins"] == ["demo", "nowhere_yet"]
    assert header["campaign"]["enabled_replacements"] == ["demo:smuggler"]
    validate(to_lines(header, []).splitlines()[0], LINES_SCHEMA)
    path = tmp_path / "spinward.jsonl"
    path.write_text(to_lines(header, entries), encoding="utf-8")
    for key in ("enabled_plugins", "enabled_replacements"):
        del header["campaign"][key]
    older = tmp_path / "older.jsonl"
    older.write_text(to_lines(header, entries), encoding="utf-8")
    with open_store(new_url(), registry=registry, warn=lambda _t: None) as fresh:
        exchange.import_file(fresh, path)
        camp = fresh.campaign("Spinward")
        assert (camp.enabled_plugins, camp.enabled_replacements) == (["demo", "nowhere_yet"], ["demo:smuggler"])
        exchange.import_file(fresh, older, "Older")
        camp = fresh.campaign("Older")
        made_with = sorted(p["name"] for p in camp.plugins)
        assert (camp.enabled_plugins, camp.enabled_replacements) == (made_with, []) and made_with
