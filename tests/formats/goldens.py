"""What makes each golden file of the format tests. Tests only compare with these files; the one thing
that writes them is ``python tests/regen_goldens.py``, which calls :func:`regenerate`."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"
RULESETS = ("nowhere-yet", "wormwood-drift", "d6-pool", "black-nova")


def lifepath(*args: str) -> str:
    """The installed console script's standard output (it must succeed)."""
    script = Path(sys.executable).with_name("lifepath")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "lifepath"]
    return subprocess.run([*command, *args], capture_output=True, text=True, check=True).stdout


def foundry(seed: int) -> str:
    from lifepath.formats.foundry import actor, to_json
    from lifepath.testing import create_character, make_registry

    registry = make_registry()
    character = create_character(registry, "nowhere-yet", seed)
    return to_json(actor(registry.ruleset("nowhere-yet").foundry_actor(character)))


MAKERS: dict[str, Callable[[], str]] = {
    **{
        f"generate-{ruleset}.csv": partial(
            lifepath, "generate", "--count", "6", "--seed", "11", "--ruleset", ruleset, "--format", "csv"
        )
        for ruleset in RULESETS
    },
    "generate-seed-7.1001.txt": partial(lifepath, "generate", "--count", "4", "--seed", "7", "--format", "1001"),
    **{f"foundry-seed-{seed}.json": partial(foundry, seed) for seed in (7, 12)},
}


def regenerate() -> list[Path]:
    """Write every golden file whose text changed; return those files."""
    changed: list[Path] = []
    for name, make in sorted(MAKERS.items()):
        path, text = GOLDEN / name, make()
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
            changed.append(path)
    return changed
