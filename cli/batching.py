"""Seeds and worker counts for the commands that make characters (``create``, ``generate``, ``odds``...).

Opening a campaign, its registry and house rules is :mod:`lifepath.campaigns`, which the web app and the
importer share.
"""

from __future__ import annotations


def new_seed() -> int:
    """A fresh seed for a character or batch the user gave none for (it is recorded, so it replays)."""
    import secrets

    return secrets.randbelow(2**31)


def cap_workers(workers: int, *, quiet: bool = False) -> int:
    """``--workers``, at most the CPUs this process may use; more only queue for the same CPUs, so the
    number is lowered with a warning on stderr (the output is the same for any number of workers).
    ``quiet`` lowers it without the warning (for a default that is more than a one-CPU machine has)."""
    import os
    import sys

    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    if workers > usable and quiet:
        return usable
    if workers > usable:
        print(f"warning: --workers {workers} is more than the {usable} CPU(s) here; using {usable}", file=sys.stderr)
        return usable
    return workers
