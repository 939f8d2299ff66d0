"""``lifepath serve``: the roster as a small local web app (Starlette on Uvicorn, the extra ``web``).

Pages: the campaigns and their house rules (``/``), a campaign's roster sorted and filtered on the server
from query parameters so it works without JavaScript (``/campaigns/NAME``), each character's page (the
ruleset's sheet sections, the life story as a timeline whose throws open with ``<details>``, provenance,
a verify button), the odds (``/campaigns/NAME/odds``), and creation (:mod:`lifepath.web.creation`).

Every POST carries the per-process token of :class:`App` in a hidden field and is refused (403) without
it. The app is read-only unless made with ``allow_edit``: then a character's name, status and player can
be changed, and the referee's notes kept (beside the document, see ``lifepath note``); every write, like
every page, is of a served campaign's character only.
Nothing is fetched from elsewhere: the CSS is inline and there is no script.

In front of it all is :class:`lifepath.web.safety.Guard` (the Host and Origin checks, the join secret, the
security headers; see docs/security.md). No store, replay or odds work runs on the event loop: the pages
are sync endpoints (Starlette runs them in its threadpool), a POST reads its form on the loop and does its
work with ``run_in_threadpool``, and the odds are worked out in a background thread and kept
(:mod:`lifepath.web.jobs`). A SQLite file another process is writing is answered with a 503 page.
"""

from __future__ import annotations

import hmac
import json
import secrets
import threading
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

from lifepath.batches import outcome_rows
from lifepath.sheets.pages import environment
from lifepath.store.columns import KEYS, columns_for, fill, ruleset_of
from lifepath.web.creation import create_link
from lifepath.web.jobs import OddsJob, OddsJobs, odds_key, short_waits
from lifepath.web.safety import CSP, Guard, Policy, allowed_names, is_busy
from lifepath.web.views import (
    _fmt,
    _num,
    _pct,
    campaign_odds,
    campaign_path,
    campaign_rules,
    character_context,
    odds_charts,
    replay,
)

if TYPE_CHECKING:
    from collections.abc import AsyncIterator

    from sqlmodel import Session
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

    from lifepath.store.models import CampaignRead, CharacterRead
    from lifepath.store.roster import RosterQuery
    from lifepath.store.service import Store
    from lifepath.web.safety import ASGIApp

ODDS_COUNT = 200
ODDS_MAX = 5000
#: a count up to ODDS_COUNT is waited for this many seconds before the "being worked out" page (a larger
#: count answers at once); that page reloads itself every ODDS_REFRESH seconds
ODDS_WAIT = 20.0
ODDS_REFRESH = 2
#: character ids are SQL BIGINTs: anything from here up is no character (404), never an overflow
ID_LIMIT = 2**63


class Links:
    """URLs of the live app (the static site has its own, see :mod:`lifepath.web.site`)."""

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
    """The roster's query parameters, cleaned: the filters as typed (the form shows them again), the sort
    and the page. :meth:`roster_query` turns them into the store's query, which the database answers."""

    q: str = ""
    species: str = ""
    career: str = ""
    status: str = ""
    age_min: str = ""
    age_max: str = ""
    sort: str = "id"
    order: str = "asc"
    #: the page number and size, "" for the first page and the default size (they stay out of the links)
    page: str = ""
    per_page: str = ""

    @classmethod
    def parse(cls, params: Any) -> Filters:
        from lifepath.store.roster import PER_PAGE, PER_PAGE_MAX

        f = cls(
            **{k: str(params.get(k, "")).strip() for k in ("q", "species", "career", "status", "age_min", "age_max")}
        )
        sort = str(params.get("sort", "id"))
        f.sort = sort if sort in KEYS else "id"
        f.order = "desc" if params.get("order") == "desc" else "asc"
        page = _number(str(params.get("page", "")))
        f.page = str(page) if page is not None and page > 1 else ""
        size = _number(str(params.get("per_page", "")))
        f.per_page = str(min(size, PER_PAGE_MAX)) if size and size != PER_PAGE else ""
        return f

    def roster_query(self) -> RosterQuery:
        """The store's query for these parameters (an age bound that is not a number is left out)."""
        from lifepath.store.roster import PER_PAGE, RosterQuery

        return RosterQuery(
            q=self.q,
            species=self.species,
            career=self.career,
            status=self.status,
            age_min=_number(self.age_min),
            age_max=_number(self.age_max),
            sort=self.sort,
            order=self.order,
            page=_number(self.page) or 1,
            per_page=_number(self.per_page) or PER_PAGE,
        )

    def query(self, **changes: str) -> str:
        values = {k: v for k, v in {**self.__dict__, **changes}.items() if v}
        return "?" + urlencode(values)

    def page_link(self, page: int) -> str:
        """The link to another page of the same filtered, sorted roster."""
        return self.query(page=str(page) if page > 1 else "")


