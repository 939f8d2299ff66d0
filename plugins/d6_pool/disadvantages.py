"""Creation's fifth chapter: Disadvantages, taken one at a time for the points they add to the pool, up
to the species' limit (and, under ``unspent_points=violation``, only those that leave a pool that can be
spent exactly)."""

from __future__ import annotations

from functools import partial

from lifepath import Option

from . import previews
from .build import Build
from .purchase import kept
from .state import DONE, Creation, pts


def take_disadvantages(c: Creation) -> None:
    """Offer the Disadvantages not yet taken, at every price that fits, until the person stops."""
    book, limit = c.book, c.allowance.disadvantage_limit
    while True:
        room = limit - sum(p for _, p in c.build.disadvantages)
        if c.exact:  # what fits depends on the whole build
            opts, offers = disadvantage_menu(c, room)
        else:  # the same for every build with these Disadvantages and room: kept, not its options looked
            # up one by one (callgrind: 69 k instructions a character less)
            state = ("disadvantage menu", tuple(c.build.disadvantages), room)
            opts, offers = kept(book, state, disadvantage_menu, c, room)
        if not offers:
            return
        prompt = f"Take a Disadvantage for extra points? (up to {room} more; {pts(c.left())} left)"
        answer = c.ctx.choose(
            book.decisions.get("disadvantage", prompt, opts, context=c.status()),
            preview=previews.disadvantages(c, room),
        )
        if answer == DONE:
            return
        name, points = offers[answer]
        c.build.disadvantages.append((name, points))
        c.ctx.change(
            "disadvantages",
            None,
            f"{name} ({points})",
            f"Disadvantage taken: +{pts(points)} to the pool; {pts(c.left())} left",
        )


def disadvantage_menu(c: Creation, room: int) -> tuple[tuple[Option, ...], dict[str, tuple[str, int]]]:
    """The Disadvantage menu with ``room`` points of them left under the limit: finishing, then each
    Disadvantage not taken at every price that fits (under ``unspent_points=violation``, that leaves a pool
    that can be spent exactly); and each of those options' Disadvantage and points, by its id (read only)."""
    book = c.book
    taken = {n for n, _ in c.build.disadvantages}
    offers: dict[str, tuple[str, int]] = {}
    opts = [kept(book, ("disadvantage", DONE), done_option, c)]
    for name, entry in book.disadvantages.items():
        if name in taken:
            continue
        for points in entry["points"]:
            if points <= room and (not c.exact or c.fits(partial(_add_disadvantage, name, int(points)))):
                option = kept(book, ("disadvantage", name, points), disadvantage_option, c, name, int(points))
                offers[option.id] = (name, int(points))
                opts.append(option)
    return tuple(opts), offers


def done_option(c: Creation) -> Option:
    """Taking no (more) Disadvantages."""
    return Option(DONE, "No (more) Disadvantages", float(c.weights["no_more_disadvantages"]))


def disadvantage_option(c: Creation, name: str, points: int) -> Option:
    """A Disadvantage at one price: the points it adds to the pool."""
    summary = c.book.disadvantages[name]["summary"]
    return Option(
        f"{name} ({points})", f"{name}: +{pts(points)}", float(c.weights["take_disadvantage"]), detail=summary
    )


def _add_disadvantage(name: str, points: int, build: Build) -> None:
    build.disadvantages.append((name, points))
