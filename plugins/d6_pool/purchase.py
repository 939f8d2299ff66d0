"""A purchase on a spending menu (:class:`Purchase`): its option and what buying it does; the menu's kept
places, a purchase that cannot be taken now shown disabled with the reason; the options themselves, made
once for each state and kept (:func:`kept`); a menu's options as purchases (:func:`purchases`); and
whether a kind's least price is within the points left (:func:`within`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import NoReturn, TypeVar

from lifepath import Option

from .tables import Book

_Made = TypeVar("_Made")

#: options kept per book before the cache starts again (a few thousand states cover every build)
KEPT_LIMIT = 20_000


@dataclass(frozen=True, slots=True)
class Purchase:
    """One legal purchase on offer: its option and what buying it does."""

    option: Option
    buy: Callable[[], None]


def _refused() -> NoReturn:
    raise AssertionError("a disabled purchase was bought")  # a guard: disabled options are never legal answers


def enabled(offers: list[Purchase]) -> bool:
    """Whether any of ``offers`` can be taken now."""
    return any(p.option.disabled is None for p in offers)


def disabled(option: Option, reason: str) -> Purchase:
    """``option`` kept in its place on the menu, disabled with ``reason``."""
    return Purchase(Option(option.id, option.label, 0.0, option.detail, disabled=reason), _refused)


def kept(book: Book, state: tuple[object, ...], make: Callable[..., _Made], *args: object) -> _Made:
    """The option ``make(*args)`` for a menu entry in ``state`` (a tuple naming the entry and everything its
    label, weight and reason depend on), made the first time that state is seen and reused after. The
    spending menus are made again at every purchase, and most of their entries are where they were: the
    labels are not formatted again, and the options are the same objects for every build. (A whole menu's
    options, as a tuple, are kept the same way, and the menu of kinds as a decision to reword.)"""
    made = book.menu_options.get(state)
    if made is None:
        if len(book.menu_options) >= KEPT_LIMIT:
            book.menu_options.clear()
        made = book.menu_options[state] = make(*args)
    return made


def closed(option: Option) -> Purchase:
    """A purchase that cannot be taken now (``option`` is disabled, with the reason), kept in its place."""
    return Purchase(option, _refused)


def purchases(options: list[Option], buy: Callable[[str], None]) -> list[Purchase]:
    """A menu's options as purchases: taking one is ``buy(its id)``; a disabled one is kept in its place."""
    return [closed(o) if o.disabled is not None else Purchase(o, partial(buy, o.id)) for o in options]


def within(least: int | None, left: int) -> bool:
    """Whether a kind whose cheapest purchase costs ``least`` (``None``: nothing of it is left under its
    caps) has anything to take with ``left`` points left (a free one, whatever is left)."""
    return least is not None and (least <= left or not least)
