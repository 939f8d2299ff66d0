"""``python -m lifepath``: the same as the ``lifepath`` command."""

from __future__ import annotations

from lifepath.cli.main import run

if __name__ == "__main__":
    run()
