"""Content per campaign: which installed plugins (and replacements) a campaign's characters are made with.

* ``campaign.enabled_plugins``: a JSON list of plugin names. An existing campaign gets the plugins its
  characters were made with so far (``campaign.plugins``, content folders left out: those are in
  ``campaign.content``), so a plugin installed before or after the upgrade that none of its characters
  used is not offered until the referee enables it. The ruleset's own plugin is always used.
* ``campaign.enabled_replacements``: a JSON list of ``plugin:id`` replacements (:mod:`lifepath.host.clashes`),
  empty: a replacement is enabled in a campaign explicitly.

Plain ``ADD COLUMN``s, for the reason revision 0003 gives; the existing rows are then filled one by one,
which reads the same on SQLite and PostgreSQL.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None


def _names(plugins: object) -> list[str]:
    if isinstance(plugins, str):
        plugins = json.loads(plugins)
    names = (
        {str(p["name"]) for p in plugins or [] if isinstance(p, dict) and isinstance(p.get("name"), str)}
        if isinstance(plugins, list)
        else set()
    )
    return sorted(n for n in names if not n.startswith("content:"))


def upgrade() -> None:
    """Add both columns, NOT NULL with the server default ``[]``, then fill ``enabled_plugins``."""
    op.add_column("campaign", sa.Column("enabled_plugins", sa.JSON(), nullable=False, server_default="[]"))
    op.add_column("campaign", sa.Column("enabled_replacements", sa.JSON(), nullable=False, server_default="[]"))
    campaign = sa.table(
        "campaign",
        sa.column("id", sa.Integer()),
        sa.column("plugins", sa.JSON()),
        sa.column("enabled_plugins", sa.JSON()),
    )
    bind = op.get_bind()
    for cid, plugins in bind.execute(sa.select(campaign.c.id, campaign.c.plugins)).all():
        names = _names(plugins)
        if names:
            bind.execute(campaign.update().where(campaign.c.id == cid).values(enabled_plugins=names))


def downgrade() -> None:
    op.drop_column("campaign", "enabled_replacements")
    op.drop_column("campaign", "enabled_plugins")
