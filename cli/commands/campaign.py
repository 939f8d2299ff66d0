"""``lifepath campaign ...``: make campaigns, set their house rules and content folders, and check their
characters against them."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from lifepath.cli.commands import command
from lifepath.cli.db import open_db
from lifepath.cli.options import DbOption, JsonOption
from lifepath.cli.output import table
from lifepath.support.text import safe

if TYPE_CHECKING:
    from lifepath.host.registry import Registry
    from lifepath.store.models import CampaignRead

campaign_app = typer.Typer(
    help="Make campaigns, set their house rules and check their characters.",
    no_args_is_help=True,
    rich_markup_mode=None,
)
_RULE_OPTION = typer.Option([], "--rule", help="House rule NAME=VALUE (repeatable), e.g. --rule max_terms=4.")


def register(app: typer.Typer) -> None:
    from lifepath.cli.commands import worlds as worlds_cmd

    worlds_cmd.register(campaign_app)
    app.add_typer(campaign_app, name="campaign")


def _show(value: Any) -> str:
    return "none" if value is None else json.dumps(value, ensure_ascii=False).strip('"')


def _declaration(registry: Registry, camp: CampaignRead) -> dict[str, Any]:
    from lifepath.errors import LifepathError, UnknownName

    try:
        return registry.declaration(registry.ruleset(camp.ruleset).id)
    except UnknownName as e:
        raise LifepathError(
            f"campaign '{camp.name}' uses the ruleset {camp.ruleset}, which is not installed",
            hint=f"install the plugin that adds it ({e.hint})",
        ) from None


def _in_force(registry: Registry, camp: CampaignRead) -> dict[str, Any]:
    """The campaign's house rules resolved against the declaration (stored values are checked again)."""
    from lifepath.engine import houserules
    from lifepath.errors import HouseRuleError

    try:
        return houserules.resolve(_declaration(registry, camp), camp.house_rules)
    except HouseRuleError as e:
        raise HouseRuleError(
            f"campaign '{camp.name}' stores a house rule its ruleset no longer allows: {e.message}",
            hint=(e.hint + "; " if e.hint else "")
            + f"fix it with `lifepath campaign set-rule '{camp.name}' RULE VALUE` or `campaign unset-rule`",
        ) from None


@command(campaign_app, "new")
def new(
    name: str = typer.Argument(..., help="The campaign's name (unique in the database)."),
    ruleset: str = typer.Option("nowhere-yet", "--ruleset", "-r", help="Ruleset id or name for every character."),
    rule: list[str] = _RULE_OPTION,
    content: str = typer.Option(
        None,
        "--content",
        metavar="PLUGIN,...",
        help="Only these installed plugins' content (comma-separated; default: every plugin adding to the ruleset).",
    ),
    db: DbOption = None,
) -> None:
    """Make a campaign under a ruleset, with house rules of its own.

    The campaign records which installed plugins' content its characters are made with (all that add to
    its ruleset, or those --content names); a plugin installed later is used only once enabled with
    `lifepath campaign content NAME --enable PLUGIN`.
    """
    from lifepath.engine import houserules
    from lifepath.host.manager import get_manager
    from lifepath.store.enabled import check_choice, installed_for
    from lifepath.store.models import CampaignCreate, build

    manager = get_manager()
    registry = manager.registry()
    rs = registry.ruleset(ruleset)
    if content is None:
        enabled = installed_for(registry, rs.id)
    else:
        enabled = check_choice(registry, rs.id, [n.strip() for n in content.split(",") if n.strip()])
    # the house rules of the content the campaign enables, as its characters will be made with
    own = manager.restricted(tuple(sorted({*enabled, registry.ruleset_plugin(rs.id)}))).registry()
    declaration = own.declaration(rs.id)
    values = {key: houserules.set_value(declaration, key, text) for key, text in houserules.parse_pairs(rule)}
    houserules.check_together(declaration, values)
    data = build(CampaignCreate, "campaign", name=name, ruleset=rs.id, house_rules=values, enabled_plugins=enabled)
    with open_db(db) as store:
        camp = store.new_campaign(data)
    rules = ", ".join(f"{k}={_show(v)}" for k, v in sorted(values.items())) or "the ruleset's defaults"
    typer.echo(f"campaign '{camp.name}' made: {rs.name} {rs.version}, house rules: {rules}")
    typer.echo(f"content: {', '.join(camp.enabled_plugins)} (see `lifepath campaign content {shlex.quote(camp.name)}`)")


