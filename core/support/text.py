"""Terminal-safe text: every control character shown, never obeyed.

Names, notes and table entries come from users, imports and third-party plugins, and may hold ANSI
colour codes, a clear-screen, cursor moves, a window-title OSC, carriage returns, backspaces, DEL or C1
controls. :func:`safe` replaces every control character (Unicode category Cc: U+0000-U+001F, U+007F and
U+0080-U+009F), and every bidirectional mark or override that would reorder what is shown, with the way
JSON writes it inside a string: ``\\n``, ``\\r``, ``\\t``, ``\\b``, ``\\f``,
or ``\\u`` and four hex digits (ESC is shown as ``\\u001b``). The notation was chosen so that JSON output
passed through :func:`safe` with ``newlines=True`` stays valid JSON with the same values (``json.dumps``
escapes C0 controls itself but writes DEL and C1 controls raw).

The CLI sends all of its text output through this (``lifepath.cli.output``), the way Jinja2 autoescapes
HTML: a command cannot forget.
"""

from __future__ import annotations

import re

#: the bidirectional marks and overrides that reorder how text is shown ("Trojan Source")
_BIDI = "\u200e\u200f\u202a-\u202e\u2066-\u2069"
#: every control character (Unicode category Cc) and the bidirectional overrides
CONTROL = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}]")
#: the same, but the line feed
CONTROL_BUT_NEWLINE = re.compile(f"[\x00-\x09\x0b-\x1f\x7f-\x9f{_BIDI}]")

_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f"}


def _shown(match: re.Match[str]) -> str:
    char = match.group()
    return _SHORT.get(char) or f"\\u{ord(char):04x}"


def safe(text: str, *, newlines: bool = False) -> str:
    """``text`` with every control character replaced by its visible JSON-style escape.

    :param newlines: keep line feeds (for a whole block of output whose lines the program made itself);
        by default a line feed is escaped too, so one value stays on one line.
    """
    # the common case, nothing to replace, returns the text itself: isprintable() is False for every
    # character either pattern holds (Cc controls, Cf bidirectional marks), and answers in about 100 ns
    # where the pattern's search takes 320 ns (a 28-character skill name; the character page and the
    # terminal pass every value through here)
    if text.isprintable():
        return text
    pattern = CONTROL_BUT_NEWLINE if newlines else CONTROL
    if pattern.search(text) is None:
        return text
    return pattern.sub(_shown, text)
