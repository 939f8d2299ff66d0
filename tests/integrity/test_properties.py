"""Invariants of verify, for any seed: an untouched export is identical, and changing any one value of
its sheet is refused with a message that names that value's field."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from lifepath.creation import create
from lifepath.decisions import PolicyChooser
from lifepath.replay import verify

from .conftest import REGISTRY

Path = tuple[str | int, ...]


def leaves(node: Any, path: Path = (), name: str = "sheet") -> Iterator[tuple[Path, str]]:
    """Every scalar in ``node``: its path of keys and indexes, and the field name a difference uses (a
    scalar inside a list of scalars is named by the list)."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, (*path, key), f"{name}.{key}")
    elif isinstance(node, list):
        if all(not isinstance(v, (dict, list)) for v in node):
            for i in range(len(node)):
                yield (*path, i), name
        else:
            for i, value in enumerate(node):
                yield from leaves(value, (*path, i), f"{name}[{i}]")
    else:
        yield path, name


def changed(value: Any) -> Any:
    """Another value of the same JSON type."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "!"
    return 0 if value is None else None


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63 - 1), pick=st.integers(min_value=0))
def test_any_changed_sheet_value_is_refused_and_named(seed: int, pick: int) -> None:
    doc = create(REGISTRY, "nowhere-yet", seed=seed, chooser=PolicyChooser(seed)).to_dict()
    assert verify(REGISTRY, doc).identical
    paths = list(leaves(doc["sheet"]))
    path, name = paths[pick % len(paths)]
    node = doc["sheet"]
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = changed(node[path[-1]])
    verdict = verify(REGISTRY, doc)
    assert not verdict.identical
    assert any(d.where == name for d in verdict.differences), (name, verdict.message)
