"""Helper process for test_concurrency.py: save characters inside one transaction, then stop in it.

    python save_in_transaction.py DB CAMPAIGN MARKER COUNT hang|commit

Creates COUNT characters (seeds 1..COUNT), opens the store, adds them all inside one write transaction,
flushes them to the database, writes MARKER, and then either sleeps inside the open transaction (so the
test can SIGKILL it mid-save) or commits.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from lifepath.store import open_store
from lifepath.testing import create_character, make_registry


def main(db: str, campaign: str, marker: str, count: int, mode: str) -> None:
    registry = make_registry("nowhere_yet")
    characters = [create_character(registry, "nowhere-yet", seed=s) for s in range(1, count + 1)]
    with open_store(db, registry=registry) as store, store.write_session() as session:
        for character in characters:
            store.add_character(campaign, character, player="Killed?", session=session)
        session.flush()
        Path(marker).write_text("in the transaction\n", encoding="utf-8")
        if mode == "hang":
            time.sleep(600)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5])
