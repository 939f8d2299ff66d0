"""The store commands through the installed ``lifepath`` script, against SQLite and PostgreSQL.

A flow of several commands runs every step through the script on SQLite; on PostgreSQL ``flow_cli`` runs the
same steps in-process (tests/store/conftest.py says why) and at least one goes through the script there too.
State a test only needs before the step it is about (a campaign, its characters) is made in-process on both.
"""

from __future__ import annotations

import json
import os

import pytest

from tests.in_process import run_in_process as in_process


def ok(done):
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout


def one_error(done, *fragments):
    """A user mistake: a non-zero exit, one `error:` paragraph on stderr naming each fragment, no traceback."""
    assert done.returncode != 0, done.stdout
    assert "Traceback" not in done.stderr, done.stderr
    assert done.stderr.count("error:") == 1, done.stderr
    text = " ".join(done.stderr.split())
    for fragment in fragments:
        assert fragment in text, text
    return text


def roster(run_cli, db, *args):
    return json.loads(ok(run_cli("roster", *args, "--json", db=db)))


def test_a_campaign_from_creation_to_deletion(run_cli, flow_cli, store_url):
    db = store_url
    assert "made" in ok(run_cli("campaign", "new", "Spinward", "--ruleset", "nowhere-yet", db=db))
    assert "Spinward" in ok(flow_cli("campaign", "list", db=db))
    for seed, player in ((1, "Ann"), (2, "Bo")):
        done = flow_cli("create", "--auto", "--seed", str(seed), "--campaign", "Spinward", "--player", player, db=db)
        assert "saved as character" in done.stderr
        ok(done)
    rows = roster(flow_cli, db, "Spinward")
    assert [(r["seed"], r["player"], r["status"]) for r in rows] == [(1, "Ann", "active"), (2, "Bo", "active")]
    table = ok(flow_cli("roster", "Spinward", db=db))
    for column in ("id", "name", "player", "species", "careers", "terms", "age", "profile", "status"):
        assert column in table.splitlines()[0]
    assert rows[0]["name"] in table and rows[0]["profile"] in table

    first = str(rows[0]["id"])
    shown = ok(flow_cli("show", first, db=db))
    assert rows[0]["name"] in shown
    assert "reenlistment" in ok(flow_cli("show", first, "--history", db=db)).lower()
    exported = ok(flow_cli("show", first, "--json", db=db))
    assert exported == ok(flow_cli("create", "--auto", "--seed", "1", "--json"))
    assert ok(flow_cli("export", first, db=db)) == exported

    ok(flow_cli("set-status", first, "retired", db=db))
    assert [r["id"] for r in roster(flow_cli, db, "--status", "retired")] == [rows[0]["id"]]
    assert [r["id"] for r in roster(flow_cli, db, "--player", "bo")] == [rows[1]["id"]]

    ok(flow_cli("rename", first, "Jane Doe", db=db))
    assert json.loads(ok(flow_cli("show", first, "--json", db=db)))["sheet"]["name"] == "Jane Doe"
    assert "identical" in ok(flow_cli("verify", first, db=db))

    one_error(flow_cli("delete", first, db=db), "--yes")  # no terminal: refuses
    assert len(roster(flow_cli, db)) == 2
    ok(flow_cli("delete", first, "--yes", db=db))
    assert [r["id"] for r in roster(flow_cli, db)] == [rows[1]["id"]]


def test_campaign_rules_show_every_rule_with_value_default_and_description(run_cli, flow_cli, store_url):
    ok(run_cli("campaign", "new", "Spinward", "--rule", "max_terms=4", "--rule", "crisis=printed", db=store_url))
    rules = {r["rule"]: r for r in json.loads(ok(flow_cli("campaign", "rules", "Spinward", "--json", db=store_url)))}
    assert set(rules) == {"max_terms", "survival_failure", "crisis", "characteristics"}
    assert (rules["max_terms"]["value"], rules["max_terms"]["default"]) == (4, 7)
    assert rules["max_terms"]["set_by_campaign"] and not rules["survival_failure"]["set_by_campaign"]
    assert all(r["description"] for r in rules.values())
    text = ok(flow_cli("campaign", "rules", "Spinward", db=store_url))
    assert "max_terms = 4" in text and "default 7" in text

    ok(flow_cli("campaign", "unset-rule", "Spinward", "crisis", db=store_url))
    ok(flow_cli("campaign", "set-rule", "Spinward", "max_terms", "none", db=store_url))
    shown = json.loads(ok(flow_cli("campaign", "show", "Spinward", "--json", db=store_url)))
    assert shown["house_rules"] == {"max_terms": None}


