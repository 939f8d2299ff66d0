"""What the roster server's pages show, drawn from the store: a character's page context, a campaign's
house rules and odds, and the odds as charts. :class:`lifepath.web.app.App` routes to these; the static
site (:mod:`lifepath.web.site`) draws the same pages from them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, unquote

if TYPE_CHECKING:
    from lifepath.host.registry import Registry
    from lifepath.store.models import CampaignRead, CharacterRead
    from lifepath.store.service import Store
    from lifepath.web.charts import Chart
    from lifepath.web.safety import Scope


def campaign_path(scope: Scope) -> tuple[str, str]:
    """The campaign named by ``/campaigns/NAME``, ``/campaigns/NAME/odds`` or ``/campaigns/NAME/create``, and
    which page it is: ``"roster"``, ``"odds"`` or ``"create"``.

    Read from the raw path, where a ``/`` in the name is ``%2F`` (Starlette's decoded path has lost the
    difference): ``/campaigns/a%2Fodds`` is the roster of the campaign "a/odds", ``/campaigns/a/odds`` the
    odds of "a", and ``/campaigns/a/b`` the roster of "a/b"."""
    raw = scope.get("raw_path")
    path = raw.decode("latin-1") if isinstance(raw, bytes) else quote(str(scope.get("path", "")), safe="/")
    rest = path.split("?", 1)[0].removeprefix(scope.get("root_path", "")).removeprefix("/campaigns/")
    for page in ("odds", "create"):
        if rest.endswith("/" + page):
            return unquote(rest.removesuffix("/" + page), errors="replace"), page
    return unquote(rest, errors="replace"), "roster"


def character_context(store: Store, row: CharacterRead, data: dict[str, Any]) -> dict[str, Any]:
    """What the character page shows: sheet sections, the story's chapters, history and provenance."""
    from lifepath.character import Character
    from lifepath.sheets.history import describe
    from lifepath.sheets.pages import sections_of, story_of
    from lifepath.store.documents import original_name

    character = Character.from_dict(data)
    ruleset = store.registry.ruleset(row.ruleset)
    sections = sections_of(ruleset, character)
    return {
        "row": row,
        "name": character.sheet.name or "Unnamed",
        "ruleset": ruleset,
        "sections": sections,
        "story": story_of(sections, character),
        "events": character.history,
        "describe": describe,
        "provenance": character.provenance,
        "renamed": original_name(data),
    }


def _with_content(store: Store, campaign: CampaignRead) -> Registry:
    """The server's registry, or for a campaign with data-only content folders a registry of its own with
    them loaded, as ``lifepath verify`` builds (a folder gone from disk is a :class:`LifepathError`)."""
    from lifepath.campaigns import content_manager

    return content_manager(store, campaign, own=True).registry()


def replay(store: Store, character_id: int) -> Any:
    """Replay a stored character as ``lifepath verify ID`` does (with its campaign's content folders)."""
    from lifepath.replay import verify
    from lifepath.store.documents import as_made

    row = store.character(character_id)
    registry = _with_content(store, store.campaign(row.campaign, check_plugins=False))
    data = json.loads(store.document(character_id))
    return verify(registry, as_made(data))


def _enabled(store: Store, campaign: CampaignRead, *, content: bool = True) -> tuple[Registry, tuple[str, ...]]:
    """A registry of only the plugins the campaign makes characters with, and their names
    (:func:`lifepath.campaigns.enabled_registry`), as `create` in the campaign has: a plugin installed since,
    and not enabled, adds no house rule and no career here. Without ``content`` its content folders are not
    loaded (they add careers and species, never a house rule)."""
    from lifepath.campaigns import content_manager, enabled_registry

    manager = content_manager(store, campaign, own=True) if content else store.registry.manager
    return enabled_registry(manager, campaign)


def campaign_rules(store: Store, campaign: CampaignRead) -> list[tuple[str, Any, bool]]:
    """Every house rule of the campaign's ruleset: name, value in force, and whether the campaign sets it.

    A ruleset that is not installed shows only what the campaign stores."""
    from lifepath.engine import houserules
    from lifepath.errors import LifepathError

    stored = dict(campaign.house_rules)
    try:
        declaration = _enabled(store, campaign, content=False)[0].declaration(campaign.ruleset)
        values = houserules.resolve(declaration, stored, [])
    except LifepathError:
        values = stored
    return [(name, values[name], name in stored) for name in sorted(values)]


def campaign_odds(
    store: Store, campaign: CampaignRead, count: int, *, progress: Callable[[int], None] | None = None
) -> dict[str, Any]:
    """The odds of ``count`` characters of the campaign under its house rules (``progress``: as
    :func:`lifepath.batches.odds.compute_odds`)."""
    from lifepath.batches.odds import Batch, compute_odds
    from lifepath.engine import houserules

    registry, plugins = _enabled(store, campaign)
    rules = houserules.resolve(registry.declaration(campaign.ruleset), dict(campaign.house_rules), [])
    batch = Batch(campaign.ruleset, 1, rules, {}, plugins=plugins, replacements=tuple(campaign.enabled_replacements))
    return compute_odds(batch, count, registry=registry, progress=progress)


def odds_charts(report: dict[str, Any]) -> list[Chart]:
    """The odds page's charts, a bar per career: qualification and mishaps per term (when the ruleset
    reports them) and mean terms served."""
    from lifepath.web.charts import bar_chart

    careers = report.get("careers") or []
    if not careers:
        return []
    of = f"of {report['count']} characters"
    charts = []
    if report.get("detailed"):
        qualification = [(c["career"], (c.get("qualification") or {}).get("rate")) for c in careers]
        charts.append(
            bar_chart(
                "chart-qualification",
                "Qualification by career",
                "One bar per career: the share of its qualification throws that succeeded, on a scale of 0% to 100%.",
                f"Qualification: successful throws out of those made, {of}; - where nobody tried.",
                qualification,
                _pct,
                1.0,
            )
        )
        charts.append(
            bar_chart(
                "chart-mishaps",
                "Mishaps per term by career",
                "One bar per career: mishaps per term served in it, on a scale of 0% to 100%.",
                f"Mishaps per term served, {of}; - where nobody served.",
                [(c["career"], c.get("mishap_rate")) for c in careers],
                _pct,
                1.0,
            )
        )
    charts.append(
        bar_chart(
            "chart-terms",
            "Mean terms by career",
            "One bar per career: the mean number of terms served by those who entered it, scaled to the longest.",
            f"Mean terms served by those who entered each career, {of}; - where nobody entered.",
            [(c["career"], c.get("mean_terms")) for c in careers],
            _num,
        )
    )
    return charts


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _pct(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _fmt(key: str, value: Any) -> str:
    if key.endswith("_rate"):
        return _pct(value)
    if isinstance(value, float):
        return f"{value:,.2f}"
    return str(value)


__all__ = [
    "campaign_odds",
    "campaign_path",
    "campaign_rules",
    "character_context",
    "odds_charts",
    "replay",
]
