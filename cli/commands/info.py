"""``lifepath rulesets`` and ``lifepath plugins``: what is installed and what each plugin adds."""

from __future__ import annotations

import json
from typing import Any

import typer

from lifepath.cli.commands import command
from lifepath.cli.options import JsonOption


def register(app: typer.Typer) -> None:
    command(app, "rulesets")(rulesets)
    command(app, "plugins")(plugins)


def rulesets(
    as_json: JsonOption = False,
    skills: str | None = typer.Option(
        None, "--skills", metavar="RULESET", help="List the skills RULESET's tables may name, instead."
    ),
    traits: str | None = typer.Option(
        None, "--traits", metavar="RULESET", help="List the species traits RULESET's species may name, instead."
    ),
) -> None:
    """List the rulesets you can create characters under (or one ruleset's skills or traits)."""
    from lifepath.host.manager import get_registry

    registry = get_registry()
    if skills is not None or traits is not None:
        _vocabulary(registry, skills, traits, as_json)
        return
    rows: list[dict[str, Any]] = []
    for rid, rs in sorted(registry.rulesets().items()):
        rows.append(
            {
                "id": rid,
                "name": rs.name,
                "version": rs.version,
                "kind": rs.kind,
                "plugin": registry.ruleset_plugin(rid),
                "careers": len(registry.careers(rid)),
                "species": len(registry.species(rid)),
                "summary": rs.summary,
            }
        )
    if as_json:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not rows:
        typer.echo("No rulesets are loaded. See `lifepath plugins` for plugins that failed to load.")
        return
    width = max(len(r["id"]) for r in rows)
    for r in rows:
        extra = f" ({r['careers']} careers, {r['species']} species)" if r["careers"] or r["species"] else ""
        typer.echo(f"{r['id']:<{width}}  {r['name']} {r['version']}{extra}: {r['summary']}")


def _vocabulary(registry: Any, skills: str | None, traits: str | None, as_json: bool) -> None:
    """``--skills`` / ``--traits``: the names a ruleset's tables may use, and who added each."""
    rid = registry.ruleset(skills if skills is not None else traits).id
    vocab = registry.vocabulary(rid)
    owner = registry.ruleset_plugin(rid)
    if skills is not None:
        rows = [
            {"name": n, "summary": vocab.skills[n], "plugin": vocab.skill_plugins.get(n, owner)}
            for n in sorted(vocab.skills, key=str.lower)
        ]
    else:
        rows = [
            {
                "id": t,
                "name": vocab.traits[t].get("name", t),
                "summary": vocab.traits[t].get("summary", ""),
                "plugin": vocab.trait_plugins.get(t, owner),
            }
            for t in sorted(vocab.traits)
        ]
    if as_json:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not rows:
        typer.echo(f"{rid} publishes no {'skill' if skills is not None else 'trait'} list: its tables are not checked")
        return
    for r in rows:
        head = r["name"] if skills is not None else f"{r['id']} ({r['name']})"
        added = "" if r["plugin"] == owner else f" [{r['plugin']}]"
        typer.echo(f"{head}{added}: {r['summary']}")


def plugins(as_json: JsonOption = False) -> None:
    """List the plugins that are loaded: name, version, hooks, what each adds, and any errors."""
    from lifepath.host.discovery import entry_points
    from lifepath.host.manager import GROUP, get_manager

    # look at what is installed afresh (and remember it): the listing is where a plugin author looks
    # when a new plugin does not show up
    entry_points(GROUP, fresh=True)
    manager = get_manager()
    registry = manager.registry()
    registry.load_all()  # so every plugin that fails on its tables is known before the listing
    rows: list[dict[str, Any]] = []
    for name, info in sorted(manager.info.items()):
        plugin = manager.pm.get_plugin(name)
        hooks = sorted(h.name for h in manager.pm.get_hookcallers(plugin) or []) if plugin is not None else []
        adds: dict[str, list[str]] = {}
        for rid in registry.rulesets():
            if registry.ruleset_plugin(rid) == name:
                adds.setdefault("rulesets", []).append(rid)
            for c in registry.careers(rid).values():
                if c.plugin == name:
                    adds.setdefault("careers", []).append(f"{rid}:{c.name}")
            for s in registry.species(rid).values():
                if s.plugin == name:
                    adds.setdefault("species", []).append(f"{rid}:{s.name}")
            for kind, offer, target, used in registry.replacements(rid):
                if offer.plugin == name:
                    state = "in use" if used else f"not enabled: LIFEPATH_REPLACEMENTS={offer.plugin}:{offer.id}"
                    if target is None:
                        state = "nothing to replace"
                    adds.setdefault("replacements", []).append(
                        f"{rid}:{offer.name} for {kind} {offer.data['replaces']} ({state})"
                    )
        rows.append(
            {
                "name": name,
                "distribution": info.dist,
                "version": info.version,
                "module": info.module,
                "hooks": hooks,
                "adds": adds,
                "error": info.error,
            }
        )
    if as_json:
        typer.echo(json.dumps({"plugins": rows, "warnings": registry.warnings}, indent=2, ensure_ascii=False))
        return
    for r in rows:
        head = f"{r['name']} ({r['distribution']} {r['version']})"
        if r["error"]:
            typer.echo(f"{head}: NOT LOADED: {r['error']}")
            continue
        typer.echo(head)
        typer.echo(f"  hooks: {', '.join(r['hooks'])}")
        for kind, items in r["adds"].items():
            shown = ", ".join(items[:8]) + (f" and {len(items) - 8} more" if len(items) > 8 else "")
            typer.echo(f"  {kind}: {shown}")
    for w in registry.warnings:
        typer.echo(f"warning: {w}")
