"""Creation's sixth chapter: purchases, one at a time, until the person finishes or nothing legal is
left. A menu of kinds (attribute die, skill rank, specialisation rank, Advantage, Special Ability rank),
then that kind's menu; a kind with nothing to take stays on the menu disabled with the reason, and under
``unspent_points=violation`` only purchases after which the pool can still be spent exactly are taken
(and finishing waits until it is spent)."""

from __future__ import annotations

from lifepath import Decision, Option
from lifepath.decisions import Shorthand

from . import orders, previews, purchase_previews
from .offers import BUY, LABELS, fitting, menu, why_not
from .purchase import kept
from .state import BACK, DONE, Creation, pts

__all__ = ["LABELS", "fitting", "spend"]


def spend(c: Creation) -> None:
    """The menu of kinds, then a kind's purchases, over and over until the build is finished; or, typed at
    the menu of kinds, a purchase in one answer (:mod:`.orders`)."""
    typed = orders.typed(c)  # one for the whole build: it reads the build as it is when a person types
    while True:
        choice = c.ctx.choose(menu_of_kinds(c, typed), preview=previews.spend_menu(c))
        if choice == DONE:
            return
        if choice in BUY:
            buy_one(c, choice)
        else:  # a purchase typed in one answer (``skill stealth +2``)
            orders.place(c, choice)


def menu_of_kinds(c: Creation, typed: Shorthand) -> Decision:
    """Every kind of purchase (disabled with the reason when nothing of it can be taken), and finishing."""
    left, categories = c.left(), c.weights["categories"]
    opts = []
    for kind in BUY:
        why = why_not(c, kind, left)
        opts.append(kept(c.book, ("kind", kind, why), kind_option, kind, float(categories[kind]), why))
    finish = f"Finish the build ({pts(left)} left unspent)" if left else "Finish the build"
    must_spend = c.rules.get("unspent_points") == "violation" and left > 0
    why = "every point must be spent (unspent_points=violation)" if must_spend and any_enabled(opts) else None
    opts.append(kept(c.book, ("kind", DONE, finish, why), Option, DONE, finish, 0.0, "", why))
    prompt = f"Spend creation points ({left} left)"
    return Decision("spend", prompt, tuple(opts), context=c.status(), shorthand=typed)


def buy_one(c: Creation, kind: str) -> None:
    """The menu of one kind's purchases, and the purchase chosen (or back to the menu of kinds)."""
    sub = (*menu(c, kind), kept(c.book, ("kind", BACK), Option, BACK, "Back to the menu", 0.0))
    answer = c.ctx.choose(
        Decision(kind, f"{LABELS[kind]} ({pts(c.left())} left)", sub, context=c.status()),
        preview=purchase_previews.purchases(c, kind),
    )
    if answer != BACK:
        BUY[kind](c, answer)


def kind_option(kind: str, weight: float, why: str | None) -> Option:
    """A kind of purchase on the menu of kinds, disabled with ``why`` when that is set."""
    return Option(kind, LABELS[kind], weight, disabled=why)


def any_enabled(options: list[Option]) -> bool:
    return any(o.disabled is None for o in options)
