"""``lifepath verify FILE.jsonl``: every line of a JSON Lines file of characters, replayed in one process or several.

``lifepath generate --format jsonl`` writes one character a line: a brief (sheet and provenance, whose
history the replay rebuilds) or, with ``--history``, a full export. Each line is read, replayed and
judged on its own, so a file of any length is verified in flat memory; a line that cannot be replayed (not
JSON, not a character, an invalid seed) is one result, not the end of the run. A campaign export (also
JSON Lines) is refused with the commands that verify one.

What is printed: every line that differs or cannot be replayed (``FILE line N (NAME): differs ...``, with
its differences), every line with ``--each``, then a summary (``N of M character(s) in FILE replay
exactly; ...``); ``--json`` is the list of every line's result.

Workers: with ``workers > 1`` this process reads the file and sends chunks of raw lines to
:func:`lifepath.support.workers.pool`'s processes (as ``lifepath import`` does,
:mod:`lifepath.store.checking`), at most ``2 * workers`` chunks in flight, and takes their results **in
file order**; a worker returns a stop (a campaign export's line) as data, raised here in its turn, and a
line too long to be a character is raised after the lines before it. So the output and exit code are the
same for any number of workers. Each line is judged by :func:`check_line`, in either process: first
:func:`lifepath.replay.lines.identical` (the line, to the letter, as its replay writes it: the common case,
for the cost of making the character), else the full :func:`lifepath.replay.verify`, which says why.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Generator, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from concurrent.futures import Future

    from lifepath.cli.commands.generate import Advance
    from lifepath.errors import LifepathError
    from lifepath.host.registry import Registry

#: the longest line read (a character line is 1 to 40 KB; as ``lifepath import`` allows)
MAX_LINE_BYTES = 1024 * 1024
#: lines per chunk sent to a worker (as ``lifepath import``'s: about 1 MB of full exports)
CHUNK = 50
_CAMPAIGN_LINES = "https://lifepath.example/schemas/campaign-lines.schema.json"
_HINT = "each line is one character as `lifepath generate --format jsonl` writes it"

#: one line: its number and raw bytes
Line = tuple[int, bytes]
#: a LifepathError as plain data: message, file, line, hint (it crosses the process boundary)
ErrorData = tuple[str, str | None, int | None, str | None]


def is_lines(path: Path) -> bool:
    """Whether ``path`` names a JSON Lines file (by its ``.jsonl`` ending; ``-`` never does)."""
    return str(path) != "-" and path.suffix.lower() == ".jsonl"


class NotCharacters(Exception):
    """The file is a campaign export: the whole run stops (carrying the error to raise)."""


@dataclass(frozen=True)
class Spec:
    """What a worker needs to judge lines as this process would: the file's name as messages give it, and
    the content folders (``--content``) its registry is built with."""

    name: str
    content: tuple[str, ...] = ()


@dataclass
class Checked:
    """One line judged: its number, how it is named (``FILE line N (NAME)``), its result as ``verify
    --json`` gives it (``None`` for identical, which is most lines: less to send back) and whether it
    could not be replayed at all."""

    number: int
    who: str
    result: dict[str, Any] | None
    unreplayable: bool = False


@dataclass
class Done:
    """One chunk judged: every line's :class:`Checked`, and the stop met on the way, if any (as data)."""

    checked: list[Checked] = field(default_factory=list)
    stop: ErrorData | None = None


# -- judging lines (here, or in a worker) ------------------------------------------------------------


def _record(raw: bytes, number: int, name: str) -> dict[str, Any]:
    """The character on one line; a line that is none is a :class:`LifepathError` naming the line."""
    from lifepath.errors import LifepathError
    from lifepath.support.files import MAX_JSON_DEPTH

    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise LifepathError("this line is not UTF-8 text", file=name, line=number, hint=_HINT) from None
    except json.JSONDecodeError as exc:
        raise LifepathError(
            f"this line is not valid JSON ({exc.msg}, column {exc.colno})", file=name, line=number, hint=_HINT
        ) from None
    except RecursionError:
        raise LifepathError(
            f"this line nests more than {MAX_JSON_DEPTH} deep", file=name, line=number, hint=_HINT
        ) from None
    if isinstance(data, dict) and data.get("$schema") == _CAMPAIGN_LINES:
        raise NotCharacters(
            LifepathError(
                "this is a campaign export, not a file of characters",
                file=name,
                line=number,
                hint="`lifepath import` replays every character of a campaign export before it stores them; "
                "`lifepath verify --campaign NAME` replays a stored campaign",
            )
        )
    if not isinstance(data, dict) or "provenance" not in data:
        raise LifepathError("this line is not a character (it has no provenance)", file=name, line=number, hint=_HINT)
    return data


