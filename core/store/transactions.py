"""The store's engine and transactions, and the lookups every part of the store shares.

:class:`StoreBase` holds the engine, the plugins' registry and the warnings given. Every public method
of the :class:`~lifepath.store.service.Store` runs in its own transaction unless it is given a ``session``
from :meth:`~StoreBase.write_session` / :meth:`~StoreBase.read_session`, in which case it joins that one
(:meth:`~StoreBase._session` decides). A write session takes the database's write lock from its first
statement; the lookups here lock the row ``FOR UPDATE`` on PostgreSQL when asked.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Self

from sqlalchemy import Engine, exc
from sqlalchemy.engine import URL
from sqlmodel import Session, col, select

from lifepath.errors import LifepathError, UnknownName
from lifepath.store.engine import WRITE_OPTION, describe, translate
from lifepath.store.models import CampaignRead, CampaignRow, CharacterRow

if TYPE_CHECKING:
    from lifepath.host.registry import Registry

Warn = Callable[[str], None]


def _stderr_warning(text: str) -> None:
    print(f"lifepath: warning: {text}", file=sys.stderr)


class StoreBase:
    """The part of the :class:`~lifepath.store.service.Store` its other parts build on: the engine, the
    sessions, the warnings, and looking up (and locking) a campaign's or a character's row."""

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
            from lifepath.host.manager import get_registry

            self._registry = get_registry()
        return self._registry

    def close(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    def __enter__(self) -> Self:
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

    # -- lookups ----------------------------------------------------------------------------------

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

    @staticmethod
    def ensure_open(campaign: CampaignRead | CampaignRow) -> None:
        """Raise a :class:`LifepathError` if the campaign is archived (it takes no new characters)."""
        if campaign.archived:
            raise LifepathError(
                f"campaign '{campaign.name}' is archived, so it takes no new characters",
                hint=f"bring it back with `lifepath campaign archive '{campaign.name}' --undo`",
            )


__all__ = ["StoreBase", "Warn"]
