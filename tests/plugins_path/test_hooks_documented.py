"""Every hookspec in lifepath.hookspecs is documented in docs/plugins/hooks.md (its name and each of its
parameters in its own section, with firstresult stated and an example) and is exercised by at least one
test under tests/ (the tests, or the test plugins they install, mention it by name)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from lifepath import hookspecs

REPO = Path(__file__).resolve().parents[2]
HOOKS_MD = REPO / "docs" / "plugins" / "hooks.md"
TESTS = REPO / "tests"


def hookspec_names() -> list[str]:
    return sorted(
        name for name, fn in vars(hookspecs).items()
        if name.startswith("lifepath_") and callable(fn) and hasattr(fn, "lifepath_spec")
    )


def sections(markdown: str) -> dict[str, str]:
    """Level-two sections by heading text (backticks removed)."""
    out = {}
    for chunk in re.split(r"^## ", markdown, flags=re.M)[1:]:
        heading, _, body = chunk.partition("\n")
        out[heading.strip().strip("`")] = body
    return out


HOOKS = hookspec_names()
SECTIONS = sections(HOOKS_MD.read_text(encoding="utf-8"))


def test_the_hookspecs_are_found() -> None:
    assert len(HOOKS) >= 7 and "lifepath_crisis" in HOOKS


@pytest.mark.parametrize("hook", HOOKS)
def test_each_hook_has_a_section_naming_every_parameter(hook: str) -> None:
    assert hook in SECTIONS, f"docs/plugins/hooks.md has no '## {hook}' section"
    body = SECTIONS[hook]
    for param in inspect.signature(getattr(hookspecs, hook)).parameters:
        assert f"`{param}`" in body, f"the section on {hook} does not describe its parameter '{param}'"
    spec = getattr(hookspecs, hook).lifepath_spec
    first = bool(spec.get("firstresult")) if isinstance(spec, dict) else False
    assert ("**firstresult: yes.**" if first else "**firstresult:** no") in body, f"{hook}: firstresult not stated"
    assert "**When:**" in body and "**Returns:**" in body and "```python" in body, f"{hook}: when/returns/example"


def test_no_section_documents_a_hook_that_does_not_exist() -> None:
    documented = {h for h in SECTIONS if h.startswith("lifepath_")}
    assert documented == set(HOOKS)


def python_files_under_tests() -> list[Path]:
    """Python files under tests/ (test modules and the test plugins they install), not this one and not
    build artefacts."""
    me = Path(__file__).resolve()
    return [
        p for p in TESTS.rglob("*.py")
        if p.resolve() != me and not {"build", "__pycache__"} & set(p.parts)
    ]


@pytest.mark.parametrize("hook", HOOKS)
def test_each_hook_is_exercised_by_a_test(hook: str) -> None:
    users = [p for p in python_files_under_tests() if hook in p.read_text(encoding="utf-8")]
    assert users, f"no test under tests/ exercises {hook} (nor installs a plugin implementing it)"
