"""The acceptance runs too slow for the suite, run by hand: ``python bench/acceptance.py [N]``.

* No Nowhere Yet NPC dies in creation under the default rules, over seeds 0 to N-1 (default 100,000,
  the figure the issue names; the suite checks every 25th of them, see
  ``tests/nowhere_yet/test_properties.py``).

Prints what it checked and exits non-zero on the first failure.
"""

from __future__ import annotations

import sys
import time

from lifepath.testing import create_character, make_registry


def no_deaths(count: int) -> int:
    """How many of seeds 0 to ``count - 1`` died (0 is the promise)."""
    registry = make_registry("nowhere_yet")
    dead = [seed for seed in range(count) if create_character(registry, "nowhere-yet", seed).sheet.status != "alive"]
    for seed in dead[:10]:
        print(f"  seed {seed} died: lifepath create --auto --seed {seed} --history")
    return len(dead)


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    start = time.perf_counter()
    dead = no_deaths(count)
    print(f"no-death acceptance: {count:,} NPCs, {dead} died ({time.perf_counter() - start:.1f} s)")
    return 1 if dead else 0


if __name__ == "__main__":
    sys.exit(main())
