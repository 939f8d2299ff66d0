"""docs/plugins/rulesets.md's snippets run: every ```python block, in order, as one module."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "plugins" / "rulesets.md"


def test_the_guides_snippets_run() -> None:
    blocks = re.findall(r"^```python\n(.*?)^```$", GUIDE.read_text(encoding="utf-8"), re.S | re.M)
    assert len(blocks) >= 2
    module = types.ModuleType("lifepath_guide_pocket")
    sys.modules[module.__name__] = module  # the snippet registers its own module as the plugin
    try:
        exec(compile("\n".join(blocks), str(GUIDE), "exec"), module.__dict__)
    finally:
        del sys.modules[module.__name__]
