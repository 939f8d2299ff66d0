"""Drafts: characters being made on the creation page of ``lifepath serve`` (issue 32).

* ``draft``: one row a character being made in a browser, kept in the database so that the page keeps
  nothing between requests and any server process, or a restarted server, answers the next one: the
  campaign (its drafts go with it), the secret ``key`` that is the draft's address (unique), the player's
  name, the ruleset, seed, resolved house rules and creation options, the answers so far (a JSON list of
  ``[decision key, answer]``), the answers as they were before the last going back (``undone``, until the
  page has said whether the new answer changed what is thrown), and, once finished, the character saved
  from it (a draft goes with its character: deleted with it, it is never saved again). Indexed by
  campaign, for the campaign's list of drafts in progress.

* ``campaign.table_key``: the secret of the campaign's players' link (``serve --allow-create`` beyond this
  machine), NULL until a server first needs it; a plain ``ADD COLUMN``, for the reason revision 0003 gives.

No row changes, the same on SQLite and PostgreSQL.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``draft`` and its index on ``campaign_id``; add ``campaign.table_key``."""
    op.create_table(
        "draft",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("campaign_id", sa.Integer(), sa.ForeignKey("campaign.id", ondelete="CASCADE"), nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("player", sa.String(60), nullable=False),
        sa.Column("ruleset", sa.String(100), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("answers", sa.JSON(), nullable=False),
        sa.Column("undone", sa.JSON(), nullable=False),
        sa.Column("character_id", sa.Integer(), sa.ForeignKey("character.id", ondelete="CASCADE"), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("key", name="uq_draft_key"),
    )
    op.create_index("ix_draft_campaign_id", "draft", ["campaign_id"])
    op.add_column("campaign", sa.Column("table_key", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop ``draft`` (every draft in progress is lost) and ``campaign.table_key``."""
    op.drop_column("campaign", "table_key")
    op.drop_index("ix_draft_campaign_id", table_name="draft")
    op.drop_table("draft")
