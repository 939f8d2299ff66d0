"""The clash policy: which of the careers or species that plugins register for one ruleset are used.

Two contributions clash when an id, name or alias of one equals (case-insensitively) an id, name or alias
of the other. The outcome never depends on the order plugins were installed or loaded in, nor on their
names:

* a contribution that clashes with one of the ruleset's own (registered by the plugin that registers the
  ruleset) is refused and the ruleset's own is kept;
* two contributions from other plugins that clash are both used (neither has a better claim), each under its
  *qualified id* ``plugin:id`` (``lifepath-salvage:salvager``), which is what menus offer, histories record
  and the bare name no longer picks alone; which of them a campaign offers is decided by the plugins it
  enables (enabling one of the two leaves no clash, and its bare id). Contributions that clash with nothing
  keep their bare ids, so what they record never changes when another plugin is installed;
* a contribution that declares ``"replaces": "RULESET:ID"`` (and has that same ID) is not a clash with the
  item it names: it is a replacement, used in that item's place only when it is enabled (``plugin:id`` in
  the enabled set; ``LIFEPATH_REPLACEMENTS`` on the command line). Not enabled, the original stays and
  the warning says how to enable it.

Each refusal is ONE warning naming both plugins and both items.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

ENABLE_VARIABLE = "LIFEPATH_REPLACEMENTS"


class Item(Protocol):
    """What the policy needs of a contribution (a :class:`lifepath.host.registry.Contribution`)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def plugin(self) -> str: ...

    @property
    def data(self) -> Mapping[str, Any]: ...


def keys(item: Item) -> set[str]:
    """Every name the item answers to, lower-cased."""
    aliases = item.data.get("aliases", [])
    return {k.strip().lower() for k in (item.id, item.name, *(aliases if isinstance(aliases, list) else []))}


def label(item: Item) -> str:
    return f"'{item.name}' ({item.plugin}:{item.id})"


def replacement_key(item: Item) -> str:
    """How a replacement is named in the enabled set: ``plugin:id``."""
    return f"{item.plugin}:{item.id}"


def _shared(a: Item, b: Item) -> str:
    """The name they share, preferring ids, then names, then aliases (``a`` is the first of a sorted pair)."""
    aliases = a.data.get("aliases", [])
    for name in (a.id, a.name, *(aliases if isinstance(aliases, list) else [])):
        if name.strip().lower() in keys(b):
            return str(name).strip().lower()
    return sorted(keys(a) & keys(b))[0]


def _pair(a: Item, b: Item) -> tuple[Item, Item]:
    """The two items in a fixed order (by plugin, then id), so a warning reads the same however loaded."""
    first, second = sorted((a, b), key=lambda i: (i.plugin, i.id))
    return first, second


@dataclass(frozen=True)
class Outcome:
    """The contributions in use, in registration order (a used replacement in its original's place)."""

    used: list[Any]
    warnings: list[str]
    replacements: list[tuple[Any, Any | None, bool]]  # (replacement, the item it names or None, used?)
    #: the used items (by ``id()``) that clash with another plugin's: offered under their qualified ids
    qualified: frozenset[int] = frozenset()


def qualified_id(item: Item) -> str:
    """The id that names ``item`` whatever else is installed: ``plugin:id``."""
    return f"{item.plugin}:{item.id}"


