"""Creation in the browser: ``/campaigns/NAME/create`` starts a character, ``/drafts/KEY`` asks its decisions.

A character being made is a draft kept in the store (:meth:`lifepath.store.service.Store.new_draft`): the
campaign, the player's name, the ruleset, seed, house rules and options, and the answers so far. Nothing is
kept in the server between requests: each one replays the draft to the decision it waits for
(:func:`lifepath.engine.steps.replay_to`), so any worker process, or a server restarted meanwhile, answers
it. Every step is a plain HTML form (no script): the decision with each option's preview, what the last
answer led to, the sheet so far, every answer given (with a button to go back to it), "suggest" and
"finish for me"; at the end the character is saved to the campaign's roster under the player's name,
verified, and linked.

The draft's key is its address and the only way to it: the roster lists drafts in progress without their
links, so a player's link opens that player's draft and no other. Every form carries the app's token; an
answer carries the count of answers its page showed, so two tabs of one draft cannot both answer.
"""

from __future__ import annotations

import secrets
from contextvars import ContextVar
from functools import partial
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from lifepath.errors import LifepathError
from lifepath.web.safety import SCRIPT_PATH

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import Route

    from lifepath.decisions import Decision
    from lifepath.engine.steps import Progress, Step
    from lifepath.host.registry import Registry
    from lifepath.store.models import CampaignRead, DraftRead
    from lifepath.web.app import App

#: what a server started without --allow-create (or --allow-edit) answers on a creation page
NOT_CREATING = "This server does not create characters (see serve --allow-create)."
#: whether this request came by a players' link: its pages link nowhere a player cannot go (set by the
#: endpoints; the thread pool their work runs in sees it too)
_PLAYER_VIEW: ContextVar[bool] = ContextVar("lifepath_player_view", default=False)


def draft_link(key: str) -> str:
    return f"/drafts/{quote(key, safe='')}"


def create_link(campaign: str) -> str:
    return f"/campaigns/{quote(campaign, safe='')}/create"


def routes(app: App) -> list[Route]:
    """The creation pages' routes (``/campaigns/NAME/create`` is the campaign page's, see ``App.campaign_page``)."""
    from starlette.routing import Route

    return [
        Route("/drafts/{key}", partial(draft_endpoint, app), methods=["GET", "POST"]),
        Route("/table/{key}", partial(table_endpoint, app)),
        Route(SCRIPT_PATH, partial(script_endpoint, app)),
    ]


async def sent(app: App, request: Request) -> dict[str, str] | Response | None:
    """What a creation page was sent: None for a GET, the form of a POST that carries the token, or the
    refusal (a server that does not create characters, a form without the token)."""
    from lifepath.web.safety import PLAYER

    _PLAYER_VIEW.set(PLAYER in request.scope)  # in the endpoint's context, which its thread work copies
    if not app.creating:
        return app.message("Not here", NOT_CREATING, 403)
    if request.method != "POST":
        return None
    return await app.check_post(request)


async def table_endpoint(app: App, request: Request) -> Response:
    """``/table/KEY``: a campaign's players' link sets the players' cookie and opens the campaign's start
    form; a key no campaign holds (a link replaced by ``lifepath campaign new-table-link``) is refused."""
    from starlette.concurrency import run_in_threadpool
    from starlette.responses import RedirectResponse

    key = str(request.path_params["key"])
    name = await run_in_threadpool(app.store.table_campaign, key)
    if name is None or (app.campaign is not None and name != app.campaign):
        return app.message("Not in use", REPLACED, 403)
    response = RedirectResponse(create_link(name), status_code=303)
    cookie = app.policy.table_cookie if app.policy is not None else "lifepath_table"
    response.set_cookie(cookie, key, httponly=True, samesite="strict", path="/")
    return response


#: what a players' link no campaign holds is told
REPLACED = "That players' link is not in use: the referee may have replaced it. Ask for the new one."


def players_campaign(app: App, request: Request) -> str | None:
    """The campaign a request let in by a players' link may create in (its key's), or None for the
    referee's own browser; :class:`LookupError` when the link was replaced."""
    from lifepath.web.safety import PLAYER

    key = request.scope.get(PLAYER)
    if key is None:
        return None
    name = app.store.table_campaign(str(key))
    if name is None:
        raise LookupError(key)
    return name


