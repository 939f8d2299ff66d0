"""``lifepath export --campaign NAME --format site --out DIR``: the roster and every character page as
plain HTML files with relative links, to open from disk or put on any web host.

The pages are the web app's (:mod:`lifepath.web`) without the forms: ``index.html`` (the campaign and its
house rules), ``roster.html`` and ``character-ID.html``. The folder is written beside ``DIR`` first and
moved into place at the end, so a failure leaves no half-written site; an existing ``DIR`` is replaced
only if it is empty or a site lifepath wrote (it holds the marker file ``.lifepath-site``).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError
from lifepath.pages import environment

if TYPE_CHECKING:
    from lifepath.store.service import Store

MARKER = ".lifepath-site"


class SiteLinks:
    """Relative links between the files of one flat folder."""

    def home(self) -> str:
        return "index.html"

    def roster(self, campaign: str) -> str:
        return "roster.html"

    def odds(self, campaign: str) -> str:
        return ""

    def character(self, character_id: int) -> str:
        return f"character-{character_id}.html"

    def verify(self, character_id: int) -> str:
        return ""

    def edit(self, character_id: int) -> str:
        return ""


def render_site(store: Store, campaign: str) -> dict[str, str]:
    """File name -> HTML text for every page of the campaign's site."""
    from lifepath.web import campaign_rules, character_context

    camp = store.campaign(campaign, check_plugins=False)
    rows = store.characters(camp.name)
    env = environment(True)
    links = SiteLinks()

    def page(template: str, **context: Any) -> str:
        return env.get_template(template).render(link=links, **context)

    files = {
        "index.html": page("campaigns.html.j2", campaigns=[camp], counts={camp.name: len(rows)},
                           rules={camp.name: campaign_rules(store, camp)}),
        "roster.html": page("roster.html.j2", campaign=camp, rows=rows, total=len(rows), filters=None,
                            choices={}, columns=(("id", "Id"), ("name", "Name"), ("species", "Species"),
                                                 ("careers", "Careers"), ("age", "Age"), ("profile", "Profile"),
                                                 ("status", "Status"), ("player", "Player")), sort_link=None),
    }
    for row in rows:
        data = json.loads(store.document(row.id))
        files[links.character(row.id)] = page(
            "character.html.j2", verdict=None, token=None, allow_edit=False, statuses=(),
            **character_context(store, row, data),
        )
    return files


def write_site(store: Store, campaign: str, out: Path) -> int:
    """Write the site into ``out`` whole or not at all; the number of files written."""
    if out.exists() and (not out.is_dir() or (any(out.iterdir()) and not (out / MARKER).exists())):
        raise LifepathError(
            f"{out} exists and is not a site lifepath wrote; not writing over it",
            hint="give --out a new or empty folder (or one an earlier `export --format site` made)",
        )
    files = render_site(store, campaign)
    parent = out.parent if str(out.parent) else Path(".")
    try:
        tmp = Path(tempfile.mkdtemp(dir=parent, prefix=f".{out.name}."))
    except OSError as exc:
        raise LifepathError(
            f"cannot write {out} ({exc.strerror})", hint="check the folder exists and is writable"
        ) from None
    try:
        for name, text in files.items():
            (tmp / name).write_text(text, encoding="utf-8")
        (tmp / MARKER).write_text("written by `lifepath export --format site`\n", encoding="utf-8")
        tmp.chmod(0o755)
        if out.exists():
            old = out.with_name(f".{out.name}.old")
            out.rename(old)
            tmp.rename(out)
            shutil.rmtree(old, ignore_errors=True)
        else:
            tmp.rename(out)
    except OSError as exc:
        raise LifepathError(f"cannot write {out} ({exc.strerror})", hint="check the folder is writable") from None
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return len(files)


__all__ = ["MARKER", "SiteLinks", "render_site", "write_site"]
