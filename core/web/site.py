"""``lifepath export --campaign NAME --format site --out DIR``: the roster and every character page as
plain HTML files with relative links, to open from disk or put on any web host.

The pages are the web app's (:mod:`lifepath.web.app`) without the forms: ``index.html`` (the campaign and its
house rules), ``roster.html``, ``roster-2.html``, ... (:data:`PER_PAGE` characters a page, with previous
and next links) and ``character-ID.html``. They are made one at a time from rows read in batches
(:mod:`lifepath.store.roster`), so memory stays flat whatever the campaign's size.

The folder's marker file ``.lifepath-site`` lists the files lifepath wrote there (its manifest). An
export writes into ``DIR`` (made if missing: its parent must exist) only if ``DIR`` is empty or holds the
marker, and there it replaces and removes only files the old manifest lists: ``.git``, ``CNAME`` and any
page of the referee's are left alone, and a page lifepath would write over a file it did not write is
refused before anything is written. A marker without a list (an older lifepath's) counts the names
lifepath gives its pages (``index.html``, ``roster*.html``, ``character-N.html``) as its own.

Each file is written to a temporary ``.NAME.XXXXXXXX.part`` beside it and renamed over the old one, so a
reader sees either the old page or the new one, never half of one. What a failure half-way (a full disk,
Ctrl-C) leaves: every page either as it was or already new; the pages of characters gone since the last
export not yet removed; no temporary file (an interrupted write's is removed, and a killed process's by
the next export); and the marker listing the files of the old export and of the new one, so the next
export replaces and removes all of them as its own. Export again to finish.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, cast

from lifepath.errors import LifepathError
from lifepath.sheets.pages import environment

if TYPE_CHECKING:
    from concurrent.futures import Future

    import jinja2
    from sqlmodel import Session

    from lifepath.host.registry import Registry
    from lifepath.store.models import CampaignRead, CharacterRead
    from lifepath.store.roster import RosterPage
    from lifepath.store.service import Store

MARKER = ".lifepath-site"
#: characters on each roster page of the site
PER_PAGE = 500
#: character pages rendered at a time (by a worker: about 0.4 MB of documents sent, 0.35 MB of pages back)
CHUNK = 20
#: chunks held (sent, or rendered and not yet written) for each process that renders
AHEAD = 2
#: processes that render the character pages of a large campaign unless told (this one and workers - 1
#: worker processes; at most the CPUs here)
DEFAULT_WORKERS = 2
#: with the default, a campaign of fewer characters is rendered in the exporting process: starting a worker
#: costs about a second of CPU (imports, the registry), what ~300 pages cost
MIN_PARALLEL = 2000
#: the first line of the marker; the file names it lists follow, one a line
MARKER_HEAD = "written by `lifepath export --format site`; the files it wrote (replaced or removed by the next):"
#: the names lifepath gives a site's pages (and the only names a manifest may list)
OURS = re.compile(r"index\.html|roster(-[1-9]\d*)?\.html|character-[1-9]\d*\.html")
_PART = re.compile(r"\.(?P<name>.+)\.[a-z0-9_]{8}\.part")
_HINT = "check the folder is writable and the disk has room, then export again (the old pages are still readable)"


class SiteLinks:
    """Relative links between the files of one flat folder."""

    def home(self) -> str:
        return "index.html"

    def roster(self, campaign: str) -> str:
        return "roster.html"

    def roster_page(self, page: int) -> str:
        return "roster.html" if page <= 1 else f"roster-{page}.html"

    def odds(self, campaign: str) -> str:
        return ""

    def character(self, character_id: int) -> str:
        return f"character-{character_id}.html"

    def verify(self, character_id: int) -> str:
        return ""

    def edit(self, character_id: int) -> str:
        return ""


class SiteWriter:
    """Writes one site's pages into its folder, one file at a time, each atomically."""

    def __init__(self, out: Path) -> None:
        from lifepath.support.files import file_mode

        self.out = out
        self.mode = file_mode()
        self.written = 0

    def write(self, name: str, text: str) -> None:
        """Replace ``out/name`` with ``text`` through a temporary file renamed over it.

        Not :func:`lifepath.support.files.write_atomic`: that one scans the folder for stale temporary files and
        takes a lock for every file it writes, which over a site's 10,000 pages in one folder is a scan per
        page; a site's stale ``.part`` files are removed once, by the export, instead."""
        fd, tmp = tempfile.mkstemp(dir=self.out, prefix=f".{name}.", suffix=".part")
        try:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
            os.chmod(tmp, self.mode)
            os.replace(tmp, self.out / name)
        except BaseException:
            with suppress(OSError):
                os.unlink(tmp)
            raise

    def page(self, name: str, text: str) -> None:
        self.write(name, text)
        self.written += 1

    def manifest(self, names: Iterable[str]) -> None:
        """Write the marker listing ``names`` (sorted) as the files lifepath wrote here."""
        self.write(MARKER, "\n".join([MARKER_HEAD, *sorted(set(names))]) + "\n")


