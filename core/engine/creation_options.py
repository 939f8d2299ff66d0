"""Creation options: the one place where ``create``'s flags (``--career``, ``--law-level``...) and
``--option KEY=VALUE`` of ``create``, ``generate`` and ``odds`` become the typed, checked values a
ruleset reads from ``ctx.options``.

A ruleset declares its options in :attr:`lifepath.Ruleset.creation_options`, in the same JSON Schema
subset as house rules (``type``, ``description``, ``enum``, ``minimum``, ``maximum``), and checks them
together in :meth:`lifepath.Ruleset.check_options` (a homeworld's profile, say). An option the ruleset
does not declare, a value of the wrong type, an empty value or one option given twice is an
:class:`~lifepath.errors.OptionError` naming the flag and the fix, raised before any character is made.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from lifepath.errors import HouseRuleError, OptionError

if TYPE_CHECKING:
    from lifepath.ruleset import Ruleset


def flag(name: str) -> str:
    """The command-line flag of an option given through its own flag: ``law_level`` -> ``--law-level``."""
    return "--" + name.replace("_", "-")


def parse(ruleset: Ruleset, pairs: Iterable[str] = (), flags: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Typed, checked creation options for ``ruleset``.

    :param pairs: ``--option`` values, each ``KEY=VALUE``.
    :param flags: options given through their own flags, by option name; ``None`` means not given.
    :returns: the options to hand to :func:`lifepath.creation.create`, sorted by name.
    """
    declared = ruleset.creation_options
    given: dict[str, tuple[str, Any]] = {}  # name -> (how the user wrote it, value)
    for name, value in (flags or {}).items():
        if value is None or value == []:
            continue
        given[name] = (flag(name), value)
    for pair in pairs:
        name, value = _split(ruleset, pair)
        label = f"--option {name}"
        if name in given:
            raise OptionError(
                f"{ruleset.name}'s creation option '{name}' is given twice ({given[name][0]} and {label})",
                hint="give it once",
            )
        given[name] = (label, value)
    values: dict[str, Any] = {}
    for name, (label, value) in sorted(given.items()):
        if isinstance(value, str) and not value.strip():
            raise OptionError(f"{label} is empty", hint=f"give it a value, or leave out {label.split()[0]}")
        if declared is None:
            values[name] = value
            continue
        if name not in declared:
            raise OptionError(
                f"{ruleset.name} has no creation option '{name}' (given as {label})", hint=_known(declared, name)
            )
        values[name] = _typed(label, declared[name], value)
    return ruleset.check_options(values)


def _split(ruleset: Ruleset, pair: str) -> tuple[str, str]:
    name, equals, value = pair.partition("=")
    name = name.strip()
    if not equals or not name:
        example = next(iter(sorted(ruleset.creation_options or {})), "key")
        raise OptionError(
            f"--option '{pair}' is not of the form KEY=VALUE",
            hint=f"write it as --option KEY=VALUE, e.g. --option {example}=VALUE",
        )
    return name, value


def _known(declared: Mapping[str, Any], name: str) -> str:
    if not declared:
        return "this ruleset takes no creation options; leave it out"
    import difflib

    close = difflib.get_close_matches(name, list(declared), n=1)
    near = f" (did you mean '{close[0]}'?)" if close else ""
    return "its options are: " + ", ".join(sorted(declared)) + near


def _typed(label: str, rule: Mapping[str, Any], value: Any) -> Any:
    """``value`` (text from ``--option``, or a flag's parsed value) as the declared type, checked."""
    from lifepath.engine import houserules

    try:
        if isinstance(value, str):
            value = houserules.coerce(label, rule, value)
        houserules.check(label, rule, value)
    except HouseRuleError:
        raise OptionError(f"{label} {value!r} is not allowed", hint=f"use {houserules.allowed(rule)}") from None
    return value
