"""The floor under issue 7's engine target, run by hand: ``python bench/floor.py``.

It builds only the history an average Nowhere Yet NPC records (39 decisions, each listing 9 options and
answered by a weighted draw; 27 throws of 2D6 against a target; 34 changes; 11 notes), with no rules,
no sheet, no tables and no plugins, as one flat function, and prints that rate and its ratio to the same
``random.randint(1, 6) + random.randint(1, 6)`` loop as ``bench/run.py``. The ratio is the ceiling any
pure-Python engine recording the same history could reach; compare it with the target of 0.012.
"""

from __future__ import annotations

import random
import time
from bisect import bisect_right
from itertools import accumulate
from typing import Any

#: the per-character averages, counted over 2,000 seeded NPCs (see README's Performance section)
DECISIONS, OPTIONS, THROWS, CHANGES, NOTES = 39, 9, 27, 34, 11

_IDS = [f"option-{i}" for i in range(OPTIONS)]
_CUMULATIVE = list(accumulate(1.0 + i for i in range(OPTIONS)))


def history(seed: int) -> list[dict[str, Any]]:
    """One character's worth of events, and nothing else."""
    throws = random.Random(seed).random
    policy = random.Random(-seed).random
    events: list[dict[str, Any]] = []
    append = events.append
    total = _CUMULATIVE[-1]
    for _ in range(DECISIONS):
        ids = list(_IDS)
        answer = ids[bisect_right(_CUMULATIVE, policy() * total)]
        append({"type": "decision", "key": "key", "prompt": "prompt", "options": ids, "answer": answer})
    for _ in range(THROWS):
        faces = [int(throws() * 6) + 1, int(throws() * 6) + 1]
        result = faces[0] + faces[1]
        append(
            {
                "type": "throw",
                "purpose": "purpose",
                "dice": "2D6",
                "faces": faces,
                "dms": [],
                "total": result,
                "target": 8,
                "success": result >= 8,
            }
        )
    for _ in range(CHANGES):
        append({"type": "change", "what": "skill", "from": 0, "to": 1, "why": "why"})
    for _ in range(NOTES):
        append({"type": "note", "text": "text"})
    return events


def main(count: int = 20_000) -> None:
    start = time.perf_counter()
    for seed in range(count):
        history(seed)
    rate = count / (time.perf_counter() - start)
    randint = random.randint
    start = time.perf_counter()
    for _ in range(1_000_000):
        randint(1, 6) + randint(1, 6)
    dice = 1_000_000 / (time.perf_counter() - start)
    print(f"histories only: {rate:,.0f} characters/s ({1e6 / rate:.0f} us each)")
    print(f"plain 2D6 throws/s: {dice:,.0f}")
    print(f"ratio: {rate / dice:.4f} (issue 7's target for the whole engine: 0.012)")


if __name__ == "__main__":
    main()
