"""Everything the plugins contribute, collected once, attributed, validated and checked for conflicts.

Each registration hook implementation is called on its own, so the registry knows which plugin added
what: a conflict names both plugins, and a plugin whose tables do not validate is dropped whole (with
one warning) while every other plugin keeps working.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from lifepath.errors import LifepathError, TableError, UnknownName
from lifepath.ruleset import Ruleset
from lifepath.tables import Table, parse_table, tables_digest

if TYPE_CHECKING:
    from lifepath.manager import Manager

CONTRIBUTED_HOOKS = ("lifepath_characteristics", "lifepath_apply_trait", "lifepath_crisis")


@dataclass(frozen=True)
class Contribution:
    """A career or species added to a ruleset by a plugin."""

    id: str
    name: str
    data: Mapping[str, Any]
    plugin: str
    table: Table

    def matches(self, text: str) -> bool:
        low = text.strip().lower()
        names = [self.id, self.name, *self.data.get("aliases", [])]
        return any(low == n.lower() for n in names)


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
    """Rulesets, careers, species and house rules from every active plugin."""

    def __init__(self, manager: Manager) -> None:
        self.manager = manager
        self.warnings: list[str] = []
        while True:
            try:
                self._build()
                break
            except _PluginFailed as failed:
                manager.fail(failed.plugin, failed.reason)

    # -- building ---------------------------------------------------------------------------------

    def _impls(self, hook_name: str) -> list[Any]:
        caller = getattr(self.manager.pm.hook, hook_name)
        # in registration order (entry points load sorted by name), not pluggy's call order
        return list(caller.get_hookimpls())

    def _call_each(self, hook_name: str, make_register: Callable[[str], Callable[..., None]], **kwargs: Any) -> None:
        for impl in self._impls(hook_name):
            register = make_register(impl.plugin_name)
            args = {k: v for k, v in dict(kwargs, register=register).items() if k in impl.argnames}
            try:
                impl.function(**args)
            except _PluginFailed:
                raise
            except LifepathError as exc:
                raise _PluginFailed(impl.plugin_name, exc.paragraph()) from None
            except Exception as exc:
                raise _PluginFailed(
                    impl.plugin_name, f"its {hook_name} hook failed ({type(exc).__name__}: {exc})"
                ) from None

    def _build(self) -> None:
        from lifepath.validation import ValidationCache, Validator

        self._rulesets: dict[str, Ruleset] = {}
        self._ruleset_plugin: dict[str, str] = {}
        self._careers: dict[str, dict[str, Contribution]] = {}
        self._species: dict[str, dict[str, Contribution]] = {}
        self._extra_rules: dict[str, dict[str, tuple[dict[str, Any], str]]] = {}
        self._tables: dict[str, list[Table]] = {}
        self._contributors: dict[str, set[str]] = {}
        self._digests: dict[str, str] = {}
        self.warnings = []

        def ruleset_register(plugin: str) -> Callable[[Ruleset], None]:
            def register(ruleset: Ruleset) -> None:
                if not isinstance(ruleset, Ruleset) or not ruleset.id:
                    raise _PluginFailed(plugin, "it registered a ruleset that is not a lifepath.Ruleset with an id")
                if ruleset.id in self._rulesets:
                    other = self._ruleset_plugin[ruleset.id]
                    self._warn(
                        f"plugins '{other}' and '{plugin}' both add the ruleset '{ruleset.id}'; "
                        f"using the one from '{other}'"
                    )
                    return
                self._rulesets[ruleset.id] = ruleset
                self._ruleset_plugin[ruleset.id] = plugin
                self._tables[ruleset.id] = list(ruleset.tables())
                self._contributors[ruleset.id] = {plugin}

            return register

        self._call_each("lifepath_register_rulesets", ruleset_register)
        self._check_requirements()

        schemas: list[dict[str, Any]] = []
        for ruleset in self._rulesets.values():
            schemas.extend(ruleset.schemas())
        self.validator = Validator(schemas)
        from lifepath.validation import schemas_digest

        self._schema_digest = schemas_digest(schemas)
        cache = ValidationCache.default()

        def validate(table: Table, plugin: str) -> None:
            key = cache.key(table, self._schema_digest)
            if key in cache:
                return
            errors = self.validator.errors(table)
            if errors:
                raise _PluginFailed(plugin, "its table is invalid: " + errors[0].paragraph())
            cache.add(key)

        validated: set[str] = set()
        for rid, tables in self._tables.items():
            for table in tables:
                validate(table, self._ruleset_plugin[rid])

        for rid in list(self._rulesets):
            for kind, store in (("career", self._careers), ("species", self._species)):
                bucket: dict[str, Contribution] = {}
                store[rid] = bucket

                def contrib_register(
                    plugin: str, kind: str = kind, bucket: dict[str, Contribution] = bucket, rid: str = rid
                ) -> Callable[[Any], None]:
                    def register(item: Any, table: Table | None = None) -> None:
                        if table is None:
                            table = _as_table(item, plugin, kind)
                            data = table.data
                        else:
                            data = item if isinstance(item, Mapping) else table.data
                        if table.sha256 not in validated:
                            validate(table, plugin)
                            validated.add(table.sha256)
                        cid, name = str(data.get("id", "")), str(data.get("name", data.get("id", "")))
                        for existing in bucket.values():
                            if existing.id == cid or existing.name.lower() == name.lower():
                                self._warn(
                                    f"plugins '{existing.plugin}' and '{plugin}' both add the {kind} '{name}' to "
                                    f"{rid}; using the one from '{existing.plugin}'"
                                )
                                return
                        bucket[cid] = Contribution(cid, name, data, plugin, table)
                        if all(t.source != table.source for t in self._tables[rid]):
                            self._tables[rid].append(table)
                        self._contributors[rid].add(plugin)

                    return register

                self._call_each(
                    f"lifepath_register_{'careers' if kind == 'career' else 'species'}",
                    contrib_register,
                    ruleset_id=rid,
                )

            extra: dict[str, tuple[dict[str, Any], str]] = {}
            self._extra_rules[rid] = extra

            def rule_register(
                plugin: str, extra: dict[str, tuple[dict[str, Any], str]] = extra, rid: str = rid
            ) -> Callable[[str, dict[str, Any]], None]:
                def register(name: str, schema: dict[str, Any]) -> None:
                    if name in extra or name in self._rulesets[rid].house_rules().get("properties", {}):
                        self._warn(
                            f"plugin '{plugin}' declares house rule '{name}' for {rid}, "
                            "which is already declared; ignored"
                        )
                        return
                    extra[name] = (dict(schema), plugin)
                    self._contributors[rid].add(plugin)

                return register

            self._call_each("lifepath_register_house_rules", rule_register, ruleset_id=rid)

        cache.save()
        # Plugins that only implement creation-time hooks (a house-rule plugin, say) shape every ruleset's
        # characters; a plugin that registered things only for other rulesets shapes none of this one's.
        registered_anywhere = set().union(*self._contributors.values()) if self._contributors else set()
        for hook_name in CONTRIBUTED_HOOKS:
            for impl in self._impls(hook_name):
                for rid in self._rulesets:
                    if impl.plugin_name in self._contributors[rid] or impl.plugin_name not in registered_anywhere:
                        self._contributors[rid].add(impl.plugin_name)

    def _check_requirements(self) -> None:
        """Refuse a plugin whose declared ruleset versions (``lifepath_requires``) are not installed."""
        from lifepath import __version__
        from lifepath.versions import satisfies

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
        return dict(self._rulesets)

    def ruleset(self, name: str) -> Ruleset:
        """The ruleset with this id or name (case-insensitive)."""
        low = name.strip().lower()
        for rid, ruleset in self._rulesets.items():
            if low in (rid.lower(), ruleset.name.lower()):
                return ruleset
        known = ", ".join(sorted(self._rulesets)) or "none (no ruleset plugin is loaded)"
        raise UnknownName(f"there is no ruleset called '{name}'", hint=f"known rulesets: {known}")

    def ruleset_plugin(self, ruleset_id: str) -> str:
        return self._ruleset_plugin[ruleset_id]

    def careers(self, ruleset_id: str) -> Mapping[str, Contribution]:
        """The careers of a ruleset by id (a read-only view: rulesets ask for it on every career choice)."""
        return MappingProxyType(self._careers.get(ruleset_id, {}))

    def species(self, ruleset_id: str) -> Mapping[str, Contribution]:
        """The species of a ruleset by id (a read-only view)."""
        return MappingProxyType(self._species.get(ruleset_id, {}))

    def find(self, kind: str, ruleset_id: str, name: str) -> Contribution:
        """A career or species by id, name or alias, case-insensitively; unknown names list the known."""
        bucket = self._careers if kind == "career" else self._species
        items = bucket.get(ruleset_id, {})
        for item in items.values():
            if item.matches(name):
                return item
        known = ", ".join(sorted(c.name for c in items.values())) or "none"
        raise UnknownName(f"{ruleset_id} has no {kind} called '{name}'", hint=f"known {kind} names: {known}")

    def declaration(self, ruleset_id: str) -> dict[str, Any]:
        """The full house-rule declaration: the ruleset's own rules plus those plugins add."""
        own = self._rulesets[ruleset_id].house_rules()
        props = dict(own.get("properties", {}))
        for name, (schema, _plugin) in self._extra_rules.get(ruleset_id, {}).items():
            props[name] = schema
        return {**own, "properties": props}

    def tables(self, ruleset_id: str) -> list[Table]:
        return list(self._tables.get(ruleset_id, []))

    def digest(self, ruleset_id: str) -> str:
        """SHA-256 over every table the ruleset's characters are made from (computed once)."""
        cached = self._digests.get(ruleset_id)
        if cached is None:
            cached = self._digests[ruleset_id] = tables_digest(self._tables.get(ruleset_id, []))
        return cached

    def contributors(self, ruleset_id: str) -> list[dict[str, str]]:
        """Name and version of every plugin that shaped characters of this ruleset."""
        info = self.manager.info
        return [  # a fresh list each call: it goes into a character's provenance
            {"name": n, "version": info[n].version if n in info else ""}
            for n in sorted(self._contributors.get(ruleset_id, set()))
        ]

    def check_table(self, table: Table) -> None:
        """Validate one table (raises :class:`TableError`)."""
        errors = self.validator.errors(table)
        if errors:
            raise errors[0]


__all__ = ["Contribution", "Registry", "TableError"]