def resolve(
    kind: str, ruleset_id: str, owner: str, items: Iterable[Any], enabled: Collection[str] = frozenset()
) -> Outcome:
    """Apply the clash policy to every ``kind`` item registered for ``ruleset_id`` (``owner`` registered
    the ruleset)."""
    pending = list(items)
    originals = [i for i in pending if not i.data.get("replaces")]
    offers = [i for i in pending if i.data.get("replaces")]
    warnings: list[str] = []
    refused: set[int] = set()
    pairs = [(a, b) for x, a in enumerate(originals) for b in originals[x + 1 :] if keys(a) & keys(b)]
    # the ruleset's own items first: a plugin's item that clashes with one is refused, whatever else it clashes with
    pairs.sort(key=lambda pair: sum(i.plugin != owner for i in pair))
    qualified: set[int] = set()

    for a, b in pairs:
        if id(a) in refused or id(b) in refused:
            continue
        first, second = _pair(a, b)
        shared = _shared(first, second)
        own = [i for i in (first, second) if i.plugin == owner]
        if len(own) == 1:
            other = second if own[0] is first else first
            refused.add(id(other))
            warnings.append(
                f"plugin '{other.plugin}' adds the {kind} {label(other)} to {ruleset_id}, which clashes "
                f"with {ruleset_id}'s own {label(own[0])} on the name '{shared}'; the plugin's {kind} is "
                f'not used (rename it, or declare "replaces": "{ruleset_id}:{own[0].id}" to offer it '
                f"as a replacement)"
            )
        elif not own:
            qualified.update((id(first), id(second)))
            warnings.append(
                f"plugins '{first.plugin}' and '{second.plugin}' both add a {kind} called '{shared}' to "
                f"{ruleset_id} ({label(first)} and {label(second)}); both are offered, each under its qualified "
                f"id ('{qualified_id(first)}', '{qualified_id(second)}'), whatever the order they are "
                "installed in; a campaign that enables only one of the plugins uses that one under its own id"
            )
        else:  # the ruleset's own tables clash with each other: its author's mistake, keep the first
            refused.add(id(b))
            warnings.append(f"{ruleset_id} itself adds two {kind} entries called '{shared}'; {label(b)} is unused")
    used = [i for i in originals if id(i) not in refused]

    chosen: dict[int, Any] = {}  # id(original) -> its enabled replacement
    listing: list[tuple[Any, Any | None, bool]] = []
    by_target: dict[int, list[Any]] = {}
    for offer in offers:
        names = str(offer.data["replaces"])
        target_rid, _, target_id = names.rpartition(":")
        target = next((i for i in used if i.id == target_id), None) if target_rid == ruleset_id else None
        if target is None:
            warnings.append(
                f"plugin '{offer.plugin}' offers the {kind} {label(offer)} as a replacement for '{names}', "
                f"which {ruleset_id} does not have; it is not used"
            )
            listing.append((offer, None, False))
            continue
        if offer.id != target.id:
            warnings.append(
                f"plugin '{offer.plugin}' offers the {kind} {label(offer)} as a replacement for {label(target)}, "
                f"but with another id; a replacement keeps the id of what it replaces ('{target.id}'), which "
                "other tables and stored characters refer to, so it is not used"
            )
            listing.append((offer, None, False))
            continue
        if replacement_key(offer) not in enabled:
            warnings.append(
                f"plugin '{offer.plugin}' offers the {kind} {label(offer)} as a replacement for "
                f"{label(target)}; it is not enabled, so {label(target)} is used (enable it with "
                f"{ENABLE_VARIABLE}={replacement_key(offer)})"
            )
            listing.append((offer, target, False))
            continue
        by_target.setdefault(id(target), []).append(offer)
        listing.append((offer, target, True))

    for target in used:
        candidates = by_target.get(id(target), [])
        if len(candidates) > 1:
            both = sorted(candidates, key=lambda i: (i.plugin, i.id))
            warnings.append(
                f"{len(both)} enabled replacements for {label(target)} ("
                + ", ".join(label(c) for c in both)
                + f"); none is used and {label(target)} stays (enable only one)"
            )
        elif candidates:
            offer = candidates[0]
            others = [i for i in used if i is not target] + [
                c for t in by_target.values() if len(t) == 1 for c in t if c is not offer
            ]
            clash = sorted((o for o in others if keys(o) & keys(offer)), key=lambda i: (i.plugin, i.id))
            if clash:
                warnings.append(
                    f"the enabled replacement {label(offer)} also clashes with {label(clash[0])} on the name "
                    f"'{_shared(offer, clash[0])}'; it is not used and {label(target)} stays"
                )
            else:
                chosen[id(target)] = offer
    listing = [(o, t, used_ and t is not None and chosen.get(id(t)) is o) for o, t, used_ in listing]
    return Outcome([chosen.get(id(i), i) for i in used], warnings, listing, frozenset(qualified))


__all__ = ["ENABLE_VARIABLE", "Outcome", "keys", "qualified_id", "replacement_key", "resolve"]
