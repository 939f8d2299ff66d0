"""``lifepath generate``: a batch of NPCs, streamed as they are made, in one process or several.

Character ``i`` (from 0) of a batch with seed ``S`` is made from ``derive_seed(S, i)`` (see
:mod:`lifepath.batches.seeds`), which is the seed in its provenance: the output is the same for any ``--workers``
and every character replays alone. Characters are written as they come (never all held at once), to
standard output or to ``--out`` through a temporary file renamed at the end, so an error leaves no
half-written file. ``--campaign`` saves the whole batch in one transaction (all of it or none of it).
``--out`` is checked before anything is made, and the file is renamed into place before the transaction
commits, so a batch that cannot be written is not saved either; a failed write (a full disk) is one
error paragraph.

The option helpers here (:func:`career_weights`, :func:`batch_options`) are shared with ``lifepath odds``.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

import typer

from lifepath.cli.commands import command
from lifepath.cli.errors import sigterm_unwinds
from lifepath.cli.options import DbOption

if TYPE_CHECKING:
    from lifepath.batches.odds import Batch
    from lifepath.character import Character
    from lifepath.formats.registry import Format
    from lifepath.host.registry import Registry
    from lifepath.ruleset import Ruleset

#: the formats generate writes itself; the rest come from the format registry (lifepath.formats.registry)
OWN_FORMATS = ("ucf", "jsonl", "csv")
#: the CSV columns before the shared ones (see lifepath.formats.table and docs/formats.md)
CSV_PREFIX = ("index", "seed")
#: characters per chunk handed to a worker (a chunk of JSON Lines is about 1.5 MB)
CHUNK = 100


def register(app: typer.Typer) -> None:
    command(app, "generate")(generate)


# -- options shared with `lifepath odds` ------------------------------------------------------------


def career_weights(registry: Registry, ruleset_id: str, pairs: Sequence[str]) -> dict[str, float]:
    """``--career NAME[=WEIGHT]`` values as ``{career name: weight}`` (a bare name weighs 1).

    Names are checked against the ruleset's careers now, before any character is made.
    """
    from lifepath.errors import LifepathError

    if not pairs:
        return {}
    careers = registry.careers(ruleset_id)
    if not careers:
        raise LifepathError(f"{registry.ruleset(ruleset_id).name} has no careers to weight", hint="leave out --career")
    weights: dict[str, float] = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        try:
            weight = float(text) if text.strip() else 1.0
        except ValueError:
            weight = -1.0
        if not weight >= 0 or weight == float("inf"):
            raise LifepathError(
                f"'{pair}' is not a career weight", hint="write --career NAME or --career NAME=WEIGHT, e.g. Navy=3"
            )
        found = registry.find("career", ruleset_id, name)
        weights[found.name] = weights.get(found.name, 0.0) + weight
    if not any(weights.values()):
        raise LifepathError("every career weight is 0", hint="give at least one career a weight above 0")
    return {k: int(v) if v.is_integer() else v for k, v in weights.items()}


def batch_options(
    registry: Registry,
    ruleset_id: str,
    *,
    career: Sequence[str],
    species: str | None,
    terms: int | None,
    option: Sequence[str],
) -> dict[str, Any]:
    """The creation options every character of a batch gets (``ctx.options``), typed and checked by
    :func:`lifepath.engine.creation_options.parse` exactly as ``create``'s are."""
    from lifepath.engine import creation_options

    values = creation_options.parse(registry.ruleset(ruleset_id), option, {"species": species, "terms": terms})
    if values.get("species") and registry.species(ruleset_id):
        values["species"] = registry.find("species", ruleset_id, values["species"]).id
    values["career_weights"] = career_weights(registry, ruleset_id, career)
    return {k: v for k, v in values.items() if v not in (None, [], {}, "")}


def resolve_rules(registry: Registry, ruleset_id: str, stored: dict[str, Any], rule: Sequence[str]) -> dict[str, Any]:
    from lifepath.engine import houserules

    return houserules.resolve(registry.declaration(ruleset_id), stored, rule)


# -- formatting (runs in the workers) ---------------------------------------------------------------


@dataclass
class Made:
    """One character as the writer needs it: its text in the chosen format, and (for a campaign) itself."""

    index: int
    text: str
    character: Character | None = None


def csv_row(values: Sequence[Any]) -> str:
    """One CSV line, each cell neutralised as every CSV cell lifepath writes is (:func:`table.cell`)."""
    from lifepath.formats import table

    return table.line(values)


def csv_header(ruleset: Ruleset) -> list[str]:
    """The CSV header of a batch: index, seed, the shared columns, the ruleset's own, skills."""
    from lifepath.formats import table

    return table.header(CSV_PREFIX, ruleset.csv_columns())


