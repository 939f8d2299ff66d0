"""``lifepath serve``: the roster as a small local web app (Starlette on Uvicorn, the extra ``web``).

Pages: the campaigns and their house rules (``/``), a campaign's roster sorted and filtered on the server
from query parameters so it works without JavaScript (``/campaigns/NAME``), each character's page (the
ruleset's sheet sections, the life story as a timeline whose throws open with ``<details>``, provenance,
a verify button), and the odds of the campaign's house rules (``/campaigns/NAME/odds``).

Every POST carries the per-process token of :class:`App` in a hidden field and is refused (403) without
it. The app is read-only unless made with ``allow_edit``: then a character's name, status and player can
be changed, and the referee's notes kept (beside the document, see ``lifepath note``).
Nothing is fetched from elsewhere: the CSS is inline and there is no script.
"""

from __future__ import annotations

import hmac
import json
import operator
import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

from lifepath.pages import environment

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

    from lifepath.charts import Chart
    from lifepath.registry import Registry
    from lifepath.store.models import CampaignRead, CharacterRead
    from lifepath.store.service import Store

#: roster columns: query key, header
COLUMNS = (("id", "Id"), ("name", "Name"), ("species", "Species"), ("careers", "Careers"), ("age", "Age"),
           ("profile", "Profile"), ("status", "Status"), ("player", "Player"))
ODDS_COUNT = 200
ODDS_MAX = 5000


class Links:
    """URLs of the live app (the static site has its own, see :mod:`lifepath.site`)."""

    def home(self) -> str:
        return "/"

    def roster(self, campaign: str) -> str:
        return f"/campaigns/{quote(campaign, safe='')}"

    def odds(self, campaign: str) -> str:
        return f"/campaigns/{quote(campaign, safe='')}/odds"

    def character(self, character_id: int) -> str:
        return f"/characters/{character_id}"

    def verify(self, character_id: int) -> str:
        return f"/characters/{character_id}/verify"

    def edit(self, character_id: int) -> str:
        return f"/characters/{character_id}/edit"

    def notes(self, character_id: int) -> str:
        return f"/characters/{character_id}/notes"


@dataclass
class Filters:
    """The roster's query parameters, cleaned."""

    q: str = ""
    species: str = ""
    career: str = ""
    status: str = ""
    age_min: str = ""
    age_max: str = ""
    sort: str = "id"
    order: str = "asc"

    @classmethod
    def parse(cls, params: Any) -> Filters:
        f = cls(**{k: str(params.get(k, "")).strip() for k in ("q", "species", "career", "status", "age_min",
                                                                "age_max")})
        sort = str(params.get("sort", "id"))
        f.sort = sort if sort in dict(COLUMNS) else "id"
        f.order = "desc" if params.get("order") == "desc" else "asc"
        return f

    def apply(self, rows: list[CharacterRead]) -> list[CharacterRead]:
        def age_ok(r: CharacterRead) -> bool:
            for bound, ok in ((self.age_min, operator.ge), (self.age_max, operator.le)):
                if bound.isdigit() and (r.age is None or not ok(r.age, int(bound))):
                    return False
            return True

        out = [
            r for r in rows
            if (not self.q or self.q.casefold() in r.name.casefold())
            and (not self.species or r.species == self.species)
            and (not self.career or self.career.casefold() in r.careers.casefold())
            and (not self.status or r.status == self.status)
            and age_ok(r)
        ]

        def key(r: CharacterRead) -> Any:
            value = getattr(r, self.sort)
            if self.sort in ("id", "age"):
                return (value is None, value or 0)
            return (value is None, str(value or "").casefold())

        return sorted(out, key=key, reverse=self.order == "desc")

    def query(self, **changes: str) -> str:
        values = {k: v for k, v in {**self.__dict__, **changes}.items() if v}
        return "?" + urlencode(values)


