"""A species plugin as written before lifepath checked trait ids: the Voidborn name the trait id
``zero-g-adapted``, which no plugin registers with ``lifepath_register_traits``. Inside its declared range it
must still load (one warning naming the fix) and its characters must replay."""

from collections.abc import Callable

from lifepath import hookimpl, load_table

lifepath_requires = {"nowhere-yet": ">=1.0,<2"}


@hookimpl
def lifepath_register_species(ruleset_id: str, register: Callable[..., None]) -> None:
    if ruleset_id == "nowhere-yet":
        table = load_table(__name__, "data/voidborn.json")
        for species in table.data["species"]:
            register(species, table=table)
