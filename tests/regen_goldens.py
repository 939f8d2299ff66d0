"""Regenerate the golden files after a deliberate rules change, then review the diff.

    python tests/regen_goldens.py && git diff --stat tests/

Tests only ever read golden files; this command is the one thing that writes them. It writes Nowhere
Yet's golden exports and UCF texts (``tests/nowhere_yet/golden/``) and the export formats' files
(``tests/formats/golden/``) from the installed code, refuses a case
whose seed no longer covers its situation, and lists the files that changed. Other rulesets' golden
characters are written out in their test modules and are edited by hand.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODULES = [HERE / "nowhere_yet" / "test_golden.py", HERE / "formats" / "goldens.py"]


def load(path: Path) -> object:
    spec = importlib.util.spec_from_file_location(f"golden_{path.parent.name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    changed: list[Path] = []
    for path in MODULES:
        changed += load(path).regenerate()  # type: ignore[attr-defined]
    for path in changed:
        print(f"rewrote {path.relative_to(HERE.parent)}")
    print(f"{len(changed)} golden file(s) changed" + ("; review them with git diff" if changed else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
