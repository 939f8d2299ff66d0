"""Everything the plugins contribute, collected once, attributed, validated and checked for conflicts.

Each registration hook implementation is called on its own, so the registry knows which plugin added
what: a conflict names both plugins, and a plugin whose tables do not validate is dropped whole (with
one warning) while every other plugin keeps working.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError, TableError, UnknownName
from lifepath.host.clashes import resolve
from lifepath.ruleset import Ruleset
from lifepath.tables import Table, parse_table, tables_digest

if TYPE_CHECKING:
    from lifepath.host.manager import Manager
    from lifepath.validation import ValidationCache, Validator
    from lifepath.validation.meaning import Vocabulary

CONTRIBUTED_HOOKS = ("lifepath_characteristics", "lifepath_apply_trait", "lifepath_crisis", "lifepath_throw_modifiers")
REGISTRATION_HOOKS = (
    "lifepath_register_rulesets",
    "lifepath_register_careers",
    "lifepath_register_species",
    "lifepath_register_house_rules",
    "lifepath_register_skills",
    "lifepath_register_traits",
)


@dataclass(frozen=True)
class Contribution:
    """A career or species added to a ruleset by a plugin.

    ``id`` is what menus offer and histories record: the table's own id, or its qualified id
    ``plugin:id`` when another plugin adds one of the same name (see :mod:`lifepath.host.clashes`).
    """

    id: str
    name: str
    data: Mapping[str, Any]
    plugin: str
    table: Table

    @property
    def own_id(self) -> str:
        """The id its table gives (``salvager``), whether or not it is offered under its qualified id."""
        return str(self.data.get("id") or self.id)

    @property
    def qualified_id(self) -> str:
        """The id that names it whatever else is installed: ``plugin:id`` (``lifepath-salvage:salvager``)."""
        return f"{self.plugin}:{self.own_id}"

    def matches(self, text: str) -> bool:
        """Whether ``text`` is its id, qualified id, name or one of its aliases (case-insensitively)."""
        low = text.strip().lower()
        aliases = self.data.get("aliases", [])
        names = [self.id, self.own_id, self.qualified_id, self.name, *(aliases if isinstance(aliases, list) else [])]
        return any(low == str(n).lower() for n in names)


class _PluginFailed(Exception):
    def __init__(self, plugin: str, reason: str) -> None:
        self.plugin = plugin
        self.reason = reason


def _as_table(item: Any, plugin: str, kind: str) -> Table:
    if isinstance(item, Table):
        return item
    if isinstance(item, Mapping):
        import json

        text = json.dumps(dict(item), indent=2, ensure_ascii=False)
        return parse_table(f"{plugin}:{kind}:{item.get('id', '?')}", text)
    raise _PluginFailed(plugin, f"it registered a {kind} that is neither a Table nor a mapping ({type(item).__name__})")


class Registry:
    """Rulesets, careers, species and house rules from every active plugin.

    Rulesets are registered when the registry is built; everything else about a ruleset (its tables,
    validated, and the careers, species and house rules plugins add to it) is collected the first time
    that ruleset is asked for, so making a character under one ruleset never reads another's tables.
    A plugin that fails while a ruleset is collected is dropped and the registry starts over without it.
    """

    def __init__(self, manager: Manager, enabled_replacements: Collection[str] = frozenset()) -> None:
        self.manager = manager
        #: replacements in use, each ``plugin:id`` (see :mod:`lifepath.host.clashes`); none unless enabled
        self.enabled_replacements = frozenset(enabled_replacements)
        self.warnings: list[str] = []
        #: the campaign this registry makes characters for, when one chose its plugins (for error hints)
        self.campaign: str | None = None
        #: the registries that replay characters made with other content, by what their provenance records
        #: (see :func:`lifepath.host.recorded.registry_for`)
        self.replay_registries: dict[Any, Registry] = {}
        self._retrying(self._build)

    # -- building ---------------------------------------------------------------------------------

    def _retrying(self, step: Callable[[], None]) -> None:
        """Run ``step``; each plugin that fails it is dropped, the rulesets registered again, and ``step``
        tried again without it."""
        while True:
            try:
                step()
                return
            except _PluginFailed as failed:
                self.manager.fail(failed.plugin, failed.reason)
                while True:
                    try:
                        self._build()
                        break
                    except _PluginFailed as again:
                        self.manager.fail(again.plugin, again.reason)

    def _impls(self, hook_name: str) -> list[Any]:
        caller = getattr(self.manager.pm.hook, hook_name)
        # in registration order (entry points load sorted by name), not pluggy's call order
        return list(caller.get_hookimpls())

    def _call_each(self, hook_name: str, make_register: Callable[[str], Callable[..., None]], **kwargs: Any) -> None:
        for impl in self._impls(hook_name):
            register = make_register(impl.plugin_name)
            args = {k: v for k, v in dict(kwargs, register=register).items() if k in impl.argnames}
            self._guarded(impl.plugin_name, f"its {hook_name} hook", impl.function, **args)

    @staticmethod
    def _guarded(plugin: str, what: str, function: Callable[..., Any], **kwargs: Any) -> Any:
        """Call a plugin's code; anything it raises becomes that plugin's failure."""
        try:
            return function(**kwargs)
        except _PluginFailed:
            raise
        except LifepathError as exc:
            raise _PluginFailed(plugin, exc.paragraph()) from None
        except Exception as exc:
            raise _PluginFailed(plugin, f"{what} failed ({type(exc).__name__}: {exc})") from None

    def _build(self) -> None:
        """Register the rulesets (cheap: no tables are read) and check plugins' declared requirements."""
        self._rulesets: dict[str, Ruleset] = {}
        self._ruleset_plugin: dict[str, str] = {}
        self._loaded: set[str] = set()
        self._careers: dict[str, dict[str, Contribution]] = {}
        self._species: dict[str, dict[str, Contribution]] = {}
        self._vocab: dict[str, Vocabulary] = {}
        self._offers: dict[str, list[tuple[str, Contribution, Contribution | None, bool]]] = {}
        self._extra_rules: dict[str, dict[str, tuple[dict[str, Any], str]]] = {}
        self._tables: dict[str, list[Table]] = {}
        self._contributors: dict[str, set[str]] = {}
        self._digests: dict[str, str] = {}
        self._validated: set[tuple[str, str]] = set()
        self._checking: tuple[list[dict[str, Any]], str, ValidationCache] | None = None
        self._validator: Validator | None = None
        self.warnings = []

        offered: list[tuple[Ruleset, str]] = []

        def ruleset_register(plugin: str) -> Callable[[Ruleset], None]:
            def register(ruleset: Ruleset) -> None:
                if not isinstance(ruleset, Ruleset) or not ruleset.id:
                    raise _PluginFailed(plugin, "it registered a ruleset that is not a lifepath.Ruleset with an id")
                offered.append((ruleset, plugin))

            return register

        self._call_each("lifepath_register_rulesets", ruleset_register)
        self._settle_rulesets(offered)
        self._check_requirements()

    @property
    def validator(self) -> Validator:
        """The validator for every schema in use (the shipped ones and those rulesets add); built on first
        use, since a start whose tables are all in the validation cache never needs it."""
        if self._validator is None:
            from lifepath.validation import Validator

            self._validator = Validator(self._validation()[0])
        return self._validator

    def plugin_schemas(self) -> list[tuple[str, dict[str, Any]]]:
        """``(plugin, schema)`` for every schema a usable ruleset adds (``Ruleset.schemas()``), beyond the
        shipped ones (``lifepath schema list`` and ``schema validate`` use them)."""
        out: list[tuple[str, dict[str, Any]]] = []
        for rid, ruleset in self._rulesets.items():
            plugin = self._ruleset_plugin[rid]
            out.extend((plugin, schema) for schema in self._guarded(plugin, "its ruleset's schemas()", ruleset.schemas))
        return out

    def _validation(self) -> tuple[list[dict[str, Any]], str, ValidationCache]:
        if self._checking is None:
            from lifepath.validation import ValidationCache, schemas_digest

            schemas: list[dict[str, Any]] = []
            for rid, ruleset in self._rulesets.items():
                schemas.extend(self._guarded(self._ruleset_plugin[rid], "its ruleset's schemas()", ruleset.schemas))
            self._checking = (schemas, schemas_digest(schemas), ValidationCache.default())
        return self._checking

    def _validate(self, table: Table, plugin: str, rid: str | None = None) -> None:
        """Validate a table unless its content hash is known valid; an invalid table fails its plugin.
        With ``rid``, the table is also checked for meaning against that ruleset's vocabulary (the cache
        key then covers the vocabulary too)."""
        _schemas, digest, cache = self._validation()
        vocab = self._vocab.get(rid) if rid is not None else None
        key = cache.key(table, digest + (vocab.digest() if vocab is not None else ""))
        if key in cache:
            return
        errors = self.validator.errors(table)
        if errors:
            raise _PluginFailed(plugin, "its table is invalid: " + errors[0].paragraph())
        if rid is not None and vocab is not None:
            ruleset = self._rulesets[rid]
            wrong = self._guarded(
                self._ruleset_plugin[rid],
                "its ruleset's meaning_errors()",
                ruleset.meaning_errors,
                table=table,
                vocabulary=vocab,
            )
            from lifepath.validation.meaning import SoonRefused

            soon = [e for e in wrong if isinstance(e, SoonRefused)]
            wrong = [e for e in wrong if not isinstance(e, SoonRefused)]
            if wrong:
                raise _PluginFailed(plugin, "its table is invalid: " + wrong[0].paragraph())
            for e in soon:  # the compatibility policy: a warning for one minor version, then refused
                self._warn(
                    f"plugin '{plugin}': {e.paragraph()[:-1]}; {e.instead} for now, but lifepath {e.until} will "
                    "refuse the plugin"
                )
            if soon:
                return  # not remembered as valid, so every command warns again
        cache.add(key)

    def _collect_vocabulary(self, rid: str) -> None:
        """The ruleset's skills and traits, plus those plugins register (before careers and species,
        which are checked against them)."""
        owner = self._ruleset_plugin[rid]
        vocab = self._vocab[rid] = self._guarded(owner, "its ruleset's vocabulary()", self._rulesets[rid].vocabulary)

        def skill_register(plugin: str) -> Callable[[str, str], None]:
            def register(name: str, summary: str = "") -> None:
                if not isinstance(name, str) or not name.strip():
                    raise _PluginFailed(plugin, "it registered a skill without a name")
                if name not in vocab.skills:
                    vocab.skills[name] = str(summary)
                    vocab.skill_plugins[name] = plugin
                    self._contributors[rid].add(plugin)

            return register

        self._call_each("lifepath_register_skills", skill_register, ruleset_id=rid)
        offered: dict[str, list[tuple[dict[str, Any], str]]] = {}

        def trait_register(plugin: str) -> Callable[[dict[str, Any]], None]:
            def register(trait: dict[str, Any]) -> None:
                if not isinstance(trait, Mapping) or not all(
                    isinstance(trait.get(k), str) and trait.get(k) for k in ("id", "name", "summary")
                ):
                    raise _PluginFailed(plugin, "it registered a trait without a text id, name and summary")
                if trait["id"] in vocab.traits:
                    self._warn(
                        f"plugin '{plugin}' adds the trait '{trait['id']}' to {rid}, which {rid} defines itself; "
                        f"{rid}'s own is used (give the plugin's trait another id)"
                    )
                    return
                offered.setdefault(str(trait["id"]), []).append((dict(trait), plugin))

            return register

        self._call_each("lifepath_register_traits", trait_register, ruleset_id=rid)
        for tid, offers in offered.items():
            if len({plugin for _t, plugin in offers}) > 1:
                plugins = sorted({plugin for _t, plugin in offers})
                self._warn(
                    f"plugins {', '.join(repr(p) for p in plugins)} all add the trait '{tid}' to {rid}; none of "
                    "them is used (one must rename it)"
                )
                continue
            vocab.traits[tid] = offers[0][0]
            vocab.trait_plugins[tid] = offers[0][1]
            self._contributors[rid].add(offers[0][1])

    def _ensure(self, rid: str) -> None:
        """Collect a registered ruleset's tables and contributions, once."""
        if rid in self._rulesets and rid not in self._loaded:
            self._retrying(lambda: self._load(rid) if rid in self._rulesets and rid not in self._loaded else None)

    def load_all(self) -> None:
        """Collect every ruleset (for listings that show them all, and their warnings)."""
        for rid in list(self._rulesets):
            self._ensure(rid)

    def _load(self, rid: str) -> None:
        ruleset = self._rulesets[rid]
        owner = self._ruleset_plugin[rid]
        tables = self._tables[rid] = list(self._guarded(owner, "its ruleset's tables()", ruleset.tables))
        self._contributors[rid] = {owner}
        for table in tables:
            self._validate(table, owner)
        self._collect_vocabulary(rid)

        for kind, store in (("career", self._careers), ("species", self._species)):
            pending: list[Contribution] = []

            def contrib_register(
                plugin: str, kind: str = kind, pending: list[Contribution] = pending
            ) -> Callable[[Any], None]:
                def register(item: Any, table: Table | None = None) -> None:
                    if table is None:
                        table = _as_table(item, plugin, kind)
                        data = table.data
                    else:
                        data = item if isinstance(item, Mapping) else table.data
                    if (table.sha256, plugin) not in self._validated:
                        self._validate(table, plugin, rid)
                        self._validated.add((table.sha256, plugin))
                    cid, name = str(data.get("id", "")), str(data.get("name", data.get("id", "")))
                    pending.append(Contribution(cid, name, data, plugin, table))

                return register

            self._call_each(
                f"lifepath_register_{'careers' if kind == 'career' else 'species'}",
                contrib_register,
                ruleset_id=rid,
            )
            outcome = resolve(kind, rid, owner, pending, self.enabled_replacements)
            for text in outcome.warnings:
                self._warn(text)
            self._offers.setdefault(rid, []).extend((kind, *entry) for entry in outcome.replacements)
            bucket: dict[str, Contribution] = {}
            store[rid] = bucket
            for chosen in outcome.used:
                if id(chosen) in outcome.qualified:
                    chosen = replace(chosen, id=chosen.qualified_id)
                bucket[chosen.id] = chosen
                if all(t.source != chosen.table.source for t in tables):
                    tables.append(chosen.table)
                self._contributors[rid].add(chosen.plugin)

        extra: dict[str, tuple[dict[str, Any], str]] = {}
        self._extra_rules[rid] = extra
        own_rules = self._guarded(owner, "its ruleset's house_rules()", ruleset.house_rules).get("properties", {})

        declared: dict[str, list[tuple[dict[str, Any], str]]] = {}

        def rule_register(plugin: str) -> Callable[[str, dict[str, Any]], None]:
            def register(name: str, schema: dict[str, Any]) -> None:
                if name in own_rules:
                    self._warn(
                        f"plugin '{plugin}' declares house rule '{name}' for {rid}, which {rid} declares "
                        "itself; ignored"
                    )
                    return
                declared.setdefault(name, []).append((dict(schema), plugin))

            return register

        self._call_each("lifepath_register_house_rules", rule_register, ruleset_id=rid)
        for name, offers in declared.items():
            plugins = sorted({plugin for _schema, plugin in offers})
            if len(offers) > 1:  # neither wins: which one would depend on the plugins' names
                self._warn(
                    f"plugins {', '.join(repr(p) for p in plugins)} all declare house rule '{name}' for {rid}; "
                    "none of them is used (one of the plugins must rename it)"
                )
                continue
            extra[name] = offers[0]
            self._contributors[rid].add(offers[0][1])
        self._validation()[2].save()
        # Plugins that only implement creation-time hooks (a house-rule plugin, say) shape every ruleset's
        # characters; a plugin with registration hooks shapes only the rulesets it registered something for.
        registers = {impl.plugin_name for hook in REGISTRATION_HOOKS for impl in self._impls(hook)}
        for hook_name in CONTRIBUTED_HOOKS:
            for impl in self._impls(hook_name):
                if impl.plugin_name not in registers:
                    self._contributors[rid].add(impl.plugin_name)
        self._loaded.add(rid)

    def _settle_rulesets(self, offered: list[tuple[Ruleset, str]]) -> None:
        """Keep the rulesets whose id and name are their own. A clash with a built-in ruleset (one shipped
        with lifepath) keeps the built-in; two others that clash are both refused: the outcome never
        depends on plugin names or installation order."""
        info = self.manager.info

        def builtin(plugin: str) -> bool:
            return plugin in info and info[plugin].dist == "lifepath"

        refused: set[int] = set()
        for x, (a, pa) in enumerate(offered):
            for b, pb in offered[x + 1 :]:
                if not {a.id.lower(), a.name.lower()} & {b.id.lower(), b.name.lower()}:
                    continue
                (first, p1), (second, p2) = sorted(((a, pa), (b, pb)), key=lambda o: (o[1], o[0].id))
                if builtin(p1) != builtin(p2):
                    loser, lp, keeper, kp = (second, p2, first, p1) if builtin(p1) else (first, p1, second, p2)
                    refused.add(id(loser))
                    self._warn(
                        f"plugin '{lp}' adds the ruleset '{loser.id}' ({loser.name}), which clashes with the "
                        f"built-in ruleset '{keeper.id}' ({keeper.name}) from '{kp}'; the plugin's is not used "
                        "(give it another id and name)"
                    )
                else:
                    refused.update((id(first), id(second)))
                    self._warn(
                        f"plugins '{p1}' and '{p2}' both add a ruleset called '{first.id}' ({first.name}) / "
                        f"'{second.id}' ({second.name}); neither is used, whatever the order they are "
                        "installed in (one must be renamed or uninstalled)"
                    )
        for ruleset, plugin in offered:
            if id(ruleset) not in refused:
                self._rulesets[ruleset.id] = ruleset
                self._ruleset_plugin[ruleset.id] = plugin

    def _check_requirements(self) -> None:
        """Refuse a plugin whose declared ruleset versions (``lifepath_requires``) are not installed."""
        from lifepath import __version__
        from lifepath.host.versions import satisfies

        for name, plugin in self.manager.pm.list_name_plugin():
            requires = getattr(plugin, "lifepath_requires", None)
            if not requires:
                continue
            for target, spec in dict(requires).items():
                if target == "lifepath":
                    have: str | None = __version__
                else:
                    ruleset = self._rulesets.get(target)
                    have = ruleset.version if ruleset is not None else None
                if have is None:
                    raise _PluginFailed(name, f"it needs the ruleset '{target}' ({spec}), which is not installed")
                try:
                    ok = satisfies(have, str(spec))
                except LifepathError as exc:
                    raise _PluginFailed(name, f"its lifepath_requires is unreadable: {exc.paragraph()}") from None
                if not ok:
                    raise _PluginFailed(
                        name,
                        f"it supports {target} {spec} but {target} {have} is installed; "
                        f"upgrade the plugin or install a matching {target}",
                    )

    def _warn(self, text: str) -> None:
        self.warnings.append(text)
        print(f"lifepath: warning: {text}", file=sys.stderr)

    # -- reading ----------------------------------------------------------------------------------

    def rulesets(self) -> dict[str, Ruleset]:
        """Every usable ruleset by id (each one's tables collected and validated first)."""
        self.load_all()
        return dict(self._rulesets)

    def ruleset(self, name: str) -> Ruleset:
        """The ruleset with this id or name (case-insensitive), its tables collected and validated."""
        low = name.strip().lower()
        for rid, ruleset in list(self._rulesets.items()):
            if low in (rid.lower(), ruleset.name.lower()):
                self._ensure(rid)
                if self._rulesets.get(rid) is ruleset:
                    return ruleset
                return self.ruleset(name)  # its plugin failed: whatever else answers to the name, or none
        known = ", ".join(sorted(self._rulesets)) or "none (no ruleset plugin is loaded)"
        why = self.manager.selection_hint(sorted(self._rulesets))
        raise UnknownName(f"there is no ruleset called '{name}'", hint=why or f"known rulesets: {known}")

    def ruleset_plugin(self, ruleset_id: str) -> str:
        return self._ruleset_plugin[ruleset_id]

    def careers(self, ruleset_id: str) -> Mapping[str, Contribution]:
        """The careers of a ruleset by id (a read-only view: rulesets ask for it on every career choice)."""
        if ruleset_id not in self._loaded:  # collected already (the usual case): no call to ask
            self._ensure(ruleset_id)
        return MappingProxyType(self._careers.get(ruleset_id, {}))

    def species(self, ruleset_id: str) -> Mapping[str, Contribution]:
        """The species of a ruleset by id (a read-only view)."""
        if ruleset_id not in self._loaded:  # collected already (the usual case): no call to ask
            self._ensure(ruleset_id)
        return MappingProxyType(self._species.get(ruleset_id, {}))

    def find(self, kind: str, ruleset_id: str, name: str) -> Contribution:
        """A career or species by id, qualified id (``plugin:id``), name or alias, case-insensitively.

        A bare name two plugins' items answer to is an error naming their qualified ids; an unknown name
        lists the known ones, and says so when the item is installed but left out of this registry (a
        campaign that does not enable its plugin).
        """
        self._ensure(ruleset_id)
        bucket = self._careers if kind == "career" else self._species
        items = bucket.get(ruleset_id, {})
        low = name.strip().lower()
        exact = [i for i in items.values() if low in (i.id.lower(), i.qualified_id.lower())]
        found = exact or [i for i in items.values() if i.matches(name)]
        if len(found) == 1:
            return found[0]
        if found:
            which = ", ".join(sorted(i.qualified_id for i in found))
            raise UnknownName(
                f"{ruleset_id} has {len(found)} {kind} entries called '{name}', from different plugins",
                hint=f"say which by its qualified id: {which}",
            )
        known = ", ".join(sorted(c.name for c in items.values())) or "none"
        raise UnknownName(
            f"{ruleset_id} has no {kind} called '{name}'",
            hint=self._left_out(kind, ruleset_id, name) or f"known {kind} names: {known}",
        )

    def _left_out(self, kind: str, ruleset_id: str, name: str) -> str | None:
        """When this registry holds only some installed plugins and one it leaves out has the item: which
        plugin, and how to enable it (in the campaign this registry is for, when it is one's)."""
        parent = self.manager.parent
        if parent is None:
            return None
        try:
            item = parent.registry().find(kind, ruleset_id, name)
        except LifepathError:
            return None
        where = f"campaign '{self.campaign}'" if self.campaign else "the campaign"
        name = shlex.quote(self.campaign or "NAME")
        command = f"lifepath campaign content {name} --enable {shlex.quote(item.plugin)}"
        return (
            f"the {kind} '{item.name}' is installed (plugin '{item.plugin}') but not enabled in {where}; enable "
            f"it with `{command}`"
        )

    def replacements(self, ruleset_id: str) -> list[tuple[str, Contribution, Contribution | None, bool]]:
        """Every replacement offered for the ruleset: (kind, replacement, the item it names or None, used?)."""
        self._ensure(ruleset_id)
        return list(self._offers.get(ruleset_id, []))

    def vocabulary(self, ruleset_id: str) -> Vocabulary:
        """The skills and traits the ruleset's tables may name: its own and those plugins register."""
        self._ensure(ruleset_id)
        return self._vocab[ruleset_id]

    def meaning_errors(self, table: Table, ruleset_id: str) -> list[TableError]:
        """Problems of meaning in a table for this ruleset (``lifepath schema validate`` uses it)."""
        self._ensure(ruleset_id)
        return list(self._rulesets[ruleset_id].meaning_errors(table, self._vocab[ruleset_id]))

    def declaration(self, ruleset_id: str) -> dict[str, Any]:
        """The full house-rule declaration: the ruleset's own rules plus those plugins add."""
        self._ensure(ruleset_id)
        own = self._rulesets[ruleset_id].house_rules()
        props = dict(own.get("properties", {}))
        for name, (schema, _plugin) in self._extra_rules.get(ruleset_id, {}).items():
            props[name] = schema
        return {**own, "properties": props}

    def tables(self, ruleset_id: str) -> list[Table]:
        """Every table of the ruleset: its own and those plugins added to it."""
        self._ensure(ruleset_id)
        return list(self._tables.get(ruleset_id, []))

    def digest(self, ruleset_id: str) -> str:
        """SHA-256 over every table the ruleset's characters are made from (computed once)."""
        cached = self._digests.get(ruleset_id)
        if cached is None:
            self._ensure(ruleset_id)
            cached = self._digests[ruleset_id] = tables_digest(self._tables.get(ruleset_id, []))
        return cached

    def contributors(self, ruleset_id: str) -> list[dict[str, str]]:
        """Name and version of every plugin that shaped characters of this ruleset."""
        self._ensure(ruleset_id)
        info = self.manager.info
        return [  # a fresh list each call: it goes into a character's provenance
            {"name": n, "version": info[n].version if n in info else ""}
            for n in sorted(self._contributors.get(ruleset_id, set()))
        ]

    def distributions(self, ruleset_id: str) -> dict[str, str]:
        """The distribution of each of :meth:`contributors` not built in (:meth:`Manager.distributions`)."""
        self._ensure(ruleset_id)
        return self.manager.distributions(self._contributors.get(ruleset_id, set()))

    def check_table(self, table: Table) -> None:
        """Validate one table (raises :class:`TableError`)."""
        errors = self.validator.errors(table)
        if errors:
            raise errors[0]


__all__ = ["Contribution", "Registry", "TableError"]
