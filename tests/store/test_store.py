"""The Store API against SQLite and PostgreSQL: campaigns, characters, renames, statuses, plugins."""

from __future__ import annotations

import json
from datetime import UTC

import pytest

from lifepath.errors import LifepathError, UnknownName
from lifepath.replay import verify
from lifepath.testing import create_character, make_registry


def new_campaign(store, name="Spinward", rules=None):
    from lifepath.store.models import CampaignCreate

    return store.new_campaign(CampaignCreate(name=name, ruleset="nowhere-yet", house_rules=rules or {}))


def test_campaigns_are_made_listed_and_found(store):
    made = new_campaign(store, rules={"max_terms": 4})
    new_campaign(store, "Abyss")
    assert made.house_rules == {"max_terms": 4}
    assert made.created_at.tzinfo is not None
    assert [c.name for c in store.campaigns()] == ["Abyss", "Spinward"]
    assert store.campaign("Spinward").id == made.id


def test_an_unknown_campaign_names_the_ones_there_are(store):
    with pytest.raises(UnknownName) as caught:
        store.campaign("Nowhere")
    assert "no campaigns yet" in str(caught.value)
    new_campaign(store, "Spinward")
    new_campaign(store, "Abyss")
    with pytest.raises(UnknownName) as caught:
        store.campaign("Spinwrd")
    text = str(caught.value)
    assert "'Spinwrd'" in text and "Abyss, Spinward" in text


def test_a_campaign_name_is_unique(store):
    new_campaign(store)
    with pytest.raises(LifepathError, match="already a campaign called 'Spinward'"):
        new_campaign(store)


def test_characters_are_saved_with_their_document_and_roster_columns(store, registry):
    new_campaign(store)
    character = create_character(registry, "nowhere-yet", seed=7)
    cid = store.add_character("Spinward", character, player="Ann")
    assert store.document(cid) == character.to_json()
    row = store.character(cid)
    fields = registry.ruleset("nowhere-yet").roster_fields(character)
    assert (row.name, row.player, row.status, row.campaign) == (character.sheet.name, "Ann", "active", "Spinward")
    assert (row.species, row.careers, row.profile) == (fields["species"], fields["careers"], fields["profile"])
    assert row.age == character.sheet.age and row.terms == character.sheet.total_terms
    assert row.seed == 7 and len(row.rules_sha256) == 64
    assert row.created_at.tzinfo == UTC and row.updated_at == row.created_at
    assert store.load(cid).to_json() == character.to_json()


def test_the_campaign_records_the_plugins_its_characters_were_made_with(store, registry):
    new_campaign(store)
    character = create_character(registry, "nowhere-yet", seed=1)
    store.add_character("Spinward", character)
    names = {p["name"] for p in store.campaign("Spinward").plugins}
    assert names == {p["name"] for p in character.provenance["plugins"]}
    assert "nowhere_yet" in names


def test_rosters_filter_by_campaign_status_player_and_ruleset(store, registry):
    new_campaign(store, "A")
    new_campaign(store, "B")
    ids = [
        store.add_character(
            "A" if s < 4 else "B", create_character(registry, "nowhere-yet", seed=s), player="Ann" if s % 2 else "Bo"
        )
        for s in range(1, 7)
    ]
    store.set_status(ids[0], "dead")
    assert [r.id for r in store.characters("A")] == ids[:3]
    assert [r.id for r in store.characters()] == ids
    assert [r.id for r in store.characters(status="dead")] == [ids[0]]
    assert [r.id for r in store.characters("B", player="ann")] == [ids[4]]
    assert store.characters(ruleset="black-nova") == []


def test_unknown_character_ids_are_clear_errors(store):
    for call in (store.character, store.document, store.delete_character):
        with pytest.raises(UnknownName, match="no character with id 99"):
            call(99)
    with pytest.raises(UnknownName):
        store.rename(99, "X")


def test_statuses_are_checked(store, registry):
    new_campaign(store)
    cid = store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=2))
    for status in ("retired", "npc", "dead", "active"):
        assert store.set_status(cid, status).status == status
    with pytest.raises(LifepathError, match="'missing' is not a roster status"):
        store.set_status(cid, "missing")


def test_rename_changes_the_sheet_and_still_replays(store, registry):
    new_campaign(store)
    character = create_character(registry, "nowhere-yet", seed=3)
    cid = store.add_character("Spinward", character)
    row = store.rename(cid, "Captain Nemo")
    assert row.name == "Captain Nemo" and row.updated_at > row.created_at
    doc = json.loads(store.document(cid))
    assert doc["sheet"]["name"] == "Captain Nemo"
    assert doc["provenance"]["renamed"] == [{"from": character.sheet.name, "to": "Captain Nemo"}]
    from lifepath.store.documents import as_made

    assert verify(registry, as_made(doc)).identical
    assert verify(registry, doc).identical  # the replay follows the renames the provenance records
    doc["sheet"]["name"] = "Someone Else"  # a name changed without a recorded rename is an edit
    assert not verify(registry, doc).identical


