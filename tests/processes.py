"""Watching the processes a command starts, for the tests that kill or interrupt one (Linux /proc)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

#: bounds a hang only: no test asserts how long anything takes
DEADLINE = 120.0


def group_members(pgid: int) -> list[int]:
    """Live (not zombie) processes in the process group ``pgid``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()  # state, ppid, pgrp, ...
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def started_workers(pgid: int) -> int:
    """How many processes of the group ``pgid`` (its leader aside) run a thread beside their main one: the
    workers whose own start-up (``lifepath.support.workers.worker_start`` starts a thread) has run, so past
    multiprocessing's, which prints a traceback when its parent dies while it reads its start-up data. The
    resource tracker runs one thread."""
    count = 0
    for pid in group_members(pgid):
        if pid == pgid:
            continue
        try:
            threads = sum(1 for _ in Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
        count += threads >= 2
    return count


def wait_for(condition: Callable[[], bool], what: str, deadline: float = DEADLINE) -> None:
    """Wait until ``condition`` holds; fail naming ``what`` if it does not within ``deadline`` seconds."""
    end = time.monotonic() + deadline
    while not condition():
        if time.monotonic() > end:
            pytest.fail(f"still waiting after {deadline:.0f} s for {what}")
        time.sleep(0.1)
