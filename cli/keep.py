"""Nothing a player makes by hand is lost: an interactive character made outside a campaign (no
``--campaign``, no ``--out``) is kept in the default database (or ``--db``), in a personal campaign of its
ruleset, made the first time it is needed ("My Nowhere Yet characters"), with the ruleset's house-rule
defaults and every installed plugin that adds to it. The character keeps the rules it was made under in
its own provenance, as any stored character does.
"""

from __future__ import annotations

import os
import shlex
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.host.registry import Registry
    from lifepath.ruleset import Ruleset


def personal_campaign(ruleset: Ruleset) -> str:
    """The name of the campaign a ruleset's personal characters are kept in."""
    return f"My {ruleset.name} characters"


def keep(registry: Registry, ruleset: Ruleset, character: Character, db: str | None, player: str | None) -> str:
    """Save ``character`` in its ruleset's personal campaign (made if missing) and return the line that says
    where it is and how to open, print or export it."""
    from lifepath.cli.db import open_db
    from lifepath.errors import UnknownName
    from lifepath.store.enabled import installed_for
    from lifepath.store.models import CampaignCreate, build

    name = personal_campaign(ruleset)
    with open_db(db) as store:
        try:
            store.campaign(name, check_plugins=False)
        except UnknownName:
            enabled = installed_for(registry, ruleset.id)
            store.new_campaign(
                build(CampaignCreate, "campaign", name=name, ruleset=ruleset.id, enabled_plugins=enabled)
            )
        saved = store.add_character(name, character, player=player)
    # --db only when the database was named on the command line (LIFEPATH_DB names it for later commands too)
    on = "" if db is None or db == os.environ.get("LIFEPATH_DB") else f" --db {shlex.quote(db)}"
    return (
        f"kept as character {saved} in campaign '{name}': `lifepath show {saved}{on}` shows it, "
        f"`lifepath sheet {saved}{on} --out {saved}.html` makes a sheet to print, `lifepath export {saved}{on}` "
        "writes its JSON"
    )


__all__ = ["keep", "personal_campaign"]
