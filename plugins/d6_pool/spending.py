"""Creation's sixth chapter: purchases, one at a time, until the person finishes or nothing legal is
left. A menu of kinds (attribute die, skill rank, specialisation rank, Advantage, Special Ability rank),
then that kind's menu; a kind with nothing to take stays on the menu disabled with the reason, and under
``unspent_points=violation`` only purchases after which the pool can still be spent exactly are taken
(and finishing waits until it is spent). The menus are kept as the build stands between purchases
(:class:`~.shop.Shop`)."""

from __future__ import annotations

from lifepath import Decision, Option
from lifepath.decisions import Shorthand

from . import orders, previews, purchase_previews
from .offers import BUY, LABELS, fitting
from .purchase import kept
from .shop import Shop
from .state import BACK, DONE, Creation, pts

__all__ = ["LABELS", "fitting", "spend"]


def spend(c: Creation) -> None:
    """The menu of kinds, then a kind's purchases, over and over until the build is finished; or, typed at
    the menu of kinds, a purchase in one answer (:mod:`.orders`)."""
    typed = orders.typed(c)  # one for the whole build: it reads the build as it is when a person types
    c.shop = Shop(c)
    try:
        while True:
            choice = c.ctx.choose(menu_of_kinds(c, typed), preview=previews.spend_menu(c))
            if choice == DONE:
                return
            if choice in BUY:
                buy_one(c, choice)
            else:  # a purchase typed in one answer (``skill stealth +2``), perhaps several of a kind
                orders.place(c, choice)
                c.shop = Shop(c)
    finally:
        c.shop = None  # the menus refer to the creation: kept no longer than spending, so no cycle is left


def shop_of(c: Creation) -> Shop:
    """The build's spending menus, kept since spending started."""
    assert c.shop is not None, "the spending menus are kept from the start of spending"
    return c.shop


def menu_of_kinds(c: Creation, typed: Shorthand) -> Decision:
    """Every kind of purchase (disabled with the reason when nothing of it can be taken), and finishing:
    the menu kept for the kinds' reasons and the points left, reworded with the build's status line and
    this build's shorthand (:meth:`lifepath.Decision.reworded`), so its options are not gone over again at
    every purchase (callgrind: 200 k instructions a character less)."""
    shop = shop_of(c)
    left = shop.left
    menu = kept(c.book, ("kinds", shop.whys, left, c.exact), kinds_menu, c, shop.whys, left)
    return menu.reworded(menu.prompt, context=shop.status, shorthand=typed)


def kinds_menu(c: Creation, whys: tuple[str | None, ...], left: int) -> Decision:
    """The menu of kinds for the kinds' reasons ``whys`` and ``left`` points left, without the status line
    and shorthand each asking words it with."""
    return Decision("spend", f"Spend creation points ({left} left)", kinds(c, whys, left))


def kinds(c: Creation, whys: tuple[str | None, ...], left: int) -> tuple[Option, ...]:
    """The menu of kinds' options: each kind, disabled with its reason in ``whys`` when that is set, and
    finishing with ``left`` points left (withheld while something can be taken under
    ``unspent_points=violation`` and points are left)."""
    categories = c.weights["categories"]
    opts = [
        kept(c.book, ("kind", k, why), kind_option, k, float(categories[k]), why)
        for k, why in zip(BUY, whys, strict=True)
    ]
    finish = f"Finish the build ({pts(left)} left unspent)" if left else "Finish the build"
    must_spend = c.exact and left > 0
    why = "every point must be spent (unspent_points=violation)" if must_spend and None in whys else None
    opts.append(kept(c.book, ("kind", DONE, finish, why), Option, DONE, finish, 0.0, "", why))
    return tuple(opts)


def buy_one(c: Creation, kind: str) -> None:
    """The menu of one kind's purchases, and the purchase chosen (or back to the menu of kinds)."""
    shop = shop_of(c)
    sub = (*shop.menu(kind), shop.back)
    answer = c.ctx.choose(
        Decision(kind, f"{LABELS[kind]} ({pts(shop.left)} left)", sub, context=shop.status),
        preview=purchase_previews.purchases(c, kind),
    )
    if answer != BACK:
        BUY[kind](c, answer)
        shop.bought(kind, answer)


def kind_option(kind: str, weight: float, why: str | None) -> Option:
    """A kind of purchase on the menu of kinds, disabled with ``why`` when that is set."""
    return Option(kind, LABELS[kind], weight, disabled=why)