async def start_endpoint(app: App, request: Request) -> Response:
    """``/campaigns/NAME/create``: the start form (GET), or a new draft (POST, with the token)."""
    from starlette.concurrency import run_in_threadpool

    form = await sent(app, request)
    if form is not None and not isinstance(form, dict):
        return form
    campaign = await run_in_threadpool(app.find_campaign, request.path_params["name"])
    if campaign is None:
        return app.message("Not found", "There is no such campaign here.", 404)
    try:
        allowed = await run_in_threadpool(players_campaign, app, request)
    except LookupError:
        return app.message("Not in use", REPLACED, 403)
    if allowed is not None and allowed != campaign.name:
        return app.message("Not for this link", f"Your players' link is for the campaign {allowed}.", 403)
    if form is None:
        return await run_in_threadpool(start_page, app, campaign)
    return await run_in_threadpool(start, app, campaign, form)


async def draft_endpoint(app: App, request: Request) -> Response:
    """``/drafts/KEY``: a character being made (GET), or one action on it (POST, with the token)."""
    from starlette.concurrency import run_in_threadpool

    form = await sent(app, request)
    if form is not None and not isinstance(form, dict):
        return form
    row = await run_in_threadpool(served_draft, app, str(request.path_params["key"]))
    try:
        allowed = await run_in_threadpool(players_campaign, app, request)
    except LookupError:
        return app.message("Not in use", REPLACED, 403)
    if row is None or (allowed is not None and row.campaign != allowed):
        return app.message("Not found", "There is no such character in progress here.", 404)
    if form is None:
        changed = request.query_params.get("changed") == "1"
        return await run_in_threadpool(partial(step_page, app, row, changed=changed))
    return await run_in_threadpool(act, app, row, form)


def start_page(
    app: App,
    campaign: CampaignRead,
    problem: str = "",
    player: str = "",
    status: int = 200,
    seed: str = "",
    given: dict[str, str] | None = None,
) -> Response:
    """The form that starts a character in ``campaign``: the player's name, and if wanted a seed and the
    ruleset's creation options (each as ``create --option`` takes it)."""
    drafts = app.store.drafts(campaign.name)
    declared = campaign_registry(app, campaign).ruleset(campaign.ruleset).creation_options or {}
    options = [(name, str(spec.get("description", "")), (given or {}).get(name, "")) for name, spec in declared.items()]
    return _page(
        app,
        "create.html.j2",
        status,
        campaign=campaign,
        token=app.token,
        problem=problem,
        player=player,
        seed=seed,
        options=options,
        given_any=any(value for _name, _description, value in options),
        drafts=drafts,
        action=create_link(campaign.name),
    )


def start(app: App, campaign: CampaignRead, form: dict[str, str]) -> Response:
    """A new draft for the player named in ``form``, then its first step (303 to ``/drafts/KEY``). Its house
    rules and options are those ``lifepath create --campaign`` gives: the campaign's rules, resolved, and
    its worlds offered as homeworlds."""
    from starlette.responses import RedirectResponse

    from lifepath.campaigns import world_options
    from lifepath.engine import creation_options
    from lifepath.engine.houserules import resolve

    player = form.get("player", "").strip()
    seed = _seed(form.get("seed", ""))
    problem = _player_problem(player) or ("" if seed is not None else SEED_PROBLEM)
    if problem or seed is None:
        return start_page(app, campaign, problem, player, 400, form.get("seed", "").strip()[:20])
    app.store.ensure_open(campaign)  # an archived campaign takes no new characters
    registry = campaign_registry(app, campaign)
    ruleset = registry.ruleset(campaign.ruleset)
    rules = resolve(registry.declaration(ruleset.id), dict(campaign.house_rules))
    given = {name: form.get(f"option:{name}", "").strip() for name in ruleset.creation_options or {}}
    try:  # as `create --option NAME=VALUE` reads them, and checks them together
        options = creation_options.parse(ruleset, [f"{k}={v}" for k, v in given.items() if v])
    except LifepathError as e:
        return start_page(app, campaign, e.paragraph(), player, 400, form.get("seed", "").strip()[:20], given)
    if campaign.worlds:
        world_options(ruleset, campaign.worlds, options)
    draft = app.store.new_draft(campaign.name, player=player, seed=seed, rules=rules, options=options)
    return RedirectResponse(draft_link(draft.key), status_code=303)


#: the registry each campaign's characters are made with, by what decides it (see campaign_registry)
_REGISTRIES: dict[str, Registry] = {}


def campaign_registry(app: App, campaign: CampaignRead) -> Registry:
    """The registry ``lifepath create --campaign`` makes the campaign's characters with (its content folders,
    only the plugins and replacements it enables: :func:`lifepath.campaigns.campaign_registry`), made once
    per process for the campaign as it is configured."""
    import json

    from lifepath.campaigns import campaign_registry as made_for

    token = json.dumps(
        [campaign.id, campaign.content, campaign.enabled_plugins, campaign.enabled_replacements], sort_keys=True
    )
    found = _REGISTRIES.get(token)
    if found is None:
        found = _REGISTRIES[token] = made_for(app.store, campaign)[0]
    return found