def held_past_cap(history):
    return any(e.get("type") == "note" and e.get("held") for e in history)


def test_lowering_max_terms_binds_the_next_character_and_check_names_the_older_ones(
    run_cli, flow_cli, run_in_process, store_url
):
    db = store_url
    ok(run_in_process("campaign", "new", "Spinward", db=db))  # the characters made before: set-up, in-process
    for seed in (11, 12, 13):
        ok(run_in_process("create", "--auto", "--seed", str(seed), "--terms", "7", "--campaign", "Spinward", db=db))
    before = roster(run_in_process, db, "Spinward")
    assert any(r["terms"] > 4 for r in before), "the characters made under 7 should include one past 4 terms"

    ok(run_cli("campaign", "set-rule", "Spinward", "max_terms", "4", db=db))
    ok(flow_cli("create", "--auto", "--seed", "14", "--terms", "7", "--campaign", "Spinward", db=db))
    newest = roster(flow_cli, db, "Spinward")[-1]
    doc = json.loads(ok(flow_cli("show", str(newest["id"]), "--json", db=db)))
    assert doc["provenance"]["house_rules"]["max_terms"] == 4
    terms = sum(c["terms"] for c in doc["sheet"]["careers"])
    assert terms <= 4 or held_past_cap(doc["history"])

    report = json.loads(ok(flow_cli("campaign", "check", "Spinward", "--json", db=db)))
    assert [c["id"] for c in report["characters"]] == [r["id"] for r in before]
    text = ok(flow_cli("campaign", "check", "Spinward", db=db))
    for r in before:
        assert f"{r['id']} {r['name']}: max_terms: made under 7, campaign now 4" in text
    assert newest["name"] not in text


def test_verify_a_campaign_and_an_id_and_report_a_tampered_sheet(
    run_cli, flow_cli, run_in_process, store_url, registry
):
    from lifepath.store import open_store

    db = store_url
    ok(run_in_process("campaign", "new", "Spinward", db=db))  # set-up, in-process
    for seed in (1, 2):
        ok(run_in_process("create", "--auto", "--seed", str(seed), "--campaign", "Spinward", db=db))
    out = ok(run_cli("verify", "--campaign", "Spinward", db=db))
    assert "2 of 2" in out
    with open_store(db, registry=registry) as store, store.write_session() as session:
        from lifepath.store.models import CharacterRow

        row = session.get(CharacterRow, 2)
        doc = json.loads(row.document)
        doc["sheet"]["credits"] += 1000
        row.document = json.dumps(doc, indent=2)
        session.add(row)
    done = flow_cli("verify", "--campaign", "Spinward", db=db)
    assert done.returncode == 1 and "credits" in done.stdout and "1 differ" in done.stdout
    assert flow_cli("verify", "1", db=db).returncode == 0
    assert flow_cli("verify", "2", db=db).returncode == 1


def test_an_archived_campaign_refuses_create(run_cli, flow_cli, run_in_process, store_url):
    ok(run_in_process("campaign", "new", "Old", db=store_url))  # set-up, in-process
    ok(flow_cli("campaign", "archive", "Old", db=store_url))
    one_error(run_cli("create", "--auto", "--seed", "1", "--campaign", "Old", db=store_url), "archived", "--undo")
    ok(flow_cli("campaign", "archive", "Old", "--undo", db=store_url))
    ok(flow_cli("create", "--auto", "--seed", "1", "--campaign", "Old", db=store_url))


