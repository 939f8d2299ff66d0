"""Errors a user can cause and fix, each carrying one clear paragraph.

The CLI turns every :class:`LifepathError` into a message on stderr and a non-zero exit in one place;
anything else is a bug and keeps its traceback.
"""

from __future__ import annotations


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
        (a line feed too) shown escaped (:func:`lifepath.text.safe`), so a name in it cannot split it or
        drive the terminal."""
        from lifepath.text import safe

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
        from lifepath.text import safe

        listed = " ".join(f"({i}) {v}" for i, v in enumerate(self.violations, 1))
        return super().paragraph() + " " + safe(listed)
