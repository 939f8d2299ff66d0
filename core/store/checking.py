"""Checking the characters of a campaign import in worker processes, so an import uses every CPU.

Most of an import's time is checking each character: parsing its line, building the row, and above all
replaying it from its seed and decisions (:meth:`lifepath.store.exchange.Checker.prepare`). Characters
are checked independently of each other, so with ``workers > 1`` this module sends chunks of raw lines of
a format 2 campaign export to :func:`lifepath.support.workers.pool`'s processes (spawned, gone with their parent,
terminated at once on an error or Ctrl-C) and hands back what each line became, **in file order**:

* the importing process keeps everything that depends on more than one character or on the database:
  reading the file (its length and count checks), the duplicate check, the INSERTs and the one
  transaction, so the import stays all or nothing, whatever the number of workers;
* at most ``2 * workers`` chunks are in flight, so memory stays flat whatever the file's size;
* a worker that meets a mistake returns it as data (its kind, message, file, line, pointer and hint),
  and the importing process raises the same :class:`~lifepath.errors.LifepathError` when it reaches that
  line, after the lines before it: the first mistake in the file is the one reported, with the same words
  as a one-process import, and the warnings come in file order too.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from lifepath import errors
from lifepath.errors import LifepathError

if TYPE_CHECKING:
    from concurrent.futures import Future

    from lifepath.store.exchange import Checker, ImportFile, Said
    from lifepath.store.models import CampaignRead, CharacterCreate

#: the workers of an import that leaves their number to lifepath (at most the CPUs here)
DEFAULT_WORKERS = 2
#: character lines per chunk sent to a worker (about 1 MB of text; 2 chunks a worker in flight, each held
#: as lines and again as rows, so this sets most of what the importing process holds beyond its modules)
CHUNK = 50
#: with the default number of workers, a file of fewer characters is checked in the importing process:
#: starting a worker costs about a second of CPU (imports, the registry), what ~700 characters' checks cost
MIN_PARALLEL = 2000


@dataclass
class Checked:
    """One character checked: how messages name it, the values of its row (plain data: a worker does not
    import the store's models, which saves each worker about a second and 25 MB), the plugins it was made
    with, and whether it is stored marked edited."""

    label: str
    values: dict[str, Any]
    plugins: list[dict[str, str]]
    edited: bool


@dataclass
class Ready:
    """One character ready to write: :class:`Checked`, its row built and checked by the model."""

    label: str
    row: CharacterCreate
    plugins: list[dict[str, str]]
    edited: bool


@dataclass(frozen=True)
class Target:
    """What a worker needs of the campaign imported into (a ``CampaignRead`` would need the models)."""

    name: str
    ruleset: str
    content: list[str]


@dataclass(frozen=True)
class Spec:
    """Everything a worker needs to check characters as the importing process would (picklable)."""

    source: str
    kind: str
    header: dict[str, Any]
    header_text: str
    path: str | None
    target: Target
    in_force: dict[str, Any]
    accept_edited: bool


@dataclass
class Done:
    """What a worker made of one chunk: the characters checked before the first mistake, the warnings
    they gave, and that mistake (as data, see :func:`_as_data`) if there was one."""

    ready: list[Checked] = field(default_factory=list)
    warnings: list[Said] = field(default_factory=list)
    error: tuple[str, str, str | None, int | None, str | None, str | None] | None = None


def _as_data(exc: LifepathError) -> tuple[str, str, str | None, int | None, str | None, str | None]:
    """A :class:`LifepathError` as plain data (its class is one of :mod:`lifepath.errors`'), so that any
    subclass crosses the process boundary with every field."""
    kind = type(exc).__name__ if getattr(errors, type(exc).__name__, None) is type(exc) else "LifepathError"
    return kind, exc.message, exc.file, exc.line, exc.pointer, exc.hint


def _from_data(data: tuple[str, str, str | None, int | None, str | None, str | None]) -> LifepathError:
    kind, message, file, line, pointer, hint = data
    cls = getattr(errors, kind, LifepathError)
    error: LifepathError = cls(message, file=file, line=line, pointer=pointer, hint=hint)
    return error


# -- in the worker -------------------------------------------------------------------------------


_checker: Checker | None = None


def _worker_checker(spec: Spec) -> Checker:
    """This worker's :class:`Checker`, built once: the registry built as the importing process built it
    (plain first, then with the campaign's content folders that are here)."""
    global _checker
    if _checker is None:
        from lifepath.host.manager import get_manager
        from lifepath.store.content import load_campaign_content
        from lifepath.store.exchange import Checker, ImportFile

        manager = get_manager()
        plain = manager.registry()
        registry = plain
        present = [f for f in spec.target.content if Path(f).is_dir()]
        if present:
            here = Target(spec.target.name, spec.target.ruleset, present)
            load_campaign_content(manager, cast("CampaignRead", here))  # it reads .name and .content
            registry = manager.registry()
        found = ImportFile(
            spec.source, spec.kind, spec.header, spec.header_text, Path(spec.path) if spec.path is not None else None
        )
        target = cast("CampaignRead", spec.target)  # the Checker reads .name and .ruleset
        _checker = Checker(found, registry, target, spec.in_force, accept_edited=spec.accept_edited, plain=plain)
    return _checker


def check_chunk(spec: Spec, lines: list[tuple[int, int, bytes]]) -> Done:
    """Check the character lines ``(index, line number, raw bytes)`` of one chunk (runs in a worker)."""
    checker = _worker_checker(spec)
    done = Done()
    for index, number, raw in lines:
        try:
            prepared = checker.prepare(checker.found.entry(index, number, raw))
        except LifepathError as exc:
            done.error = _as_data(exc)
            break
        finally:
            done.warnings.extend(checker.warnings)
            checker.warnings.clear()
        done.ready.append(Checked(prepared.entry.label(), prepared.values, prepared.plugins, prepared.edited))
    return done


# -- in the importing process ----------------------------------------------------------------------


def spec_of(found: ImportFile, target: CampaignRead, in_force: dict[str, Any], accept_edited: bool) -> Spec:
    return Spec(
        found.source,
        found.kind,
        found.data,
        found.text,
        str(found.path) if found.path else None,
        Target(target.name, target.ruleset, list(target.content)),
        dict(in_force),
        accept_edited,
    )


def parallel(found: ImportFile, workers: int | None) -> bool:
    """Whether to check ``found``'s characters in worker processes: a format 2 file read from disk, and
    ``workers`` asked for (more than 1), or left to the default (None) and the file large enough that
    starting the workers pays (:data:`MIN_PARALLEL`)."""
    if found.kind != "lines" or found.path is None:
        return False
    if workers is not None:
        return workers > 1
    count = found.data.get("characters")
    return isinstance(count, int) and count >= MIN_PARALLEL


def checked(spec: Spec, found: ImportFile, workers: int, warnings: list[Said]) -> Iterator[Checked]:
    """Every character of ``found`` checked by ``workers`` processes, in file order; each one's warnings
    are appended to ``warnings`` before it is yielded, and the first mistake is raised in its turn."""
    from lifepath.support.workers import pool as worker_pool

    limit = 2 * workers
    pending: deque[Future[Done]] = deque()
    late: LifepathError | None = None  # a mistake of the file's shape, raised after the lines before it
    with worker_pool(workers, nothing_done="nothing was imported") as pool:
        lines = found.raw_lines()
        chunk: list[tuple[int, int, bytes]] = []
        try:
            while True:
                try:
                    item = next(lines)
                except StopIteration:
                    break
                except LifepathError as exc:  # the file's shape: raised after the lines before it are checked
                    late = exc
                    break
                chunk.append(item)
                if len(chunk) >= CHUNK:
                    pending.append(pool.submit(check_chunk, spec, chunk))
                    chunk = []
                    while len(pending) >= limit:
                        yield from _take(pending.popleft().result(), warnings)
            if chunk:
                pending.append(pool.submit(check_chunk, spec, chunk))
            while pending:
                yield from _take(pending.popleft().result(), warnings)
        finally:
            for future in pending:
                future.cancel()
        if late is not None:
            raise late


def _take(done: Done, warnings: list[Said]) -> Iterator[Checked]:
    warnings.extend(done.warnings)
    yield from done.ready
    if done.error is not None:
        raise _from_data(done.error)
