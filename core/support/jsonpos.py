"""Find the line of a JSON pointer in JSON text, so errors can name it.

A small scanner over the text, not a second parser: it trusts that the text already parsed.
"""

from __future__ import annotations

import re

_WS = re.compile(r"[ \t\n\r]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_SCALAR = re.compile(r"-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null")


def _skip_ws(text: str, i: int) -> int:
    m = _WS.match(text, i)
    return m.end() if m else i


def _skip_value(text: str, i: int) -> int:
    i = _skip_ws(text, i)
    ch = text[i]
    if ch == '"':
        m = _STRING.match(text, i)
        assert m
        return m.end()
    if ch in "{[":
        close = "}" if ch == "{" else "]"
        depth = 0
        while i < len(text):
            c = text[i]
            if c == '"':
                m = _STRING.match(text, i)
                assert m
                i = m.end()
                continue
            if c in "{[":
                depth += 1
            elif c in "}]":
                depth -= 1
                if depth == 0:
                    assert c == close
                    return i + 1
            i += 1
        return i
    m = _SCALAR.match(text, i)
    return m.end() if m else i + 1


def _unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def offset_of(text: str, pointer: str) -> int:
    """Character offset of the value at ``pointer`` (or of the deepest part of it that exists)."""
    i = _skip_ws(text, 0)
    if not pointer:
        return i
    for raw in pointer.lstrip("/").split("/"):
        token = _unescape(raw)
        i = _skip_ws(text, i)
        if i >= len(text):
            return len(text)
        if text[i] == "{":
            i += 1
            found = False
            while True:
                i = _skip_ws(text, i)
                if text[i] == "}":
                    break
                m = _STRING.match(text, i)
                if not m:
                    return i
                key = m.group(0)[1:-1]
                i = _skip_ws(text, m.end()) + 1  # past ':'
                if key == token:
                    i = _skip_ws(text, i)
                    found = True
                    break
                i = _skip_ws(text, _skip_value(text, i))
                if text[i] == ",":
                    i += 1
            if not found:
                return i
        elif text[i] == "[":
            if not token.isdigit():
                return i
            i += 1
            for _ in range(int(token)):
                i = _skip_ws(text, _skip_value(text, i))
                if text[i] == ",":
                    i += 1
                else:
                    return i
            i = _skip_ws(text, i)
        else:
            return i
    return i


def line_of(text: str, pointer: str) -> int:
    """1-based line number of the value at ``pointer``."""
    return text.count("\n", 0, offset_of(text, pointer)) + 1


_BRACKET_OR_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?|[\[\]{}]')


def deeper_than(text: str, limit: int) -> int | None:
    """The 1-based line where arrays and objects in ``text`` first nest more than ``limit`` deep, or None.

    A scan of brackets outside strings, so it works on text too deep to parse (it need not be valid JSON).
    """
    depth = 0
    for m in _BRACKET_OR_STRING.finditer(text):
        ch = m.group(0)
        if ch in "[{":
            depth += 1
            if depth > limit:
                return text.count("\n", 0, m.start()) + 1
        elif ch in "]}":
            depth -= 1
    return None
