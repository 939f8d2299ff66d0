"""Creation's sixth chapter: purchases, one at a time, until the person finishes or nothing legal is
left. A menu of kinds (attribute die, skill rank, specialisation rank, Advantage, Special Ability rank),
then that kind's menu; a kind with nothing to take stays on the menu disabled with the reason, and under
``unspent_points=violation`` only purchases after which the pool can still be spent exactly are taken
(and finishing waits until it is spent)."""

from __future__ import annotations

from lifepath import Decision, Option

from . import orders, previews, purchase_previews
from .offers import LABELS, fitting, offered, on_offer
from .purchase import enabled
from .state import BACK, DONE, Creation, pts

__all__ = ["LABELS", "fitting", "spend"]


def spend(c: Creation) -> None:
    """The menu of kinds, then a kind's purchases, over and over until the build is finished; or, typed at
    the menu of kinds, a purchase in one answer (:mod:`.orders`)."""
    typed = orders.typed(c)  # one for the whole build: it reads the build as it is when a person types
    while True:
        offers = on_offer(c)
        left = c.left()
        categories = c.weights["categories"]
        opts = []
        for k, v in offers.items():
            reason = "" if enabled(v) else "nothing of this kind is affordable or below its cap"
            if not reason and c.exact and not enabled(list(fitting(c, k, v))):
                reason = "nothing of this kind leaves points that can all be spent (unspent_points=violation)"
            opts.append(Option(k, LABELS[k], float(categories[k]), disabled=reason or None))
        finish = f"Finish the build ({pts(left)} left unspent)" if left else "Finish the build"
        if any(o.disabled is None for o in opts) and c.rules.get("unspent_points") == "violation" and left > 0:
            opts.append(Option(DONE, finish, 0.0, disabled="every point must be spent (unspent_points=violation)"))
        else:
            opts.append(Option(DONE, finish, 0.0))
        menu = Decision(
            "spend", f"Spend creation points ({left} left)", tuple(opts), context=c.status(), shorthand=typed
        )
        choice = c.ctx.choose(menu, preview=previews.spend_menu(c))
        if choice == DONE:
            return
        if choice not in offers:  # a purchase typed in one answer (``skill stealth +2``)
            orders.place(c, choice)
            continue
        items = offered(c, choice, offers[choice])
        sub = [p.option for p in items] + [Option(BACK, "Back to the menu", 0.0)]
        answer = c.ctx.choose(
            Decision(choice, f"{LABELS[choice]} ({pts(left)} left)", tuple(sub), context=c.status()),
            preview=purchase_previews.purchases(c, choice),
        )
        if answer == BACK:
            continue
        next(p for p in items if p.option.id == answer).buy()