def _number(text: str) -> int | None:
    """A whole number typed in a query parameter (at most 9 digits), or None."""
    return int(text) if text.isdigit() and len(text) <= 9 else None


@dataclass
class App:
    """The web app's state: where the store is, which campaign (if one), the edit switch, the token, who
    may reach it (``policy``, see :mod:`lifepath.web.safety`) and the odds being worked out."""

    db: str | None = None
    campaign: str | None = None
    allow_edit: bool = False
    #: players may create characters (``serve --allow-create``; ``--allow-edit`` allows it too)
    allow_create: bool = False
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    _store: Store | None = None
    links: Links = field(default_factory=Links)
    #: the names and port it answers to and its join secret (None: 127.0.0.1, localhost and [::1] on 8000)
    policy: Policy | None = None
    odds_jobs: OddsJobs = field(default_factory=OddsJobs)
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def store(self) -> Store:
        with self._lock:  # pages are served from several threads: open it once
            if self._store is None:
                from lifepath.store import open_store

                self._store = short_waits(open_store(self.db))
            return self._store

    # -- helpers ----------------------------------------------------------------------------------

    def page(self, template: str, status: int = 200, headers: dict[str, str] | None = None, **context: Any) -> Response:
        from starlette.responses import HTMLResponse

        html = environment(True).get_template(template).render(link=self.links, **context)
        return HTMLResponse(html, status_code=status, headers={"Content-Security-Policy": CSP, **(headers or {})})

    def message(
        self, heading: str, message: str, status: int, headers: dict[str, str] | None = None, **context: Any
    ) -> Response:
        """A page of one paragraph (the database's path, if the message names it, left out)."""
        return self.page("message.html.j2", status, headers, heading=heading, message=self.clean(message), **context)

    def clean(self, text: str) -> str:
        """``text`` with the database's path or URL replaced: a page never tells a visitor where it is."""
        wheres = {w for w in (self._store.where if self._store is not None else None, self.db) if w}
        for where in sorted(wheres, key=len, reverse=True):
            text = text.replace(where, "the roster's database")
        return text

    def campaigns(self) -> list[CampaignRead]:
        every = self.store.campaigns()
        return [c for c in every if self.campaign is None or c.name == self.campaign]

    def find_campaign(self, name: str, session: Session | None = None) -> CampaignRead | None:
        """The served campaign called ``name`` (None for any other name): one query for that row, never a
        listing of every campaign."""
        from lifepath.errors import UnknownName

        if self.campaign is not None and name != self.campaign:
            return None
        try:
            return self.store.campaign(name, check_plugins=False, session=session)
        except UnknownName:
            return None

    async def check_post(self, request: Request) -> dict[str, str] | Response:
        """The form, or a 403 page when its token is missing or wrong."""
        form = await request.form()
        sent = str(form.get("csrf", ""))
        if not sent or not hmac.compare_digest(sent.encode(), self.token.encode()):
            return self.message(
                "Refused",
                "This form was not sent by this server's page (its token is missing or "
                "out of date). Reload the page and try again.",
                403,
            )
        return {k: str(v) for k, v in form.items()}

    # -- pages ------------------------------------------------------------------------------------

    def home(self, request: Request) -> Response:
        campaigns = self.campaigns()
        counts = {c.name: self.store.character_count(c.name) for c in campaigns}
        rules = {c.name: campaign_rules(self.store, c) for c in campaigns}
        return self.page("campaigns.html.j2", campaigns=campaigns, counts=counts, rules=rules)

    def roster(self, request: Request) -> Response:
        """One page of the roster, filtered, sorted and paged by the database (``page``, ``per_page``): one
        read session, the campaign looked up once (a sync endpoint: no event loop of its own per request)."""
        from lifepath.store.models import STATUSES
        from lifepath.store.roster import pager, roster_page, species_choices

        filters = Filters.parse(request.query_params)
        with self.store.read_session() as session:
            campaign = self.find_campaign(request.path_params["name"], session)
            if campaign is None:
                return self.message("Not found", "There is no such campaign here.", 404)
            found = roster_page(session, campaign.id, filters.roster_query())
            ruleset = ruleset_of(self.store.registry, campaign.ruleset)
            fill(session, found.rows, ruleset)
            choices = {"species": species_choices(session, campaign.id), "status": list(STATUSES)}

        def sort_link(key: str) -> str:
            order = "desc" if filters.sort == key and filters.order == "asc" else "asc"
            return filters.query(sort=key, order=order, page="")

        return self.page(
            "roster.html.j2",
            campaign=campaign,
            rows=found.rows,
            total=found.total,
            found=found,
            filters=filters,
            choices=choices,
            columns=columns_for(ruleset),
            sort_link=sort_link,
            pager=pager(found, filters.page_link),
            create_link=create_link(campaign.name) if self.creating else None,
            in_progress=len(self.store.drafts(campaign.name)) if self.creating else 0,
        )

    def scoped(self, character_id: int, session: Session | None = None) -> CharacterRead | None:
        """The character with this id if it is one of the served campaigns' (None for any other id, one out
        of range too): what every page and every write of a character starts from. Its roster row only
        (the document is not read)."""
        from lifepath.store.roster import rows_by_id

        if not 0 < character_id < ID_LIMIT:
            return None
        with self.store.read_session() if session is None else nullcontext(session) as s:
            rows = rows_by_id(s, [character_id])
            if not rows:
                return None
            return rows[0] if self.campaign is None or rows[0].campaign == self.campaign else None

    def not_here(self, character_id: int) -> Response:
        return self.message("Not found", f"There is no character {character_id} here.", 404)

    def trouble(self, request: Request, exc: Exception) -> Response:
        """What a page answers for an error nothing else caught: a busy SQLite file is a 503 saying to try
        again, another database failure a 503, any other :class:`LifepathError` a 400; never the database's
        path."""
        from lifepath.errors import LifepathError
        from lifepath.store.engine import StoreError

        if is_busy(exc):
            return self.message(
                "The roster is busy",
                "The roster is busy: another lifepath command is writing to "
                "it. Nothing was changed here; try again in a moment.",
                503,
                {"Retry-After": "5"},
            )
        paragraph = exc.paragraph() if isinstance(exc, LifepathError) else "it could not be read"
        if isinstance(exc, LifepathError) and not isinstance(exc, StoreError):
            return self.message("Cannot do that", paragraph, 400)
        return self.message(
            "Database trouble", f"The roster's database failed: {paragraph}", 503, {"Retry-After": "30"}
        )

    def character_page(self, character_id: int, verdict: Any = None, status: int = 200) -> Response:
        from lifepath.errors import LifepathError
        from lifepath.store.engine import StoreError
        from lifepath.store.models import NOTES_MAX, STATUSES
        from lifepath.store.roster import stored_document

        with self.store.read_session() as session:  # the row and its document in one read
            row = self.scoped(character_id, session)
            stored = stored_document(session, character_id) if row is not None else None
        if row is None or stored is None:
            return self.not_here(character_id)
        data = json.loads(stored)  # the stored compact text: the same data as the export text
        try:
            context = character_context(self.store, row, data)
        except StoreError:
            raise
        except LifepathError as exc:  # e.g. its ruleset's plugin is not installed here
            return self.message("Cannot show this character", exc.paragraph(), 409)
        return self.page(
            "character.html.j2",
            status,
            verdict=verdict,
            token=self.token,
            allow_edit=self.allow_edit,
            statuses=STATUSES,
            notes_max=NOTES_MAX,
            **context,
        )

    def character(self, request: Request) -> Response:
        return self.character_page(int(request.path_params["id"]))

    async def verify(self, request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        form = await self.check_post(request)
        if not isinstance(form, dict):
            return form
        return await run_in_threadpool(self.verified, int(request.path_params["id"]))

    def verified(self, character_id: int) -> Response:
        """The character's page with the verdict of replaying it (of a served campaign's character only)."""
        from lifepath.errors import LifepathError
        from lifepath.replay import Verdict
        from lifepath.store.engine import StoreError

        if self.scoped(character_id) is None:
            return self.not_here(character_id)
        try:
            verdict = replay(self.store, character_id)
        except StoreError:
            raise
        except LifepathError as exc:  # a missing ruleset or content folder: it cannot be replayed here
            verdict = Verdict(False, f"it cannot be replayed here: {self.clean(exc.paragraph())}")
        return self.character_page(character_id, verdict=verdict)

    async def edit_form(self, request: Request) -> dict[str, str] | Response:
        """An edit form's fields, or the refusal: a missing or wrong CSRF token, or a read-only server."""
        form = await self.check_post(request)
        if isinstance(form, dict) and not self.allow_edit:
            return self.message("Read-only", "This server is read-only; start it with --allow-edit to edit.", 403)
        return form

    async def edit(self, request: Request) -> Response:
        from starlette.concurrency import run_in_threadpool

        form = await self.edit_form(request)
        if not isinstance(form, dict):
            return form
        return await run_in_threadpool(self.edited, int(request.path_params["id"]), form)

    def edited(self, character_id: int, form: dict[str, str]) -> Response:
        """Save the edit form's name, status and player (of a served campaign's character only)."""
        from lifepath.store.models import CharacterUpdate

        update = CharacterUpdate(
            name=form.get("name") or None, status=form.get("status") or None, player=form.get("player", "")
        )
        return self.write(character_id, lambda: self.store.update_character(character_id, update), "")

    async def notes(self, request: Request) -> Response:
        """Save the notes form (token checked, then the edit switch, then the scope and the length limit)."""
        from starlette.concurrency import run_in_threadpool

        form = await self.edit_form(request)
        if not isinstance(form, dict):
            return form
        character_id = int(request.path_params["id"])
        notes = form.get("notes", "")
        return await run_in_threadpool(
            self.write, character_id, lambda: self.store.set_notes(character_id, notes), "#h-notes"
        )

    def write(self, character_id: int, change: Callable[[], object], anchor: str) -> Response:
        """Make ``change`` to a served campaign's character and go back to its page (at ``anchor``); a 404
        for any other character, a 400 for a refused value; a busy database is left to :meth:`trouble`."""
        from starlette.responses import RedirectResponse

        from lifepath.errors import LifepathError
        from lifepath.store.engine import StoreError

        if self.scoped(character_id) is None:
            return self.not_here(character_id)
        try:
            change()
        except StoreError:
            raise
        except LifepathError as exc:
            return self.message("Not saved", exc.paragraph(), 400)
        return RedirectResponse(self.links.character(character_id) + anchor, status_code=303)

    async def campaign_page(self, request: Request) -> Response:
        """``/campaigns/NAME`` (the roster) or ``/campaigns/NAME/odds``, NAME holding ``/`` or not."""
        from starlette.concurrency import run_in_threadpool

        name, page = campaign_path(request.scope)
        request.scope.setdefault("path_params", {})["name"] = name
        if request.method == "POST" and page != "create":
            return self.message("Not allowed", "This page takes no form.", 405, {"Allow": "GET"})
        if page == "odds":
            return await self.odds(request)
        if page == "create":
            from lifepath.web.creation import start_endpoint

            return await start_endpoint(self, request)
        return await run_in_threadpool(self.roster, request)

    @property
    def creating(self) -> bool:
        """Whether players may create characters here (``--allow-create``, or ``--allow-edit``)."""
        return self.allow_create or self.allow_edit

    async def odds(self, request: Request) -> Response:
        """The odds page: worked out in the background (see :mod:`lifepath.web.jobs`); a count up to
        ODDS_COUNT is waited for, a larger one (or one still being worked out) answers a page that reloads."""
        from starlette.concurrency import run_in_threadpool

        campaign = await run_in_threadpool(self.find_campaign, request.path_params["name"])
        if campaign is None:
            return self.message("Not found", "There is no such campaign here.", 404)
        count = request.query_params.get("count", "")
        wanted = int(count) if count.isascii() and count.isdigit() and len(count) < 10 else 0
        n = min(wanted, ODDS_MAX) if wanted > 0 else ODDS_COUNT
        job = await run_in_threadpool(self.start_odds, campaign, n)
        if job is None:
            return self.message(
                "The odds are busy",
                "Several odds are being worked out already. Try again in a moment.",
                503,
                {"Retry-After": "10"},
            )
        if n <= ODDS_COUNT:
            await job.wait(ODDS_WAIT)
        return await run_in_threadpool(self.odds_answer, campaign, n, job)

    def start_odds(self, campaign: CampaignRead, n: int) -> OddsJob | None:
        store = self.store
        return self.odds_jobs.start(
            odds_key(campaign, n), n, lambda progress: campaign_odds(store, campaign, n, progress=progress)
        )

    def odds_answer(self, campaign: CampaignRead, n: int, job: OddsJob) -> Response:
        from lifepath.errors import LifepathError

        if not job.done:
            link = f"{self.links.odds(campaign.name)}?count={n}"
            return self.message(
                f"Odds for {campaign.name}",
                f"The odds of {n:,} characters under this campaign's "
                f"rules are being worked out ({job.made:,} made so far). This page reloads itself "
                f"every {ODDS_REFRESH} seconds until they are ready.",
                202,
                refresh=ODDS_REFRESH,
                next_link=link,
                next_text="Reload now",
            )
        try:
            report = job.result()
        except LifepathError as exc:  # its ruleset's plugin or a content folder is missing here, say
            self.odds_jobs.forget(job)  # asking again tries again
            return self.message("No odds", f"The odds cannot be worked out here: {exc.paragraph()}", 409)
        except BaseException:
            self.odds_jobs.forget(job)
            raise
        return self.page(
            "odds.html.j2",
            campaign=campaign,
            report=report,
            fmt=_fmt,
            num=_num,
            pct=_pct,
            charts=odds_charts(report),
            outcome=outcome_rows,
        )

    def refusal(self, heading: str, message: str, status: int) -> ASGIApp:
        """The page :class:`lifepath.web.safety.Guard` answers a refused request with."""
        return self.page("message.html.j2", status, heading=heading, message=message)

    def asgi(self) -> ASGIApp:
        """The app: Starlette's routes behind :class:`lifepath.web.safety.Guard`."""
        from contextlib import asynccontextmanager

        from sqlalchemy.exc import OperationalError
        from starlette.applications import Starlette
        from starlette.routing import Route

        from lifepath.errors import LifepathError
        from lifepath.web.creation import routes

        @asynccontextmanager
        async def lifespan(_app: Starlette) -> AsyncIterator[None]:
            yield
            self.odds_jobs.close()

        app = Starlette(
            routes=[
                Route("/", self.home),
                Route("/campaigns/{name:path}", self.campaign_page, methods=["GET", "POST"]),
                Route("/characters/{id:int}", self.character),
                Route("/characters/{id:int}/verify", self.verify, methods=["POST"]),
                Route("/characters/{id:int}/edit", self.edit, methods=["POST"]),
                Route("/characters/{id:int}/notes", self.notes, methods=["POST"]),
                *routes(self),
            ],
            exception_handlers={LifepathError: self.trouble, OperationalError: self.trouble},
            lifespan=lifespan,
        )
        policy = self.policy or Policy(allowed_names("127.0.0.1"), 8000)
        return Guard(app, policy, self.refusal)


#: the environment variable that carries a served app's settings to the worker processes of ``serve --workers``
SETTINGS = "LIFEPATH_SERVE_SETTINGS"


def settings(app: App) -> str:
    """What a worker process needs to make the same app: the store, the campaign, the edit switch, the form
    token (one for every worker: a page from one posts to another) and who may reach it."""
    policy = app.policy
    return json.dumps(
        {
            "db": app.db,
            "campaign": app.campaign,
            "allow_edit": app.allow_edit,
            "allow_create": app.allow_create,
            "token": app.token,
            "policy": None
            if policy is None
            else {"names": sorted(policy.names), "port": policy.port, "secret": policy.secret},
        }
    )


def from_environment() -> ASGIApp:
    """The app of one worker process of ``serve --workers`` (a Uvicorn factory), from :data:`SETTINGS`."""
    import os

    from lifepath.web.safety import quiet_logs

    given = json.loads(os.environ[SETTINGS])
    app = App(
        db=given["db"],
        campaign=given["campaign"],
        allow_edit=given["allow_edit"],
        allow_create=given["allow_create"],
        token=given["token"],
    )
    if given["policy"] is not None:
        held = given["policy"]
        app.policy = Policy(frozenset(held["names"]), int(held["port"]), held["secret"])
    app.store.registry  # noqa: B018 -- the plugins load once, now, not in the first requests' threads
    quiet_logs()
    return app.asgi()


__all__ = ["App", "Filters", "Links", "campaign_odds", "campaign_rules", "character_context", "odds_charts", "replay"]
