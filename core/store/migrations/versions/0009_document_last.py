"""The character's document stored after its roster columns (issue 26), and the planner's statistics.

* On SQLite, ``character`` is rebuilt with ``notes`` and then ``document`` as its last columns. SQLite keeps a
  row's values in column order and puts what does not fit the row's page on overflow pages, so a roster
  column stored after the ~20 KB document (``species``, ``careers``, ``age``, ``profile``, ``edited``...) was
  reached only by walking the document's overflow chain: every filtered roster read megabytes. Now the
  roster columns sit in the row's first page and the document is read only when asked for. The rebuild is
  the usual create-copy-drop-rename, inside the upgrade's transaction: the rowids (ids), every value, the
  CHECK constraint, the foreign key to ``campaign`` and all seven indexes are kept.
* ``ANALYZE`` so the planner knows, for instance, that a species matches far fewer rows than an age bound;
  :func:`lifepath.store.roster.refresh_statistics` refreshes it as ``generate`` and ``import`` grow the table.

On PostgreSQL nothing changes: TOAST already keeps a large ``document`` out of the row.

The file does not shrink (the old pages become free pages that later rows reuse; ``VACUUM`` returns them).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-02
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None

_TEMPORARY = "_character_0009"
#: name -> columns of every index of ``character`` (revisions 0001, 0004 and 0008)
INDEXES = {
    "ix_character_campaign_id": ["campaign_id"],
    "ix_character_campaign_player": ["campaign_id", "player"],
    "ix_character_campaign_sha256": ["campaign_id", "document_sha256"],
    "ix_character_campaign_name": ["campaign_id", "name"],
    "ix_character_campaign_age": ["campaign_id", "age"],
    "ix_character_campaign_status": ["campaign_id", "status"],
    "ix_character_campaign_species": ["campaign_id", "species"],
}


def _columns(document_last: bool) -> list[sa.Column[Any]]:
    """The character table's columns, with ``notes`` and ``document`` last (or where revision 0008 had them)."""
    head: list[sa.Column[Any]] = [
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("campaign_id", sa.Integer(), sa.ForeignKey("campaign.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("player", sa.String(200), nullable=True),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("ruleset", sa.String(100), nullable=False),
    ]
    document = sa.Column("document", sa.Text(), nullable=False)
    middle: list[sa.Column[Any]] = [
        sa.Column("rules_sha256", sa.String(64), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("species", sa.String(200), nullable=False),
        sa.Column("careers", sa.Text(), nullable=False),
        sa.Column("terms", sa.Integer(), nullable=False),
        sa.Column("age", sa.Integer(), nullable=True),
        sa.Column("profile", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("document_sha256", sa.String(64), nullable=True),
        sa.Column("edited", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("notes", sa.Text(), nullable=False, server_default=""),
    ]
    return [*head, *middle, document] if document_last else [*head, document, *middle]


def _rebuild(document_last: bool) -> None:
    columns = _columns(document_last)
    op.create_table(
        _TEMPORARY,
        *columns,
        sa.CheckConstraint("status IN ('active', 'retired', 'dead', 'npc')", name="ck_character_status"),
    )
    names = ", ".join(c.name for c in columns)
    conn = op.get_bind()
    conn.execute(sa.text(f'INSERT INTO {_TEMPORARY} ({names}) SELECT {names} FROM "character" ORDER BY id'))
    conn.execute(sa.text('DROP TABLE "character"'))  # its indexes go with it
    conn.execute(sa.text(f'ALTER TABLE {_TEMPORARY} RENAME TO "character"'))
    for name, indexed in INDEXES.items():
        op.create_index(name, "character", indexed)


def upgrade() -> None:
    """Rebuild ``character`` with the document last and gather statistics (SQLite only)."""
    if op.get_bind().dialect.name != "sqlite":
        return
    _rebuild(document_last=True)
    op.get_bind().execute(sa.text("ANALYZE"))


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        _rebuild(document_last=False)
