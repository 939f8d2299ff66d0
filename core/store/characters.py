"""The store's methods that save characters (one, a batch, or prepared rows) and read them back:
roster rows, pages of the roster, counts, a stored document or the character itself.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, insert
from sqlalchemy.orm import defer
from sqlmodel import Session, col, select

from lifepath.character import Character
from lifepath.errors import LifepathError
from lifepath.store import documents
from lifepath.store.models import CampaignRow, CharacterCreate, CharacterRead, CharacterRow, utcnow
from lifepath.store.rows import character_read
from lifepath.store.transactions import StoreBase
from lifepath.store.values import check_status

if TYPE_CHECKING:
    from lifepath.store.roster import RosterPage, RosterQuery


class CharacterMethods(StoreBase):
    """The :class:`~lifepath.store.service.Store`'s methods that save characters and read them."""

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
            return [character_read(r, n) for r, n in s.exec(query.order_by(col(CharacterRow.id))).all()]

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

    def character_count(self, campaign: str, *, session: Session | None = None) -> int:
        """How many characters the campaign has (one COUNT query)."""
        return sum(self.counts(campaign, session=session).values())

    def character(self, character_id: int, *, session: Session | None = None) -> CharacterRead:
        """The roster row of one character; :class:`UnknownName` when there is no such id."""
        with self._session(session, write=False) as s:
            return character_read(*self._character_row(s, character_id))

    def newest_id(self, *, session: Session | None = None) -> int:
        """The id of the character saved last (``lifepath show last``); :class:`UnknownName` when there is none."""
        from lifepath.errors import UnknownName

        with self._session(session, write=False) as s:
            newest = s.exec(select(func.max(CharacterRow.id))).first()
        if newest is None:
            raise UnknownName(
                f"there is no character yet in {self.where}",
                hint="make one with `lifepath create`, or give the database that holds yours with --db",
            )
        return int(newest)

    def document(self, character_id: int, *, session: Session | None = None) -> str:
        """The export text of one character: the same bytes ``Character.to_json()`` wrote."""
        with self._session(session, write=False) as s:
            return documents.export_text(self._character_row(s, character_id)[0].document)

    def load(self, character_id: int, *, session: Session | None = None) -> Character:
        """The stored character as a :class:`lifepath.Character`."""
        with self._session(session, write=False) as s:
            return Character.from_dict(json.loads(self._character_row(s, character_id)[0].document))


__all__ = ["CharacterMethods"]
