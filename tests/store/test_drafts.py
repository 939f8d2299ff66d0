"""Drafts (characters being made on the creation page) in the store, on SQLite and PostgreSQL: what a draft
keeps, its secret key, answers that cannot overwrite another tab's, finishing, the campaign's list, deleting,
and revision 0010 on a database that has characters."""

from __future__ import annotations

import re
import threading
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlalchemy import text

from lifepath.character import Character
from lifepath.errors import LifepathError, UnknownName
from lifepath.host.registry import Registry
from lifepath.store.models import CampaignCreate, CampaignRead, DraftRead
from lifepath.store.service import Store
from lifepath.testing import create_character

RULES: dict[str, Any] = {"max_terms": 4, "ageing": True, "species": "Avian", "list": [1, "two"], "none": None}
OPTIONS: dict[str, Any] = {"law_level": 3, "tags": ["a", "b"], "nested": {"x": 1.5}}
BIG_NEGATIVE = -(2**63)
URL_SAFE = re.compile(r"[A-Za-z0-9_-]+")


@pytest.fixture(scope="module")
def made(registry: Registry) -> Character:
    """One character, made once for the module (saving it is what finishes a draft)."""
    return create_character(registry, "nowhere-yet", seed=5)


def campaign(store: Store, name: str = "Spinward") -> CampaignRead:
    return store.new_campaign(CampaignCreate(name=name, ruleset="nowhere-yet"))


def draft(store: Store, camp: str = "Spinward", player: str = "Ann", seed: int = 1) -> DraftRead:
    return store.new_draft(camp, player=player, seed=seed, rules=RULES, options=OPTIONS)


def test_a_new_draft_reads_back_with_every_field(store: Store) -> None:
    camp = campaign(store)
    new = store.new_draft("Spinward", player="  Ann Example  ", seed=BIG_NEGATIVE, rules=RULES, options=OPTIONS)
    read = store.draft(new.key)
    assert read == new
    assert read.model_dump() == {
        "id": new.id,
        "campaign_id": camp.id,
        "campaign": "Spinward",
        "key": new.key,
        "player": "Ann Example",
        "ruleset": "nowhere-yet",
        "seed": BIG_NEGATIVE,
        "rules": RULES,
        "options": OPTIONS,
        "answers": [],
        "undone": [],
        "character_id": None,
        "created_at": new.created_at,
        "updated_at": new.created_at,
    }
    assert read.created_at.tzinfo is not None and read.created_at.utcoffset() == UTC.utcoffset(None)
    assert abs((datetime.now(UTC) - read.created_at).total_seconds()) < 3600
    bare = store.new_draft("Spinward", player="", seed=2**63 - 1, rules={})
    assert (bare.player, bare.seed, bare.rules, bare.options, bare.answers) == ("", 2**63 - 1, {}, {}, [])
    assert store.draft(bare.key) == bare


def test_keys_are_unique_and_unguessable_looking(store: Store) -> None:
    campaign(store)
    keys = [draft(store, seed=1).key for _ in range(20)]
    assert len(set(keys)) == 20
    for key in keys:
        assert len(key) >= 32 and URL_SAFE.fullmatch(key)


#: texts that are no draft's key: empty, the right length, too long, and what no key is made of
NOT_KEYS = ["", "x", "A" * 32, "A" * 65, "A" * 100_000, "\x00", "a b", "../../etc", "ключ"]


def test_a_key_that_is_no_drafts_gives_none_and_no_error(store: Store) -> None:
    campaign(store)
    real = draft(store).key
    for key in [*NOT_KEYS, real + "x", real[:-1]]:
        assert store.draft(key) is None
        assert store.delete_draft(key) is False
        with pytest.raises(UnknownName, match="there is no draft with that key"):
            store.set_answers(key, [], expected=0)
        with pytest.raises(UnknownName, match="there is no draft with that key"):
            store.finish_draft(key, 1)
    assert store.draft(real) is not None


def test_answers_given_with_the_count_the_page_saw_replace_them(store: Store) -> None:
    campaign(store)
    new = draft(store)
    one = store.set_answers(new.key, [["species", "2"]], expected=0)
    assert one.answers == [["species", "2"]]
    assert one.updated_at > new.updated_at and one.created_at == new.created_at
    two = store.set_answers(new.key, [["species", "2"], ["career 1", "Navy: a long free text answer"]], expected=1)
    assert store.draft(new.key) == two and two.updated_at > one.updated_at
    before = [["species", "2"], ["career 1", "Navy: a long free text answer"]]
    back = store.set_answers(new.key, [], expected=2, undone=before)  # back to the first decision
    assert store.draft(new.key) == back and back.answers == [] and back.undone == before
    assert (back.seed, back.rules, back.options, back.player) == (new.seed, RULES, OPTIONS, "Ann")
    kept = store.set_answers(new.key, [["species", "1"]], expected=0)  # None leaves the record gone back from
    assert kept.undone == before
    told = store.set_answers(new.key, [["species", "1"], ["sex", "f"]], expected=1, undone=[])
    assert told.undone == [] and store.draft(new.key) == told


