"""The first schema: campaigns and their characters.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``campaign`` and ``character``."""
    op.create_table(
        "campaign",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("ruleset", sa.String(100), nullable=False),
        sa.Column("house_rules", sa.JSON(), nullable=False),
        sa.Column("plugins", sa.JSON(), nullable=False),
        sa.Column("archived", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("name", name="uq_campaign_name"),
    )
    op.create_table(
        "character",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("campaign_id", sa.Integer(), sa.ForeignKey("campaign.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("player", sa.String(200), nullable=True),
        sa.Column("status", sa.String(20), nullable=False),
        sa.Column("ruleset", sa.String(100), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.Column("rules_sha256", sa.String(64), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("species", sa.String(200), nullable=False),
        sa.Column("careers", sa.Text(), nullable=False),
        sa.Column("terms", sa.Integer(), nullable=False),
        sa.Column("age", sa.Integer(), nullable=True),
        sa.Column("profile", sa.String(100), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("status IN ('active', 'retired', 'dead', 'npc')", name="ck_character_status"),
    )
    op.create_index("ix_character_campaign_id", "character", ["campaign_id"])


def downgrade() -> None:
    """Drop both tables."""
    op.drop_index("ix_character_campaign_id", table_name="character")
    op.drop_table("character")
    op.drop_table("campaign")
