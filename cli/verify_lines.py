"""``lifepath verify FILE.jsonl``: every line of a JSON Lines file of characters, replayed one at a time.

``lifepath generate --format jsonl`` writes one character a line: a brief (sheet and provenance, whose
history the replay rebuilds) or, with ``--history``, a full export. Each line is read, replayed and
reported on its own (``FILE line N (NAME): identical...``), so a file of any length is verified in flat
memory; a line that cannot be replayed (not JSON, not a character, an invalid seed) is one result that
differs, not the end of the run. A campaign export (also JSON Lines) is refused with the commands that
verify one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

#: the longest line read (a character line is 1 to 40 KB; as ``lifepath import`` allows)
MAX_LINE_BYTES = 1024 * 1024
_CAMPAIGN_LINES = "https://lifepath.example/schemas/campaign-lines.schema.json"


def is_lines(path: Path) -> bool:
    """Whether ``path`` names a JSON Lines file (by its ``.jsonl`` ending; ``-`` never does)."""
    return str(path) != "-" and path.suffix.lower() == ".jsonl"


class NotCharacters(Exception):
    """The file is a campaign export: the whole run stops (carrying the error to raise)."""


def _record(raw: bytes, number: int, name: str) -> dict[str, Any]:
    """The character on one line; a line that is none is a :class:`LifepathError` naming the line."""
    from lifepath.errors import LifepathError
    from lifepath.support.files import MAX_JSON_DEPTH

    hint = "each line is one character as `lifepath generate --format jsonl` writes it"
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise LifepathError("this line is not UTF-8 text", file=name, line=number, hint=hint) from None
    except json.JSONDecodeError as exc:
        raise LifepathError(
            f"this line is not valid JSON ({exc.msg}, column {exc.colno})", file=name, line=number, hint=hint
        ) from None
    except RecursionError:
        raise LifepathError(
            f"this line nests more than {MAX_JSON_DEPTH} deep", file=name, line=number, hint=hint
        ) from None
    if isinstance(data, dict) and data.get("$schema") == _CAMPAIGN_LINES:
        raise NotCharacters(
            LifepathError(
                "this is a campaign export, not a file of characters",
                file=name,
                line=number,
                hint="`lifepath import` replays every character of a campaign export before it stores them; "
                "`lifepath verify --campaign NAME` replays a stored campaign",
            )
        )
    if not isinstance(data, dict) or "provenance" not in data:
        raise LifepathError("this line is not a character (it has no provenance)", file=name, line=number, hint=hint)
    return data


def verify_lines(replay: Any, path: Path, as_json: bool) -> bool:
    """Replay every line of ``path``; print one result each (or a JSON list); True if all are identical."""
    from lifepath.errors import LifepathError
    from lifepath.host.manager import get_registry

    name = str(path)
    registry = get_registry()
    results: list[dict[str, Any]] = []
    total = differ = unreplayable = 0
    try:
        fh = path.open("rb")
    except OSError as exc:
        raise LifepathError(f"cannot read {name} ({exc.strerror})", hint="check the file name") from None
    with fh:
        for number, raw in enumerate(iter(lambda: fh.readline(MAX_LINE_BYTES + 1), b""), start=1):
            if not raw.strip():
                continue
            if len(raw) > MAX_LINE_BYTES:
                raise LifepathError(
                    f"line {number} is longer than {MAX_LINE_BYTES // 1024} KB",
                    file=name,
                    hint="a character is 1 to 40 KB a line: check it is the right file",
                )
            total += 1
            who = f"{name} line {number}"
            try:
                data = _record(raw, number, name)
                sheet = data.get("sheet")
                character = sheet.get("name") if isinstance(sheet, dict) else None
                if isinstance(character, str):
                    who += f" ({character})"
                result = replay(registry, data).to_dict()
            except NotCharacters as stop:
                raise stop.args[0] from None
            except LifepathError as exc:
                if exc.file is None:
                    exc.file, exc.line = name, number
                result = {
                    "identical": False,
                    "message": f"cannot be replayed: {exc.paragraph()}",
                    "checked_by": "replay",
                    "differences": [],
                }
                unreplayable += 1
            else:
                differ += not result["identical"]
            if as_json:
                results.append({"file": name, "line": number, **result})
            else:
                typer.echo(f"{who}: {result['message']}")
    if as_json:
        typer.echo(json.dumps(results, indent=2, ensure_ascii=False))
    else:
        summary = f"{total - differ - unreplayable} of {total} character(s) in {name} replay exactly"
        summary += f"; {differ} differ" if differ else ""
        summary += f"; {unreplayable} could not be replayed" if unreplayable else ""
        typer.echo(summary)
    return differ == 0 and unreplayable == 0
