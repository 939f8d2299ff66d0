"""Errors a user can cause and fix, each carrying one clear paragraph.

The CLI turns every :class:`LifepathError` into a message on stderr and a non-zero exit in one place;
anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

from typing import Any


class LifepathError(Exception):
    """A mistake the user can fix: bad input, an unknown name, a file that does not validate."""

    exit_code = 2

    def __init__(
        self,
        message: str,
        *,
        file: str | None = None,
        line: int | None = None,
        pointer: str | None = None,
        hint: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.pointer = pointer
        self.hint = hint

    def paragraph(self) -> str:
        """The whole error as one paragraph: where, what, and how to fix it, with every control character
        (a line feed too) shown escaped (:func:`lifepath.support.text.safe`), so a name in it cannot split it or
        drive the terminal."""
        from lifepath.support.text import safe

        where = ""
        if self.file:
            where = self.file
            if self.line is not None:
                where += f", line {self.line}"
            if self.pointer is not None:
                where += f", at {self.pointer or '/'}"
            where += ": "
        text = where + self.message.rstrip(".") + "."
        if self.hint:
            hint = self.hint.rstrip(".")
            text += " " + hint[:1].upper() + hint[1:] + "."
        return safe(text)

    def __str__(self) -> str:
        return self.paragraph()


class UnknownName(LifepathError):
    """A ruleset, career, species, rule, campaign or character that does not exist."""


class HouseRuleError(LifepathError):
    """A house-rule name or value that the ruleset's declaration does not allow."""


class OptionError(LifepathError):
    """A creation option (``--option KEY=VALUE`` or a flag such as ``--law-level``) the ruleset does not
    know or does not allow."""


class TableError(LifepathError):
    """A table file that is not valid JSON or does not match its schema."""


class DiceError(LifepathError):
    """A dice notation that cannot be parsed."""


class ReplayError(LifepathError):
    """An export that cannot be replayed (missing ruleset, unreadable provenance)."""


class ScriptExhausted(LifepathError):
    """A scripted chooser was asked a decision it has no recorded answer for."""


class BuildError(LifepathError):
    """A point-build that breaks its ruleset's rules; ``violations`` lists every one."""

    def __init__(
        self, message: str, violations: list[str], *, file: str | None = None, hint: str | None = None
    ) -> None:
        super().__init__(message, file=file, hint=hint)
        self.violations = violations

    def paragraph(self) -> str:
        from lifepath.support.text import safe

        listed = " ".join(f"({i}) {v}" for i, v in enumerate(self.violations, 1))
        return super().paragraph() + " " + safe(listed)


class UnsupportedFormat(LifepathError):
    """A ruleset whose characters have no meaningful form in a format (e.g. the D6 pool as a twodsix actor)."""


class PluginHookError(LifepathError):
    """An installed plugin's creation hook raised; characters cannot be made while it is enabled."""


class SoonRefused(TableError):
    """A meaning check that refuses what a plugin inside its declared ``requires`` range may still do: for
    one minor version it is a warning (the plugin is loaded), and only then an error (the compatibility
    policy, docs/plugins/api.md). ``until`` is the lifepath version that will refuse it; ``instead`` says
    what is done meanwhile."""

    def __init__(self, message: str, *, until: str, instead: str, **where: Any) -> None:
        super().__init__(message, **where)
        self.until = until
        self.instead = instead


class SectorError(LifepathError):
    """A sector file with bad lines; nothing from it is imported."""


class StoreError(LifepathError):
    """The campaign database cannot be opened, read or written."""


class BatchError(LifepathError):
    """A user mistake met while making one character of a batch (carried back from a worker as text)."""


class OutputError(LifepathError):
    """Standard output or standard error cannot be written (a full disk, a closed device)."""