@dataclass
class App:
    """The web app's state: where the store is, which campaign (if one), the edit switch, the token."""

    db: str | None = None
    campaign: str | None = None
    allow_edit: bool = False
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    _store: Store | None = None
    links: Links = field(default_factory=Links)

    @property
    def store(self) -> Store:
        if self._store is None:
            from lifepath.store import open_store

            self._store = open_store(self.db)
        return self._store

    # -- helpers ----------------------------------------------------------------------------------

    def page(self, template: str, status: int = 200, **context: Any) -> Response:
        from starlette.responses import HTMLResponse

        html = environment(True).get_template(template).render(link=self.links, **context)
        return HTMLResponse(html, status_code=status, headers={"Content-Security-Policy": "default-src 'none'; "
                            "style-src 'unsafe-inline'; form-action 'self'; img-src 'self'"})

    def message(self, heading: str, message: str, status: int) -> Response:
        return self.page("message.html.j2", status, heading=heading, message=message)

    def campaigns(self) -> list[CampaignRead]:
        every = self.store.campaigns()
        return [c for c in every if self.campaign is None or c.name == self.campaign]

    def find_campaign(self, name: str) -> CampaignRead | None:
        return next((c for c in self.campaigns() if c.name == name), None)

    async def check_post(self, request: Request) -> dict[str, str] | Response:
        """The form, or a 403 page when its token is missing or wrong."""
        form = await request.form()
        sent = str(form.get("csrf", ""))
        if not sent or not hmac.compare_digest(sent.encode(), self.token.encode()):
            return self.message("Refused", "This form was not sent by this server's page (its token is missing or "
                                "out of date). Reload the page and try again.", 403)
        return {k: str(v) for k, v in form.items()}

    # -- pages ------------------------------------------------------------------------------------

    async def home(self, request: Request) -> Response:
        campaigns = self.campaigns()
        counts = {c.name: len(self.store.characters(c.name)) for c in campaigns}
        rules = {c.name: campaign_rules(self.store, c) for c in campaigns}
        return self.page("campaigns.html.j2", campaigns=campaigns, counts=counts, rules=rules)

    async def roster(self, request: Request) -> Response:
        from lifepath.store.models import STATUSES

        campaign = self.find_campaign(request.path_params["name"])
        if campaign is None:
            return self.message("Not found", "There is no such campaign here.", 404)
        every = self.store.characters(campaign.name)
        filters = Filters.parse(request.query_params)
        rows = filters.apply(every)
        choices = {"species": sorted({r.species for r in every if r.species}), "status": list(STATUSES)}

        def sort_link(key: str) -> str:
            order = "desc" if filters.sort == key and filters.order == "asc" else "asc"
            return filters.query(sort=key, order=order)

        return self.page("roster.html.j2", campaign=campaign, rows=rows, total=len(every), filters=filters,
                         choices=choices, columns=COLUMNS, sort_link=sort_link)

    def character_page(self, character_id: int, verdict: Any = None, status: int = 200) -> Response:
        from lifepath.errors import LifepathError
        from lifepath.store.models import NOTES_MAX, STATUSES

        try:
            row = self.store.character(character_id)
        except LifepathError:
            return self.message("Not found", f"There is no character {character_id}.", 404)
        if self.find_campaign(row.campaign) is None:
            return self.message("Not found", f"There is no character {character_id} here.", 404)
        data = json.loads(self.store.document(character_id))
        try:
            context = character_context(self.store, row, data)
        except LifepathError as exc:  # e.g. its ruleset's plugin is not installed here
            return self.message("Cannot show this character", exc.paragraph(), 409)
        return self.page("character.html.j2", status, verdict=verdict, token=self.token, allow_edit=self.allow_edit,
                         statuses=STATUSES, notes_max=NOTES_MAX, **context)

    async def character(self, request: Request) -> Response:
        return self.character_page(int(request.path_params["id"]))

    async def verify(self, request: Request) -> Response:
        form = await self.check_post(request)
        if not isinstance(form, dict):
            return form
        from lifepath.errors import LifepathError
        from lifepath.replay import Verdict

        character_id = int(request.path_params["id"])
        try:
            verdict = replay(self.store, character_id)
        except LifepathError as exc:  # a missing ruleset or content folder: it cannot be replayed here
            verdict = Verdict(False, f"it cannot be replayed here: {exc.paragraph()}")
        return self.character_page(character_id, verdict=verdict)

    async def edit_form(self, request: Request) -> dict[str, str] | Response:
        """An edit form's fields, or the refusal: a missing or wrong CSRF token, or a read-only server."""
        form = await self.check_post(request)
        if isinstance(form, dict) and not self.allow_edit:
            return self.message("Read-only", "This server is read-only; start it with --allow-edit to edit.", 403)
        return form

    async def edit(self, request: Request) -> Response:
        from starlette.responses import RedirectResponse

        from lifepath.errors import LifepathError
        from lifepath.store.models import CharacterUpdate

        form = await self.edit_form(request)
        if not isinstance(form, dict):
            return form
        character_id = int(request.path_params["id"])
        try:
            self.store.update_character(character_id, CharacterUpdate(
                name=form.get("name") or None, status=form.get("status") or None, player=form.get("player", "")))
        except LifepathError as exc:
            return self.message("Not saved", exc.paragraph(), 400)
        return RedirectResponse(self.links.character(character_id), status_code=303)

    async def notes(self, request: Request) -> Response:
        """Save the notes form (token checked, then the edit switch, then the store's length limit)."""
        from starlette.responses import RedirectResponse

        from lifepath.errors import LifepathError

        form = await self.edit_form(request)
        if not isinstance(form, dict):
            return form
        character_id = int(request.path_params["id"])
        try:
            row = self.store.character(character_id)
            if self.find_campaign(row.campaign) is None:
                return self.message("Not found", f"There is no character {character_id} here.", 404)
            self.store.set_notes(character_id, form.get("notes", ""))
        except LifepathError as exc:
            return self.message("Not saved", exc.paragraph(), 400)
        return RedirectResponse(self.links.character(character_id) + "#h-notes", status_code=303)

    async def odds(self, request: Request) -> Response:
        campaign = self.find_campaign(request.path_params["name"])
        if campaign is None:
            return self.message("Not found", "There is no such campaign here.", 404)
        count = request.query_params.get("count", "")
        n = min(int(count), ODDS_MAX) if count.isdigit() and int(count) > 0 else ODDS_COUNT
        from lifepath.errors import LifepathError

        try:
            report = campaign_odds(self.store, campaign, n)
        except LifepathError as exc:  # its ruleset's plugin or a content folder is missing here, say
            return self.message("No odds", f"The odds cannot be worked out here: {exc.paragraph()}", 409)
        return self.page("odds.html.j2", campaign=campaign, report=report, fmt=_fmt, num=_num, pct=_pct,
                         charts=odds_charts(report))

    def asgi(self) -> Starlette:
        from starlette.applications import Starlette
        from starlette.routing import Route

        return Starlette(routes=[
            Route("/", self.home),
            Route("/campaigns/{name}", self.roster),
            Route("/campaigns/{name}/odds", self.odds),
            Route("/characters/{id:int}", self.character),
            Route("/characters/{id:int}/verify", self.verify, methods=["POST"]),
            Route("/characters/{id:int}/edit", self.edit, methods=["POST"]),
            Route("/characters/{id:int}/notes", self.notes, methods=["POST"]),
        ])


