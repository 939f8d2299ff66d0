"""``lifepath export --format site``: the part of ``export`` that writes a campaign as a static web site."""

from __future__ import annotations

import sys
from pathlib import Path


def export_site(campaign: str | None, out: Path | None, db: str | None) -> None:
    from lifepath.cli.roster_cmd import open_db
    from lifepath.errors import LifepathError
    from lifepath.site import write_site

    if campaign is None or out is None:
        raise LifepathError(
            "a site is made of a whole campaign and written to a folder",
            hint="e.g. `lifepath export --campaign Spinward --format site --out spinward-site`",
        )
    with open_db(db) as store:
        count = write_site(store, campaign, out)
    print(f"wrote {count} page(s) of campaign '{campaign}' to {out}/ (open {out / 'index.html'})", file=sys.stderr)
