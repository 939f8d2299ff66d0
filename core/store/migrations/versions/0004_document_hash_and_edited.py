"""A content hash and an "edited" mark for every character.

* ``character.document_sha256``: SHA-256 of the stored (compact) document, so ``lifepath import`` can
  tell a character the campaign already has; existing rows are hashed here. Nullable only because
  SQLite cannot make an added column NOT NULL without rebuilding the table; the store always fills it.
* ``character.edited``: true for a character imported with ``--accept-edited`` whose sheet or history
  is not what its seed and decisions make; existing rows get false (the server default).
* an index on ``character (campaign_id, document_sha256)`` for the duplicate check.

Like 0003 these are plain ``ADD COLUMN``s: rebuilding ``character`` on SQLite is not needed and not wanted.

Revision ID: 0004
Revises: 0003
Create Date: 2025-04-01
"""

from __future__ import annotations

import hashlib
import json

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add both columns and the index, and hash every stored document."""
    op.add_column("character", sa.Column("document_sha256", sa.String(64), nullable=True))
    op.add_column("character", sa.Column("edited", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_index("ix_character_campaign_sha256", "character", ["campaign_id", "document_sha256"])
    character = sa.table(
        "character",
        sa.column("id", sa.Integer()),
        sa.column("document", sa.Text()),
        sa.column("document_sha256", sa.String(64)),
    )
    conn = op.get_bind()
    rows = conn.execute(sa.select(character.c.id, character.c.document)).all()
    for cid, document in rows:
        # the same bytes lifepath.store.documents.compact writes (older versions stored indented text)
        compact = json.dumps(json.loads(document), ensure_ascii=False, separators=(",", ":"))
        digest = hashlib.sha256(compact.encode("utf-8")).hexdigest()
        conn.execute(character.update().where(character.c.id == cid).values(document_sha256=digest))


def downgrade() -> None:
    """Remove them again (SQLite 3.35 or later drops a column in place)."""
    op.drop_index("ix_character_campaign_sha256", table_name="character")
    op.drop_column("character", "edited")
    op.drop_column("character", "document_sha256")
