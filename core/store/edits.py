"""Changing a stored character: its name (in the document too), player, roster status and referee's
notes, or deleting it.
"""

from __future__ import annotations

import json

from sqlmodel import Session

from lifepath.store import documents
from lifepath.store.models import CharacterRead, CharacterUpdate, utcnow
from lifepath.store.rows import character_read
from lifepath.store.transactions import StoreBase
from lifepath.store.values import check_name, check_notes, check_status


class EditMethods(StoreBase):
    """The :class:`~lifepath.store.service.Store`'s methods that change or delete a stored character."""

    def update_character(
        self, character_id: int, update: CharacterUpdate, *, session: Session | None = None
    ) -> CharacterRead:
        """Change a character's name (in the document too), player, status or notes."""
        status = check_status(update.status) if update.status is not None else None
        notes = check_notes(update.notes) if update.notes is not None else None
        name = check_name(update.name, "character") if update.name is not None else None
        with self._session(session, write=True) as s:
            row, campaign = self._character_row(s, character_id, lock=True)
            if name is not None and name != row.name:
                doc = json.loads(row.document)
                row.document = documents.compact(documents.renamed(doc, name))
                row.document_sha256 = documents.digest(row.document)
                row.name = name
            if update.player is not None:
                row.player = check_name(update.player, "player") if update.player.strip() else None
            if status is not None:
                row.status = status
            if notes is not None:
                row.notes = notes
            row.updated_at = utcnow()
            s.add(row)
            s.flush()
            return character_read(row, campaign)

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
            gone = character_read(row, campaign)
            s.delete(row)
            s.flush()
            return gone


__all__ = ["EditMethods"]
