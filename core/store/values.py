"""The checks on what a referee gives the store: a roster status, a character's notes, a name.

Each returns the value as it is stored (trimmed; a status lowercased) or raises a
:class:`~lifepath.errors.LifepathError` saying what is wrong; none of them touches the database.
"""

from __future__ import annotations

from lifepath.errors import LifepathError
from lifepath.store import STATUSES


def check_status(status: str) -> str:
    """``status`` if it is a roster status, else a :class:`LifepathError` naming the allowed ones."""
    low = status.strip().lower()
    if low not in STATUSES:
        raise LifepathError(f"'{status}' is not a roster status", hint=f"use one of {', '.join(STATUSES)}")
    return low


def check_notes(notes: str) -> str:
    """``notes`` with line endings made ``\\n`` and the ends trimmed, or a :class:`LifepathError` when they
    are too long or hold a NUL character (which PostgreSQL cannot store)."""
    from lifepath.store.models import NOTES_MAX

    text = notes.replace("\r\n", "\n").replace("\r", "\n").strip()
    if len(text) > NOTES_MAX:
        raise LifepathError(
            f"the notes are {len(text):,} characters long, more than the {NOTES_MAX:,} a character's notes may be",
            hint="shorten them",
        )
    if "\x00" in text:
        raise LifepathError("the notes hold a NUL character, which cannot be stored", hint="remove it")
    return text


def check_name(name: str, what: str) -> str:
    clean = name.strip()
    if not clean:
        raise LifepathError(f"a {what} needs a name", hint=f"give the {what} a name that is not blank")
    if len(clean) > 200:
        raise LifepathError(f"that {what} name is {len(clean)} characters long", hint="use at most 200 characters")
    return clean


__all__ = ["check_name", "check_notes", "check_status"]