def csv_fields(ruleset: Ruleset, character: Character, index: int) -> str:
    """One character's CSV line under :func:`csv_header`."""
    from lifepath.formats import table

    data = table.values(ruleset, character)
    data.update(index=index, seed=character.provenance["seed"])
    return table.row(csv_header(ruleset), data)


def format_character(ruleset: Ruleset, character: Character, index: int, fmt: str, history: bool = False) -> str:
    """One character's text in ``fmt``; JSON Lines is a brief (sheet and provenance, :mod:`lifepath.replay.brief`)
    unless ``history`` asks for the full export."""
    if fmt == "jsonl":
        import json

        if history:
            return json.dumps(character.to_dict(), ensure_ascii=False) + "\n"
        from lifepath.replay import brief

        return json.dumps(brief.to_dict(character), ensure_ascii=False) + "\n"
    if fmt == "csv":
        return csv_fields(ruleset, character, index)
    if fmt != "ucf":
        return registered(fmt).write(ruleset, character, index + 1)
    text = ruleset.render(character)
    return text if text.endswith("\n") else text + "\n"


@functools.cache
def registered(fmt: str) -> Format:
    """The registered format ``fmt`` for ``generate`` (looked up once per process: workers too)."""
    from lifepath.formats.registry import collect
    from lifepath.host.manager import get_manager

    return collect(get_manager()).get(fmt, "generate", also=OWN_FORMATS)


def make_chunk(
    batch: Batch,
    registry: Registry,
    start: int,
    stop: int,
    *,
    fmt: str,
    keep: bool,
    history: bool = False,
    worlds: tuple[dict[str, Any], ...] = (),
) -> list[Made]:
    """Characters ``start`` to ``stop - 1``, formatted (a :func:`lifepath.batches.odds.run_chunks` function).
    ``worlds``, a campaign's, are offered to creation in this process (:func:`lifepath.support.sector.offer`)."""
    if worlds:
        from lifepath.support.sector import offer, offered

        if offered(batch.options.get("world_list")) is None:
            offer(worlds)
    ruleset = registry.ruleset(batch.ruleset)
    out = []
    for index in range(start, stop):
        character = batch.character(registry, index)
        text = format_character(ruleset, character, index, fmt, history)
        out.append(Made(index, text, character if keep else None))
    return out


# -- writing ----------------------------------------------------------------------------------------


def check_out(out: Path) -> None:
    """Refuse an ``--out`` that cannot be replaced by a file, before any character is made or saved."""
    import os

    from lifepath.errors import LifepathError

    folder = out.parent if str(out.parent) else Path(".")
    if out.is_dir():
        raise LifepathError(f"--out {out} is a folder", hint="give a file name, e.g. --out " + str(out / "npcs.jsonl"))
    if out.exists() and not out.is_file():
        raise LifepathError(
            f"--out {out} is not a regular file (a device or a pipe is not replaced)",
            hint="give a file name, or leave out --out to write to standard output",
        )
    if not folder.is_dir():
        raise LifepathError(f"cannot write {out}: the folder {folder} does not exist", hint="make it first")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise LifepathError(f"cannot write {out}: the folder {folder} is not writable", hint="choose another --out")


class Sink:
    """Where a batch is written: a write or close that fails (a full disk) is a :class:`LifepathError`."""

    def __init__(self, stream: IO[str], label: str, path: Path | None = None) -> None:
        self.stream = stream
        self.label = label
        #: the temporary file being written (removed by the workers if this process is killed)
        self.path = path

    def write(self, text: str) -> None:
        try:
            self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None

    def flush(self) -> None:
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise self._failed(exc) from None

    def close(self) -> None:
        try:
            self.stream.close()
        except OSError as exc:
            raise self._failed(exc) from None

    def _failed(self, exc: OSError) -> Exception:
        from lifepath.errors import LifepathError

        return LifepathError(
            f"cannot write {self.label} ({exc.strerror or exc}); nothing was written or saved",
            hint="make room on its disk or choose another --out, then run the same command again",
        )


@contextmanager
def output(out: Path | None) -> Iterator[Sink]:
    """Standard output, or a temporary file beside ``out`` that replaces it only if the block succeeds
    (a failed write, close or rename is a :class:`LifepathError`, and no partial file is left)."""
    if out is None:
        yield Sink(sys.stdout, "standard output")
        return
    from lifepath.errors import LifepathError
    from lifepath.support.files import replacing

    body_failed = False
    try:
        with replacing(out, suffix=".part") as tmp:
            sink = Sink(tmp.open("w", encoding="utf-8", newline=""), str(out), tmp)
            try:
                yield sink
            except BaseException:
                body_failed = True
                with suppress(OSError):
                    sink.stream.close()
                raise
            sink.close()
    except OSError as exc:  # opening the temporary file, or renaming it into place
        if body_failed:
            raise
        raise LifepathError(f"cannot write {out} ({exc.strerror or exc})", hint="choose another --out") from None