def character_context(store: Store, row: CharacterRead, data: dict[str, Any]) -> dict[str, Any]:
    """What the character page shows: sheet sections, the story's chapters, history and provenance."""
    from lifepath.character import Character
    from lifepath.history import describe
    from lifepath.pages import sections_of, story_of
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
    if not campaign.content:
        return store.registry
    from lifepath.manager import Manager, _names
    from lifepath.store.content import load_campaign_content

    manager = Manager()
    manager.load_entry_points(only=_names("LIFEPATH_PLUGINS"), skip=_names("LIFEPATH_DISABLE_PLUGINS"))
    load_campaign_content(manager, campaign)
    return manager.registry()


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
    (``lifepath.store.enabled.campaign_registry``: those it enables, its ruleset's, its content folders), as
    `create` in the campaign has: a plugin installed since, and not enabled, adds no house rule and no career
    here. Without ``content`` its content folders are not loaded (they add careers and species, never a
    house rule)."""
    from lifepath.store.enabled import campaign_registry

    return campaign_registry((_with_content(store, campaign) if content else store.registry).manager, campaign)


def campaign_rules(store: Store, campaign: CampaignRead) -> list[tuple[str, Any, bool]]:
    """Every house rule of the campaign's ruleset: name, value in force, and whether the campaign sets it.

    A ruleset that is not installed shows only what the campaign stores."""
    from lifepath import houserules
    from lifepath.errors import LifepathError

    stored = dict(campaign.house_rules)
    try:
        declaration = _enabled(store, campaign, content=False)[0].declaration(campaign.ruleset)
        values = houserules.resolve(declaration, stored, [])
    except LifepathError:
        values = stored
    return [(name, values[name], name in stored) for name in sorted(values)]


def campaign_odds(store: Store, campaign: CampaignRead, count: int) -> dict[str, Any]:
    from lifepath import houserules
    from lifepath.odds import Batch, compute_odds

    registry, plugins = _enabled(store, campaign)
    rules = houserules.resolve(registry.declaration(campaign.ruleset), dict(campaign.house_rules), [])
    batch = Batch(campaign.ruleset, 1, rules, {}, plugins=plugins, replacements=tuple(campaign.enabled_replacements))
    return compute_odds(batch, count, registry=registry)


def odds_charts(report: dict[str, Any]) -> list[Chart]:
    """The odds page's charts, a bar per career: qualification and mishaps per term (when the ruleset
    reports them) and mean terms served."""
    from lifepath.charts import bar_chart

    careers = report.get("careers") or []
    if not careers:
        return []
    of = f"of {report['count']} characters"
    charts = []
    if report.get("detailed"):
        qualification = [(c["career"], (c.get("qualification") or {}).get("rate")) for c in careers]
        charts.append(bar_chart(
            "chart-qualification", "Qualification by career",
            "One bar per career: the share of its qualification throws that succeeded, on a scale of 0% to 100%.",
            f"Qualification: successful throws out of those made, {of}; - where nobody tried.",
            qualification, _pct, 1.0))
        charts.append(bar_chart(
            "chart-mishaps", "Mishaps per term by career",
            "One bar per career: mishaps per term served in it, on a scale of 0% to 100%.",
            f"Mishaps per term served, {of}; - where nobody served.",
            [(c["career"], c.get("mishap_rate")) for c in careers], _pct, 1.0))
    charts.append(bar_chart(
        "chart-terms", "Mean terms by career",
        "One bar per career: the mean number of terms served by those who entered it, scaled to the longest.",
        f"Mean terms served by those who entered each career, {of}; - where nobody entered.",
        [(c["career"], c.get("mean_terms")) for c in careers], _num))
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


__all__ = ["App", "Filters", "Links", "campaign_odds", "campaign_rules", "character_context", "odds_charts", "replay"]
