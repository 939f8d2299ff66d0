"""Creation's sixth chapter: purchases, one at a time, until the person finishes or nothing legal is
left. A menu of kinds (attribute die, skill rank, specialisation rank, Advantage, Special Ability rank),
then that kind's menu; a kind with nothing to take stays on the menu disabled with the reason, and under
``unspent_points=violation`` only purchases after which the pool can still be spent exactly are taken
(and finishing waits until it is spent)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from lifepath import Decision, Option

from . import orders, previews, purchase_previews
from .build import Build
from .offers import LABELS, on_offer
from .purchase import Purchase, disabled, enabled
from .state import BACK, DONE, Creation, pts

__all__ = ["LABELS", "fitting", "spend"]


def spend(c: Creation) -> None:
    """The menu of kinds, then a kind's purchases, over and over until the build is finished; or, typed at
    the menu of kinds, a purchase in one answer (:mod:`.orders`)."""
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
            "spend", f"Spend creation points ({left} left)", tuple(opts), context=c.status(), shorthand=orders.typed(c)
        )
        choice = c.ctx.choose(menu, preview=previews.spend_menu(c))
        if choice == DONE:
            return
        if choice not in offers:  # a purchase typed in one answer (``skill stealth +2``)
            orders.place(c, choice)
            continue
        items = list(fitting(c, choice, offers[choice])) if c.exact else offers[choice]
        sub = [p.option for p in items] + [Option(BACK, "Back to the menu", 0.0)]
        answer = c.ctx.choose(
            Decision(choice, f"{LABELS[choice]} ({pts(left)} left)", tuple(sub), context=c.status()),
            preview=purchase_previews.purchases(c, choice),
        )
        if answer == BACK:
            continue
        next(p for p in items if p.option.id == answer).buy()


def fitting(c: Creation, kind: str, offers: list[Purchase]) -> Iterator[Purchase]:
    """The offers of one kind after which the pool can still be spent exactly (unspent_points=violation),
    found lazily (a menu of kinds needs only one of each). Any attribute die, skill rank or
    specialisation rank leaves the same choices as any other of its kind (only the room left under
    the caps counts), so each of those kinds is asked once; each Advantage and Special Ability on its own.
    """
    book, per = c.book, c.book.per_die

    def die(b: Build) -> None:
        need = per
        for a in book.attributes:
            step = max(min(need, book.attribute_max_pips(b.cls, a) - b.attributes[a]), 0)
            b.attributes[a] += step
            need -= step

    def rank(ranks: Callable[[Build], dict[str, int]], keys: Mapping[str, str]) -> Callable[[Build], None]:
        def change(b: Build) -> None:
            for key, skill in keys.items():
                if ranks(b).get(key, 0) < book.rank_cap(b.cls, skill):
                    ranks(b)[key] = ranks(b).get(key, 0) + 1
                    return

        return change

    kinds: dict[str, Callable[[Build], None]] = {
        "attribute": die,
        "skill": rank(lambda b: b.skills, {s: s for s in book.skills}),
        "specialisation": rank(lambda b: b.specialisations, book.specialisations),
    }
    if kind in kinds:
        if enabled(offers) and c.fits(kinds[kind]):
            yield from offers
        return
    for p in offers:  # one that would leave the pool unspendable stays in its place, disabled
        if p.option.disabled is None and p.change is not None and not c.fits(p.change):
            yield disabled(p.option, "it would leave points that cannot all be spent (unspent_points=violation)")
        else:
            yield p
