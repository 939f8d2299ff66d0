"""A plugin whose career table is invalid: the host must drop it whole with one clear message."""

from typing import Any

from lifepath import hookimpl, load_table


@hookimpl
def lifepath_register_careers(ruleset_id: str, register: Any) -> None:
    if ruleset_id == "nowhere-yet":
        register(load_table(__name__, "data/broken-career.json"))
