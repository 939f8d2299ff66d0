"""Module paths that moved in 0.2 (the layered core), still importable under their old names for one release.

``import lifepath.dice`` finds no file since the dice moved to ``lifepath.engine.dice``; the finder below, last
on ``sys.meta_path``, answers such a name with the module at its new home (the same module object, so a class
imported both ways is one class) and warns once with a :class:`DeprecationWarning` naming the new path.
docs/plugins/api.md lists the new paths; CHANGELOG.md says when the old ones go.
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from importlib.abc import Loader
    from importlib.machinery import ModuleSpec
    from types import ModuleType

#: old module -> where it lives now (``lifepath.web``, now the package of the web layer, is not here: its
#: ``App`` is ``lifepath.web.app.App``)
MOVED: dict[str, str] = {
    "lifepath.brief": "lifepath.replay.brief",
    "lifepath.cache": "lifepath.support.cache",
    "lifepath.charts": "lifepath.web.charts",
    "lifepath.clashes": "lifepath.host.clashes",
    "lifepath.compare": "lifepath.replay.compare",
    "lifepath.content": "lifepath.host.content",
    "lifepath.creation_options": "lifepath.engine.creation_options",
    "lifepath.dice": "lifepath.engine.dice",
    "lifepath.discovery": "lifepath.host.discovery",
    "lifepath.drafts": "lifepath.engine.drafts",
    "lifepath.files": "lifepath.support.files",
    "lifepath.help": "lifepath.engine.help",
    "lifepath.history": "lifepath.sheets.history",
    "lifepath.history_log": "lifepath.engine.history_log",
    "lifepath.hookcall": "lifepath.engine.hookcall",
    "lifepath.houserules": "lifepath.engine.houserules",
    "lifepath.jsonpos": "lifepath.support.jsonpos",
    "lifepath.manager": "lifepath.host.manager",
    "lifepath.meaning": "lifepath.validation.meaning",
    "lifepath.odds": "lifepath.batches.odds",
    "lifepath.pages": "lifepath.sheets.pages",
    "lifepath.recorded": "lifepath.host.recorded",
    "lifepath.registry": "lifepath.host.registry",
    "lifepath.sector": "lifepath.support.sector",
    "lifepath.seeds": "lifepath.batches.seeds",
    "lifepath.session": "lifepath.engine.session",
    "lifepath.site": "lifepath.web.site",
    "lifepath.text": "lifepath.support.text",
    "lifepath.textsheet": "lifepath.sheets.textsheet",
    "lifepath.versions": "lifepath.host.versions",
    "lifepath.webjobs": "lifepath.web.jobs",
    "lifepath.websafety": "lifepath.web.safety",
    "lifepath.workers": "lifepath.support.workers",
}


class MovedModuleFinder:
    """Finds a moved module under its old name and hands back the module at its new home.

    A meta path finder and its loader by protocol, not by subclassing ``importlib.abc`` (whose import pulls
    in ``importlib.resources`` and ``tempfile``, about 8 ms at every ``import lifepath``); ``importlib`` and
    ``warnings`` are imported only when an old name is asked for.
    """

    def __init__(self) -> None:
        self._specs: dict[str, ModuleSpec | None] = {}

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in MOVED:
            return None
        import importlib.util

        return importlib.util.spec_from_loader(fullname, cast("Loader", self))  # a loader by protocol

    def create_module(self, spec: ModuleSpec) -> ModuleType:
        import importlib
        import warnings

        new = MOVED[spec.name]
        warnings.warn(
            f"{spec.name} is now {new}: import it from there (the old name goes in lifepath 0.3)",
            DeprecationWarning,
            stacklevel=2,
        )
        module = importlib.import_module(new)
        self._specs[module.__name__] = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # the import system set the old name's spec on the module: give it back its own
        module.__spec__ = self._specs[module.__name__]


def install() -> None:
    """Put the finder last on ``sys.meta_path`` (once): a real module of an old name still wins."""
    if not any(isinstance(finder, MovedModuleFinder) for finder in sys.meta_path):
        sys.meta_path.append(MovedModuleFinder())
