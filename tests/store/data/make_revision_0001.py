"""Write ``revision-0001.db``: a campaign database as the first release (schema revision 0001) left it.

The file is committed; tests/store/test_migrations.py opens a copy with the current code, which must
upgrade it and keep every row. Run this again only to rebuild the fixture from scratch:

    python tests/store/data/make_revision_0001.py tests/store/data/revision-0001.db
"""

from __future__ import annotations

import json
import sqlite3
import sys
from pathlib import Path

from lifepath.store.documents import rules_digest
from lifepath.store.engine import database_url, make_engine
from lifepath.store.migrate import upgrade
from lifepath.testing import create_character, make_registry

CREATED = "2025-01-02 03:04:05.000000"


def main(target: Path) -> None:
    target.unlink(missing_ok=True)
    engine = make_engine(database_url(str(target)))
    upgrade(engine, "0001")
    engine.dispose()
    registry = make_registry("nowhere_yet")
    con = sqlite3.connect(target)
    with con:
        con.execute(
            "INSERT INTO campaign (id, name, ruleset, house_rules, plugins, archived, created_at) "
            "VALUES (?,?,?,?,?,?,?)",
            (
                1,
                "Spinward",
                "nowhere-yet",
                json.dumps({"max_terms": 4}),
                json.dumps([{"name": "nowhere_yet", "version": "0.1.0"}]),
                0,
                CREATED,
            ),
        )
        con.execute(
            "INSERT INTO campaign (id, name, ruleset, house_rules, plugins, archived, created_at) "
            "VALUES (?,?,?,?,?,?,?)",
            (2, "Old Times", "nowhere-yet", "{}", "[]", 1, "2024-06-01 12:00:00.000000"),
        )
        for cid, (seed, player, status) in enumerate(((1, "Ann", "active"), (2, None, "npc"), (3, "Bo", "dead")), 1):
            character = create_character(registry, "nowhere-yet", seed=seed, rules={"max_terms": 4})
            fields = registry.ruleset("nowhere-yet").roster_fields(character)
            con.execute(
                "INSERT INTO character (id, campaign_id, name, player, status, ruleset, document, rules_sha256, seed, "
                "species, careers, terms, age, profile, created_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    cid,
                    1,
                    character.sheet.name,
                    player,
                    status,
                    "nowhere-yet",
                    character.to_json(),
                    rules_digest(character.provenance["house_rules"]),
                    seed,
                    fields["species"],
                    fields["careers"],
                    character.sheet.total_terms,
                    character.sheet.age,
                    fields["profile"],
                    f"2025-01-0{cid + 2} 10:00:00.000000",
                ),
            )
    con.execute("PRAGMA journal_mode = DELETE")
    con.execute("VACUUM")
    con.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("revision-0001.db"))
