"""Campaign worlds: the homeworlds a campaign's characters come from, imported from a sector file.

* ``campaign.worlds``: a JSON list of ``{hex, name, uwp, remarks}`` (``lifepath campaign add-worlds``);
  existing campaigns get an empty list (the column's server default).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``campaign.worlds``, NOT NULL with the server default ``[]``: one plain ADD COLUMN, for the
    reason revision 0003 gives (a rebuilt ``campaign`` table on SQLite would cascade-delete characters)."""
    op.add_column("campaign", sa.Column("worlds", sa.JSON(), nullable=False, server_default="[]"))


def downgrade() -> None:
    op.drop_column("campaign", "worlds")