def test_delete_removes_only_that_character(store, registry):
    new_campaign(store)
    a = store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=4))
    b = store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=5))
    assert store.delete_character(a).id == a
    assert [r.id for r in store.characters()] == [b]


def test_an_archived_campaign_takes_no_new_characters(store, registry):
    new_campaign(store)
    archived = store.archive("Spinward")
    assert archived.archived and archived.archived_at is not None
    with pytest.raises(LifepathError, match="archived"):
        store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=1))
    assert not store.archive("Spinward", archived=False).archived
    store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=1))


def test_a_character_of_another_ruleset_is_refused(store, registry):
    new_campaign(store)
    other = create_character(registry, "wormwood-drift", seed=1)
    with pytest.raises(LifepathError, match="uses nowhere-yet"):
        store.add_character("Spinward", other)
    assert store.characters() == []


def test_a_failed_transaction_writes_nothing(store, registry):
    new_campaign(store)
    with pytest.raises(LifepathError), store.write_session() as session:
        store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=1), session=session)
        store.add_character("Spinward", create_character(registry, "wormwood-drift", seed=1), session=session)
    assert store.characters() == []


def test_a_missing_plugin_is_named_with_the_characters_that_needed_it(store_url, registry):
    from lifepath.store import open_store

    shown: list[str] = []
    with open_store(store_url, registry=registry, warn=shown.append) as store:
        new_campaign(store)
        plain = store.add_character("Spinward", create_character(registry, "nowhere-yet", seed=1))
        # made while a third-party plugin (since uninstalled) added careers to the ruleset
        homebrew = create_character(registry, "nowhere-yet", seed=2)
        homebrew.provenance["plugins"] = [*homebrew.provenance["plugins"], {"name": "homebrew_navy", "version": "2.0"}]
        needed = store.add_character("Spinward", homebrew)
        assert shown == []
        camp = store.campaign("Spinward")
    assert camp.name == "Spinward"
    assert {"name": "homebrew_navy", "version": "2.0"} in camp.plugins
    assert len(shown) == 1
    text = shown[0]
    assert "plugin 'homebrew_navy' 2.0" in text and "not installed" in text
    assert f"{needed} '{homebrew.sheet.name}'" in text and f"{plain} '" not in text

    with open_store(store_url, registry=make_registry("nowhere_yet"), warn=shown.append) as fewer:
        fewer.campaign("Spinward", check_plugins=False)
    assert len(shown) == 1


def test_seeds_outside_64_bits_are_refused(store, registry):
    new_campaign(store)
    character = create_character(registry, "nowhere-yet", seed=1)
    character.provenance["seed"] = 2**70
    with pytest.raises(LifepathError, match="seed"):
        store.add_character("Spinward", character)


def test_a_batch_saves_like_single_adds(store, registry):
    """add_characters (used by generate --campaign) gives the same rows and documents, ids in order."""
    new_campaign(store)
    characters = [create_character(registry, "nowhere-yet", seed=s) for s in range(5)]
    ids = store.add_characters("Spinward", characters, statuses=["npc", None, "npc", "retired", "npc"])
    assert ids == sorted(ids) and len(ids) == 5
    for cid, character in zip(ids, characters, strict=True):
        assert store.document(cid) == character.to_json()
        assert store.character(cid).name == character.sheet.name
    assert [store.character(i).status for i in ids] == ["npc", "active", "npc", "retired", "npc"]
    assert store.add_characters("Spinward", []) == []
    with pytest.raises(LifepathError, match="is not a roster status"):
        store.add_characters("Spinward", characters[:1], statuses=["sleeping"])
    other = create_character(registry, "wormwood-drift", seed=1)
    with pytest.raises(LifepathError, match="made under the ruleset wormwood-drift"):
        store.add_characters("Spinward", [characters[0], other])
    assert len(store.characters("Spinward")) == 5  # the refused batches wrote nothing


def test_documents_are_stored_compact_and_exported_byte_for_byte(store, registry, tmp_path):
    new_campaign(store)
    character = create_character(registry, "nowhere-yet", seed=3)
    cid = store.add_character("Spinward", character)
    from sqlmodel import Session, select

    from lifepath.store.models import CharacterRow

    with Session(store.engine) as session:
        raw = session.exec(select(CharacterRow.document).where(CharacterRow.id == cid)).one()
    assert "\n" not in raw and json.loads(raw) == json.loads(character.to_json())
    assert store.document(cid) == character.to_json()