def test_answers_given_with_a_stale_count_are_refused_and_change_nothing(store: Store) -> None:
    campaign(store)
    key = draft(store).key
    before = store.set_answers(key, [["species", "1"]], expected=0)
    for stale in (0, 2, -1):
        with pytest.raises(LifepathError) as caught:
            store.set_answers(key, [["species", "3"], ["career", "1"]], expected=stale)
        error = caught.value
        assert error.message.startswith(
            "the draft changed since this page was loaded: it has 1 answer now and the page showed"
        )
        assert (error.hint or "").startswith("reload the page")
        assert "\n" not in str(error)
        assert store.draft(key) == before


def test_answers_that_are_not_pairs_of_texts_are_refused(store: Store) -> None:
    campaign(store)
    key = draft(store).key
    for bad in ([["species"]], [["species", "1", "x"]], [["species", 1]], ["ab"], [None], [{"species": "1"}]):
        with pytest.raises(LifepathError, match=r"answer 1 of the draft is .* not a \[decision key, answer\] pair"):
            store.set_answers(key, bad, expected=0)
    assert store.draft(key).answers == []


def test_two_tabs_answering_at_once_cannot_both_write(store: Store) -> None:
    """The second writer waits for the first (the write lock, and the draft's row lock on PostgreSQL), then
    sees the answer the first wrote and is refused."""
    campaign(store)
    key = draft(store).key
    outcome: list[object] = []

    def second_tab() -> None:
        try:
            outcome.append(store.set_answers(key, [["species", "2"]], expected=0))
        except LifepathError as e:
            outcome.append(e)

    with store.write_session() as first:
        store.set_answers(key, [["species", "1"]], expected=0, session=first)
        other = threading.Thread(target=second_tab)
        other.start()
        other.join(0.5)
        assert other.is_alive()  # waiting for the first tab's transaction
    other.join(60)
    assert len(outcome) == 1 and isinstance(outcome[0], LifepathError)
    assert "changed since this page was loaded" in str(outcome[0])
    assert store.draft(key).answers == [["species", "1"]]


def test_a_finished_draft_leaves_the_list_and_takes_no_more_answers(store: Store, made: Character) -> None:
    campaign(store)
    campaign(store, "Abyss")
    key = draft(store).key
    other = draft(store, player="Bo").key
    store.set_answers(key, [["species", "1"]], expected=0)
    saved = store.add_character("Spinward", made, player="Ann")
    elsewhere = store.add_character("Abyss", made)
    with pytest.raises(LifepathError, match=f"character {elsewhere} is not of campaign 'Spinward'"):
        store.finish_draft(key, elsewhere)
    with pytest.raises(UnknownName, match="no character with id 999"):
        store.finish_draft(key, 999)
    assert store.draft(key).character_id is None
    done = store.finish_draft(key, saved)
    assert done.character_id == saved and done.answers == [["species", "1"]]
    assert store.draft(key) == done
    assert [d.key for d in store.drafts("Spinward")] == [other]
    assert store.finish_draft(key, saved) == done  # recording it again changes nothing
    second = store.add_character("Spinward", made)
    with pytest.raises(LifepathError, match=f"already saved as character {saved}"):
        store.finish_draft(key, second)
    with pytest.raises(LifepathError, match=f"this draft is finished: it was saved as character {saved}"):
        store.set_answers(key, [["species", "1"], ["x", "y"]], expected=1)
    assert store.draft(key) == done


def test_the_drafts_in_progress_are_listed_last_answered_first(store: Store) -> None:
    campaign(store)
    campaign(store, "Abyss")
    first, second, third = (draft(store, player=p) for p in ("A", "B", "C"))
    draft(store, "Abyss")
    assert [d.key for d in store.drafts("Spinward")] == [third.key, second.key, first.key]
    store.set_answers(first.key, [["species", "1"]], expected=0)
    assert [d.key for d in store.drafts("Spinward")] == [first.key, third.key, second.key]
    with store.write_session() as s:  # the same time: ties go by id
        s.execute(text("UPDATE draft SET updated_at = :t"), {"t": datetime(2026, 1, 1, tzinfo=UTC)})
    assert [d.key for d in store.drafts("Spinward")] == [first.key, second.key, third.key]
    assert [d.campaign for d in store.drafts("Abyss")] == ["Abyss"]
    with pytest.raises(UnknownName, match="there is no campaign called 'Nowhere'"):
        store.drafts("Nowhere")


def test_a_draft_is_deleted_by_its_key(store: Store) -> None:
    campaign(store)
    key, kept = draft(store).key, draft(store).key
    assert store.delete_draft(key) is True
    assert store.draft(key) is None and store.delete_draft(key) is False
    assert [d.key for d in store.drafts("Spinward")] == [kept]