#: mistakes that reach the database: checked against SQLite and PostgreSQL
BAD_INPUT = {
    "unknown-campaign": (["roster", "Nowhere"], ["no campaign called 'Nowhere'", "Spinward"]),
    "create-unknown-campaign": (["create", "--auto", "--campaign", "Nowhere"], ["no campaign called 'Nowhere'"]),
    "set-unknown-rule": (["campaign", "set-rule", "Spinward", "max_turns", "4"], ["no house rule called 'max_turns'"]),
    "unset-unknown-rule": (["campaign", "unset-rule", "Spinward", "max_turns"], ["no house rule called 'max_turns'"]),
    "rule-wrong-type": (["campaign", "set-rule", "Spinward", "max_terms", "lots"], ["'lots'", "whole number"]),
    "rule-out-of-range": (["campaign", "set-rule", "Spinward", "max_terms", "0"], ["out of range", "at least 1"]),
    "rule-not-in-enum": (["campaign", "set-rule", "Spinward", "crisis", "gentle"], ["crisis", "medical-debt"]),
    "duplicate-campaign": (["campaign", "new", "Spinward"], ["already a campaign called 'Spinward'"]),
    "show-unknown-id": (["show", "999"], ["no character with id 999", "lifepath roster"]),
    "rename-unknown-id": (["rename", "999", "X"], ["no character with id 999"]),
    "delete-unknown-id": (["delete", "999", "--yes"], ["no character with id 999"]),
    "set-status-unknown-id": (["set-status", "999", "dead"], ["no character with id 999"]),
    "player-too-long": (["create", "--auto", "--campaign", "Spinward", "--player", "p" * 250], ["player", "200"]),
    "export-unknown-id": (["export", "999"], ["no character with id 999"]),
    "export-unknown-campaign": (["export", "--campaign", "Nowhere"], ["no campaign called 'Nowhere'"]),
    "verify-unknown-id": (["verify", "999"], ["no character with id 999"]),
    "verify-unknown-campaign": (["verify", "--campaign", "Nowhere"], ["no campaign called 'Nowhere'"]),
    "check-unknown-campaign": (["campaign", "check", "Nowhere"], ["no campaign called 'Nowhere'"]),
}

#: mistakes caught before any database is opened: checked once
BAD_INPUT_NO_DB = {
    "unknown-ruleset": (["campaign", "new", "X", "--ruleset", "dnd"], ["no ruleset called 'dnd'", "nowhere-yet"]),
    "unknown-rule": (["campaign", "new", "X", "--rule", "max_turns=4"], ["house rule called 'max_turns'", "max_terms"]),
    "new-rule-wrong-type": (["campaign", "new", "X", "--rule", "max_terms=lots"], ["'lots'", "max_terms", "whole"]),
    "new-rule-out-of-range": (["campaign", "new", "X", "--rule", "max_terms=-3"], ["out of range", "max_terms"]),
    "rule-not-a-pair": (["campaign", "new", "X", "--rule", "max_terms"], ["NAME=VALUE"]),
    "name-too-long": (["campaign", "new", "x" * 250], ["name", "at most 200 characters"]),
    "bad-status": (["set-status", "1", "missing"], ["'missing' is not a roster status", "retired"]),
    "roster-bad-status": (["roster", "--status", "missing"], ["'missing' is not a roster status"]),
    "export-nothing": (["export"], ["a character id or --campaign"]),
    "verify-unknown-file": (["verify", "nothing-here.json"], ["no file called nothing-here.json"]),
    "import-missing-file": (["import", "nothing-here.json", "--campaign", "X"], ["cannot read nothing-here.json"]),
}


@pytest.fixture(scope="module")
def spinward(module_backend, tmp_path_factory):
    """One database (of each kind) holding the campaign Spinward, shared by the bad-input checks (made
    in-process: set-up)."""
    url = module_backend.new()
    ok(in_process(tmp_path_factory.mktemp("spinward-home"), "campaign", "new", "Spinward", db=url))
    return url


@pytest.mark.parametrize(("args", "fragments"), list(BAD_INPUT.values()), ids=list(BAD_INPUT))
def test_bad_input_gets_one_clear_message(run_cli, run_in_process, module_backend, spinward, args, fragments):
    """Through the installed script on SQLite; in-process on PostgreSQL, where what is checked is that the
    database's own refusal (a unique name, a missing row, a column's length) becomes the same one paragraph:
    the script's part of it is the same for both databases (see ``flow_cli`` in tests/store/conftest.py)."""
    cli = run_cli if module_backend.kind == "sqlite" else run_in_process
    one_error(cli(*args, db=spinward), *fragments)


@pytest.mark.parametrize(("args", "fragments"), list(BAD_INPUT_NO_DB.values()), ids=list(BAD_INPUT_NO_DB))
def test_bad_input_before_the_database_gets_one_clear_message(run_cli, tmp_path, args, fragments):
    db = tmp_path / "untouched.db"
    one_error(run_cli(*args, db=str(db)), *fragments)
    assert not db.exists(), "a mistake caught early must not create the database"


