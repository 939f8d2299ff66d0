"""lifepath.tables.MadeOnce: what a plugin works out from its tables once, by table object."""

from __future__ import annotations

from lifepath.tables import MadeOnce


def test_a_value_is_made_once_per_name_and_source_object() -> None:
    once = MadeOnce()
    made: list[str] = []
    source = {"rows": [1, 2]}

    def make(tag: str) -> str:
        made.append(tag)
        return tag

    assert once.get("menu", source, lambda: make("first")) == "first"
    assert once.get("menu", source, lambda: make("again")) == "first"  # kept: make is not called again
    assert once.get("names", source, lambda: make("names")) == "names"  # another name, another value
    assert made == ["first", "names"] and len(once) == 2


def test_equal_sources_are_told_apart_by_identity() -> None:
    once = MadeOnce()
    a, b = [1, 2], [1, 2]
    assert once.get("sum", a, lambda: "of a") == "of a"
    assert once.get("sum", b, lambda: "of b") == "of b"
    assert once.get("sum", a, lambda: "never") == "of a"


def test_a_source_is_kept_so_its_identity_cannot_be_taken() -> None:
    once = MadeOnce()
    first = once.get("list", [1], lambda: "one")
    # the list above has no other reference; were it freed, a new list could reuse its id and be taken
    # for it
    later = [once.get("list", [n], lambda n=n: f"made for {n}") for n in range(200)]
    assert first == "one" and later == [f"made for {n}" for n in range(200)] and len(once) == 201


def test_two_keepers_share_nothing() -> None:
    source = object()
    mine, theirs = MadeOnce(), MadeOnce()
    assert mine.get("x", source, lambda: "mine") == "mine"
    assert theirs.get("x", source, lambda: "theirs") == "theirs"
