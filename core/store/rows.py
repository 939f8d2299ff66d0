"""Table rows made into the read models the store hands out (:class:`CampaignRead`, :class:`CharacterRead`)."""

from __future__ import annotations

from lifepath.store.models import CampaignRead, CampaignRow, CharacterRead, CharacterRow


def campaign_read(row: CampaignRow) -> CampaignRead:
    assert row.id is not None
    return CampaignRead(
        id=row.id,
        name=row.name,
        ruleset=row.ruleset,
        house_rules=dict(row.house_rules or {}),
        content=list(row.content or []),
        worlds=[dict(w) for w in row.worlds or []],
        enabled_plugins=list(row.enabled_plugins or []),
        enabled_replacements=list(row.enabled_replacements or []),
        plugins=[dict(p) for p in row.plugins or []],
        archived=bool(row.archived),
        created_at=row.created_at,
        archived_at=row.archived_at,
    )


def character_read(row: CharacterRow, campaign: str) -> CharacterRead:
    assert row.id is not None
    return CharacterRead(
        id=row.id,
        campaign_id=row.campaign_id,
        campaign=campaign,
        name=row.name,
        player=row.player,
        status=row.status,
        ruleset=row.ruleset,
        rules_sha256=row.rules_sha256,
        seed=row.seed,
        species=row.species,
        careers=row.careers,
        terms=row.terms,
        age=row.age,
        profile=row.profile,
        edited=bool(row.edited),
        notes=row.notes or "",
        created_at=row.created_at,
        updated_at=row.updated_at,
    )


__all__ = ["campaign_read", "character_read"]
