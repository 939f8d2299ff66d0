"""Characters in the formats other tools read: Foundry VTT actors, "1001 characters" text, CSV.

Each format is one module: :mod:`lifepath.formats.foundry` (twodsix actor JSON),
:mod:`lifepath.formats.thousand` (the "1001 characters" text block), :mod:`lifepath.formats.table` (CSV).
Which formats exist, and how a ruleset maps into one, is :mod:`lifepath.formats.registry`: every format
registers through the hook ``lifepath_register_formats`` (lifepath's own in :mod:`lifepath.formats.builtin`).
"""

from __future__ import annotations

from lifepath.errors import UnsupportedFormat

__all__ = ["UnsupportedFormat"]
