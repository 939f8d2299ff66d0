"""``lifepath check``: validate a hand-made point-build against its ruleset's rules, listing every violation."""

from __future__ import annotations

from pathlib import Path

import typer

from lifepath.cli.errors import friendly


def register(app: typer.Typer) -> None:
    app.command("check")(check)


@friendly
def check(
    path: Path = typer.Argument(..., help='A build file (JSON with a "ruleset" key), or a character export.'),
    ruleset: str = typer.Option(None, "--ruleset", "-r", help="The ruleset, if the file does not name it."),
    content: list[Path] = typer.Option(
        [], "--content", help="A data-only content folder whose species the build uses (repeatable)."
    ),
) -> None:
    """Check a point-build (D6 creation pool, Black Nova) and list every rule it breaks."""
    from lifepath.errors import LifepathError
    from lifepath.files import read_json
    from lifepath.manager import get_manager, get_registry

    data = read_json(path, hint="fix the JSON syntax at that line")
    if not isinstance(data, dict):
        raise LifepathError(
            "a build must be a JSON object", file=str(path), pointer="", hint='start it with { "ruleset": ... }'
        )
    if "sheet" in data and "provenance" in data:
        build = data["sheet"].get("extra", {}).get("build")
        rid = ruleset or data["provenance"]["ruleset"]["id"]
        if build is None:
            raise LifepathError(
                "this character export holds no point-build",
                file=str(path),
                pointer="/sheet/extra/build",
                hint="only point-build rulesets (d6-pool, black-nova) can be checked",
            )
    else:
        build = data
        rid = ruleset or data.get("ruleset")
    if not rid:
        raise LifepathError(
            "the build does not name its ruleset",
            file=str(path),
            pointer="/ruleset",
            hint='add "ruleset": "d6-pool" (or black-nova), or pass --ruleset',
        )
    for folder in content:
        get_manager().add_content(str(folder))
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
        typer.echo(f"{path}: {len(violations)} rule(s) broken", err=True)
        raise typer.Exit(1)
    typer.echo(f"{path}: a legal {rs.name} build")
