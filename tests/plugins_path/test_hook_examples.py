"""The examples in docs/plugins/hooks.md work.

An example fenced as ```` ```python PATH ```` is quoted from a real file and must appear in it verbatim;
the plugins those files belong to are installed and run by the other tests here. Every other Python example
is run: all of them are executed into one module, which is registered as a plugin beside the installed
ones, and characters are made with it. That exercises ``lifepath_register_rulesets`` (the Coin Toss
ruleset) and ``lifepath_characteristics`` (hardier reptilians, ``trylast`` so it runs after Nowhere Yet's
own implementation)."""

from __future__ import annotations

import re
import types
from pathlib import Path

import pytest

from lifepath.testing import Registry, create_character, events, make_registry

REPO = Path(__file__).resolve().parents[2]
HOOKS_MD = REPO / "docs" / "plugins" / "hooks.md"
PYTHON_BLOCKS = [
    (m.group(1).strip() or None, m.group(2))
    for m in re.finditer(r"^```python([^\n]*)\n(.*?)^```", HOOKS_MD.read_text(encoding="utf-8"), re.M | re.S)
]


@pytest.mark.parametrize("path,code", [b for b in PYTHON_BLOCKS if b[0]], ids=lambda v: str(v)[:40])
def test_quoted_examples_are_verbatim_from_their_file(path: str, code: str) -> None:
    source = (REPO / path).read_text(encoding="utf-8")
    assert code in source, f"the example said to come from {path} is not in it verbatim"


def examples_plugin() -> types.ModuleType:
    module = types.ModuleType("hook_examples")
    runnable = [code for path, code in PYTHON_BLOCKS if path is None]
    assert runnable
    for code in runnable:
        exec(compile(code, str(HOOKS_MD), "exec"), module.__dict__)
    return module


def endurance_dice(registry: Registry, seed: int) -> str:
    character = create_character(registry, "nowhere-yet", seed, options={"species": "reptilian"})
    (throw,) = events(character, "throw", purpose="characteristic: Endurance")
    return str(throw["dice"])


def test_the_runnable_examples_work_as_a_plugin() -> None:
    registry = make_registry(extra=[("hook_examples", examples_plugin())])

    # lifepath_register_rulesets: the Coin Toss ruleset, with its house rule
    assert registry.ruleset_plugin("coin-toss") == "hook_examples"
    tossed = create_character(registry, "Coin Toss", seed=5)
    assert tossed.sheet.name in ("The one who called heads", "The one who called tails")
    assert isinstance(tossed.sheet.extra["lucky"], bool)
    assert registry.ruleset("coin-toss").render(tossed).startswith(tossed.sheet.name)
    lucky = create_character(registry, "coin-toss", seed=5, rules={"luck": 2})
    (toss,) = events(lucky, "throw", purpose="the toss")
    assert toss["dms"] == [["luck", 2]]

    # lifepath_characteristics: after Nowhere Yet's own implementation, reptilian End is rolled on 2D6
    assert endurance_dice(registry, 3) == "2D6"
    assert endurance_dice(make_registry(), 3) == "2D6-2"  # the printed species without the example
    other = create_character(registry, "nowhere-yet", 3, options={"species": "avian"})
    (avian,) = events(other, "throw", purpose="characteristic: Endurance")
    assert avian["dice"] == "1D6"  # only reptilians are changed

    # lifepath_register_skills and lifepath_register_traits: the skill and trait join Nowhere Yet's lists
    vocab = registry.vocabulary("nowhere-yet")
    assert vocab.skill_plugins["Seal Lore"] == "hook_examples"
    assert vocab.traits["cold-water-swimmer"]["name"] == "Cold-Water Swimmer"
    assert "Seal Lore" not in make_registry().vocabulary("nowhere-yet").skills
