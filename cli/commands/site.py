"""``lifepath export --format site``: the part of ``export`` that writes a campaign as a static web site."""

from __future__ import annotations

import sys
from pathlib import Path


def export_site(campaign: str | None, out: Path | None, db: str | None, workers: int | None = None) -> None:
    """Write the site; ``workers`` (``--workers``) render its character pages (None: lifepath chooses)."""
    from lifepath.cli.batching import cap_workers
    from lifepath.cli.db import open_db
    from lifepath.errors import LifepathError
    from lifepath.web.site import write_site

    if campaign is None or out is None:
        raise LifepathError(
            "a site is made of a whole campaign and written to a folder",
            hint="e.g. `lifepath export --campaign Spinward --format site --out spinward-site`",
        )
    if workers is not None:
        workers = cap_workers(workers)
    else:
        from lifepath.web.site import DEFAULT_WORKERS

        if cap_workers(DEFAULT_WORKERS, quiet=True) < DEFAULT_WORKERS:
            workers = 1  # one CPU: rendered here
    with open_db(db) as store:
        count = write_site(store, campaign, out, workers)
    print(f"wrote {count} page(s) of campaign '{campaign}' to {out}/ (open {out / 'index.html'})", file=sys.stderr)
