"""The store's methods on drafts: characters being made on the creation page of ``lifepath serve``.

A draft is what creation replays a character from (:mod:`lifepath.engine.steps`): its campaign, the
player's name, the ruleset, seed, resolved house rules and creation options, and the answers so far. It is
kept in the database, so the page keeps nothing between requests. Its ``key`` is a random secret, its
address (``/drafts/KEY``): whoever has it can answer the draft, and the store finds a draft by nothing else
a page can give. An answer replaces the draft's answers only if they are still the ones the page saw
(:meth:`DraftMethods.set_answers`), so two tabs of one draft cannot overwrite each other. A finished draft
keeps the id of the character saved from it and no longer takes answers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, col, select

from lifepath.errors import LifepathError, UnknownName
from lifepath.store.documents import check_seed
from lifepath.store.models import DRAFT_KEY_MAX, DRAFT_PLAYER_MAX, CampaignRow, DraftRead, DraftRow, utcnow
from lifepath.store.transactions import StoreBase
from lifepath.support.text import CONTROL

#: the bytes of a draft's key (``secrets.token_urlsafe``: 32 characters)
KEY_BYTES = 24
#: what a key can be made of (the URL-safe Base64 alphabet); anything else is no draft's key
_KEY = re.compile(f"[A-Za-z0-9_-]{{1,{DRAFT_KEY_MAX}}}")


def check_player(player: str) -> str:
    """The player's name of a draft as stored (trimmed; "" for none), or a :class:`LifepathError` when it is
    longer than :data:`~lifepath.store.models.DRAFT_PLAYER_MAX` or holds a control character."""
    clean = player.strip()
    if len(clean) > DRAFT_PLAYER_MAX:
        raise LifepathError(
            f"that player name is {len(clean)} characters long", hint=f"use at most {DRAFT_PLAYER_MAX} characters"
        )
    bad = CONTROL.search(clean)
    if bad is not None:
        raise LifepathError(
            f"that player name holds the control character U+{ord(bad.group()):04X}",
            hint="use letters, digits, spaces and punctuation",
        )
    return clean


def _answers(answers: Sequence[Sequence[str]]) -> list[list[str]]:
    """``answers`` as stored: a list of ``[decision key, answer]`` lists."""
    pairs = []
    for number, pair in enumerate(answers, start=1):
        if not isinstance(pair, list | tuple) or len(pair) != 2 or not all(isinstance(part, str) for part in pair):
            raise LifepathError(
                f"answer {number} of the draft is {pair!r}, not a [decision key, answer] pair of texts",
                hint="give each answer as its decision's key and the answer",
            )
        pairs.append([pair[0], pair[1]])
    return pairs


def draft_read(row: DraftRow, campaign: str) -> DraftRead:
    assert row.id is not None
    return DraftRead(
        id=row.id,
        campaign_id=row.campaign_id,
        campaign=campaign,
        key=row.key,
        player=row.player,
        ruleset=row.ruleset,
        seed=row.seed,
        rules=dict(row.rules or {}),
        options=dict(row.options or {}),
        answers=[list(pair) for pair in row.answers or []],
        undone=[list(pair) for pair in row.undone or []],
        character_id=row.character_id,
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


class DraftMethods(StoreBase):
    """The :class:`~lifepath.store.service.Store`'s methods on drafts."""

    def new_draft(
        self,
        campaign: str,
        *,
        player: str,
        seed: int,
        rules: dict[str, Any],
        options: dict[str, Any] | None = None,
        session: Session | None = None,
    ) -> DraftRead:
        """Start a draft in ``campaign`` (by name; an archived one takes none) for ``player`` ("" for none),
        made with the campaign's ruleset from ``seed``, the resolved house ``rules`` and ``options``, with
        no answers yet and a new random key."""
        import secrets

        name = check_player(player)
        checked = check_seed(seed, "the draft")
        with self._session(session, write=True) as s:
            camp = self._campaign_row(s, campaign)
            self.ensure_open(camp)
            assert camp.id is not None
            now = utcnow()
            row = DraftRow(
                campaign_id=camp.id,
                key=secrets.token_urlsafe(KEY_BYTES),
                player=name,
                ruleset=camp.ruleset,
                seed=checked,
                rules=dict(rules),
                options=dict(options or {}),
                answers=[],
                undone=[],
                created_at=now,
                updated_at=now,
            )
            s.add(row)
            s.flush()
            return draft_read(row, camp.name)

    def draft(self, key: str, *, session: Session | None = None) -> DraftRead | None:
        """The draft whose key is ``key``, finished or not; None for any other text."""
        with self._session(session, write=False) as s:
            found = self._draft_row(s, key)
            return None if found is None else draft_read(*found)

    def set_answers(
        self,
        key: str,
        answers: list[list[str]],
        *,
        expected: int,
        undone: list[list[str]] | None = None,
        session: Session | None = None,
    ) -> DraftRead:
        """Replace the draft's answers (each ``[decision key, answer]``) if it holds exactly ``expected``
        answers, the number the page answering it saw; otherwise it was answered elsewhere since, and
        nothing changes. A finished draft takes no answers. ``undone`` replaces the record kept from before
        the last going back (None leaves it; the page gives it when it goes back, and [] once it has told
        the player whether the new answer changed what is thrown)."""
        pairs = _answers(answers)
        taken_back = None if undone is None else _answers(undone)
        with self._session(session, write=True) as s:
            row, campaign = self._existing(s, key)
            if row.character_id is not None:
                raise LifepathError(
                    f"this draft is finished: it was saved as character {row.character_id} of campaign '{campaign}', "
                    "so its answers cannot change",
                    hint="start a new character to make another",
                )
            if len(row.answers) != expected:
                have = len(row.answers)
                raise LifepathError(
                    f"the draft changed since this page was loaded: it has {have} answer{'' if have == 1 else 's'} "
                    f"now and the page showed {expected}, so it was answered elsewhere (in another tab or window) "
                    "and nothing was changed",
                    hint="reload the page to see the draft as it is now, then answer again",
                )
            row.answers = pairs
            if taken_back is not None:
                row.undone = taken_back
            row.updated_at = utcnow()
            s.add(row)
            s.flush()
            return draft_read(row, campaign)

    def finish_draft(self, key: str, character_id: int, *, session: Session | None = None) -> DraftRead:
        """Record that the character ``character_id`` of the draft's campaign was saved from the draft, which
        then takes no more answers. Recording the same character again changes nothing; another one is
        refused."""
        with self._session(session, write=True) as s:
            row, campaign = self._existing(s, key)
            character, _ = self._character_row(s, character_id)
            if character.campaign_id != row.campaign_id:
                raise LifepathError(
                    f"character {character_id} is not of campaign '{campaign}', the draft's",
                    hint="save the draft's character to its own campaign",
                )
            if row.character_id is not None and row.character_id != character_id:
                raise LifepathError(
                    f"this draft was already saved as character {row.character_id}",
                    hint="delete the second character saved from it, or start a new character",
                )
            row.character_id = character_id
            s.add(row)
            s.flush()
            return draft_read(row, campaign)

    def drafts(self, campaign: str, *, session: Session | None = None) -> list[DraftRead]:
        """The drafts of ``campaign`` still in progress, the last answered (or started) first, ties by id."""
        with self._session(session, write=False) as s:
            camp = self._campaign_row(s, campaign)
            query = (
                select(DraftRow)
                .where(DraftRow.campaign_id == camp.id, col(DraftRow.character_id).is_(None))
                .order_by(col(DraftRow.updated_at).desc(), col(DraftRow.id))
            )
            return [draft_read(row, camp.name) for row in s.exec(query).all()]

    def delete_draft(self, key: str, *, session: Session | None = None) -> bool:
        """Delete the draft whose key is ``key``; False when there is none."""
        with self._session(session, write=True) as s:
            found = self._draft_row(s, key, lock=True)
            if found is None:
                return False
            s.delete(found[0])
            s.flush()
            return True

    def table_key(self, campaign: str, *, new: bool = False, session: Session | None = None) -> str:
        """The secret of ``campaign``'s players' link, made now if it has none; with ``new`` a new one, so the
        old link no longer lets anyone in (its players' drafts keep their own addresses)."""
        import secrets

        with self._session(session, write=True) as s:
            camp = self._campaign_row(s, campaign, lock=True)
            if camp.table_key is None or new:
                camp.table_key = secrets.token_urlsafe(KEY_BYTES)
                s.add(camp)
                s.flush()
            return camp.table_key

    def table_campaign(self, key: str, *, session: Session | None = None) -> str | None:
        """The name of the campaign whose players' link holds ``key``; None for any other text."""
        if not isinstance(key, str) or _KEY.fullmatch(key) is None:
            return None
        with self._session(session, write=False) as s:
            found = s.exec(select(CampaignRow.name).where(CampaignRow.table_key == key)).first()
            return None if found is None else str(found)

    def _draft_row(self, session: Session, key: str, *, lock: bool = False) -> tuple[DraftRow, str] | None:
        if not isinstance(key, str) or _KEY.fullmatch(key) is None:
            return None  # empty, too long or holding what no key has (a NUL PostgreSQL would refuse)
        query = select(DraftRow, CampaignRow.name).join(CampaignRow).where(DraftRow.key == key)
        if lock:
            query = query.with_for_update(of=DraftRow)
        found = session.exec(query).first()
        return None if found is None else (found[0], found[1])

    def _existing(self, session: Session, key: str) -> tuple[DraftRow, str]:
        found = self._draft_row(session, key, lock=True)
        if found is None:
            raise UnknownName(
                f"there is no draft with that key in {self.where}",
                hint="it was deleted, or its address was copied wrong; start a new character",
            )
        return found


__all__ = ["KEY_BYTES", "DraftMethods", "check_player", "draft_read"]
