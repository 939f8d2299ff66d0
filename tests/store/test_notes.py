"""Referee's notes beside a character (revision 0006) and a campaign's worlds in its export: the store
method, ``lifepath note`` and ``show``, and export/import round trips, on SQLite and PostgreSQL."""

from __future__ import annotations

import json

import pytest

from lifepath.errors import LifepathError

from .test_cli import ok, one_error
from .test_exchange import fill, lines_of, to_lines, validate

NOTES = 'Owes Marc 2,000 Cr.\nHates <vargr> & "psionics".\r\nSecond line'
WORLDS = [
    {"hex": "0101", "name": "Regina", "uwp": "A788899-C", "remarks": "Ri Pa Ph"},
    {"hex": "0102", "name": "Efate", "uwp": "A646930-D", "remarks": "Hi In"},
]


def test_notes_are_kept_beside_the_document_not_in_it(store, registry):
    from lifepath.replay import verify
    from lifepath.store.documents import as_made

    [cid] = fill(store, registry, seeds=(2,))
    before = store.document(cid)
    row = store.set_notes(cid, NOTES)
    assert row.notes == 'Owes Marc 2,000 Cr.\nHates <vargr> & "psionics".\nSecond line'  # CRLF made LF
    assert store.character(cid).notes == row.notes
    assert store.document(cid) == before  # the document (and so its hash and verify) is untouched
    assert verify(registry, as_made(json.loads(store.document(cid)))).identical
    assert store.set_notes(cid, "   ").notes == ""  # blank clears


def test_notes_that_are_too_long_or_hold_nul_are_refused_and_nothing_changes(store, registry):
    from lifepath.store.models import NOTES_MAX

    [cid] = fill(store, registry, seeds=(2,))
    store.set_notes(cid, "kept")
    with pytest.raises(LifepathError, match=f"more than the {NOTES_MAX:,}"):
        store.set_notes(cid, "x" * (NOTES_MAX + 1))
    with pytest.raises(LifepathError, match="NUL"):
        store.set_notes(cid, "a\x00b")
    assert store.character(cid).notes == "kept"
    assert store.set_notes(cid, "y" * NOTES_MAX).notes == "y" * NOTES_MAX  # the limit itself is allowed


def test_notes_and_worlds_travel_in_a_campaign_export(store, registry, new_url, tmp_path):
    from lifepath.store import exchange, open_store

    ids = fill(store, registry, seeds=(4, 5))
    store.set_notes(ids[0], NOTES)
    store.add_worlds("Spinward", WORLDS)
    text = exchange.export_campaign(store, "Spinward")
    header, entries = lines_of(text)
    assert header["campaign"]["worlds"] == WORLDS
    assert entries[0]["notes"] == store.character(ids[0]).notes and "notes" not in entries[1]
    validate(json.dumps(header), "https://lifepath.example/schemas/campaign-lines.schema.json")
    path = tmp_path / "spinward.jsonl"
    path.write_text(text, encoding="utf-8")
    with open_store(new_url(), registry=registry, warn=lambda _t: None) as fresh:
        exchange.import_file(fresh, path)
        assert fresh.campaign("Spinward").worlds == WORLDS
        assert [r.notes for r in fresh.characters("Spinward")] == [store.character(ids[0]).notes, ""]
        assert exchange.export_campaign(fresh, "Spinward") == text  # byte for byte


def test_an_export_without_notes_or_worlds_has_neither_field(store, registry):
    from lifepath.store import exchange

    fill(store, registry, seeds=(4,))
    header, entries = lines_of(exchange.export_campaign(store, "Spinward"))
    assert "worlds" not in header["campaign"] and "notes" not in entries[0]


@pytest.mark.parametrize(
    ("change", "pointer", "fragment"),
    [
        (lambda h, e: h["campaign"]["worlds"][1].update(uwp="Z999999-9"), "/campaign/worlds/1/uwp", "text matching"),
        (lambda h, e: h["campaign"]["worlds"][1].update(name="regina"), "/campaign/worlds/1/name", "also world 0"),
        (lambda h, e: h["campaign"]["worlds"][1].update(hex="0101"), "/campaign/worlds/1/hex", "also world 0"),
        (lambda h, e: e[0].update(notes="x" * 10_001), "/notes", "characters long"),
        (lambda h, e: e[0].update(notes=7), "/notes", "expected string"),
    ],
)
def test_bad_worlds_or_notes_in_an_import_are_refused_naming_the_field(
    store, registry, tmp_path, change, pointer, fragment
):
    from lifepath.store import exchange

    fill(store, registry, seeds=(4,))
    store.add_worlds("Spinward", WORLDS)
    header, entries = lines_of(exchange.export_campaign(store, "Spinward"))
    change(header, entries)
    path = tmp_path / "bad.jsonl"
    path.write_text(to_lines(header, entries), encoding="utf-8")
    with pytest.raises(LifepathError) as caught:
        exchange.import_file(store, path, "Copy")
    assert pointer in caught.value.paragraph() and fragment in caught.value.paragraph()
    assert [c.name for c in store.campaigns()] == ["Spinward"]  # nothing half-written


def test_note_and_show_on_the_command_line(run_cli, flow_cli, run_in_process, store_url):
    """``show`` of the notes (control characters shown, never sent) through the installed script on both
    databases; the campaign and its character made in-process, and the other steps through ``flow_cli``
    (tests/store/conftest.py)."""
    db = store_url
    ok(run_in_process("campaign", "new", "Spinward", "--ruleset", "nowhere-yet", db=db))
    ok(run_in_process("create", "--auto", "--seed", "3", "--campaign", "Spinward", db=db))
    before = ok(flow_cli("show", "1", db=db))
    assert "no notes" not in before.lower() and "Notes:" not in before
    said = ok(flow_cli("note", "1", "Owes \x1b[31mMarc\x1b[0m\nline two", db=db))
    assert "notes saved (27 characters)" in said
    shown = ok(run_cli("show", "1", db=db))
    assert "\x1b" not in shown
    assert shown.endswith("\nNotes:\n  Owes \\u001b[31mMarc\\u001b[0m\n  line two\n")
    assert json.loads(ok(flow_cli("roster", "--json", db=db)))[0]["notes"] == "Owes \x1b[31mMarc\x1b[0m\nline two"
    assert "identical" in ok(flow_cli("verify", "1", db=db))
    one_error(flow_cli("note", "1", db=db), "give the notes as TEXT, or --clear")
    one_error(flow_cli("note", "1", "x", "--clear", db=db), "not both")
    one_error(flow_cli("note", "99", "x", db=db), "no character with id 99")
    assert "no notes" in ok(flow_cli("note", "1", "--clear", db=db))
    assert "Notes:" not in ok(flow_cli("show", "1", db=db))
