"""The campaign store: campaigns, their characters, and the transactions that change them.

Open one with :func:`open_store`. Every public method runs in its own transaction unless it is given a
``session`` from :meth:`Store.write_session` / :meth:`Store.read_session`, in which case it joins that
one and the caller commits (``lifepath import`` writes a whole file that way, or nothing).

Writes take the database's write lock up front (``BEGIN IMMEDIATE`` on SQLite; the campaign row is
locked ``FOR UPDATE`` on PostgreSQL), so concurrent ``create --campaign`` processes queue up instead of
overwriting each other's changes to the campaign.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, exc, func, insert
from sqlalchemy.engine import URL
from sqlalchemy.orm import defer
from sqlmodel import Session, col, select

from lifepath.character import Character
from lifepath.errors import LifepathError, UnknownName
from lifepath.store import documents
from lifepath.store.engine import (
    WRITE_OPTION,
    StoreError,
    database_url,
    describe,
    make_engine,
    translate,
)
from lifepath.store.models import (
    STATUSES,
    CampaignCreate,
    CampaignRead,
    CampaignRow,
    CampaignUpdate,
    CharacterCreate,
    CharacterRead,
    CharacterRow,
    CharacterUpdate,
    utcnow,
)

if TYPE_CHECKING:
    from lifepath.registry import Registry
    from lifepath.store.roster import RosterPage, RosterQuery

Warn = Callable[[str], None]


def _stderr_warning(text: str) -> None:
    print(f"lifepath: warning: {text}", file=sys.stderr)


def check_status(status: str) -> str:
    """``status`` if it is a roster status, else a :class:`LifepathError` naming the allowed ones."""
    low = status.strip().lower()
    if low not in STATUSES:
        raise LifepathError(f"'{status}' is not a roster status", hint=f"use one of {', '.join(STATUSES)}")
    return low


def check_notes(notes: str) -> str:
    """``notes`` with line endings made ``\\n`` and the ends trimmed, or a :class:`LifepathError` when they
    are too long or hold a NUL character (which PostgreSQL cannot store)."""
    from lifepath.store.models import NOTES_MAX

    text = notes.replace("\r\n", "\n").replace("\r", "\n").strip()
    if len(text) > NOTES_MAX:
        raise LifepathError(
            f"the notes are {len(text):,} characters long, more than the {NOTES_MAX:,} a character's notes may be",
            hint="shorten them",
        )
    if "\x00" in text:
        raise LifepathError("the notes hold a NUL character, which cannot be stored", hint="remove it")
    return text


def _check_name(name: str, what: str) -> str:
    clean = name.strip()
    if not clean:
        raise LifepathError(f"a {what} needs a name", hint=f"give the {what} a name that is not blank")
    if len(clean) > 200:
        raise LifepathError(f"that {what} name is {len(clean)} characters long", hint="use at most 200 characters")
    return clean


class Store:
    """A campaign database. Use :func:`open_store` to get one; close it (or use ``with``) when done."""

    def __init__(self, engine: Engine, url: URL, *, registry: Registry | None = None, warn: Warn | None = None) -> None:
        self.engine = engine
        self.url = url
        self._registry = registry
        self.warn: Warn = warn or _stderr_warning
        #: every warning given, for callers that want to show or test them
        self.warnings: list[str] = []

    # -- plumbing ---------------------------------------------------------------------------------

    @property
    def where(self) -> str:
        """The database, for messages (password hidden)."""
        return describe(self.url)

    @property
    def registry(self) -> Registry:
        """The plugins' registry (the process-wide one unless the store was given one)."""
        if self._registry is None:
            from lifepath.manager import get_registry

            self._registry = get_registry()
        return self._registry

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def _warn(self, text: str) -> None:
        self.warnings.append(text)
        self.warn(text)

    @contextmanager
    def _translated(self) -> Iterator[None]:
        try:
            yield
        except exc.SQLAlchemyError as e:
            raise translate(e, self.url) from None

    @contextmanager
    def read_session(self) -> Iterator[Session]:
        """A session for reading; rolled back at the end."""
        with self._translated(), Session(self.engine, expire_on_commit=False) as session:
            try:
                yield session
            finally:
                session.rollback()

    @contextmanager
    def write_session(self) -> Iterator[Session]:
        """A session that holds the write lock from its first statement and commits at the end, or rolls
        back everything if the block raises."""
        writer = self.engine.execution_options(**{WRITE_OPTION: True})
        with self._translated(), Session(writer, expire_on_commit=False) as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    @contextmanager
    def _session(self, session: Session | None, *, write: bool) -> Iterator[Session]:
        if session is not None:
            with self._translated():
                yield session
        elif write:
            with self.write_session() as s:
                yield s
        else:
            with self.read_session() as s:
                yield s

    # -- campaigns --------------------------------------------------------------------------------

    def campaigns(self, *, session: Session | None = None) -> list[CampaignRead]:
        """Every campaign, by name."""
        with self._session(session, write=False) as s:
            rows = s.exec(select(CampaignRow).order_by(col(CampaignRow.name))).all()
            return [_campaign_read(r) for r in rows]

    def campaign(self, name: str, *, check_plugins: bool = True, session: Session | None = None) -> CampaignRead:
        """The campaign called ``name``; :class:`UnknownName` listing the campaigns when there is none.

        With ``check_plugins``, warns about each plugin the campaign's characters were made with that is
        no longer installed, naming the characters that needed it.
        """
        with self._session(session, write=False) as s:
            row = self._campaign_row(s, name)
            found = _campaign_read(row)
            if check_plugins:
                self._check_plugins(s, found)
            return found

    def _campaign_row(self, session: Session, name: str, *, lock: bool = False) -> CampaignRow:
        query = select(CampaignRow).where(CampaignRow.name == name)
        if lock:
            query = query.with_for_update()
        row = session.exec(query).first()
        if row is None:
            names = list(session.exec(select(CampaignRow.name).order_by(col(CampaignRow.name))).all())
            if names:
                hint = f"the campaigns in {self.where} are: {', '.join(names)}"
            else:
                hint = f"{self.where} has no campaigns yet; make one with `lifepath campaign new NAME`"
            raise UnknownName(f"there is no campaign called '{name}'", hint=hint)
        return row

    def installed_plugins(self) -> set[str]:
        """Names of the plugins loaded now (loading the entry points does not build the registry)."""
        if self._registry is not None:
            manager = self._registry.manager
        else:
            from lifepath.manager import get_manager

            manager = get_manager()
        return {info.name for info in manager.active()}

    def missing_plugins(self, campaign: CampaignRead, *, session: Session | None = None) -> dict[str, list[str]]:
        """Each plugin the campaign's characters were made with that is not installed now, with the
        characters (``"12 'Ann Smith'"``) that were made with it."""
        from lifepath.store.content import plugin_names

        # the campaign's own content folders count as installed: the commands that make or replay its
        # characters load them (a folder that is gone, or was removed from the campaign, does not count)
        installed = self.installed_plugins() | plugin_names(campaign.content)
        missing = sorted({p["name"] for p in campaign.plugins} - installed)
        if not missing:
            return {}
        needed: dict[str, list[str]] = {name: [] for name in missing}
        with self._session(session, write=False) as s:
            query = select(CharacterRow.id, CharacterRow.name, CharacterRow.document).where(
                CharacterRow.campaign_id == campaign.id
            )
            for cid, cname, doc in s.exec(query.order_by(col(CharacterRow.id))).all():
                try:
                    used = {p.get("name") for p in json.loads(doc)["provenance"].get("plugins", [])}
                except (ValueError, KeyError, TypeError, AttributeError):
                    continue
                for name in missing:
                    if name in used:
                        needed[name].append(f"{cid} '{cname}'")
        return needed

    def check_plugins(self, campaign: CampaignRead, *, session: Session | None = None) -> None:
        """Warn about each plugin the campaign's characters were made with that is missing now (see
        :meth:`campaign`); call it after loading the campaign's content when opening it unchecked."""
        with self._session(session, write=False) as s:
            self._check_plugins(s, campaign)

    def _check_plugins(self, session: Session, campaign: CampaignRead) -> None:
        versions = {p["name"]: p.get("version", "") for p in campaign.plugins}
        for plugin, characters in self.missing_plugins(campaign, session=session).items():
            who = ", ".join(characters) if characters else "none of its characters now"
            version = f" {versions[plugin]}" if versions.get(plugin) else ""
            if plugin.startswith("content:"):
                fix = (
                    f"Add its folder to the campaign again with `lifepath campaign add-content "
                    f"{shlex.quote(campaign.name)} PATH` (or put a stored folder back where it was)"
                )
            else:
                fix = "Install the plugin again"
            self._warn(
                f"campaign '{campaign.name}' has characters made with the plugin '{plugin}'{version}, which is "
                f"not installed; characters that need it: {who}. {fix} to replay or re-create them (their stored "
                f"sheets are still shown)"
            )

    @staticmethod
    def ensure_open(campaign: CampaignRead | CampaignRow) -> None:
        """Raise a :class:`LifepathError` if the campaign is archived (it takes no new characters)."""
        if campaign.archived:
            raise LifepathError(
                f"campaign '{campaign.name}' is archived, so it takes no new characters",
                hint=f"bring it back with `lifepath campaign archive '{campaign.name}' --undo`",
            )

    def new_campaign(self, data: CampaignCreate, *, session: Session | None = None) -> CampaignRead:
        """Add a campaign. Its name must be new; its house rules should already be checked against the
        ruleset's declaration (see :func:`lifepath.houserules.set_value`)."""
        name = _check_name(data.name, "campaign")
        with self._session(session, write=True) as s:
            if s.exec(select(CampaignRow.id).where(CampaignRow.name == name)).first() is not None:
                raise LifepathError(
                    f"there is already a campaign called '{name}' in {self.where}",
                    hint="choose another name, or `lifepath campaign show` the one there is",
                )
            now = utcnow()
            row = CampaignRow(
                name=name,
                ruleset=data.ruleset,
                house_rules=dict(data.house_rules),
                content=list(data.content),
                worlds=list(data.worlds),
                enabled_plugins=sorted(set(data.enabled_plugins)),
                enabled_replacements=sorted(set(data.enabled_replacements)),
                plugins=documents.plugin_union(data.plugins),
                archived=data.archived,
                created_at=data.created_at or now,
                archived_at=data.archived_at or (now if data.archived else None),
            )
            s.add(row)
            s.flush()
            return _campaign_read(row)

    def update_campaign(self, name: str, update: CampaignUpdate, *, session: Session | None = None) -> CampaignRead:
        """Change a campaign's name, house rules or archived flag."""
        with self._session(session, write=True) as s:
            row = self._campaign_row(s, name, lock=True)
            if update.name is not None and update.name != row.name:
                new = _check_name(update.name, "campaign")
                if s.exec(select(CampaignRow.id).where(CampaignRow.name == new)).first() is not None:
                    raise LifepathError(f"there is already a campaign called '{new}'", hint="choose another name")
                row.name = new
            if update.house_rules is not None:
                row.house_rules = dict(update.house_rules)
            if update.content is not None:
                row.content = list(update.content)
            if update.enabled_plugins is not None:
                row.enabled_plugins = sorted(set(update.enabled_plugins))
            if update.enabled_replacements is not None:
                row.enabled_replacements = sorted(set(update.enabled_replacements))
            if update.archived is not None and update.archived != row.archived:
                row.archived = update.archived
                row.archived_at = (update.archived_at or utcnow()) if update.archived else None
            s.add(row)
            s.flush()
            return _campaign_read(row)

    def add_worlds(self, name: str, worlds: list[dict[str, Any]], *, session: Session | None = None) -> CampaignRead:
        """Add worlds (``{sector, hex, name, uwp, remarks}``, already checked by :mod:`lifepath.sector`) to
        the campaign, all of them or, when one's key (sector and hex) or its name in its sector is already
        there, none. Two sectors may share hex numbers and names."""
        from lifepath.sector import Seen, World

        with self._session(session, write=True) as s:
            row = self._campaign_row(s, name, lock=True)
            have = Seen(World.from_dict(w) for w in row.worlds or [])
            taken = [
                str(w["name"])
                for i, w in enumerate(worlds, start=len(have.keys))
                if have.clash(World.from_dict(w), i) is not None
            ]
            if taken:
                shown = ", ".join(taken[:20]) + (f" and {len(taken) - 20} more" if len(taken) > 20 else "")
                raise LifepathError(
                    f"campaign '{row.name}' already has the world(s) {shown} (the same hex or name in the same "
                    "sector), so no world was added",
                    hint="a file added before is not added again; a second subsector sharing its hex numbers needs "
                    "a sector label of its own (add-worlds --sector NAME), or rename or leave out those worlds",
                )
            row.worlds = [*(row.worlds or []), *worlds]
            s.add(row)
            s.flush()
            return _campaign_read(row)

    def add_content(self, name: str, folder: str, *, session: Session | None = None) -> CampaignRead:
        """Add a content folder (an absolute path, already checked with
        :func:`lifepath.store.content.check_folder`) to the campaign's list; a folder already there is
        not added twice."""
        with self._session(session, write=True) as s:
            row = self._campaign_row(s, name, lock=True)
            if folder not in (row.content or []):
                row.content = [*(row.content or []), folder]
                s.add(row)
                s.flush()
            return _campaign_read(row)

    def remove_content(self, name: str, folder: str, *, session: Session | None = None) -> tuple[CampaignRead, str]:
        """Take a content folder out of the campaign's list; return the campaign and the folder as it was
        stored. ``folder`` may be written differently from the stored path (relative, through a link);
        a folder the campaign does not use is an :class:`UnknownName` listing the ones it does."""
        from lifepath.store.content import folder_path, same_folder

        with self._session(session, write=True) as s:
            row = self._campaign_row(s, name, lock=True)
            stored = list(row.content or [])
            found = next((f for f in stored if same_folder(f, folder)), None)
            if found is None:
                used = ", ".join(stored) if stored else "none"
                show = f"lifepath campaign show {shlex.quote(row.name)}"
                raise UnknownName(
                    f"campaign '{row.name}' does not use the content folder {folder_path(folder)}",
                    hint=f"the content folders it uses are: {used} (see `{show}`)",
                )
            row.content = [f for f in stored if f != found]
            s.add(row)
            s.flush()
            return _campaign_read(row), found

    def set_enabled(
        self, name: str, plugins: Sequence[str], replacements: Sequence[str], *, session: Session | None = None
    ) -> CampaignRead:
        """Replace the plugins and replacements the campaign's characters are made with (checked by
        ``lifepath campaign content``; see :mod:`lifepath.store.enabled`)."""
        update = CampaignUpdate(enabled_plugins=list(plugins), enabled_replacements=list(replacements))
        return self.update_campaign(name, update, session=session)

    def set_house_rules(self, name: str, rules: dict[str, Any], *, session: Session | None = None) -> CampaignRead:
        """Replace the house rules a campaign sets."""
        return self.update_campaign(name, CampaignUpdate(house_rules=rules), session=session)

    def archive(self, name: str, archived: bool = True, *, session: Session | None = None) -> CampaignRead:
        """Archive a campaign (no new characters), or bring it back with ``archived=False``."""
        return self.update_campaign(name, CampaignUpdate(archived=archived), session=session)

    def counts(self, campaign: str, *, session: Session | None = None) -> dict[str, int]:
        """How many characters the campaign has in each roster status."""
        with self._session(session, write=False) as s:
            row = self._campaign_row(s, campaign)
            query = (
                select(CharacterRow.status, func.count())
                .where(CharacterRow.campaign_id == row.id)
                .group_by(col(CharacterRow.status))
            )
            return {str(status): int(n) for status, n in s.exec(query).all()}

    # -- characters -------------------------------------------------------------------------------

    def add_character(
        self,
        campaign_name: str,
        character: Character,
        player: str | None = None,
        *,
        status: str | None = None,
        document: str | None = None,
        created_at: datetime | None = None,
        updated_at: datetime | None = None,
        session: Session | None = None,
    ) -> int:
        """Save ``character`` in the campaign and return its id.

        The character's ruleset must be the campaign's. ``document`` (the export text) defaults to
        ``character.to_json()``; imports pass the text they read. The campaign's plugin list gains the
        plugins the character was made with.
        """
        if status is not None:
            status = check_status(status)
        data = documents.character_create(self.registry, character, player=player, status=status, document=document)
        data.created_at, data.updated_at = created_at, updated_at or created_at
        return self.insert_character(campaign_name, data, character.provenance.get("plugins", []), session=session)

    def add_characters(
        self,
        campaign_name: str,
        characters: Sequence[Character],
        *,
        statuses: Sequence[str | None] | None = None,
        session: Session | None = None,
    ) -> list[int]:
        """Save a batch of characters in the campaign with one campaign lookup and one flush.

        The batch form of :meth:`add_character` (same checks, same rows, ids in the given order) for
        ``generate --campaign``: per character it only builds the row, so thousands save in seconds.
        ``statuses`` gives each character's roster status (``None``: active, or dead if it died).
        """
        if not characters:
            return []
        wanted = list(statuses) if statuses is not None else [None] * len(characters)
        prepared = [
            (
                documents.character_create(self.registry, c, status=check_status(st) if st else None),
                c.provenance.get("plugins", []),
            )
            for c, st in zip(characters, wanted, strict=True)
        ]
        return self.insert_rows(campaign_name, prepared, session=session)

    def insert_character(
        self,
        campaign_name: str,
        data: CharacterCreate,
        plugins: Sequence[dict[str, str]] = (),
        *,
        session: Session | None = None,
    ) -> int:
        """Insert a prepared row (see :func:`lifepath.store.documents.character_create`)."""
        check_status(data.status)
        with self._session(session, write=True) as s:
            camp = self._campaign_row(s, campaign_name, lock=True)
            self.ensure_open(camp)
            if data.ruleset != camp.ruleset:
                raise LifepathError(
                    f"'{data.name}' was made under the ruleset {data.ruleset}, but campaign '{camp.name}' "
                    f"uses {camp.ruleset}",
                    hint="a campaign's characters all use its ruleset; choose a campaign of that ruleset",
                )
            union = documents.plugin_union(camp.plugins, plugins)
            if union != camp.plugins:
                camp.plugins = union
                s.add(camp)
            now = utcnow()
            values = data.model_dump(exclude={"created_at", "updated_at"})
            assert camp.id is not None
            row = CharacterRow(
                **values,
                campaign_id=camp.id,
                created_at=data.created_at or now,
                updated_at=data.updated_at or data.created_at or now,
            )
            s.add(row)
            s.flush()
            assert row.id is not None
            return row.id

    def insert_rows(
        self,
        campaign_name: str,
        rows: Sequence[tuple[CharacterCreate, Sequence[Mapping[str, Any]]]],
        *,
        session: Session | None = None,
    ) -> list[int]:
        """Insert prepared rows (with the plugins each was made with) in one multi-row INSERT, keeping
        their dates and ``edited`` mark; the ids come back in order. ``lifepath import`` writes this way."""
        if not rows:
            return []
        with self._session(session, write=True) as s:
            camp = self._campaign_row(s, campaign_name, lock=True)
            self.ensure_open(camp)
            assert camp.id is not None
            union = camp.plugins
            now = utcnow()
            values: list[dict[str, Any]] = []
            for data, plugins in rows:
                check_status(data.status)
                if data.ruleset != camp.ruleset:
                    raise LifepathError(
                        f"'{data.name}' was made under the ruleset {data.ruleset}, but campaign '{camp.name}' "
                        f"uses {camp.ruleset}",
                        hint="a campaign's characters all use its ruleset; choose a campaign of that ruleset",
                    )
                union = documents.plugin_union(union, plugins)
                created = data.created_at or now
                values.append(
                    {
                        **data.model_dump(exclude={"created_at", "updated_at"}),
                        "campaign_id": camp.id,
                        "created_at": created,
                        "updated_at": data.updated_at or created,
                    }
                )
            if union != camp.plugins:
                camp.plugins = union
                s.add(camp)
                s.flush()
            # One multi-row INSERT ... RETURNING through SQLAlchemy Core: the rows were validated as
            # CharacterCreate models already, and the ORM's per-object bookkeeping cost more than the
            # database did. The ids come back in the order of the batch.
            table = CharacterRow.__table__  # type: ignore[attr-defined]
            statement = insert(table).returning(table.c.id, sort_by_parameter_order=True)
            ids = [int(i) for i in s.execute(statement, values).scalars()]
            from lifepath.store.roster import refresh_statistics

            refresh_statistics(s)  # the roster's planner statistics, once the table has grown enough
            return ids

    def document_hashes(self, campaign: str, *, session: Session | None = None) -> dict[str, str]:
        """Each stored document's SHA-256 in the campaign, with `` (id 12 'Ann Smith')`` for messages."""
        with self._session(session, write=False) as s:
            row = self._campaign_row(s, campaign)
            query = select(CharacterRow.document_sha256, CharacterRow.id, CharacterRow.name).where(
                CharacterRow.campaign_id == row.id
            )
            return {str(sha): f" (already there as id {cid} '{name}')" for sha, cid, name in s.exec(query).all() if sha}

    def characters(
        self,
        campaign: str | None = None,
        *,
        status: str | None = None,
        player: str | None = None,
        ruleset: str | None = None,
        session: Session | None = None,
    ) -> list[CharacterRead]:
        """Roster rows (no documents), by id; filtered by campaign, status, player and ruleset."""
        with self._session(session, write=False) as s:
            query = (
                select(CharacterRow, CampaignRow.name)
                .join(CampaignRow)
                .options(
                    defer(CharacterRow.document)  # type: ignore[arg-type]  # SQLModel types the column as str
                )
            )
            if campaign is not None:
                query = query.where(CharacterRow.campaign_id == self._campaign_row(s, campaign).id)
            if status is not None:
                query = query.where(CharacterRow.status == check_status(status))
            if player is not None:
                query = query.where(func.lower(CharacterRow.player) == player.strip().lower())
            if ruleset is not None:
                query = query.where(CharacterRow.ruleset == ruleset)
            return [_character_read(r, n) for r, n in s.exec(query.order_by(col(CharacterRow.id))).all()]

    def roster(self, campaign: str | None, query: RosterQuery, *, session: Session | None = None) -> RosterPage:
        """One page of a campaign's roster (``campaign`` None: every campaign's), filtered, sorted and paged
        by the database (:mod:`lifepath.store.roster`); :class:`UnknownName` for an unknown campaign."""
        from lifepath.store.roster import roster_page

        with self._session(session, write=False) as s:
            campaign_id = self._campaign_row(s, campaign).id if campaign is not None else None
            return roster_page(s, campaign_id, query)

    def species_choices(self, campaign: str, *, session: Session | None = None) -> list[str]:
        """The species among the campaign's characters, sorted (one DISTINCT query)."""
        from lifepath.store.roster import species_choices

        with self._session(session, write=False) as s:
            row = self._campaign_row(s, campaign)
            assert row.id is not None
            return species_choices(s, row.id)

    def character_count(self, campaign: str, *, session: Session | None = None) -> int:
        """How many characters the campaign has (one COUNT query)."""
        return sum(self.counts(campaign, session=session).values())

    def _character_row(self, session: Session, character_id: int, *, lock: bool = False) -> tuple[CharacterRow, str]:
        found = None
        if -(2**63) <= character_id < 2**63:  # beyond 64 bits no row can have it (SQLite cannot even compare it)
            query = select(CharacterRow, CampaignRow.name).join(CampaignRow).where(CharacterRow.id == character_id)
            if lock:
                query = query.with_for_update()
            found = session.exec(query).first()
        if found is None:
            raise UnknownName(
                f"there is no character with id {character_id} in {self.where}",
                hint="`lifepath roster` lists the characters and their ids",
            )
        return found

    def character(self, character_id: int, *, session: Session | None = None) -> CharacterRead:
        """The roster row of one character; :class:`UnknownName` when there is no such id."""
        with self._session(session, write=False) as s:
            return _character_read(*self._character_row(s, character_id))

    def document(self, character_id: int, *, session: Session | None = None) -> str:
        """The export text of one character: the same bytes ``Character.to_json()`` wrote."""
        with self._session(session, write=False) as s:
            return documents.export_text(self._character_row(s, character_id)[0].document)

    def load(self, character_id: int, *, session: Session | None = None) -> Character:
        """The stored character as a :class:`lifepath.Character`."""
        with self._session(session, write=False) as s:
            return Character.from_dict(json.loads(self._character_row(s, character_id)[0].document))

    def update_character(
        self, character_id: int, update: CharacterUpdate, *, session: Session | None = None
    ) -> CharacterRead:
        """Change a character's name (in the document too), player, status or notes."""
        status = check_status(update.status) if update.status is not None else None
        notes = check_notes(update.notes) if update.notes is not None else None
        name = _check_name(update.name, "character") if update.name is not None else None
        with self._session(session, write=True) as s:
            row, campaign = self._character_row(s, character_id, lock=True)
            if name is not None and name != row.name:
                doc = json.loads(row.document)
                row.document = documents.compact(documents.renamed(doc, name))
                row.document_sha256 = documents.digest(row.document)
                row.name = name
            if update.player is not None:
                row.player = _check_name(update.player, "player") if update.player.strip() else None
            if status is not None:
                row.status = status
            if notes is not None:
                row.notes = notes
            row.updated_at = utcnow()
            s.add(row)
            s.flush()
            return _character_read(row, campaign)

    def set_status(self, character_id: int, status: str, *, session: Session | None = None) -> CharacterRead:
        """Set a character's roster status (active, retired, dead or npc)."""
        return self.update_character(character_id, CharacterUpdate(status=status), session=session)

    def rename(self, character_id: int, name: str, *, session: Session | None = None) -> CharacterRead:
        """Rename a character in the roster and in its stored sheet."""
        return self.update_character(character_id, CharacterUpdate(name=name), session=session)

    def set_notes(self, character_id: int, notes: str, *, session: Session | None = None) -> CharacterRead:
        """Set a character's referee's notes ("" clears them); kept beside the document, not in it."""
        return self.update_character(character_id, CharacterUpdate(notes=notes), session=session)

    def delete_character(self, character_id: int, *, session: Session | None = None) -> CharacterRead:
        """Delete one character; returns what it was."""
        with self._session(session, write=True) as s:
            row, campaign = self._character_row(s, character_id, lock=True)
            gone = _character_read(row, campaign)
            s.delete(row)
            s.flush()
            return gone


