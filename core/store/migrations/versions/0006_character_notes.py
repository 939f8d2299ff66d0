"""Referee's notes on a character.

* ``character.notes``: free text the referee keeps about a character (``lifepath note``, the notes form of
  ``lifepath serve --allow-edit``). It lives beside the document, not in it, so ``verify`` and the
  document's hash are unaffected. Existing rows get ``''`` (the column's server default).

A plain ``ADD COLUMN``, for the reason revision 0003 gives.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add ``character.notes``, NOT NULL with the server default ``''``."""
    op.add_column("character", sa.Column("notes", sa.Text(), nullable=False, server_default=""))


def downgrade() -> None:
    op.drop_column("character", "notes")
