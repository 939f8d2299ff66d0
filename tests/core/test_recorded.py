"""A replay runs with exactly the content a character was made with (:mod:`lifepath.host.recorded`): the registry
for each set of recorded plugins is built once, however many characters ask for it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from lifepath.hookspecs import hookimpl
from lifepath.host.manager import Manager
from lifepath.host.recorded import ContentMismatch, registry_for
from lifepath.replay import verify
from lifepath.testing import create_character

REPO = Path(__file__).resolve().parents[2]
BELTER = json.loads((REPO / "plugins/nowhere_yet/data/careers/belter.json").read_text(encoding="utf-8"))


class _Careers:
    """A plugin object adding one Nowhere Yet career (a renamed Belter)."""

    def __init__(self, cid: str, name: str) -> None:
        data = copy.deepcopy(BELTER)
        data.pop("errata", None)
        data.pop("source", None)
        data.update(id=cid, name=name, aliases=[])
        self.data = data

    @hookimpl
    def lifepath_register_careers(self, ruleset_id: str, register: Any) -> None:
        if ruleset_id == "nowhere-yet":
            register(self.data)


def _manager(*extra: str) -> Manager:
    manager = Manager()
    manager.load_entry_points(only={"nowhere_yet"})
    for name in extra:
        manager.add(_Careers(name, name.title()), name, f"lifepath-{name}", "1.0.0")
    return manager


def test_content_installed_later_is_left_out_and_each_set_of_plugins_is_built_once() -> None:
    before = _manager()
    made = [create_character(before.registry(), "nowhere-yet", seed=s).to_dict() for s in range(1, 6)]
    after = _manager("wrecker")  # a career installed after the characters were made
    registry = after.registry()
    assert "wrecker" in registry.careers("nowhere-yet")

    used = {id(registry_for(registry, "nowhere-yet", doc["provenance"])) for doc in made}
    assert len(used) == 1 and id(registry) not in used  # one registry of the recorded plugins, for all five
    assert after.restricted({"nowhere_yet"}) is after.restricted(["nowhere_yet"])
    assert all(verify(registry, doc).identical for doc in made)

    # a character made with the new career replays on the full registry itself
    rich = create_character(registry, "nowhere-yet", seed=2, answers={"career": "wrecker"}).to_dict()
    assert registry_for(registry, "nowhere-yet", rich["provenance"]) is registry
    assert verify(registry, rich).identical


def test_a_missing_plugin_or_another_version_is_one_paragraph_naming_both() -> None:
    with_it = _manager("wrecker").registry()
    doc = create_character(with_it, "nowhere-yet", seed=3).to_dict()
    with pytest.raises(ContentMismatch) as missing:
        verify(_manager().registry(), doc)
    assert missing.value.pointer == "/provenance/plugins/1"
    assert missing.value.message.startswith(
        "this character was made with the plugin 'wrecker' 1.0.0, and it is "
        "not installed; a replay needs exactly the content"
    )
    # the provenance records the distribution it came from, so the hint is the real command
    assert doc["provenance"]["distributions"] == {"wrecker": "lifepath-wrecker"}
    assert missing.value.hint == "install that version with `pip install lifepath-wrecker==1.0.0`, then verify again"

    other = _manager()
    other.add(_Careers("wrecker", "Wrecker"), "wrecker", "lifepath-wrecker", "2.0.0")
    with pytest.raises(ContentMismatch) as newer:
        verify(other.registry(), doc)
    assert "'wrecker' 1.0.0, and 2.0.0 is installed" in newer.value.message
    assert newer.value.hint == "install that version with `pip install lifepath-wrecker==1.0.0`, then verify again"

    changed = _manager()
    edited = _Careers("wrecker", "Wrecker")
    edited.data["description"] = "changed without a new version"
    changed.add(edited, "wrecker", "lifepath-wrecker", "1.0.0")
    with pytest.raises(ContentMismatch) as tables:
        verify(changed.registry(), doc)
    assert tables.value.pointer == "/provenance/tables_sha256"
    assert "and the same plugins at the same versions ('wrecker' 1.0.0) give" in tables.value.message


def test_an_export_from_before_distributions_were_recorded_still_verifies() -> None:
    """lifepath 0.1 recorded no ``provenance.distributions``: such an export replays exactly; one that records
    another distribution than the installed plugin's is a provenance difference."""
    registry = _manager("wrecker").registry()
    doc = create_character(registry, "nowhere-yet", seed=3).to_dict()
    old = {**doc, "provenance": {k: v for k, v in doc["provenance"].items() if k != "distributions"}}
    assert verify(registry, old).identical
    assert verify(registry, doc).identical
    forged = {**doc, "provenance": {**doc["provenance"], "distributions": {"wrecker": "someone-else"}}}
    verdict = verify(registry, forged)
    assert not verdict.identical
    assert any("provenance.distributions" in line for line in verdict.provenance_differences or [])