def _campaign_read(row: CampaignRow) -> CampaignRead:
    assert row.id is not None
    return CampaignRead(
        id=row.id,
        name=row.name,
        ruleset=row.ruleset,
        house_rules=dict(row.house_rules or {}),
        content=list(row.content or []),
        worlds=[dict(w) for w in row.worlds or []],
        enabled_plugins=list(row.enabled_plugins or []),
        enabled_replacements=list(row.enabled_replacements or []),
        plugins=[dict(p) for p in row.plugins or []],
        archived=bool(row.archived),
        created_at=row.created_at,
        archived_at=row.archived_at,
    )


def _character_read(row: CharacterRow, campaign: str) -> CharacterRead:
    assert row.id is not None
    return CharacterRead(
        id=row.id,
        campaign_id=row.campaign_id,
        campaign=campaign,
        name=row.name,
        player=row.player,
        status=row.status,
        ruleset=row.ruleset,
        rules_sha256=row.rules_sha256,
        seed=row.seed,
        species=row.species,
        careers=row.careers,
        terms=row.terms,
        age=row.age,
        profile=row.profile,
        edited=bool(row.edited),
        notes=row.notes or "",
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


def open_store(url: str | None = None, *, registry: Registry | None = None, warn: Warn | None = None) -> Store:
    """Open (creating or upgrading as needed) the campaign database named by ``url``.

    ``url`` is a SQLite file path, a ``sqlite:///`` or ``postgresql://`` URL, or None for
    ``LIFEPATH_DB`` or the default file in the user's data directory. Errors (a bad URL, a server that
    does not answer, a file that is not a database) are :class:`StoreError` with one clear paragraph.
    """
    from lifepath.store.migrate import upgrade

    target = database_url(url)
    engine = make_engine(target)
    try:
        upgrade(engine)
    except exc.SQLAlchemyError as e:
        engine.dispose()
        raise translate(e, target) from None
    except BaseException:
        engine.dispose()
        raise
    return Store(engine, target, registry=registry, warn=warn)


__all__ = ["Store", "StoreError", "check_notes", "check_status", "open_store"]
