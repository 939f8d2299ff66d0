"""Nowhere Yet's meaning checks: the skills its careers name, the traits its species name, and a career
that can rise only if it can be commissioned.

The skill list is the SRD's Available Skills list (``skills.json``), their specialisations, and the names
Nowhere Yet's own tables print besides (the SRD's career tables name Prospecting and Perception, which the
Available Skills list lacks). ``lifepath rulesets --skills nowhere-yet`` prints it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from lifepath.errors import TableError
from lifepath.tables import Table
from lifepath.validation.meaning import Vocabulary, problem, unknown_name

from .tables import tables

CAREER = "https://lifepath.example/schemas/nowhere-yet.career.schema.json"
SPECIES = "https://lifepath.example/schemas/nowhere-yet.species.schema.json"
ADD_SKILL = "if it is a new skill, a plugin adds it with the lifepath_register_skills hook (docs/plugins/hooks.md)"
ADD_TRAIT = "if it is a new trait, a plugin adds it with the lifepath_register_traits hook (docs/plugins/hooks.md)"


def career_skills(career: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Every skill a career names, with its JSON pointer."""
    for table_name, rows in (career.get("skill_tables") or {}).items():
        for i, row in enumerate(rows or []):
            if isinstance(row, Mapping) and isinstance(row.get("skill"), str):
                yield f"/skill_tables/{table_name}/{i}/skill", row["skill"]
    for i, rank in enumerate(career.get("ranks") or []):
        grant = rank.get("skill") if isinstance(rank, Mapping) else None
        if isinstance(grant, Mapping) and isinstance(grant.get("name"), str):
            yield f"/ranks/{i}/skill/name", grant["name"]


def vocabulary() -> Vocabulary:
    t = tables()
    vocab = Vocabulary()
    for entry in t["skills"]["skills"]:
        vocab.skills[entry["name"]] = entry["summary"]
    for entry in t["skills"]["skills"]:
        for child in entry.get("cascade", []):
            vocab.skills.setdefault(child, f"a specialisation of {entry['name']}")
    printed = [name for career in t.extra for _p, name in career_skills(career.data)]
    printed += list(t["education"]["skills"])
    printed += [g["name"] for trait in t["traits"]["traits"] for g in trait.get("grants_skills", [])]
    for name in printed:
        vocab.skills.setdefault(name, "named by Nowhere Yet's own career tables")
    for trait in t["traits"]["traits"]:
        vocab.traits[trait["id"]] = dict(trait)
    return vocab


def meaning_errors(table: Table, vocab: Vocabulary) -> list[TableError]:
    data = table.data if isinstance(table.data, Mapping) else {}
    errors: list[TableError] = []
    if table.schema_id == CAREER:
        for pointer, name in career_skills(data):
            if name not in vocab.skills:
                errors.append(unknown_name(table, pointer, "skill", name, vocab.skills, ADD_SKILL))
        if data.get("commission") is None and data.get("advancement") is not None:
            errors.append(
                problem(
                    table,
                    "/advancement",
                    "the career has an advancement throw but no commission, so nobody in it could rise above rank 0",
                    'give it a "commission" throw, or set "advancement" to null (a career with neither gets a '
                    "second skill roll each term)",
                )
            )
    elif table.schema_id == SPECIES or (isinstance(data.get("traits"), list) and "$schema" not in data):
        entries: list[Any] = data["species"] if isinstance(data.get("species"), list) else [data]
        base = "/species/{}" if isinstance(data.get("species"), list) else ""
        for i, species in enumerate(entries):
            for j, trait in enumerate(species.get("traits", []) if isinstance(species, Mapping) else []):
                if isinstance(trait, str) and trait not in vocab.traits:
                    pointer = (base.format(i) if base else "") + f"/traits/{j}"
                    errors.append(unknown_name(table, pointer, "trait id", trait, vocab.traits, ADD_TRAIT))
    return errors
