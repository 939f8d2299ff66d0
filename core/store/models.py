"""The store's tables and the models read from and written to them.

Three tables, ``campaign``, ``character`` and ``draft``. A character row keeps the character's full export
(the JSON document, stored compact and read back as the exact bytes :meth:`lifepath.Character.to_json`
writes, see :mod:`lifepath.store.documents`) plus what lives beside it: the campaign, the player, the
roster status, the dates, and a few columns copied out of the document so a roster can be listed and
filtered without parsing every document. A draft row is a character still being made on the creation page
of ``lifepath serve`` (:mod:`lifepath.store.drafts`).

Each table has separate models for creating, updating and reading, so callers never hand a table row
around: the :class:`~lifepath.store.service.Store` takes ``*Create``/``*Update`` models (or, for a draft,
plain values) and returns ``*Read`` models.

The schema itself is created and upgraded by the Alembic revisions in
:mod:`lifepath.store.migrations.versions`; these classes must agree with the newest revision (a test
compares them).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, TypeVar

from pydantic import ValidationError
from sqlalchemy import JSON, BigInteger, CheckConstraint, DateTime, Dialect, Index, Text, UniqueConstraint, false
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

from lifepath.store.reads import as_utc

#: the roster statuses a character can have; the order is the order `roster` documents them in
STATUSES: tuple[str, ...] = ("active", "retired", "dead", "npc")
#: the longest referee's notes a character can have, in characters
NOTES_MAX = 10_000
#: the longest key a draft can have (the store makes them 32 characters long)
DRAFT_KEY_MAX = 64
#: the longest player's name a draft can have, in characters
DRAFT_PLAYER_MAX = 60

M = TypeVar("M", bound=SQLModel)


def utcnow() -> datetime:
    """The current time, timezone-aware, in UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored in UTC and always read back timezone-aware.

    SQLite has no time zones: values are stored as naive UTC text there and get their zone back on read;
    PostgreSQL stores ``timestamp with time zone`` and the value is converted to UTC on read.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return None if value is None else as_utc(value)


def build(model: type[M], what: str, **values: Any) -> M:
    """``model(**values)``, with a value the model refuses (a name over 200 characters...) reported as a
    :class:`~lifepath.errors.LifepathError` naming the field, instead of pydantic's traceback."""
    from lifepath.errors import LifepathError

    try:
        return model(**values)
    except ValidationError as e:
        first = e.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "value"
        raise LifepathError(
            f"the {what}'s {field} is not allowed: {first['msg'][0].lower()}{first['msg'][1:]}",
            hint=f"give a {field} that fits",
        ) from None


# -- campaign --------------------------------------------------------------------------------------


class CampaignBase(SQLModel):
    """What a referee chooses for a campaign."""

    name: str = Field(max_length=200)
    ruleset: str = Field(max_length=100)
    #: the house rules the referee set (values differing from or pinning the declaration's defaults)
    house_rules: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    #: absolute paths of the data-only content folders its characters are made with (revision 0003,
    #: whose server default ``[]`` filled the rows there were)
    content: list[str] = Field(default_factory=list, sa_type=JSON, sa_column_kwargs={"server_default": "[]"})
    #: worlds imported from sector files, ``{hex, name, uwp, remarks}`` each (revision 0005)
    worlds: list[dict[str, Any]] = Field(default_factory=list, sa_type=JSON, sa_column_kwargs={"server_default": "[]"})
    #: the installed plugins whose content the campaign's characters are made with (revision 0007): every
    #: plugin adding something to its ruleset when it was made, unless the referee chose; a plugin installed
    #: later is used only once enabled (``lifepath campaign content NAME --enable PLUGIN``). The ruleset's
    #: own plugin and the campaign's content folders are always used.
    enabled_plugins: list[str] = Field(default_factory=list, sa_type=JSON, sa_column_kwargs={"server_default": "[]"})
    #: the replacements (``plugin:id``, see :mod:`lifepath.host.clashes`) enabled in the campaign (revision 0007)
    enabled_replacements: list[str] = Field(
        default_factory=list, sa_type=JSON, sa_column_kwargs={"server_default": "[]"}
    )


