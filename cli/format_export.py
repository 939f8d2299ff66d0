"""``lifepath export --format foundry|1001``: stored characters in other tools' formats.

A character goes to standard output or ``--out FILE``. A campaign as Foundry actors needs ``--out DIR``
(one ``ID-name.json`` per character, what Foundry's "Import Data" takes one at a time); as "1001" text it
is one file of numbered blocks. Every character is converted before anything is written, so a ruleset
without a mapping, or any other error, leaves nothing half-written.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.ruleset import Ruleset
    from lifepath.store.service import Store


def check_format(fmt: str) -> str:
    from lifepath.errors import LifepathError
    from lifepath.formats import EXPORT_FORMATS

    fmt = fmt.strip().lower()
    if fmt not in EXPORT_FORMATS:
        known = ", ".join((*EXPORT_FORMATS, "site"))
        raise LifepathError(f"'{fmt}' is not an export format", hint=f"use one of {known}")
    return fmt


def convert(ruleset: Ruleset, character: Character, fmt: str, number: int) -> str:
    """One character as text in ``fmt`` (``foundry`` or ``1001``)."""
    from lifepath.formats import require

    require(ruleset, fmt)
    if fmt == "foundry":
        from lifepath.formats.foundry import actor, to_json

        return to_json(actor(ruleset.foundry_actor(character)))
    return ruleset.text_1001(character, number)


def file_name(character_id: int, name: str) -> str:
    slug = re.sub(r"[^\w]+", "-", name, flags=re.UNICODE).strip("-").lower() or "character"
    return f"{character_id}-{slug}.json"


def export_formatted(store: Store, character_id: int | None, campaign: str | None, fmt: str, out: Path | None) -> None:
    from lifepath.cli.roster_cmd import write_out
    from lifepath.errors import LifepathError

    registry = store.registry
    if character_id is not None:
        row = store.character(character_id)
        text = convert(registry.ruleset(row.ruleset), store.load(character_id), fmt, 1)
        write_out(out, text)
        return
    assert campaign is not None
    camp = store.campaign(campaign)
    rows = store.characters(camp.name)
    if fmt == "foundry" and out is None:
        raise LifepathError(
            "a campaign exported as Foundry actors is one file per character, so it needs a folder",
            hint=f"add --out FOLDER, e.g. `lifepath export --campaign '{camp.name}' --format foundry --out actors`",
        )
    texts = [
        (row.id, row.name, convert(registry.ruleset(row.ruleset), store.load(row.id), fmt, number))
        for number, row in enumerate(rows, start=1)
    ]
    if fmt == "1001":
        write_out(out, "\n".join(text for _, _, text in texts))
        return
    assert out is not None
    if out.exists() and not out.is_dir():
        raise LifepathError(f"{out} is a file, not a folder", hint="give --out a folder for one actor file each")
    out.mkdir(parents=True, exist_ok=True)
    from lifepath.files import write_atomic

    for cid, name, text in texts:
        write_atomic(out / file_name(cid, name), text)
    print(f"wrote {len(texts)} actor file(s) to {out}", file=sys.stderr)
