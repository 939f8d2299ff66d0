"""``lifepath export --format foundry|1001``: stored characters in other tools' formats.

A character goes to standard output or ``--out FILE``. A campaign as Foundry actors needs ``--out DIR``
(one ``ID-name.json`` per character, what Foundry's "Import Data" takes one at a time); as "1001" text it
is one file of numbered blocks. Every character is converted before anything is written, so a ruleset
without a mapping, or any other error, leaves nothing half-written; and the folder is written all or
nothing (:func:`write_folder`), so a full disk leaves no actor file of the export behind.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lifepath.support.files import lock

if TYPE_CHECKING:
    from lifepath.character import Character
    from lifepath.errors import LifepathError
    from lifepath.formats.registry import Format
    from lifepath.ruleset import Ruleset
    from lifepath.store.models import CharacterRead
    from lifepath.store.service import Store


def check_format(fmt: str) -> Format | None:
    """The registered format ``fmt`` names (``None`` for the JSON export), from every installed plugin."""
    from lifepath.formats.registry import collect
    from lifepath.host.manager import get_manager

    fmt = fmt.strip().lower()
    if fmt == "json":
        return None
    return collect(get_manager()).get(fmt, "export", also=("json", "site"))


def convert(ruleset: Ruleset, character: Character, fmt: Format, number: int) -> str:
    """One character as text in ``fmt``, once the format has accepted the ruleset."""
    fmt.require(ruleset)
    return fmt.write(ruleset, character, number)


@dataclass(frozen=True, slots=True)
class Selection:
    """Which of a campaign's characters a Foundry or "1001" export holds. The party (``--party``) is the
    campaign's characters with roster status ``active`` and a player; ``--status``/``--player`` filter as
    ``lifepath roster`` does, and all three combine."""

    party: bool = False
    status: str | None = None
    player: str | None = None

    @classmethod
    def make(
        cls, party: bool, status: str | None, player: str | None, *, campaign: str | None, fmt: Format | None
    ) -> Selection:
        from lifepath.errors import LifepathError
        from lifepath.store.service import check_status

        chosen = cls(party, None if status is None else check_status(status), player)
        if chosen == cls():
            return chosen
        if campaign is None or fmt is None:
            raise LifepathError(
                "--party, --status and --player choose characters of a campaign exported in another tool's "
                'format (Foundry actors, "1001" text...)',
                hint="e.g. `lifepath export --campaign Spinward --party --format foundry --out actors`",
            )
        return chosen

    def rows(self, store: Store, campaign: str) -> list[CharacterRead]:
        status = "active" if self.party else None
        if self.party and self.status not in (None, "active"):
            return []  # the party is active characters only
        rows = store.characters(campaign, status=self.status or status, player=self.player)
        return [r for r in rows if r.player] if self.party else rows


def file_name(character_id: int, name: str, suffix: str = ".json") -> str:
    slug = re.sub(r"[^\w]+", "-", name, flags=re.UNICODE).strip("-").lower() or "character"
    return f"{character_id}-{slug}{suffix}"


def export_formatted(
    store: Store,
    character_id: int | None,
    campaign: str | None,
    fmt: Format,
    out: Path | None,
    selection: Selection | None = None,
) -> None:
    from lifepath.cli.output import write_out
    from lifepath.errors import LifepathError

    registry = store.registry
    if character_id is not None:
        row = store.character(character_id)
        text = convert(registry.ruleset(row.ruleset), store.load(character_id), fmt, 1)
        write_out(out, text)
        return
    assert campaign is not None
    camp = store.campaign(campaign)
    selection = selection or Selection()
    rows = selection.rows(store, camp.name)
    if not rows and selection != Selection():
        what = "the party (active characters with a player)" if selection.party else "the --status/--player filter"
        raise LifepathError(
            f"no character of campaign '{camp.name}' is in {what}, so there is nothing to export",
            hint=f"`lifepath roster '{camp.name}'` shows each character's status and player",
        )
    if fmt.folder and out is None:
        raise LifepathError(
            f"a campaign exported as {fmt.title} is one file per character, so it needs a folder",
            hint=f"add --out FOLDER, e.g. `lifepath export --campaign '{camp.name}' --format {fmt.name} --out actors`",
        )
    texts = [
        (row.id, row.name, convert(registry.ruleset(row.ruleset), store.load(row.id), fmt, number))
        for number, row in enumerate(rows, start=1)
    ]
    if not fmt.folder:
        write_out(out, "\n".join(text for _, _, text in texts))
        return
    assert out is not None
    if out.exists() and not out.is_dir():
        raise LifepathError(f"{out} is a file, not a folder", hint="give --out a folder for one file per character")
    label = fmt.title.removeprefix("a ").removeprefix("an ")  # "a Foundry VTT (twodsix) actor": its files
    write_folder(out, [(file_name(cid, name, fmt.suffix), text) for cid, name, text in texts], label)
    print(f"wrote {len(texts)} {label} file(s) to {out}", file=sys.stderr)


def write_folder(out: Path, files: list[tuple[str, str]], label: str) -> None:
    """Write ``files`` (name, text) into the folder ``out``, all or nothing.

    Every file is written and synced in a hidden staging folder inside ``out`` (``.lifepath-foundry-XXXX``,
    on the same disk, so the moves below are renames), and only when all are there are they moved into
    ``out``, each replacing its namesake (whose old copy is kept aside until the end). Any failure (a full
    disk, a folder that cannot be written) removes the staging folder, moves the old copies back, removes a
    folder this call made, and is one :class:`LifepathError`: no actor file of this export is left. A
    staging folder a killed export left behind (its lock no longer held) is removed by the next export.
    """
    created = not out.exists()
    staging: Path | None = None
    try:
        out.mkdir(parents=True, exist_ok=True)
        _remove_stale_staging(out)
        staging = Path(tempfile.mkdtemp(prefix=STAGING, dir=out))
        held = os.open(staging / ".lock", os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            lock(held, wait=True)
            for name, text in files:
                _write_synced(staging / name, text, out / name)
            _move_in(staging, out, [name for name, _ in files])
        finally:
            os.close(held)
    except OSError as e:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
            staging = None
        if created:
            shutil.rmtree(out, ignore_errors=True)
        raise _folder_error(out, e, label) from None
    finally:
        if staging is not None:
            shutil.rmtree(staging, ignore_errors=True)
    _sync_folder(out)


#: the name every staging folder of :func:`write_folder` starts with
STAGING = ".lifepath-foundry-"


def _remove_stale_staging(out: Path) -> None:
    """Remove the staging folders of killed exports to ``out``: ours by name, their lock free."""
    for entry in os.scandir(out):
        if not (entry.name.startswith(STAGING) and entry.is_dir(follow_symlinks=False)):
            continue
        try:
            fd = os.open(Path(entry.path) / ".lock", os.O_RDONLY)
        except OSError:
            shutil.rmtree(entry.path, ignore_errors=True)  # killed before it took its lock
            continue
        try:
            if lock(fd, wait=False):
                shutil.rmtree(entry.path, ignore_errors=True)
        finally:
            os.close(fd)


def _write_synced(path: Path, text: str, replaces: Path) -> None:
    with open(path, "x", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    if replaces.is_file():
        path.chmod(replaces.stat().st_mode & 0o777)


def _move_in(staging: Path, out: Path, names: list[str]) -> None:
    """Rename every staged file into ``out``; on a failure put everything back as it was."""
    moved: list[tuple[str, bool]] = []
    try:
        for name in names:
            target = out / name
            had = target.is_file()
            if had:
                os.replace(target, staging / f"{name}.old")
            moved.append((name, had))
            os.replace(staging / name, target)
    except BaseException:  # a full disk, or Ctrl-C half-way: put everything back
        for name, had in reversed(moved):
            target = out / name
            if had:
                os.replace(staging / f"{name}.old", target)
            else:
                target.unlink(missing_ok=True)
        raise


def _sync_folder(out: Path) -> None:
    try:
        fd = os.open(out, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _folder_error(out: Path, error: OSError, label: str) -> LifepathError:
    from lifepath.errors import LifepathError

    reason = error.strerror or str(error)
    if error.errno == errno.ENOSPC:
        hint = "free some space on that disk, or give --out a folder on another one, and export again"
    else:
        hint = "check the folder can be written, or give --out another folder, and export again"
    return LifepathError(
        f"cannot write the {label} files to {out} ({reason}); nothing was written: the folder holds "
        "none of this export's files",
        hint=hint,
    )
