"""What ``lifepath odds`` tallies for Wormwood Drift (``WormwoodDrift.tallies``), beside the careers, terms
and ages every lifepath ruleset gets: Background and Career Path (each with its per-option table), the
Formative Event, Attributes, skills, Scars and Hard Terms, and the terms, age and credits at the end.

Every figure reads structured facts: the ``background`` and ``path`` decisions' answers (ids, shown by the
tables' names), the ``scar`` changes, ``hard-term`` crises and the finished sheet's fields.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lifepath.engine.tallies import Labels, Numbers, Outcome, Share, answers, changes, characteristics, crisis, skills

if TYPE_CHECKING:
    from lifepath import Character

    from .tables import Tables


def tallies(t: Tables) -> tuple[Outcome, ...]:
    backgrounds = {str(b["id"]): str(b["name"]) for b in t["backgrounds"]["backgrounds"]}
    paths = {str(p["id"]): str(p["name"]) for p in t["paths"]["paths"]}
    scars = changes("scar")

    def scar_count(character: Character) -> dict[str, int]:
        return {"Scars": len(scars(character))}

    return (
        Labels("background", "Background", answers("background", backgrounds), by=True),
        Labels("path", "Career Path", answers("path", paths), by=True),
        Labels("formative_event", "Formative Event", _formative_event),
        Numbers("attributes", "Attributes", characteristics),
        Labels("skills", "Skills", skills),
        Numbers("scars", "Scars", scar_count),
        Share("hard_term", "Served a Hard Term", crisis("hard-term")),
        Numbers("end", "At the end of creation", _end),
    )


def _formative_event(character: Character) -> list[str]:
    event = character.sheet.extra.get("formative_event")
    return [str(event)] if event else []


def _end(character: Character) -> dict[str, int]:
    sheet = character.sheet
    return {"Terms": sheet.total_terms, "Age": sheet.age, "Credits": sheet.credits}