def test_a_deleted_campaign_takes_its_drafts_and_a_deleted_character_its_finished_draft(
    store: Store, made: Character
) -> None:
    """The store has no command to delete a campaign; the schema's cascade is what would take the drafts."""
    campaign(store)
    campaign(store, "Abyss")
    gone = draft(store, "Abyss").key
    key = draft(store).key
    saved = store.add_character("Spinward", made)
    store.finish_draft(key, saved)
    with store.write_session() as s:
        s.execute(text("DELETE FROM campaign WHERE name = 'Abyss'"))
    assert store.draft(gone) is None
    kept = draft(store).key
    store.delete_character(saved)
    # ON DELETE CASCADE: the draft's link no longer opens, and it is not saved a second time
    assert store.draft(key) is None
    assert [d.key for d in store.drafts("Spinward")] == [kept]


#: player's names a draft refuses, and the store's message for each
BAD_PLAYERS = {
    "Ann\x1b[31m": "that player name holds the control character U+001B",
    "Ann\nBob": "that player name holds the control character U+000A",
    "Ann\x00": "that player name holds the control character U+0000",
    "Ann\u202eBob": "that player name holds the control character U+202E",
    "x" * 61: "that player name is 61 characters long",
}


def test_a_bad_player_name_is_refused(store: Store) -> None:
    campaign(store)
    for player, message in BAD_PLAYERS.items():
        with pytest.raises(LifepathError) as caught:
            draft(store, player=player)
        assert caught.value.message == message
    assert store.drafts("Spinward") == []
    assert draft(store, player=" " + "x" * 60 + " ").player == "x" * 60


def test_a_seed_the_store_cannot_keep_is_refused(store: Store) -> None:
    campaign(store)
    seeds: list[Any] = [2**63, -(2**63) - 1, True, 1.5, "7"]
    for seed in seeds:
        with pytest.raises(LifepathError, match=r"the draft has the seed .* which the store cannot keep"):
            draft(store, seed=seed)
    assert store.drafts("Spinward") == []


def test_a_draft_needs_a_campaign_in_play(store: Store) -> None:
    with pytest.raises(UnknownName, match="there is no campaign called 'Spinward'"):
        draft(store)
    campaign(store)
    store.archive("Spinward")
    with pytest.raises(LifepathError, match="archived, so it takes no new characters"):
        draft(store)


def test_revision_0010_adds_drafts_to_a_database_with_characters_and_keeps_them(
    store_url: str, registry: Registry
) -> None:
    """A database at revision 0009 holding a character upgrades to 0010 on SQLite and PostgreSQL alike: the
    character is as it was, and a draft can be made and finished with it."""
    from lifepath.store import open_store
    from lifepath.store.engine import database_url, make_engine
    from lifepath.store.migrate import HEAD, current, upgrade

    engine = make_engine(database_url(store_url))
    now = datetime(2025, 1, 2, tzinfo=UTC)
    query = text("SELECT id, campaign_id, name, player, seed, document, notes FROM character ORDER BY id")
    try:
        upgrade(engine, "0009")
        with engine.begin() as conn:
            conn.execute(
                text(
                    "INSERT INTO campaign (id, name, ruleset, house_rules, plugins, archived, created_at) "
                    "VALUES (1, 'Spinward', 'nowhere-yet', '{}', '[]', false, :now)"
                ),
                {"now": now},
            )
            conn.execute(
                text(
                    "INSERT INTO character (id, campaign_id, name, player, status, ruleset, document, rules_sha256, "
                    "seed, species, careers, terms, profile, created_at, updated_at, notes) VALUES (7, 1, 'Old', "
                    "'Ann', 'active', 'nowhere-yet', '{}', 'x', -5, '', '', 0, '', :now, :now, 'kept')"
                ),
                {"now": now},
            )
            before = conn.execute(query).all()
        upgrade(engine)
        with engine.connect() as conn:
            assert current(conn) == HEAD == "0010"
            assert conn.execute(query).all() == before == [(7, 1, "Old", "Ann", -5, "{}", "kept")]
    finally:
        engine.dispose()
    with open_store(store_url, registry=registry, warn=lambda _t: None) as store:
        assert store.character(7).updated_at == now
        key = store.new_draft("Spinward", player="Ann", seed=3, rules={}).key
        assert store.finish_draft(key, 7).character_id == 7


def test_a_campaigns_players_link_key_is_made_once_replaced_on_demand_and_never_exported(store: Store) -> None:
    from lifepath.store import exchange

    campaign(store)
    campaign(store, "Abyss")
    first = store.table_key("Spinward")
    assert len(first) >= 32 and store.table_key("Spinward") == first
    assert store.table_campaign(first) == "Spinward"
    other = store.table_key("Abyss")
    assert other != first and store.table_campaign(other) == "Abyss"
    replaced = store.table_key("Spinward", new=True)
    assert replaced != first and store.table_campaign(replaced) == "Spinward"
    assert store.table_campaign(first) is None
    for junk in ("", "x" * 65, "a\x00b", "ünï"):
        assert store.table_campaign(junk) is None
    assert replaced not in exchange.export_campaign(store, "Spinward")