@command(campaign_app, "content")
def content_cmd(
    name: str = typer.Argument(..., help="The campaign."),
    enable: list[str] = typer.Option(
        [], "--enable", metavar="PLUGIN", help="Use this plugin's content (or a replacement, PLUGIN:ID); repeatable."
    ),
    disable: list[str] = typer.Option(
        [], "--disable", metavar="PLUGIN", help="Stop using this plugin's content (or replacement); repeatable."
    ),
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """List the plugins whose content the campaign's characters are made with, or enable and disable them.

    Without --enable or --disable, lists every plugin that adds to the campaign's ruleset, that it enables
    or that its characters were made with: installed or not, enabled or not, with versions; and every
    replacement offered. Characters already made keep the content they were made with (`verify` replays
    each with exactly that).
    """
    from lifepath.host.manager import get_manager
    from lifepath.store.content import load_campaign_content
    from lifepath.store.enabled import change, listing

    manager = get_manager()
    with open_db(db) as store:
        camp = store.campaign(name, check_plugins=False)
        load_campaign_content(manager, camp)
        registry = manager.registry()
        _declaration(registry, camp)  # a ruleset that is not installed: the error with its fix
        said: list[str] = []
        if enable or disable:
            changed = change(registry, camp, enable, disable)
            camp = store.set_enabled(camp.name, changed.plugins, changed.replacements)
            said = changed.said
    rows = listing(registry, camp)
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "campaign": camp.name,
                    "ruleset": camp.ruleset,
                    "changed": said,
                    "content": [r.to_dict() for r in rows],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        return
    for line in said:
        typer.echo(f"campaign '{camp.name}': {line}")
    if said:
        typer.echo("Characters made before keep the content they were made with.")
        return
    body = [
        [
            r.name,
            r.kind,
            "yes" if r.enabled else "no",
            "not installed" if r.installed is None else (r.installed or "-"),
            r.recorded or "",
            r.note,
        ]
        for r in rows
    ]
    typer.echo(f"Content of campaign '{camp.name}' ({camp.ruleset}):")
    typer.echo(table(["plugin", "kind", "enabled", "installed", "made with", "note"], body), nl=False)
    typer.echo(f"Change it with `lifepath campaign content {shlex.quote(camp.name)} --enable PLUGIN --disable PLUGIN`.")


@command(campaign_app, "list")
def list_campaigns(
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """List the campaigns: name, ruleset, characters, and whether archived."""
    with open_db(db) as store:
        camps = store.campaigns()
        counts = {c.name: sum(store.counts(c.name).values()) for c in camps}
    if as_json:
        rows = [{**c.model_dump(mode="json"), "characters": counts[c.name]} for c in camps]
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    if not camps:
        typer.echo("No campaigns yet. Make one with `lifepath campaign new NAME --ruleset RULESET`.")
        return
    body = [
        [c.name, c.ruleset, counts[c.name], "archived" if c.archived else "", c.created_at.date().isoformat()]
        for c in camps
    ]
    typer.echo(table(["name", "ruleset", "characters", "state", "created"], body), nl=False)


@command(campaign_app, "show")
def show(
    name: str = typer.Argument(..., help="The campaign."),
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Show a campaign: ruleset, house rules it sets, plugins, content folders, and its characters by status."""
    with open_db(db) as store:
        camp = store.campaign(name)
        counts = store.counts(name)
        players = sorted({r.player for r in store.characters(name) if r.player})
    if as_json:
        data = {**camp.model_dump(mode="json"), "characters": counts, "players": players}
        typer.echo(json.dumps(data, indent=2, ensure_ascii=False))
        return
    archived = f"  (archived {camp.archived_at.date().isoformat()})" if camp.archived_at else ""
    typer.echo(f"campaign:   {safe(camp.name)}{archived}")
    typer.echo(f"ruleset:    {camp.ruleset}")
    typer.echo(f"created:    {camp.created_at.isoformat(timespec='seconds')}")
    rules = ", ".join(f"{k}={_show(v)}" for k, v in sorted(camp.house_rules.items())) or "none (the ruleset's defaults)"
    typer.echo(f"house rules: {rules}")
    plugins = ", ".join(f"{p['name']} {p['version']}".strip() for p in camp.plugins) or "none yet"
    typer.echo(f"plugins:    {plugins}")
    typer.echo(f"enabled:    {', '.join([*camp.enabled_plugins, *camp.enabled_replacements]) or 'its ruleset only'}")
    folders = [_describe_folder(folder) for folder in camp.content] or ["none"]
    typer.echo(f"content:    {folders[0]}")
    for line in folders[1:]:
        typer.echo(f"            {line}")
    total = sum(counts.values())
    by_status = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
    typer.echo(f"characters: {total}" + (f" ({by_status})" if total else ""))
    typer.echo(f"players:    {safe(', '.join(players)) or 'none'}")


def _describe_folder(folder: str) -> str:
    """A stored content folder for `campaign show`: its path and the content in it, or that it is gone."""
    from lifepath.store.content import plugin_name

    if not Path(folder).is_dir():
        return f"{folder}  (missing: the folder is not there)"
    name = plugin_name(folder)
    return f"{folder}  ({name})" if name else f"{folder}  (its manifest cannot be read)"


@command(campaign_app, "add-content")
def add_content(
    name: str = typer.Argument(..., help="The campaign."),
    path: Path = typer.Argument(..., help="A data-only content folder (the one holding manifest.json)."),
    db: DbOption = None,
) -> None:
    """Make the campaign's characters with a data-only content folder (checked now, stored as an absolute path).

    The manifest and every table are validated, and the content must be for the campaign's ruleset; if
    anything is wrong the error names the file, line and JSON pointer, and nothing is stored.
    """
    from lifepath.host.manager import get_manager
    from lifepath.store.content import check_folder, folder_path, same_folder

    folder = folder_path(path)
    with open_db(db) as store:
        camp = store.campaign(name, check_plugins=False)
        already = next((f for f in camp.content if same_folder(f, folder)), None)
        if already is not None:
            typer.echo(f"campaign '{camp.name}' already uses the content folder {already}")
            return
        plugin = check_folder(get_manager(), camp, folder)
        camp = store.add_content(camp.name, folder)
    version = plugin.manifest["version"]
    typer.echo(f"campaign '{camp.name}' now uses {plugin.name} {version} from {folder}")
    typer.echo(
        f"`lifepath create --campaign {shlex.quote(camp.name)}` loads it; it is not copied, so keep the folder there."
    )


@command(campaign_app, "remove-content")
def remove_content(
    name: str = typer.Argument(..., help="The campaign."),
    path: Path = typer.Argument(..., help="The content folder, as `lifepath campaign show` lists it."),
    db: DbOption = None,
) -> None:
    """Stop making the campaign's characters with a content folder (the folder itself is not touched)."""
    with open_db(db) as store:
        camp, folder = store.remove_content(name, str(path))
    typer.echo(f"campaign '{camp.name}' no longer uses the content folder {folder}")
    typer.echo(
        "Characters made with it keep their sheets; replaying them with `lifepath verify` needs it back "
        f"(`lifepath campaign add-content {shlex.quote(camp.name)} {shlex.quote(folder)}`)."
    )


@command(campaign_app, "rules")
def rules(
    name: str = typer.Argument(..., help="The campaign."),
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Every house rule of the campaign's ruleset: its value here, its default, and what it does."""
    from lifepath.campaigns import campaign_registry
    from lifepath.engine import houserules

    with open_db(db) as store:
        camp = store.campaign(name, check_plugins=False)
        registry = campaign_registry(store, camp)[0]
    declaration = _declaration(registry, camp)
    values = _in_force(registry, camp)
    rows = []
    for rule_name, rule in sorted(houserules.rules_of(declaration).items()):
        rows.append(
            {
                "rule": rule_name,
                "value": values.get(rule_name),
                "default": rule.get("default"),
                "set_by_campaign": rule_name in camp.house_rules,
                "allowed": houserules.allowed(rule),
                "description": rule.get("description", ""),
            }
        )
    if as_json:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    typer.echo(f"House rules of campaign '{camp.name}' ({camp.ruleset}); * marks a value the campaign sets.")
    for r in rows:
        mark = "*" if r["set_by_campaign"] else " "
        typer.echo(f"{mark} {r['rule']} = {_show(r['value'])}   (default {_show(r['default'])}; {r['allowed']})")
        typer.echo(f"    {r['description']}")
    for relation in houserules.describe_relations(declaration):
        typer.echo(f"Also: {relation}.")


@command(campaign_app, "set-rule")
def set_rule(
    name: str = typer.Argument(..., help="The campaign."),
    rule: str = typer.Argument(..., help="The house rule's name (see `lifepath campaign rules NAME`)."),
    value: str = typer.Argument(..., help="Its new value, e.g. 4, none, death."),
    db: DbOption = None,
) -> None:
    """Set one house rule for the campaign's future characters (a plugin's rule once the campaign enables it)."""
    from lifepath.campaigns import campaign_registry
    from lifepath.engine import houserules

    with open_db(db) as store, store.write_session() as session:
        camp = store.campaign(name, session=session, check_plugins=False)
        declaration = _declaration(campaign_registry(store, camp, session=session)[0], camp)
        new_value = houserules.set_value(declaration, rule, value)
        before = camp.house_rules.get(rule, houserules.rules_of(declaration)[rule].get("default"))
        houserules.check_together(declaration, {**camp.house_rules, rule: new_value})
        store.set_house_rules(camp.name, {**camp.house_rules, rule: new_value}, session=session)
    typer.echo(f"campaign '{camp.name}': {rule}: {_show(before)} -> {_show(new_value)}")
    typer.echo("Characters made before keep the rules they were made under; `lifepath campaign check` lists them.")


@command(campaign_app, "unset-rule")
def unset_rule(
    name: str = typer.Argument(..., help="The campaign."),
    rule: str = typer.Argument(..., help="The house rule to return to the ruleset's default."),
    db: DbOption = None,
) -> None:
    """Return one house rule to the ruleset's default."""
    from lifepath.campaigns import campaign_registry
    from lifepath.engine import houserules
    from lifepath.errors import HouseRuleError

    with open_db(db) as store, store.write_session() as session:
        camp = store.campaign(name, session=session, check_plugins=False)
        declaration = _declaration(campaign_registry(store, camp, session=session)[0], camp)
        declared = houserules.rules_of(declaration)
        if rule not in camp.house_rules:
            if rule not in declared:
                known = ", ".join(sorted(declared)) or "none"
                raise HouseRuleError(
                    f"there is no house rule called '{rule}'", hint=f"the rules of this ruleset are: {known}"
                )
            default = _show(declared[rule].get("default"))
            typer.echo(f"campaign '{camp.name}' does not set {rule}; it is already the default ({default})")
            return
        remaining = {k: v for k, v in camp.house_rules.items() if k != rule}
        houserules.check_together(declaration, remaining)
        store.set_house_rules(camp.name, remaining, session=session)
    default = _show(declared[rule].get("default")) if rule in declared else "(no longer a rule of the ruleset)"
    typer.echo(f"campaign '{camp.name}': {rule}: {_show(camp.house_rules[rule])} -> default {default}")


@command(campaign_app, "archive")
def archive(
    name: str = typer.Argument(..., help="The campaign."),
    undo: bool = typer.Option(False, "--undo", help="Bring an archived campaign back into play."),
    db: DbOption = None,
) -> None:
    """Archive a campaign: it keeps its characters but takes no new ones (--undo reverses it)."""
    with open_db(db) as store:
        camp = store.archive(name, archived=not undo)
    typer.echo(f"campaign '{camp.name}' is {'archived' if camp.archived else 'in play'}")


@command(campaign_app, "new-table-link")
def new_table_link(
    name: str = typer.Argument(..., help="The campaign."),
    db: DbOption = None,
) -> None:
    """Replace the campaign's players' link (serve --allow-create beyond this machine): the old one lets
    nobody in any more, even into a character already started with it. A running server takes the new one
    at once: it is the server's address (as `lifepath serve` printed it) followed by the path printed here."""
    with open_db(db) as store:
        key = store.table_key(name, new=True)
    typer.echo(f"campaign '{name}': the old players' link no longer works; the new one ends in /table/{key}")


@command(campaign_app, "check")
def check(
    name: str = typer.Argument(..., help="The campaign."),
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """List the characters made under house rules that differ from the campaign's current ones."""
    from lifepath.campaigns import campaign_registry
    from lifepath.store.documents import rule_differences, rules_digest

    found: list[dict[str, Any]] = []
    with open_db(db) as store, store.read_session() as session:
        camp = store.campaign(name, session=session, check_plugins=False)
        now = _in_force(campaign_registry(store, camp, session=session)[0], camp)
        digest = rules_digest(now)
        rows = store.characters(name, session=session)
        for row in rows:
            if row.rules_sha256 == digest:
                continue
            made = json.loads(store.document(row.id, session=session))["provenance"].get("house_rules", {})
            differences = rule_differences(made, now)
            if differences:
                found.append({"id": row.id, "name": row.name, "differences": differences})
    if as_json:
        typer.echo(json.dumps({"campaign": camp.name, "rules": now, "characters": found}, indent=2, ensure_ascii=False))
        return
    if not found:
        typer.echo(f"All {len(rows)} character(s) of campaign '{camp.name}' were made under its current house rules.")
        return
    typer.echo(f"{len(found)} of {len(rows)} character(s) of campaign '{camp.name}' were made under other house rules:")
    for item in found:
        typer.echo(f"{item['id']} {item['name']}: " + "; ".join(item["differences"]))
