"""Work ``lifepath serve`` keeps off its event loop: the odds, and the store's short waits.

* :class:`OddsJobs`: the odds of a campaign are worked out in one background thread, one report at a time,
  and kept by everything they depend on (:func:`odds_key`: the campaign, its ruleset, house rules, enabled
  plugins and replacements, what its content folders hold, and the count). A request starts a report, or
  finds it started or done, and never waits for it unless it chooses to (:meth:`OddsJob.wait`); so a long
  count leaves every other page as quick as before. At most :data:`ODDS_QUEUED` reports are being worked
  out or waiting at once, and the :data:`ODDS_KEPT` most recently asked for are kept.
* :func:`short_waits`: a SQLite store whose connections wait :data:`WEB_BUSY_TIMEOUT` seconds, not the
  command line's 30, for another process's write lock, so a busy roster is answered with a page saying
  so (see :func:`lifepath.web.safety.is_busy`) while the other pages go on being served.

Only the standard library is imported at import time.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from lifepath.store.models import CampaignRead
    from lifepath.store.service import Store

#: reports kept once worked out (the oldest done one goes first)
ODDS_KEPT = 32
#: reports being worked out or waiting their turn, at most
ODDS_QUEUED = 4
#: seconds the web app's SQLite connections wait for another process's write lock
WEB_BUSY_TIMEOUT = 2.0

Report = dict[str, Any]


class Stopped(Exception):
    """Raised inside a report's work when the server stops, so the thread ends between two chunks."""


@dataclass
class OddsJob:
    """One report: what it is keyed by, how many characters, how many are made so far, and its future."""

    key: tuple[Any, ...]
    count: int
    made: int = 0
    stopped: bool = False
    future: Future[Report] = field(default_factory=Future)

    def add(self, made: int) -> None:
        """The progress callback of :func:`lifepath.batches.odds.compute_odds` (and where a stopping server ends it)."""
        if self.stopped:
            raise Stopped
        self.made += made

    @property
    def done(self) -> bool:
        return self.future.done()

    def result(self) -> Report:
        """The report (or the error its work raised); only once :attr:`done`."""
        return self.future.result(timeout=0)

    async def wait(self, timeout: float) -> None:
        """Wait (without holding a thread or the event loop) until the report is done or ``timeout`` passes."""
        if self.done:
            return
        loop = asyncio.get_running_loop()
        finished = asyncio.Event()

        def wake(_future: Future[Report]) -> None:
            with suppress(RuntimeError):  # the loop closed meanwhile: nobody is waiting any more
                loop.call_soon_threadsafe(finished.set)

        self.future.add_done_callback(wake)
        with suppress(asyncio.TimeoutError):
            await asyncio.wait_for(finished.wait(), timeout)


def content_hash(folders: Iterable[str]) -> str:
    """A digest of what the content folders hold now (every file's path and bytes), so a changed folder
    gets new odds; a folder that is gone hashes as empty (working the odds out then says what is wrong)."""
    digest = hashlib.sha256()
    for folder in folders:
        digest.update(folder.encode("utf-8", "surrogateescape") + b"\0")
        root = Path(folder)
        try:
            files = sorted(p for p in root.rglob("*") if p.is_file())
        except OSError:
            continue
        for path in files:
            digest.update(str(path.relative_to(root)).encode("utf-8", "surrogateescape") + b"\0")
            with suppress(OSError):
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def odds_key(campaign: CampaignRead, count: int) -> tuple[Any, ...]:
    """What a campaign's odds depend on: it, its ruleset, house rules, enabled plugins and replacements,
    the bytes of its content folders, and the count (the installed plugins are the server's, fixed)."""
    return (
        campaign.id,
        campaign.ruleset,
        json.dumps(campaign.house_rules, sort_keys=True, default=str),
        tuple(campaign.enabled_plugins),
        tuple(campaign.enabled_replacements),
        content_hash(campaign.content),
        count,
    )


class OddsJobs:
    """The reports of one server (see the module docstring); safe to use from any thread."""

    def __init__(self, kept: int = ODDS_KEPT, queued: int = ODDS_QUEUED) -> None:
        self.kept = kept
        self.queued = queued
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="lifepath-odds")
        self._jobs: OrderedDict[tuple[Any, ...], OddsJob] = OrderedDict()
        self._lock = threading.Lock()

    def start(
        self, key: tuple[Any, ...], count: int, work: Callable[[Callable[[int], None]], Report]
    ) -> OddsJob | None:
        """The job for ``key``, started (``work`` is called with the progress callback) if it is new; None
        when :attr:`queued` reports are already being worked out."""
        with self._lock:
            job = self._jobs.get(key)
            if job is not None:
                self._jobs.move_to_end(key)
                return job
            if sum(not j.done for j in self._jobs.values()) >= self.queued:
                return None
            job = OddsJob(key, count)
            job.future = self._pool.submit(work, job.add)
            self._jobs[key] = job
            self._trim()
            return job

    def _trim(self) -> None:
        while len(self._jobs) > self.kept:
            oldest = next((k for k, j in self._jobs.items() if j.done), None)
            if oldest is None:
                return
            del self._jobs[oldest]

    def forget(self, job: OddsJob) -> None:
        """Drop a job (one that failed, so that asking again tries again)."""
        with self._lock:
            if self._jobs.get(job.key) is job:
                del self._jobs[job.key]

    def close(self) -> None:
        """Stop: waiting reports are cancelled and the one being worked out ends at its next chunk."""
        with self._lock:
            for job in self._jobs.values():
                job.stopped = True
        self._pool.shutdown(wait=False, cancel_futures=True)


def short_waits(store: Store, seconds: float = WEB_BUSY_TIMEOUT) -> Store:
    """``store``, whose SQLite connections from now on wait ``seconds`` for another process's write lock
    (a PostgreSQL store is returned as it is)."""
    from sqlalchemy import event

    from lifepath.store.engine import is_sqlite

    if not is_sqlite(store.url):
        return store

    def connect(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute(f"PRAGMA busy_timeout = {int(seconds * 1000)}")
        finally:
            cursor.close()

    event.listen(store.engine, "connect", connect)
    store.engine.dispose()  # connections opened before (the schema check) get the new wait when remade
    return store


__all__ = [
    "ODDS_KEPT",
    "ODDS_QUEUED",
    "WEB_BUSY_TIMEOUT",
    "OddsJob",
    "OddsJobs",
    "Stopped",
    "content_hash",
    "odds_key",
    "short_waits",
]
