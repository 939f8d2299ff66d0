"""Roster dates and a player index.

* ``character.updated_at``: when the row or its document last changed (renames, status changes);
  existing rows get their ``created_at``.
* ``campaign.archived_at``: when a campaign was archived; existing archived campaigns get their
  ``created_at`` as the best date known.
* an index on ``character (campaign_id, player)`` for ``roster --player``.

Revision ID: 0002
Revises: 0001
Create Date: 2025-02-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the dates (backfilled) and the index."""
    with op.batch_alter_table("character") as batch:
        batch.add_column(sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True))
    character = sa.table(
        "character",
        sa.column("created_at", sa.DateTime(timezone=True)),
        sa.column("updated_at", sa.DateTime(timezone=True)),
    )
    op.execute(character.update().values(updated_at=character.c.created_at))
    with op.batch_alter_table("character") as batch:
        batch.alter_column("updated_at", existing_type=sa.DateTime(timezone=True), nullable=False)
        batch.create_index("ix_character_campaign_player", ["campaign_id", "player"])

    with op.batch_alter_table("campaign") as batch:
        batch.add_column(sa.Column("archived_at", sa.DateTime(timezone=True), nullable=True))
    campaign = sa.table(
        "campaign",
        sa.column("archived", sa.Boolean()),
        sa.column("archived_at", sa.DateTime(timezone=True)),
        sa.column("created_at", sa.DateTime(timezone=True)),
    )
    op.execute(campaign.update().where(campaign.c.archived == sa.true()).values(archived_at=campaign.c.created_at))


def downgrade() -> None:
    """Remove them again."""
    with op.batch_alter_table("campaign") as batch:
        batch.drop_column("archived_at")
    with op.batch_alter_table("character") as batch:
        batch.drop_index("ix_character_campaign_player")
        batch.drop_column("updated_at")
