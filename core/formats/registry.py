"""The formats lifepath writes characters in, each registered once through ``lifepath_register_formats``.

A format is a :class:`Format`: a name for ``--format``, what it is called in messages, how one character is
written, how many combine (one file of blocks, or a folder of one file each), which rulesets it can map, and
which commands offer it. The built-in formats (``lifepath.formats.builtin``) register through the same hook
a third party's plugin implements, so a plugin adds a format with no change to lifepath.

A ruleset maps its characters into a format through the format's own small protocol (the twodsix actor
asks for ``foundry_actor``, the "1001" block for ``text_1001``), not through a method on
:class:`lifepath.Ruleset`: a ruleset that does not implement the protocol is refused before any work starts.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from lifepath.errors import LifepathError, UnsupportedFormat

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.host.manager import Manager
    from lifepath.ruleset import Ruleset

#: the commands a format can be offered by
COMMANDS = ("export", "generate")


def _every_ruleset(ruleset: Ruleset) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Format:
    """One output format.

    ``write(ruleset, character, number)`` is one character's text (``number`` counts from 1 within a batch
    or a campaign export, for formats that number their blocks). Many characters are one file, each text
    after the last (``folder=False``), or a folder of one file each named ``ID-name`` + ``suffix``
    (``folder=True``). ``supports(ruleset)`` says whether the format can map that ruleset's characters.
    """

    name: str
    title: str
    write: Callable[[Ruleset, Character, int], str]
    suffix: str = ".txt"
    folder: bool = False
    supports: Callable[[Ruleset], bool] = _every_ruleset
    commands: tuple[str, ...] = COMMANDS
    plugin: str = ""

    def require(self, ruleset: Ruleset) -> None:
        """Refuse a ruleset this format cannot map, before anything is made or written."""
        if not self.supports(ruleset):
            raise UnsupportedFormat(
                f"{ruleset.name} characters cannot be written as {self.title}: {ruleset.name} does not map its "
                "sheet into this format, so lifepath refuses rather than write a half-empty character",
                hint="write them as JSON (`lifepath export`, `lifepath generate --format jsonl`) or CSV "
                f"(`lifepath roster CAMPAIGN --format csv`, `lifepath generate --format csv`) instead of "
                f"--format {self.name}",
            )


class Formats:
    """The formats registered, by name; the first registration of a name wins and a second is one warning."""

    def __init__(self) -> None:
        self.by_name: dict[str, Format] = {}
        self.warnings: list[str] = []

    def register(self, fmt: Format, plugin: str = "") -> None:
        name = fmt.name.strip().lower()
        held = self.by_name.get(name)
        if held is not None:
            self.warnings.append(
                f"plugin '{plugin}' registers the format '{name}', which '{held.plugin or 'lifepath'}' already "
                "registers; the first is used"
            )
            return
        unknown = sorted(set(fmt.commands) - set(COMMANDS))
        if unknown:
            self.warnings.append(f"plugin '{plugin}' offers the format '{name}' to unknown command(s) {unknown}")
        self.by_name[name] = replace(fmt, name=name, plugin=fmt.plugin or plugin)

    def names(self, command: str) -> list[str]:
        """The formats ``command`` offers, in registration order."""
        return [name for name, fmt in self.by_name.items() if command in fmt.commands]

    def get(self, name: str, command: str, also: Iterable[str] = ()) -> Format:
        """The format called ``name`` for ``command``; ``also`` are the command's own formats, for the message."""
        fmt = self.by_name.get(name.strip().lower())
        if fmt is None or command not in fmt.commands:
            known = ", ".join([*also, *self.names(command)])
            raise LifepathError(f"'{name}' is not a format `lifepath {command}` writes", hint=f"use one of {known}")
        return fmt


def collect(manager: Manager) -> Formats:
    """Every format the loaded plugins register (lifepath's own first), and one warning per clash."""
    import sys

    from lifepath.formats import builtin

    formats = Formats()
    builtin.lifepath_register_formats(lambda fmt: formats.register(fmt, "lifepath"))
    for impl in manager.pm.hook.lifepath_register_formats.get_hookimpls():
        try:
            impl.function(register=lambda fmt, plugin=impl.plugin_name: formats.register(fmt, plugin))
        except Exception as exc:  # a broken plugin loses its formats, not the command
            formats.warnings.append(
                f"plugin '{impl.plugin_name}' failed to register its formats ({type(exc).__name__}: {exc}); "
                "they are skipped"
            )
    for warning in formats.warnings:
        print(f"lifepath: warning: {warning}", file=sys.stderr)
    return formats
