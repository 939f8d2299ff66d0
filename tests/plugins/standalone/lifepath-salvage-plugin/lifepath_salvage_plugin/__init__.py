"""A test plugin adding a career whose id (``salvager``) lifepath's example plugin (examples/lifepath-uplift)
also uses: installed together, both are offered under their qualified ids (``lifepath-salvage:salvager``,
``uplift:salvager``), and a campaign that enables one of the plugins uses its bare id."""

from collections.abc import Callable

from lifepath import hookimpl, load_table

lifepath_requires = {"nowhere-yet": ">=1.0,<2"}


@hookimpl
def lifepath_register_careers(ruleset_id: str, register: Callable[..., None]) -> None:
    if ruleset_id == "nowhere-yet":
        register(load_table(__name__, "data/salvager.json"))
