"""A purchase on a spending menu (:class:`Purchase`): its option, what buying it does, and what it would do
to a build; and the menu's kept places, a purchase that cannot be taken now shown disabled with the reason."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn

from lifepath import Option

from .build import Build


@dataclass(frozen=True, slots=True)
class Purchase:
    """One legal purchase on offer: its option and what buying it does."""

    option: Option
    buy: Callable[[], None]
    #: what buying it does to a build, for asking whether the pool could still be spent exactly afterwards
    change: Callable[[Build], None] | None = None


def _refused() -> NoReturn:
    raise AssertionError("a disabled purchase was bought")  # a guard: disabled options are never legal answers


def enabled(offers: list[Purchase]) -> bool:
    """Whether any of ``offers`` can be taken now."""
    return any(p.option.disabled is None for p in offers)


def disabled(option: Option, reason: str) -> Purchase:
    """``option`` kept in its place on the menu, disabled with ``reason``."""
    return Purchase(Option(option.id, option.label, 0.0, option.detail, disabled=reason), _refused)
