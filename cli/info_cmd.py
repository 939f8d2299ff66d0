"""``lifepath rulesets`` and ``lifepath plugins``: what is installed and what each plugin adds."""

from __future__ import annotations

import json
from typing import Any

import typer

from lifepath.cli.errors import friendly


def register(app: typer.Typer) -> None:
    app.command("rulesets")(rulesets)
    app.command("plugins")(plugins)


@friendly
def rulesets(as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table.")) -> None:
    """List the rulesets you can create characters under."""
    from lifepath.manager import get_registry

    registry = get_registry()
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


@friendly
def plugins(as_json: bool = typer.Option(False, "--json", help="Print JSON instead of text.")) -> None:
    """List the plugins that are loaded: name, version, hooks, what each adds, and any errors."""
    from lifepath.discovery import entry_points
    from lifepath.manager import GROUP, get_manager

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