def show_progress(out: Path | None, to_stdout: bool) -> bool:
    """A bar on a terminal only: stderr is one, and the characters are not being printed on it."""
    if not sys.stderr.isatty():
        return False
    return out is not None or not to_stdout or not sys.stdout.isatty()


class Advance:
    """What :func:`progress_bar` yields: ``advance(n)`` moves the bar on by ``n`` (nothing when there is no
    bar); ``advance.echo(text)`` prints a line on standard output, drawn above the bar when standard output
    is the bar's terminal too (a line printed past a live bar would be drawn over by it)."""

    def __init__(self, bar: Any = None, task: Any = None) -> None:
        self._bar = bar
        self._task = task

    def __call__(self, n: int) -> None:
        if self._bar is not None:
            self._bar.advance(self._task, n)

    def echo(self, text: str) -> None:
        if self._bar is not None and _one_terminal():
            sys.stdout.flush()
            self._bar.console.print(text, markup=False, highlight=False, emoji=False, soft_wrap=True)
        else:
            typer.echo(text)


def _one_terminal() -> bool:
    """Whether standard output and standard error are the same terminal."""
    import os

    try:
        return sys.stdout.isatty() and os.path.samestat(os.fstat(sys.stdout.fileno()), os.fstat(sys.stderr.fileno()))
    except (OSError, ValueError):
        return False


@contextmanager
def progress_bar(enabled: bool, total: int, what: str) -> Iterator[Advance]:
    """A rich progress bar on stderr; yields an :class:`Advance` (whose ``advance(n)`` is a no-op when disabled)."""
    if not enabled:
        yield Advance()
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    from lifepath.cli.output import console

    # no redirection of sys.stdout/sys.stderr into rich: what is printed meanwhile stays behind the guard
    bar_console = console(stderr=True)
    with Progress(*columns, console=bar_console, transient=True, redirect_stdout=False, redirect_stderr=False) as bar:
        yield Advance(bar, bar.add_task(what, total=total))


# -- the command ----------------------------------------------------------------------------------


def generate(
    count: int = typer.Option(..., "--count", "-n", min=1, help="How many characters to make."),
    ruleset: str = typer.Option(
        None, "--ruleset", "-r", help="Ruleset id or name (default: nowhere-yet, or the campaign's)."
    ),
    seed: int = typer.Option(None, "--seed", help="The batch's seed; character i gets a seed derived from it and i."),
    rule: list[str] = typer.Option([], "--rule", help="House rule NAME=VALUE (repeatable)."),
    career: list[str] = typer.Option(
        [],
        "--career",
        help="First career and weight, NAME=WEIGHT or NAME (weight 1); repeatable: --career Navy=3 --career Scout",
    ),
    species: str = typer.Option(None, "--species", help="The species/origin of every character."),
    terms: int = typer.Option(None, "--terms", min=0, help="How many terms the NPC policy aims for (0: no career)."),
    option: list[str] = typer.Option([], "--option", help="A ruleset-specific creation option KEY=VALUE (repeatable)."),
    fmt: str = typer.Option(
        "ucf",
        "--format",
        "-f",
        help="ucf (the ruleset's text, a blank line between), jsonl, csv (columns: docs/formats.md) or 1001 "
        '(the "1001 characters" text twodsix pastes; Cepheus rulesets only).',
    ),
    history: bool = typer.Option(
        False,
        "--history",
        help="With --format jsonl: write full exports, history included (default: sheet and "
        "provenance only, from which `lifepath verify` rebuilds the history).",
    ),
    out: Path = typer.Option(
        None, "--out", "-o", help="Write to this file (replaced only when the batch is complete)."
    ),
    campaign: str = typer.Option(
        None, "--campaign", "-c", help="Save every character in this campaign (as NPCs), in one transaction."
    ),
    db: DbOption = None,
    workers: int = typer.Option(
        1, "--workers", "-w", min=1, help="Worker processes (at most the CPUs here); the output is the same for any."
    ),
    content: list[Path] = typer.Option([], "--content", help="A data-only content folder to use (repeatable)."),
) -> None:
    """Make a batch of NPCs, streamed as JSON Lines, CSV or the ruleset's text (identical for any --workers).

    JSON Lines holds each character's sheet and provenance (format lifepath.character-brief/1, which
    `lifepath verify` replays); --history writes full exports (lifepath.character/1) instead.

    With --campaign and no --out, the characters are only saved (all of them or, on an error, none; the
    campaign's database is held for writing while the batch is made); nothing is printed but a summary.
    """
    from lifepath.errors import LifepathError

    fmt = fmt.strip().lower()
    if fmt not in OWN_FORMATS:
        registered(fmt)  # an unknown format is refused here, before anything is made
    if history and fmt != "jsonl":
        raise LifepathError(
            f"--history is for --format jsonl; {fmt} has no place for a character's history",
            hint="add --format jsonl, or leave out --history",
        )
    from lifepath.cli.batching import cap_workers

    workers = cap_workers(workers)
    if out is not None:
        check_out(out)
    folders = tuple(str(folder) for folder in content)
    with sigterm_unwinds(), ExitStack() as stack:
        _generate(
            stack,
            count=count,
            ruleset=ruleset,
            seed=seed,
            rule=rule,
            career=career,
            species=species,
            terms=terms,
            option=option,
            fmt=fmt,
            history=history,
            out=out,
            campaign=campaign,
            db=db,
            workers=workers,
            folders=folders,
        )


