"""``lifepath check``: validate a hand-made point-build against its ruleset's rules, listing every violation;
or check a whole character export, by replaying it as ``lifepath verify`` does and, for a point-build,
also checking its build."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from lifepath.cli.commands import command


def register(app: typer.Typer) -> None:
    command(app, "check")(check)


def is_export(data: dict[str, Any]) -> bool:
    """A character export (it has a provenance or a history), not a bare build."""
    return "provenance" in data or "history" in data or "format" in data


def check(
    path: Path = typer.Argument(
        ..., help='A build file (JSON with a "ruleset" key), or a character export; - reads standard input.'
    ),
    ruleset: str = typer.Option(None, "--ruleset", "-r", help="The ruleset, if the file does not name it."),
    content: list[Path] = typer.Option(
        [], "--content", help="A data-only content folder the build or export uses (repeatable)."
    ),
) -> None:
    """Check a point-build (D6 creation pool, Black Nova) and list every rule it breaks.

    A character export is checked whole: it is replayed from its seed and recorded decisions, as
    `lifepath verify` does (history, sheet, derived values, points, provenance), and a point-build's
    build is checked against its ruleset's rules as well.
    """
    from lifepath.cli.commands.verify import shown_name
    from lifepath.errors import LifepathError
    from lifepath.host.manager import get_manager, get_registry
    from lifepath.support.files import read_json

    name = shown_name(path)
    data = read_json(path, hint="fix the JSON syntax at that line")
    if not isinstance(data, dict):
        raise LifepathError(
            "a build must be a JSON object", file=name, pointer="", hint='start it with { "ruleset": ... }'
        )
    for folder in content:
        get_manager().add_content(str(folder))
    if is_export(data):
        _check_export(path, data, ruleset)
        return
    build = data
    rid = ruleset or data.get("ruleset")
    if not rid:
        raise LifepathError(
            "the build does not name its ruleset",
            file=name,
            pointer="/ruleset",
            hint='add "ruleset": "d6-pool" (or black-nova), or pass --ruleset',
        )
    rs = get_registry().ruleset(str(rid))
    if rs.kind != "point-build":
        raise LifepathError(
            f"{rs.name} is not a point-build ruleset; there is no build to check",
            hint="use `lifepath verify` to audit a lifepath character",
        )
    violations = rs.check_build(build)
    if violations:
        for v in violations:
            typer.echo(f"violation: {v}", err=True)
        typer.echo(f"{name}: {len(violations)} rule(s) broken", err=True)
        raise typer.Exit(1)
    typer.echo(f"{name}: a legal {rs.name} build")


def _check_export(path: Path, data: dict[str, Any], ruleset: str | None) -> None:
    """Replay the export and check its build; print what was checked and every difference."""
    from lifepath.cli.commands.verify import shown_name
    from lifepath.errors import LifepathError
    from lifepath.host.manager import get_registry
    from lifepath.replay import check_export

    name = shown_name(path)
    registry = get_registry()
    prov = data.get("provenance")
    made_under = prov.get("ruleset") if isinstance(prov, dict) else None
    made_id = made_under.get("id") if isinstance(made_under, dict) else None
    if ruleset is not None and made_id is not None and registry.ruleset(ruleset).id != made_id:
        raise LifepathError(
            f"this export was made under {made_id}, not {ruleset}",
            file=name,
            pointer="/provenance/ruleset/id",
            hint="leave out --ruleset: an export names its ruleset",
        )
    try:
        verdict = check_export(registry, data)
    except LifepathError as exc:
        if exc.file is None:
            exc.file = name
        raise
    rs = registry.ruleset(str(data["provenance"]["ruleset"]["id"]))
    what = (
        f"replaying it as `lifepath verify` does and by {rs.name}'s build rules"
        if rs.kind == "point-build"
        else ("replaying it as `lifepath verify` does")
    )
    typer.echo(f"{name}: a character export, checked whole by {what}")
    if not verdict.identical:
        for d in verdict.differences:
            prefix = "violation" if d.part == "build" else "differs"
            text = d.text.removeprefix("build: ") if d.part == "build" else d.text
            typer.echo(f"{prefix}: {text}", err=True)
        typer.echo(
            f"{name}: {len(verdict.differences)} problem(s); the export is not what its seed makes"
            if any(d.part != "build" for d in verdict.differences)
            else f"{name}: {len(verdict.differences)} rule(s) broken",
            err=True,
        )
        raise typer.Exit(1)
    typer.echo(f"{name}: {verdict.message}")
    if rs.kind == "point-build":
        typer.echo(f"{name}: a legal {rs.name} build")
