"""Indexes for the roster's filters and sorts (issue 26), so a page of a 10,000-character roster is read
from an index instead of every row.

* ``character (campaign_id, name)``, ``(campaign_id, age)``, ``(campaign_id, status)`` and
  ``(campaign_id, species)``: the columns :mod:`lifepath.store.roster` filters and sorts by. On SQLite
  each also covers its query (an index holds the row id), which matters there: a row's roster columns
  after its large ``document`` are reached only by walking the document's overflow pages.

Only ``CREATE INDEX``: no row changes, the same on SQLite and PostgreSQL.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-02
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None

#: name -> columns, as in lifepath.store.models.CharacterRow.__table_args__
INDEXES = {
    "ix_character_campaign_name": ["campaign_id", "name"],
    "ix_character_campaign_age": ["campaign_id", "age"],
    "ix_character_campaign_status": ["campaign_id", "status"],
    "ix_character_campaign_species": ["campaign_id", "species"],
}


def upgrade() -> None:
    """Create the four indexes."""
    for name, columns in INDEXES.items():
        op.create_index(name, "character", columns)


def downgrade() -> None:
    for name in INDEXES:
        op.drop_index(name, table_name="character")