@pytest.mark.parametrize(
    ("db", "fragments"),
    [
        ("postgresql://nobody@127.0.0.1:1/x", ["cannot connect", "127.0.0.1:1"]),
        ("foo://bar", ["'foo' is not a kind of database", "postgresql://"]),
        ("mysql://user@localhost/db", ["'mysql' is not a kind of database"]),
        ("/nonexistent-folder/roster.db", ["/nonexistent-folder", "does not exist"]),
    ],
)
def test_a_database_that_cannot_be_opened_is_one_clear_message(run_cli, db, fragments):
    if db.startswith("postgresql"):
        try:
            import psycopg  # noqa: F401
        except ImportError:  # without the driver the message is (rightly) "not installed", tested below
            pytest.skip("needed in CI: psycopg is not installed (pip install 'lifepath[postgres]')")
    for args in (["roster"], ["create", "--auto", "--seed", "1", "--campaign", "X"]):
        one_error(run_cli(*args, db=db), *fragments)


def test_a_postgresql_url_without_psycopg_names_the_extra(run_cli, without_modules):
    done = run_cli("roster", db="postgresql://nobody@127.0.0.1:1/x", **without_modules("psycopg"))
    one_error(done, "the PostgreSQL driver is not installed", "Install lifepath[postgres]")


def test_a_corrupt_sqlite_file_is_one_clear_message(run_cli, tmp_path):
    garbage = tmp_path / "garbage.db"
    garbage.write_bytes(os.urandom(8192))
    for args in (["roster"], ["campaign", "new", "X"]):
        one_error(run_cli(*args, db=str(garbage)), str(garbage), "not a SQLite database")
    text = tmp_path / "notes.txt"
    text.write_text("SQLite format 3\0 but not really\n" * 200)
    one_error(run_cli("roster", db=str(text)), "not a SQLite database")


def test_the_database_comes_from_lifepath_db(run_cli, tmp_path):
    db = tmp_path / "env.db"
    ok(run_cli("campaign", "new", "Env", LIFEPATH_DB=str(db)))
    assert db.exists()
    assert "Env" in ok(run_cli("campaign", "list", db=f"sqlite:///{db}"))


def test_a_missing_plugin_is_named_when_the_campaign_is_opened(run_cli, store_url, registry):
    from lifepath.store import open_store
    from lifepath.store.models import CampaignCreate
    from lifepath.testing import create_character

    with open_store(store_url, registry=registry, warn=lambda _t: None) as store:
        store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet"))
        character = create_character(registry, "nowhere-yet", seed=3)
        character.provenance["plugins"].append({"name": "homebrew_navy", "version": "2.0"})
        cid = store.add_character("Spinward", character)
    done = run_cli("roster", "Spinward", db=store_url)
    listing = ok(done)
    assert character.sheet.name in listing
    warning = " ".join(done.stderr.split())
    assert "warning:" in warning and "plugin 'homebrew_navy' 2.0" in warning and "not installed" in warning
    assert f"{cid} '{character.sheet.name}'" in warning


def test_house_rules_stored_before_a_ruleset_changed_are_checked_when_the_campaign_is_opened(
    run_cli, flow_cli, store_url, registry
):
    from lifepath.store import open_store
    from lifepath.store.models import CampaignCreate

    with open_store(store_url, registry=registry) as store:
        store.new_campaign(CampaignCreate(name="Spinward", ruleset="nowhere-yet"))
        store.set_house_rules("Spinward", {"retired_rule": True, "max_terms": 0})  # as an older declaration allowed
    one_error(run_cli("create", "--auto", "--seed", "1", "--campaign", "Spinward", db=store_url), "retired_rule")
    one_error(flow_cli("campaign", "rules", "Spinward", db=store_url), "Spinward", "no longer allows", "unset-rule")
    ok(flow_cli("campaign", "unset-rule", "Spinward", "retired_rule", db=store_url))
    one_error(flow_cli("create", "--auto", "--seed", "1", "--campaign", "Spinward", db=store_url), "out of range")
    ok(flow_cli("campaign", "set-rule", "Spinward", "max_terms", "3", db=store_url))
    ok(flow_cli("create", "--auto", "--seed", "1", "--campaign", "Spinward", db=store_url))
