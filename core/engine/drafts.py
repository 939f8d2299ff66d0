"""Drafts: a character being made by a person, saved after every decision so it can be resumed.

A draft is a small JSON file in the user data directory (``drafts/`` beside the default roster;
``LIFEPATH_DRAFTS_DIR`` moves it): the ruleset, seed, house rules and creation options, the answers given
so far, and how the finished character is to be saved. Creation is deterministic from those, so resuming
replays the answers and asks the rest. Drafts are written with :func:`lifepath.support.files.replacing`, so an
interrupted write never leaves half a draft; the campaign store is not involved (``create`` stays free
of SQLAlchemy until it saves).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lifepath.errors import LifepathError

FORMAT = "lifepath-draft/1"


def drafts_dir() -> Path:
    """``LIFEPATH_DRAFTS_DIR``, else ``drafts/`` in the platform's user data directory for lifepath."""
    root = os.environ.get("LIFEPATH_DRAFTS_DIR")
    if root:
        return Path(root)
    from platformdirs import user_data_path

    return user_data_path("lifepath") / "drafts"


@dataclass
class Draft:
    """What a resumed creation needs to come out the same."""

    ruleset: str
    seed: int
    rules: dict[str, Any]
    options: dict[str, Any]
    decisions: list[list[str]] = field(default_factory=list)
    #: how to save the finished character: campaign, player, the campaign database (``db``, see
    #: :func:`remembered_db`), out, content folders
    save: dict[str, Any] = field(default_factory=dict)
    path: Path | None = None

    @property
    def name(self) -> str:
        return self.path.stem if self.path is not None else f"{self.ruleset}-{self.seed}"

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "seed": self.seed,
            "rules": self.rules,
            "options": self.options,
            "save": self.save,
            "decisions": self.decisions,
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def write(self) -> None:
        """Write the draft (creating the folder); the first write picks a free name."""
        from lifepath.support.files import write_atomic

        if self.path is None:
            folder = drafts_dir()
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise LifepathError(
                    f"cannot make the drafts folder {folder} ({exc.strerror})",
                    hint="set LIFEPATH_DRAFTS_DIR to a writable folder",
                ) from None
            stem, n = f"{self.ruleset}-{self.seed}", 1
            path = folder / f"{stem}.json"
            while path.exists():
                n += 1
                path = folder / f"{stem}-{n}.json"
            self.path = path
        write_atomic(self.path, self.to_json())

    def record(self, decisions: list[list[str]]) -> None:
        self.decisions = decisions
        self.write()

    def delete(self) -> None:
        if self.path is not None:
            self.path.unlink(missing_ok=True)


def remembered_db(db: str) -> str:
    """``--db`` as a draft keeps it: a SQLite file as an absolute path (a resume may run in another folder),
    a URL without its password (a draft is a plain file in the user's data folder; a resume that needs the
    password takes it from ``--db`` or ``LIFEPATH_DB`` again, or from the database's own password file)."""
    if "://" not in db:
        return str(Path(db).absolute())
    scheme, _, rest = db.partition("://")
    netloc, slash, path = rest.partition("/")
    userinfo, at, hostport = netloc.rpartition("@")
    if not at or ":" not in userinfo:
        return db
    return f"{scheme}://{userinfo.split(':', 1)[0]}@{hostport}{slash}{path}"


def resume_db(draft: Draft, db: str | None, *, from_environment: bool = False) -> str | None:
    """The campaign database a resumed draft saves to: the one it was started with. ``db`` may repeat it
    (with its password), and a ``db`` that came from the environment (``LIFEPATH_DB``, a default rather
    than a request) gives way to it, but a ``--db`` naming another database is refused. A draft without
    one takes ``db``."""
    kept = draft.save.get("db")
    if kept is None:
        return db
    if not isinstance(kept, str) or not kept:
        raise LifepathError(
            f"{draft.path}: /save/db is not a database URL or file",
            hint="the draft is damaged; start the character again",
        )
    if db is None or (from_environment and remembered_db(db) != kept):
        return kept
    given = remembered_db(db)
    if given != kept:
        raise LifepathError(
            f"the draft {draft.name} saves to the campaign database {kept}; --db {given} names another one, and "
            "a resume cannot move it",
            hint=f"resume without --db, or with --db {kept}",
        )
    return db


def find(name: str | None) -> Path:
    """The draft file ``name`` names (a path, or a draft's name in the drafts folder); without a name,
    the most recently written draft."""
    folder = drafts_dir()
    if name:
        for candidate in (Path(name), folder / name, folder / f"{name}.json"):
            if candidate.is_file():
                return candidate
        raise LifepathError(
            f"no draft '{name}' (looked for the file and in {folder})",
            hint=f"give a draft file, or the name of one of the .json files in {folder}",
        )
    drafts = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime) if folder.is_dir() else []
    if not drafts:
        raise LifepathError(f"there is no draft to resume in {folder}", hint="start a character with `lifepath create`")
    return drafts[-1]


def load(path: Path) -> Draft:
    """Read a draft; a file that is not one is a :class:`LifepathError` naming the field."""
    from lifepath.support.files import read_json

    data = read_json(path, hint="give a draft written by `lifepath create`")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LifepathError(
            f"{path} is not a lifepath draft (/format is not {FORMAT!r})",
            hint="give a draft written by `lifepath create`",
        )
    checks = {"ruleset": str, "seed": int, "rules": dict, "options": dict, "save": dict, "decisions": list}
    for key, kind in checks.items():
        if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
            raise LifepathError(
                f"{path}: /{key} is missing or not a {kind.__name__}",
                hint="the draft is damaged; start the character again",
            )
    for i, pair in enumerate(data["decisions"]):
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(x, str) for x in pair)):
            raise LifepathError(
                f"{path}: /decisions/{i} is not a [key, answer] pair of strings",
                hint="the draft is damaged; start the character again",
            )
    return Draft(data["ruleset"], data["seed"], data["rules"], data["options"], data["decisions"], data["save"], path)