def old_manifest(out: Path) -> set[str] | None:
    """The files an earlier export wrote in ``out`` (empty for a new or empty folder), or None when ``out``
    is not a folder lifepath may write in: not a folder, or holding files but no marker."""
    if not out.exists():
        return set()
    if not out.is_dir():
        return None
    marker = out / MARKER
    if not marker.is_file():
        return set() if not any(out.iterdir()) else None
    lines = marker.read_text(encoding="utf-8", errors="replace").splitlines()
    if lines and lines[0] == MARKER_HEAD:
        return {n for n in lines[1:] if OURS.fullmatch(n)}
    return {p.name for p in out.iterdir() if OURS.fullmatch(p.name) and p.is_file()}  # an older lifepath's


def _refuse(out: Path) -> LifepathError:
    return LifepathError(
        f"{out} exists and is not a site lifepath wrote; not writing over it",
        hint="give --out a new or empty folder (or one an earlier `export --format site` made)",
    )


def _check_clashes(out: Path, names: Iterable[str], ours: set[str]) -> None:
    """Refuse, before anything is written, a page that would replace a file lifepath did not write."""
    clash = sorted(n for n in names if n not in ours and os.path.lexists(out / n))
    if clash:
        raise LifepathError(
            f"{out} holds {clash[0]}, which lifepath did not write, and the site has a page of that name; "
            f"not writing over it",
            hint="move that file away (or export to another folder)",
        )


def _remove_parts(out: Path, ours: set[str]) -> None:
    """Remove temporary files that a killed earlier export left (ours by name only)."""
    for entry in os.scandir(out):
        found = _PART.fullmatch(entry.name)
        if found and (found["name"] in ours or found["name"] == MARKER) and entry.is_file(follow_symlinks=False):
            with suppress(OSError):
                os.unlink(entry.path)


def write_site(store: Store, campaign: str, out: Path, workers: int | None = None) -> int:
    """Write the campaign's site into ``out`` (see the module's docstring for what a failure leaves); the
    number of pages written. ``workers``: processes that render the character pages, this one and
    ``workers - 1`` worker processes (None: see :func:`workers_for`); the files are the same for any number."""
    ours = old_manifest(out)
    if ours is None:
        raise _refuse(out)
    try:
        with store.read_session() as session:
            return _write(store, session, campaign, out, ours, workers)
    except OSError as exc:
        raise LifepathError(f"cannot write {out} ({exc.strerror})", hint=_HINT) from None


def workers_for(characters: int, workers: int | None) -> int:
    """The worker processes that render ``characters`` pages: ``workers`` if given, else
    :data:`DEFAULT_WORKERS` for :data:`MIN_PARALLEL` characters or more, else 1 (the CLI asks for 1 on a
    one-CPU machine)."""
    if workers is not None:
        return workers
    return DEFAULT_WORKERS if characters >= MIN_PARALLEL else 1


def _write(store: Store, session: Session, campaign: str, out: Path, ours: set[str], workers: int | None) -> int:
    from lifepath.store.roster import RosterQuery, ids_of

    camp = store.campaign(campaign, check_plugins=False, session=session)
    first = store.roster(camp.name, RosterQuery(per_page=PER_PAGE), session=session)
    links = SiteLinks()
    characters = {links.character(i) for i in ids_of(session, camp.id)}
    names = {"index.html", *(links.roster_page(p) for p in range(1, first.pages + 1)), *characters}
    _check_clashes(out, names, ours)
    out.mkdir(exist_ok=True)
    _remove_parts(out, ours | names)
    writer = SiteWriter(out)
    writer.manifest(ours | names)  # first: whatever happens next, every file lifepath writes is listed
    env = environment(True)
    writer.page(
        "index.html",
        _render(
            env,
            links,
            "campaigns.html.j2",
            campaigns=[camp],
            counts={camp.name: first.total},
            rules={camp.name: _rules(store, camp)},
        ),
    )
    _write_roster(store, session, writer, env, camp, first)
    _write_characters(store, session, writer, camp, characters, workers_for(len(characters), workers))
    for gone in sorted(ours - names):
        with suppress(FileNotFoundError):
            (out / gone).unlink()
    writer.manifest(names)
    return writer.written


def _render(env: jinja2.Environment, links: SiteLinks, template: str, **context: Any) -> str:
    return env.get_template(template).render(link=links, **context)


def _rules(store: Store, camp: CampaignRead) -> list[tuple[str, Any, bool]]:
    from lifepath.web.app import campaign_rules

    return campaign_rules(store, camp)