def _named(who: str, sheet: Any) -> str:
    character = sheet.get("name") if isinstance(sheet, dict) else None
    return f"{who} ({character})" if isinstance(character, str) else who


def check_line(registry: Registry, name: str, number: int, raw: bytes) -> Checked:
    """Judge one line (raises :class:`NotCharacters` for a campaign export's line)."""
    from lifepath.errors import LifepathError
    from lifepath.replay import verify
    from lifepath.replay.lines import identical

    who = f"{name} line {number}"
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    else:
        sheet = identical(registry, text.removesuffix("\n"))
        if sheet is not None:
            return Checked(number, _named(who, sheet), None)
    try:
        data = _record(raw, number, name)
        who = _named(who, data.get("sheet"))
        result = verify(registry, data).to_dict()
    except LifepathError as exc:
        if exc.file is None:
            exc.file, exc.line = name, number
        result = {
            "identical": False,
            "message": f"cannot be replayed: {exc.paragraph()}",
            "checked_by": "replay",
            "differences": [],
        }
        return Checked(number, who, result, unreplayable=True)
    return Checked(number, who, None if result["identical"] else result)


_registry: Registry | None = None


def _worker_registry(spec: Spec) -> Registry:
    """This worker's registry, built once as the verifying process built its own (its content folders first)."""
    global _registry
    if _registry is None:
        from lifepath.host.manager import get_manager

        manager = get_manager()
        for folder in spec.content:
            manager.add_content(folder)
        _registry = manager.registry()
    return _registry


def check_chunk(spec: Spec, lines: list[Line], registry: Registry | None = None) -> Done:
    """Judge the lines of one chunk, in order (in a worker, with the worker's registry); a campaign
    export's line ends the chunk, as data."""
    if registry is None:
        registry = _worker_registry(spec)
    done = Done()
    for number, raw in lines:
        try:
            done.checked.append(check_line(registry, spec.name, number, raw))
        except NotCharacters as stop:
            error: LifepathError = stop.args[0]
            done.stop = (error.message, error.file, error.line, error.hint)
            break
    return done


# -- reading the file and ordering the results (in the verifying process) ---------------------------------


def count_lines(path: Path) -> int | None:
    """How many lines ``path`` has (for the bar, and for the default number of workers); ``None`` when it
    is not a regular file (a pipe is read once)."""
    if not path.is_file():
        return None
    lines, last = 0, b"\n"
    try:
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                lines += block.count(b"\n")
                last = block[-1:]
    except OSError:
        return None
    return lines + (last != b"\n")


def _chunks(fh: IO[bytes], name: str) -> Iterator[list[Line]]:
    """The file's non-blank lines in chunks of :data:`CHUNK`; a line too long to be a character is a
    :class:`LifepathError`, raised after the chunk of the lines before it."""
    from lifepath.errors import LifepathError

    chunk: list[Line] = []
    for number, raw in enumerate(iter(lambda: fh.readline(MAX_LINE_BYTES + 1), b""), start=1):
        if len(raw) > MAX_LINE_BYTES:
            if chunk:
                yield chunk
            raise LifepathError(
                f"line {number} is longer than {MAX_LINE_BYTES // 1024} KB",
                file=name,
                hint="a character is 1 to 40 KB a line: check it is the right file",
            )
        if not raw.strip():
            continue
        chunk.append((number, raw))
        if len(chunk) >= CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _judged(fh: IO[bytes], spec: Spec, registry: Registry, workers: int) -> Generator[Done, None, None]:
    """Every chunk judged, in file order: here, or by ``workers`` processes."""
    chunks = _chunks(fh, spec.name)
    if workers <= 1:
        for chunk in chunks:
            yield check_chunk(spec, chunk, registry)
        return
    from lifepath.errors import LifepathError
    from lifepath.support.workers import pool as worker_pool

    pending: deque[Future[Done]] = deque()
    late: LifepathError | None = None  # a line too long: raised after the lines before it are judged
    with worker_pool(workers, nothing_done="the file was not verified to its end") as pool:
        try:
            while True:
                try:
                    chunk = next(chunks)
                except StopIteration:
                    break
                except LifepathError as exc:
                    late = exc
                    break
                pending.append(pool.submit(check_chunk, spec, chunk))
                while len(pending) >= 2 * workers:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()
    if late is not None:
        raise late


