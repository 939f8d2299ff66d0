"""The roster query (``Store.roster``): filters, sort and paging done by the database, with the same answers
on SQLite and PostgreSQL, checked against a plain-Python reading of the same rules over every row.

One small campaign per backend (module-scoped): the rows' roster columns are set by hand (names with
``%``, ``_`` and accents, unknown ages and players, ties) through the store's own insert."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from lifepath.testing import create_character

#: name, species, careers, age, status, player
PEOPLE: list[tuple[str, str, str, int | None, str, str | None]] = [
    ("alpha", "Human", "Navy (2)", 30, "active", "Ann"),
    ("Beta", "Avian", "Scout (1), Navy (1)", None, "dead", None),
    ("beta", "Human", "Merchant (3)", 30, "active", "ann"),
    ("Gamma_1", "Human", "Navy (1)", 22, "retired", "Bob"),
    ("gam%ma", "Avian", "navy (4)", 41, "npc", None),
    ("Gammax1", "Reptilian", "Scientist (2)", 22, "active", "Bob"),
    ("Émile", "Human", "NAVY (1)", None, "active", "Cy"),
    ("émile", "Human", "Drifter (1)", 55, "npc", None),
    ("zed", "", "", 18, "active", "Ann"),
    ("Alpha", "Avian", "Army (2)", 30, "retired", None),
]
SORTS = ("id", "name", "species", "careers", "terms", "age", "profile", "status", "player")


@pytest.fixture(scope="module")
def league(module_backend: Any, registry: Any) -> Iterator[Any]:
    from lifepath.store import documents, open_store
    from lifepath.store.models import CampaignCreate

    with open_store(module_backend.new(), registry=registry, warn=lambda _t: None) as store:
        store.new_campaign(CampaignCreate(name="League", ruleset="nowhere-yet"))
        store.new_campaign(CampaignCreate(name="Other", ruleset="nowhere-yet"))
        character = create_character(registry, "nowhere-yet", seed=3)
        plugins = character.provenance.get("plugins", [])
        rows = []
        for name, species, careers, age, status, player in PEOPLE:
            data = documents.character_create(registry, character, player=player, status=status)
            data.name, data.species, data.careers, data.age = name, species, careers, age
            rows.append((data, plugins))
        store.insert_rows("League", rows)
        store.insert_rows("Other", rows[:2])
        yield store


def reference(rows: list[Any], q: Any) -> list[int]:
    """The rules of lifepath.store.roster, read in Python over every row."""

    def keep(r: Any) -> bool:
        return (
            (not q.q or q.q.lower() in r.name.lower())
            and (not q.career or q.career.lower() in r.careers.lower())
            and (not q.species or r.species == q.species)
            and (not q.status or r.status == q.status)
            and (not q.player or (r.player or "").lower() == q.player.lower())
            and (q.age_min is None or (r.age is not None and r.age >= q.age_min))
            and (q.age_max is None or (r.age is not None and r.age <= q.age_max))
        )

    found = [r for r in rows if keep(r)]
    if q.sort == "id":
        return sorted((r.id for r in found), reverse=q.order == "desc")
    known = [r for r in found if getattr(r, q.sort) is not None]
    unknown = sorted(r.id for r in found if getattr(r, q.sort) is None)

    def key(r: Any) -> Any:
        value = getattr(r, q.sort)
        return value.lower() if isinstance(value, str) else value

    groups: dict[Any, list[int]] = {}
    for r in known:
        groups.setdefault(key(r), []).append(r.id)
    ordered = [i for k in sorted(groups, reverse=q.order == "desc") for i in sorted(groups[k])]
    return ordered + unknown


QUERIES: list[dict[str, Any]] = [
    {},
    {"q": "ALPHA"},
    {"q": "%"},
    {"q": "_"},
    {"q": "a_1"},
    {"q": "émi"},
    {"q": "ÉMI"},
    {"q": "/"},
    {"q": "\\"},
    {"career": "navy"},
    {"career": "(1)"},
    {"species": "Human"},
    {"species": "human"},
    {"status": "npc"},
    {"status": "gone"},
    {"player": "ANN"},
    {"age_min": 22, "age_max": 30},
    {"age_min": 41},
    {"age_max": 20},
    {"species": "Human", "age_min": 20, "career": "navy", "q": "a"},
    *({"sort": s, "order": o} for s in SORTS for o in ("asc", "desc")),
    {"sort": "name", "order": "desc", "species": "Avian"},
]


def test_every_query_answers_as_the_rules_say(league: Any) -> None:
    from lifepath.store.roster import RosterQuery

    every = league.characters("League")
    assert len(every) == len(PEOPLE)
    for fields in QUERIES:
        query = RosterQuery(per_page=None, **fields)
        found = league.roster("League", query)
        assert [r.id for r in found.rows] == reference(every, query), fields
        assert found.total == len(PEOPLE) and found.matched == len(found.rows) and found.pages == 1


def test_the_order_is_the_same_on_both_databases(league: Any) -> None:
    """Spelled out, so SQLite and PostgreSQL (each checked here) give these very rows: case folded, code
    point order after folding (not the server's locale), ties by id, unknown ages last either way."""
    from lifepath.store.roster import RosterQuery

    def names(**fields: Any) -> list[str]:
        return [r.name for r in league.roster("League", RosterQuery(per_page=None, **fields)).rows]

    assert names(sort="name") == [
        "alpha",
        "Alpha",
        "Beta",
        "beta",
        "gam%ma",
        "Gamma_1",
        "Gammax1",
        "zed",
        "Émile",
        "émile",
    ]
    assert names(sort="age", order="desc") == [
        "émile",
        "gam%ma",
        "alpha",
        "beta",
        "Alpha",
        "Gamma_1",
        "Gammax1",
        "zed",
        "Beta",
        "Émile",
    ]
    assert names(q="%") == ["gam%ma"] and names(q="_") == ["Gamma_1"]


def test_pages_cover_the_rows_once_and_keep_the_counts(league: Any) -> None:
    from lifepath.store.roster import RosterQuery

    whole = [r.id for r in league.roster("League", RosterQuery(sort="name", per_page=None)).rows]
    seen: list[int] = []
    for page in (1, 2, 3, 4):
        found = league.roster("League", RosterQuery(sort="name", page=page, per_page=3))
        assert (found.page, found.pages, found.matched, found.total) == (page, 4, 10, 10)
        assert found.first == 3 * (page - 1) + 1 and found.last == found.first + len(found.rows) - 1
        seen += [r.id for r in found.rows]
    assert seen == whole
    beyond = league.roster("League", RosterQuery(sort="name", page=99, per_page=3))
    assert beyond.page == 4 and [r.id for r in beyond.rows] == whole[9:]
    some = league.roster("League", RosterQuery(species="Avian", per_page=2))
    assert (some.matched, some.total, some.pages, len(some.rows)) == (3, 10, 2, 2)
    none = league.roster("League", RosterQuery(q="nobody"))
    assert (none.rows, none.matched, none.pages, none.first, none.last) == ([], 0, 1, 0, 0)


def test_every_campaign_the_species_menu_and_the_counts(league: Any) -> None:
    from lifepath.store.roster import RosterQuery

    both = league.roster(None, RosterQuery(per_page=None))
    assert both.total == len(PEOPLE) + 2 and {r.campaign for r in both.rows} == {"League", "Other"}
    assert league.species_choices("League") == ["Avian", "Human", "Reptilian"]
    assert league.species_choices("Other") == ["Avian", "Human"]
    assert league.character_count("League") == len(PEOPLE) and league.character_count("Other") == 2


def test_a_bad_query_or_campaign_is_one_clear_error(league: Any) -> None:
    from lifepath.errors import LifepathError, UnknownName
    from lifepath.store.roster import RosterQuery

    with pytest.raises(UnknownName, match="no campaign called 'Nope'"):
        league.roster("Nope", RosterQuery())
    for bad, message in (
        ({"sort": "document"}, "not a roster column"),
        ({"order": "up"}, "not a sort order"),
        ({"page": 0}, "no roster page 0"),
        ({"per_page": 0}, "is no page"),
    ):
        with pytest.raises(LifepathError, match=message):
            league.roster("League", RosterQuery(**bad))