class CampaignRow(CampaignBase, table=True):
    """A campaign: a ruleset, its house rules, and the characters made for it."""

    __tablename__ = "campaign"
    __table_args__ = (UniqueConstraint("name", name="uq_campaign_name"),)

    id: int | None = Field(default=None, primary_key=True)
    #: name and version of every plugin the campaign's characters were made with
    plugins: list[dict[str, str]] = Field(default_factory=list, sa_type=JSON)
    archived: bool = Field(default=False)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    #: when it was archived (revision 0002); None while the campaign is in play
    archived_at: datetime | None = Field(default=None, sa_type=UTCDateTime)
    #: the secret of the players' link of ``serve --allow-create`` beyond this machine (revision 0010): made
    #: when a server first needs it, replaced by ``lifepath campaign new-table-link``; never exported
    table_key: str | None = Field(default=None, max_length=DRAFT_KEY_MAX)


class CampaignCreate(CampaignBase):
    """A new campaign. ``plugins``, ``archived`` and the dates are for imports of exported campaigns."""

    plugins: list[dict[str, str]] = Field(default_factory=list)
    archived: bool = False
    created_at: datetime | None = None
    archived_at: datetime | None = None


class CampaignUpdate(SQLModel):
    """Changes to a campaign; fields left as None are not changed."""

    name: str | None = None
    house_rules: dict[str, Any] | None = None
    #: the whole list of content folders (see :meth:`~lifepath.store.service.Store.add_content`)
    content: list[str] | None = None
    #: the whole lists of enabled plugins and replacements (see ``lifepath campaign content``)
    enabled_plugins: list[str] | None = None
    enabled_replacements: list[str] | None = None
    archived: bool | None = None
    #: when archiving, the date to record (default: now)
    archived_at: datetime | None = None


class CampaignRead(CampaignBase):
    """A campaign as the store returns it."""

    id: int
    plugins: list[dict[str, str]]
    archived: bool
    created_at: datetime
    archived_at: datetime | None = None


# -- character -------------------------------------------------------------------------------------


class CharacterBase(SQLModel):
    """What the roster shows about who plays a character and how they stand."""

    name: str = Field(max_length=200)
    player: str | None = Field(default=None, max_length=200)
    status: str = Field(default="active", max_length=20)


class CharacterColumns(CharacterBase):
    """Everything of a character row except its id, campaign and dates."""

    ruleset: str = Field(max_length=100)
    #: SHA-256 of the house rules in force when the character was made (canonical JSON)
    rules_sha256: str = Field(max_length=64)
    seed: int = Field(sa_type=BigInteger)
    # roster columns copied out of the document by the ruleset's roster_fields()
    species: str = Field(default="", max_length=200)
    careers: str = Field(default="", sa_type=Text)
    terms: int = Field(default=0)
    age: int | None = Field(default=None)
    profile: str = Field(default="", max_length=100)
    #: SHA-256 of ``document`` (revision 0004): how ``lifepath import`` finds a character already there.
    #: Nullable in the schema only (SQLite adds a NOT NULL column with a rebuild); the store always sets it.
    document_sha256: str | None = Field(default=None, max_length=64)
    #: imported with ``--accept-edited``: its sheet or history is not what its seed and decisions make
    #: (revision 0004)
    edited: bool = Field(default=False, sa_column_kwargs={"server_default": false()})
    #: the referee's notes (revision 0006): kept beside the document, never in it, so ``verify`` and the
    #: document's hash do not see them; "" for none
    notes: str = Field(default="", sa_type=Text, sa_column_kwargs={"server_default": ""})
    #: the full export, exactly as Character.to_json() wrote it; the table's last column (revision 0009: on
    #: SQLite the columns before it are read without walking its overflow pages)
    document: str = Field(sa_type=Text)


class CharacterRow(CharacterColumns, table=True):
    """One character of a campaign: its export document plus the roster columns beside it."""

    __tablename__ = "character"
    __table_args__ = (
        CheckConstraint("status IN ('active', 'retired', 'dead', 'npc')", name="ck_character_status"),
        Index("ix_character_campaign_id", "campaign_id"),
        Index("ix_character_campaign_player", "campaign_id", "player"),
        Index("ix_character_campaign_sha256", "campaign_id", "document_sha256"),
        # the roster's filters and sorts (revision 0008, lifepath.store.roster)
        Index("ix_character_campaign_name", "campaign_id", "name"),
        Index("ix_character_campaign_age", "campaign_id", "age"),
        Index("ix_character_campaign_status", "campaign_id", "status"),
        Index("ix_character_campaign_species", "campaign_id", "species"),
    )

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE")
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    #: the last change to the row or its document (revision 0002)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class CharacterCreate(CharacterColumns):
    """A new character row; build it with :func:`lifepath.store.documents.character_create`."""

    created_at: datetime | None = None
    updated_at: datetime | None = None