def served_draft(app: App, key: str) -> DraftRead | None:
    """The draft whose key this is, if its campaign is one this server serves (None for any other key)."""
    row = app.store.draft(key)
    if row is None or (app.campaign is not None and row.campaign != app.campaign):
        return None
    return row


def _registry_of(app: App, row: DraftRead) -> Registry:
    campaign = app.find_campaign(row.campaign)
    if campaign is None:
        raise LifepathError(f"the campaign '{row.campaign}' of this draft is no longer here")
    return campaign_registry(app, campaign)


#: what the start form says of a seed that is not one
SEED_PROBLEM = "The seed is a whole number (up to 19 digits), or left empty for a random one."


def _seed(text: str) -> int | None:
    """The seed typed on the start form (a random one when none was), or None when it is not a seed."""
    from lifepath.store.documents import SEED_RANGE

    text = text.strip()
    if not text:
        return secrets.randbits(63)
    digits = text.removeprefix("-")
    if not digits.isdigit() or len(digits) > 19:
        return None
    seed = int(text)
    return seed if SEED_RANGE[0] <= seed <= SEED_RANGE[1] else None


def _page(app: App, template: str, status: int = 200, **context: Any) -> Response:
    """A creation page, with its small script (and the policy that lets it run); by a players' link, without
    links to the pages a player cannot open."""
    from lifepath.web.safety import CREATION_CSP

    headers = {"Content-Security-Policy": CREATION_CSP}
    return app.page(template, status, headers, player_view=_PLAYER_VIEW.get(), script=SCRIPT_PATH, **context)


async def script_endpoint(app: App, request: Request) -> Response:
    """``/static/creation.js``: the creation pages' script (kept a day by the browser)."""
    from importlib import resources

    from starlette.responses import Response as Plain

    if not app.creating:
        return app.message("Not here", NOT_CREATING, 404)
    text = resources.files("lifepath").joinpath("templates/creation.js").read_text(encoding="utf-8")
    headers = {"Cache-Control": "max-age=86400"}
    return Plain(text, media_type="text/javascript; charset=utf-8", headers=headers)


def _player_problem(player: str) -> str:
    """Why ``player`` cannot name the player (empty when it can): a name is needed here, and the store's own
    check (:func:`lifepath.store.drafts.check_player`) says the rest."""
    from lifepath.store.drafts import check_player

    if not player:
        return "Give the player's name: the character is saved to the roster under it."
    try:
        check_player(player)
    except LifepathError as e:
        return e.paragraph()
    return ""


def progress_of(row: DraftRead) -> Progress:
    from lifepath.engine.steps import Progress

    answers = tuple((str(key), str(answer)) for key, answer in row.answers)
    return Progress(row.ruleset, row.seed, dict(row.rules), dict(row.options), answers)


def step_page(
    app: App,
    row: DraftRead,
    *,
    problem: str = "",
    suggested: str = "",
    status: int = 200,
    step: Step | None = None,
    changed: bool = False,
    confirm: tuple[str, str] | None = None,
) -> Response:
    """The draft's page: the waiting decision, or the character it became."""
    from lifepath.engine.steps import replay_to

    if row.character_id is not None:
        return finished_page(app, row)
    registry = _registry_of(app, row)
    step = step if step is not None else replay_to(registry, progress_of(row))
    if step.finished:  # answered to the end by another tab: save it now
        return save(app, row, step)
    return _page(
        app,
        "draft.html.j2",
        status,
        draft=row,
        step=step,
        decision=step.decision,
        since=_lines(registry, row.ruleset, step.since),
        problem=problem,
        suggested=suggested,
        changed=changed,
        confirm=confirm,
        token=app.token,
        action=draft_link(row.key),
        roster=app.links.roster(row.campaign),
    )


def _lines(registry: Registry, ruleset_id: str, events: list[dict[str, Any]]) -> list[str]:
    """What happened since the last answer, one line an event, as the terminal shows it."""
    from lifepath.sheets.history import spoken

    names = registry.ruleset(ruleset_id).characteristic_names()
    shown = ("throw", "change", "note", "crisis")
    return [spoken(event, names).strip().removeprefix("-- ") for event in events if event.get("type") in shown]


