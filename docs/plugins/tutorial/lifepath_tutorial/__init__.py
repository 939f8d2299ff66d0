"""lifepath-tutorial: the Courier career for the Nowhere Yet ruleset."""

from __future__ import annotations

from collections.abc import Callable

from lifepath import hookimpl, load_table

# The Nowhere Yet versions this plugin is written for. lifepath checks this before it uses the plugin.
lifepath_requires = {"nowhere-yet": ">=1.0,<2"}


@hookimpl
def lifepath_register_careers(ruleset_id: str, register: Callable[..., None]) -> None:
    """Add the Courier career, to Nowhere Yet only."""
    if ruleset_id == "nowhere-yet":
        register(load_table(__name__, "data/courier.json"))