def _write_roster(
    store: Store, session: Session, writer: SiteWriter, env: jinja2.Environment, camp: CampaignRead, first: RosterPage
) -> None:
    """The roster pages, one query and one file at a time."""
    from lifepath.store.columns import columns_for, fill, ruleset_of
    from lifepath.store.roster import RosterQuery, pager

    links = SiteLinks()
    ruleset = ruleset_of(store.registry, camp.ruleset)
    columns = columns_for(ruleset)
    found = first
    for number in range(1, first.pages + 1):
        if number > 1:
            found = store.roster(camp.name, RosterQuery(per_page=PER_PAGE, page=number), session=session)
        # the first query's page count holds for every page (those are the names in the manifest)
        found = replace(found, page=number, pages=first.pages)
        fill(session, found.rows, ruleset)
        writer.page(
            links.roster_page(number),
            _render(
                env,
                links,
                "roster.html.j2",
                campaign=camp,
                rows=found.rows,
                total=found.total,
                found=found,
                filters=None,
                choices={},
                columns=columns,
                sort_link=None,
                pager=pager(found, links.roster_page),
            ),
        )


def _write_characters(
    store: Store, session: Session, writer: SiteWriter, camp: CampaignRead, names: set[str], workers: int
) -> None:
    """Each character's page, written in id order from rows read in batches and rendered a chunk at a time
    here and, with ``workers`` above 1, by ``workers - 1`` worker processes too (:func:`_rendered`)."""
    chunks = _chunks(session, camp, names)
    pages = (render_pages(chunk, store) for chunk in chunks) if workers <= 1 else _rendered(chunks, store, workers)
    for done in pages:
        for name, text in done:
            writer.page(name, text)


def _rendered(chunks: Iterator[list[Page]], store: Store, workers: int) -> Iterator[list[tuple[str, str]]]:
    """Each chunk's pages, in order, rendered by ``workers - 1`` worker processes and by this one, which
    renders the next chunk itself whenever the workers have two chunks each in hand (so it is never idle
    while they work, and the tree holds one process fewer: measured on the 10,000-character league, 2
    workers beside this process came to 169 MB, over issue 26's 150 MB). At most :data:`AHEAD` chunks a
    rendering process are held, so memory stays flat."""
    from lifepath.support.workers import pool as worker_pool

    helpers = workers - 1
    pending: deque[Future[list[tuple[str, str]]] | list[tuple[str, str]]] = deque()
    done = "the pages written so far are new, the others as they were: export again to finish"
    with worker_pool(helpers, nothing_done=done) as pool:
        for chunk in chunks:
            busy = sum(1 for p in pending if not isinstance(p, list) and not p.done())
            pending.append(pool.submit(render_pages, chunk) if busy < 2 * helpers else render_pages(chunk, store))
            while pending and (len(pending) > AHEAD * workers or _ready(pending[0])):
                yield _result(pending.popleft())
        while pending:
            yield _result(pending.popleft())


def _ready(item: Future[list[tuple[str, str]]] | list[tuple[str, str]]) -> bool:
    return isinstance(item, list) or item.done()


def _result(item: Future[list[tuple[str, str]]] | list[tuple[str, str]]) -> list[tuple[str, str]]:
    return item if isinstance(item, list) else item.result()


#: what a worker is sent for one character: its row as plain data (a worker never imports the store's
#: models) and its stored JSON document
Page = tuple[dict[str, Any], str]


def _chunks(session: Session, camp: CampaignRead, names: set[str]) -> Iterator[list[Page]]:
    """The campaign's characters in id order, :data:`CHUNK` at a time."""
    from lifepath.store.roster import with_documents

    assert camp.id is not None
    chunk: list[Page] = []
    for row, document in with_documents(session, camp.id, batch=5 * CHUNK):
        if SiteLinks().character(row.id) not in names:  # added since the export began: left for the next
            continue
        chunk.append((row.model_dump(), document))
        if len(chunk) >= CHUNK:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


class _WorkerStore:
    """What :func:`lifepath.web.app.character_context` reads of a store, in a worker: the plugins' registry
    (the process-wide one, as the exporting store's)."""

    @property
    def registry(self) -> Registry:
        from lifepath.host.manager import get_registry

        return get_registry()


def render_pages(chunk: list[Page], store: Store | None = None) -> list[tuple[str, str]]:
    """The file name and HTML of each character page of ``chunk`` (runs in a worker, or here with the
    exporting ``store``)."""
    from lifepath.web.app import character_context

    source = cast("Store", store if store is not None else _WorkerStore())
    env = environment(True)
    links = SiteLinks()
    pages = []
    for values, document in chunk:
        row = cast("CharacterRead", SimpleNamespace(**values))  # the template reads its attributes
        context = character_context(source, row, json.loads(document))
        pages.append(
            (
                links.character(row.id),
                _render(
                    env, links, "character.html.j2", verdict=None, token=None, allow_edit=False, statuses=(), **context
                ),
            )
        )
    return pages


__all__ = ["MARKER", "PER_PAGE", "SiteLinks", "SiteWriter", "old_manifest", "render_pages", "workers_for", "write_site"]