class CharacterUpdate(SQLModel):
    """Changes to a character; fields left as None are not changed. A new name is written into the
    document's sheet too."""

    name: str | None = None
    player: str | None = None
    status: str | None = None
    #: the referee's notes ("" clears them)
    notes: str | None = None


class CharacterRead(CharacterBase):
    """A roster row: everything but the document (ask the store for that by id). The read-only commands
    read :class:`lifepath.store.reads.PlainRow` instead, which has the same fields (a test compares them)."""

    id: int
    campaign_id: int
    campaign: str
    ruleset: str
    rules_sha256: str
    seed: int
    species: str
    careers: str
    terms: int
    age: int | None
    profile: str
    edited: bool = False
    notes: str = ""
    created_at: datetime
    updated_at: datetime
    #: the values of its ruleset's own roster columns, when a roster shows them (lifepath.store.columns.fill)
    extra: dict[str, Any] = Field(default_factory=dict)

    def roster_dict(self) -> dict[str, Any]:
        """The row as plain JSON-ready data (dates as ISO 8601 text)."""
        data = self.model_dump()
        data["created_at"] = self.created_at.isoformat()
        data["updated_at"] = self.updated_at.isoformat()
        return data


# -- draft -----------------------------------------------------------------------------------------


class DraftBase(SQLModel):
    """A character being made on the creation page: whose it is and what creation replays it from (see
    :mod:`lifepath.engine.steps`)."""

    #: the secret that is the draft's address (``/drafts/KEY``): whoever has it can answer the draft
    key: str = Field(max_length=DRAFT_KEY_MAX)
    #: the player's name ("" for none), under which the finished character is saved
    player: str = Field(default="", max_length=DRAFT_PLAYER_MAX)
    ruleset: str = Field(max_length=100)
    seed: int = Field(sa_type=BigInteger)
    #: the house rules resolved when the draft was started (every rule's value, not only those the
    #: campaign sets), so a later change to the campaign's rules does not change a character half made
    rules: dict[str, Any] = Field(sa_type=JSON)
    #: the creation options
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    #: the answers given so far, in order, each ``[decision key, answer]``
    answers: list[list[str]] = Field(default_factory=list, sa_type=JSON)
    #: the answers as they were before the last going back, until the page has said whether the new answer
    #: changed what is thrown (it compares the throws of the two records)
    undone: list[list[str]] = Field(default_factory=list, sa_type=JSON)


class DraftRow(DraftBase, table=True):
    """A draft of a campaign (revision 0010); it stays, with the id of the character saved from it, once
    finished."""

    __tablename__ = "draft"
    __table_args__ = (
        UniqueConstraint("key", name="uq_draft_key"),
        Index("ix_draft_campaign_id", "campaign_id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    campaign_id: int = Field(foreign_key="campaign.id", ondelete="CASCADE")
    #: the character saved from the draft once it is finished; None while it is in progress (a deleted
    #: character takes its draft with it, so a finished draft is never saved again)
    character_id: int | None = Field(default=None, foreign_key="character.id", ondelete="CASCADE")
    created_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)
    #: the last change to its answers
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UTCDateTime)


class DraftRead(DraftBase):
    """A draft as the store returns it: its row, and its campaign's name."""

    id: int
    campaign_id: int
    campaign: str
    character_id: int | None = None
    created_at: datetime
    updated_at: datetime


__all__ = [
    "DRAFT_KEY_MAX",
    "DRAFT_PLAYER_MAX",
    "NOTES_MAX",
    "STATUSES",
    "CampaignCreate",
    "CampaignRead",
    "CampaignRow",
    "CampaignUpdate",
    "CharacterCreate",
    "CharacterRead",
    "CharacterRow",
    "CharacterUpdate",
    "DraftBase",
    "DraftRead",
    "DraftRow",
    "UTCDateTime",
    "build",
    "utcnow",
]
