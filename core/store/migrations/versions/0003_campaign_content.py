"""Campaign content: the data-only content folders a campaign's characters are made with.

* ``campaign.content``: a JSON list of absolute folder paths (``lifepath campaign add-content``);
  existing campaigns get an empty list (the column's server default).

Revision ID: 0003
Revises: 0002
Create Date: 2025-03-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``campaign.content``, NOT NULL with the server default ``[]`` (which fills the existing rows).

    This is one plain ``ALTER TABLE ... ADD COLUMN`` on both databases, on purpose: anything that makes
    Alembic rebuild ``campaign`` on SQLite (batch mode's copy, drop and rename; an ``alter_column``, or a
    default given as an SQL expression) drops the old table, and with foreign keys on that cascade-deletes
    every character.
    """
    op.add_column("campaign", sa.Column("content", sa.JSON(), nullable=False, server_default="[]"))


def downgrade() -> None:
    """Remove it again (SQLite 3.35 or later drops a column in place)."""
    op.drop_column("campaign", "content")