def _generate(
    stack: ExitStack,
    *,
    count: int,
    ruleset: str | None,
    seed: int | None,
    rule: Sequence[str],
    career: Sequence[str],
    species: str | None,
    terms: int | None,
    option: Sequence[str],
    fmt: str,
    history: bool,
    out: Path | None,
    campaign: str | None,
    db: str | None,
    workers: int,
    folders: tuple[str, ...],
) -> None:
    """The body of :func:`generate`; everything it opens is closed by ``stack``."""
    from lifepath.batches.odds import Batch, run_chunks
    from lifepath.campaigns import prepare
    from lifepath.cli.batching import new_seed

    setup = prepare(stack, ruleset=ruleset, rule=rule, campaign=campaign, db=db, content=folders)
    registry, rs, rules, store, camp = setup.registry, setup.ruleset, setup.rules, setup.store, setup.campaign
    folders = setup.folders
    if fmt not in OWN_FORMATS:
        registered(fmt).require(rs)
    options = batch_options(registry, rs.id, career=career, species=species, terms=terms, option=option)
    if camp is not None and camp.worlds:
        from lifepath.campaigns import world_options

        world_options(rs, camp.worlds, options)
    chosen_seed = seed is None
    if seed is None:
        seed = new_seed()
    batch = Batch(rs.id, seed, rules, options, folders, setup.plugins, setup.replacements)
    to_stdout = out is None and store is None
    # the campaign's worlds go to the workers beside the batch, not in its options (which are recorded)
    worlds = tuple(camp.worlds) if camp is not None and "world_list" in options else ()
    func = partial(make_chunk, fmt=fmt, keep=store is not None, history=history, worlds=worlds)
    saved = 0
    ids: list[int] = []  # the first and the last id saved
    with ExitStack() as inner:  # closed in reverse: the results, the bar, the file's rename, then the commit
        session = inner.enter_context(store.write_session()) if store is not None else None
        sink = inner.enter_context(output(out)) if out is not None or to_stdout else None
        advance = inner.enter_context(progress_bar(show_progress(out, to_stdout), count, "generating"))
        if sink is not None and fmt == "csv":
            sink.write(csv_row(csv_header(rs)))
        leftovers = [str(sink.path)] if sink is not None and sink.path is not None else []
        chunks = run_chunks(func, batch, count, workers=workers, size=CHUNK, leftovers=leftovers)
        results = inner.enter_context(_closing(chunks))
        for made in results:
            for item in made:
                if sink is not None:
                    if fmt not in ("jsonl", "csv") and item.index:
                        sink.write("\n")
                    sink.write(item.text)
            if session is not None and store is not None and camp is not None:
                chars = [item.character for item in made if item.character is not None]
                statuses = ["dead" if c.sheet.status == "dead" else "npc" for c in chars]
                new_ids = store.add_characters(camp.name, chars, statuses=statuses, session=session)
                if new_ids:
                    ids[:] = [ids[0] if ids else new_ids[0], new_ids[-1]]
                saved += len(new_ids)
                session.expunge_all()
            if sink is not None and out is None:
                sink.flush()
            advance(len(made))
    if chosen_seed:
        print(f"batch seed {seed} (give --seed {seed} to make the same batch again)", file=sys.stderr)
    if out is not None:
        print(f"wrote {count} character(s) to {out}", file=sys.stderr)
    if store is not None and camp is not None:
        span = f"ids {ids[0]}-{ids[-1]}" if saved > 1 else f"id {ids[0]}"
        print(f"saved {saved} character(s) in campaign '{camp.name}' ({span})", file=sys.stderr)


@contextmanager
def _closing(results: Iterator[list[Made]]) -> Iterator[Iterator[list[Made]]]:
    """Close the runner on the way out, so an error stops the workers at once."""
    try:
        yield results
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
