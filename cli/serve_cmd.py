"""``lifepath serve``: the campaign roster as a local web app (the optional extra ``lifepath[web]``)."""

from __future__ import annotations

import sys

import typer

from lifepath.cli.errors import friendly
from lifepath.cli.options import DbOption

WEB_EXTRA = "install the optional extra 'web' (Starlette and Uvicorn): pip install 'lifepath[web]'"


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


@friendly
def serve(
    campaign: str = typer.Option(None, "--campaign", "-c", help="Show only this campaign."),
    port: int = typer.Option(8000, "--port", "-p", min=0, max=65535, help="The port to listen on."),
    host: str = typer.Option("127.0.0.1", "--host", help="The address to listen on (default: this machine only)."),
    allow_edit: bool = typer.Option(
        False, "--allow-edit", help="Let the pages change a character's name, status and player."
    ),
    db: DbOption = None,
) -> None:
    """Browse the campaigns, their rosters, character sheets and life stories in a web browser.

    Read-only unless --allow-edit. Stop it with Ctrl+C.
    """
    from lifepath.errors import LifepathError

    try:
        import starlette  # noqa: F401
        import uvicorn
    except ImportError:
        raise LifepathError("`lifepath serve` needs Starlette and Uvicorn, which are not installed",
                            hint=WEB_EXTRA) from None
    from lifepath.web import App

    app = App(db=db, campaign=campaign, allow_edit=allow_edit)
    if campaign is not None:
        app.store.campaign(campaign, check_plugins=False)  # an unknown name fails now, with the known ones
    else:
        app.store.campaigns()  # a database that cannot be opened fails before the server starts
    print(f"lifepath: serving {'campaign ' + repr(campaign) if campaign else 'every campaign'} on "
          f"http://{host}:{port}/ ({'editable' if allow_edit else 'read-only'}); Ctrl+C stops", file=sys.stderr)
    uvicorn.run(app.asgi(), host=host, port=port, log_level="warning")