def act(app: App, row: DraftRead, form: dict[str, str]) -> Response:
    """One action on a draft: answer, suggest, finish for me, or go back to an earlier decision."""
    from starlette.responses import RedirectResponse

    from lifepath.engine.steps import answer_problem, finish_automatically, replay_to, suggestion

    if row.character_id is not None:
        return finished_page(app, row)
    action = form.get("action", "answer")
    expected = _number(form.get("expected", ""))
    if expected is None or expected != len(row.answers):
        return step_page(app, row, problem=STALE, status=409)
    draft = progress_of(row)
    registry = _registry_of(app, row)
    step = replay_to(registry, draft)
    if step.finished or step.decision is None:
        return save(app, row, step)
    decision = step.decision
    if action == "suggest":
        return step_page(app, row, suggested=suggestion(draft, decision), step=step)
    if action == "auto":
        done = finish_automatically(registry, draft, decision)
        app.store.set_answers(row.key, [list(a) for a in done.draft.answers], expected=expected)
        return save(app, app.store.draft(row.key) or row, done)
    if action == "back":
        to = _number(form.get("to", ""))
        if to is None or not 0 <= to < len(draft.answers):
            return step_page(app, row, problem="There is no such earlier decision to go back to.", status=400)
        kept, before = [list(a) for a in draft.answers[:to]], [list(a) for a in draft.answers]
        app.store.set_answers(row.key, kept, expected=expected, undone=before)
        return RedirectResponse(draft_link(row.key), status_code=303)
    typed = form.get("typed", "").strip() if decision.free_text or decision.shorthand is not None else ""
    answer = typed or form.get("answer", "")
    problem = answer_problem(decision, answer) if answer else "Choose one of the options first."
    if problem:
        return step_page(app, row, problem=problem, status=400, step=step)
    question = _confirm(decision, answer)
    if question and form.get("confirmed") != answer:  # asked first, as at the terminal; only the option is kept
        return step_page(app, row, step=step, confirm=(answer, question))
    answered = draft.answered(decision.key, answer)
    after = replay_to(registry, answered)
    changed = _changed(registry, row, after)
    undone: list[list[str]] | None = None if changed is None else []  # told (or nothing to tell): forget it
    app.store.set_answers(row.key, [list(a) for a in answered.answers], expected=expected, undone=undone)
    if after.finished:
        return save(app, app.store.draft(row.key) or row, after)
    return RedirectResponse(draft_link(row.key) + ("?changed=1" if changed else ""), status_code=303)


def _confirm(decision: Decision, answer: str) -> str:
    """The yes-or-no question the option ``answer`` asks before it is taken (``Preview.confirm``), or ""."""
    option = next((o for o in decision.enabled() if o.id == answer), None)
    preview = option.previewed() if option is not None else None
    return preview.confirm if preview is not None else ""


def _changed(registry: Registry, row: DraftRead, after: Step) -> bool | None:
    """After going back (the draft's ``undone`` holds the answers as they were): whether the new answers
    changed what is thrown, as the terminal says once; None while it cannot tell yet, or with nothing to
    compare."""
    from dataclasses import replace

    from lifepath.engine.steps import changed_throws, replay_to

    if not row.undone:
        return None
    old = tuple((str(key), str(answer)) for key, answer in row.undone)
    before = replay_to(registry, replace(progress_of(row), answers=old))
    return changed_throws(before, after)


#: what a page answers when its draft was answered elsewhere since it was loaded
STALE = "This draft was answered in another tab or window since this page was loaded: here it is as it is now."


def _number(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() and len(text) < 10 else None


def save(app: App, row: DraftRead, step: Step) -> Response:
    """The finished character saved to the campaign's roster under the player's name, then its page."""
    from starlette.responses import RedirectResponse

    character = step.character
    if character is None:
        raise LifepathError("the draft is not finished", hint="answer its remaining decisions")
    store = app.store
    with store.write_session() as session:  # one transaction: a draft is never saved twice
        character_id = store.add_character(row.campaign, character, player=row.player or None, session=session)
        store.finish_draft(row.key, character_id, session=session)
    return RedirectResponse(draft_link(row.key), status_code=303)


def finished_page(app: App, row: DraftRead) -> Response:
    """A finished draft: where its character was saved, its verify result and its sheet."""
    from lifepath.replay import verify
    from lifepath.sheets.textsheet import text_sheet

    assert row.character_id is not None
    store = app.store
    character = store.load(row.character_id)
    registry = _registry_of(app, row)
    verdict = verify(registry, character.to_dict())
    ruleset = registry.ruleset(row.ruleset)
    return _page(
        app,
        "draft_done.html.j2",
        draft=row,
        character_id=row.character_id,
        sheet=text_sheet(ruleset, character),
        identical=verdict.identical,
        message=verdict.message,
        character_link=app.links.character(row.character_id),
        roster=app.links.roster(row.campaign),
        again=create_link(row.campaign),
    )


__all__ = [
    "act",
    "campaign_registry",
    "create_link",
    "draft_endpoint",
    "draft_link",
    "players_campaign",
    "routes",
    "script_endpoint",
    "served_draft",
    "start",
    "start_endpoint",
    "start_page",
    "step_page",
    "table_endpoint",
]