def default_workers(total: int | None) -> int:
    """What ``lifepath import`` chooses when ``--workers`` is not given: its default number of workers
    (at most the CPUs here) for a file of at least :data:`~lifepath.store.checking.MIN_PARALLEL` lines,
    else this process alone (starting a worker costs about what replaying 700 characters does)."""
    from lifepath.cli.batching import cap_workers
    from lifepath.store.checking import DEFAULT_WORKERS, MIN_PARALLEL

    if total is None or total < MIN_PARALLEL:
        return 1
    return cap_workers(DEFAULT_WORKERS, quiet=True)


def verify_lines(
    path: Path, *, as_json: bool, each: bool = False, workers: int | None = None, content: tuple[str, ...] = ()
) -> bool:
    """Replay every line of ``path`` (``workers``: None lets lifepath choose, as ``import`` does); print the
    lines that fail (every line with ``each``) and a summary, or a JSON list; True if all are identical."""
    import sys

    from lifepath.cli.commands.generate import progress_bar
    from lifepath.cli.errors import sigterm_unwinds
    from lifepath.errors import LifepathError
    from lifepath.host.manager import get_registry

    name = str(path)
    # built here first, even for workers: its warnings are printed once, and a plugin that cannot be
    # loaded stops the run before any worker starts
    registry = get_registry()
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise LifepathError(f"cannot read {name} ({exc.strerror})", hint="check the file name") from None
    bar = sys.stderr.isatty()
    total = count_lines(path) if bar or workers is None else None
    if workers is None:
        workers = default_workers(total)
    spec = Spec(name, content)
    with fh, sigterm_unwinds(), progress_bar(bar and total is not None, total or 0, "verifying") as advance:
        report = _Report(name, as_json, each, advance)
        with closing(_judged(fh, spec, registry, workers)) as judged:
            for done in judged:
                report.take(done)
        if total is not None:
            advance(total - report.seen)
    return report.finish()


class _Report:
    """The results as they come, in file order: printed (above the bar), counted, and summed up at the end."""

    def __init__(self, name: str, as_json: bool, each: bool, advance: Advance) -> None:
        from lifepath.replay import IDENTICAL

        self.name, self.as_json, self.each, self.advance = name, as_json, each, advance
        self.identical = {"identical": True, "message": IDENTICAL, "checked_by": "replay", "differences": []}
        self.total = self.differ = self.unreplayable = self.seen = 0
        self.results: list[dict[str, Any]] = []  # for --json

    def take(self, done: Done) -> None:
        for checked in done.checked:
            self.total += 1
            self.unreplayable += checked.unreplayable
            self.differ += checked.result is not None and not checked.unreplayable
            result = self.identical if checked.result is None else checked.result
            if self.as_json:
                self.results.append({"file": self.name, "line": checked.number, **result})
            elif self.each or checked.result is not None:
                self.advance.echo(f"{checked.who}: {result['message']}")
        if done.checked:
            last = done.checked[-1].number
            self.advance(last - self.seen)
            self.seen = last
        if done.stop is not None:
            from lifepath.errors import LifepathError

            message, file, line, hint = done.stop
            raise LifepathError(message, file=file, line=line, hint=hint)

    def finish(self) -> bool:
        import typer

        if self.as_json:
            typer.echo(json.dumps(self.results, indent=2, ensure_ascii=False))
        else:
            ok = self.total - self.differ - self.unreplayable
            summary = f"{ok:,} of {self.total:,} character(s) in {self.name} replay exactly"
            summary += f"; {self.differ:,} differ" if self.differ else ""
            summary += f"; {self.unreplayable:,} could not be replayed" if self.unreplayable else ""
            typer.echo(summary)
        return self.differ == 0 and self.unreplayable == 0
