"""Batches of seeded NPCs, run in one process or several, and the odds a referee reads from them.

Two parts, both plain data in and plain data out:

* :class:`Batch` and :func:`run_chunks`: character ``i`` of a batch is made from
  :func:`lifepath.batches.seeds.derive_seed` of the batch's seed and ``i``, answered by the NPC policy. The index
  range is cut into chunks; with ``workers > 1`` the chunks go to a pool of ``spawn`` processes (each
  builds its own registry), a bounded number in flight, and results come back in index order. So the
  results never depend on the number of workers. ``lifepath generate`` uses this runner too.
* :func:`compute_odds`: a Monte Carlo over a batch, reading each character's history and sheet into a
  :class:`Tally` (counts and sums only, so memory does not grow with the count, and tallies of chunks
  merge exactly), then :meth:`Tally.report` into a JSON-ready dict.

What the report counts (every rate is a fraction from 0 to 1):

* per career, for every ruleset (from ``sheet.careers``): ``entered`` (characters with a career record
  for it, however they got in: qualified, drafted or fell back to it), ``mean_terms`` (terms served in
  it per character who entered it), ``rank`` (the highest rank each such character reached there: mean
  and distribution), and ``died_in`` (characters whose creation ended in death while in it);
* per career, for a ruleset whose throws have the kinds ``qualification``, ``survival`` and ``mishap``
  (``Ruleset.throw_kinds``; Nowhere Yet's do), read from the history's decisions, crises and the throws'
  kinds and careers (:meth:`lifepath.character.Character.tags`), never from their words:
  ``tried`` (characters who chose it at a ``career`` decision), ``qualification`` (each character's
  *first* ``qualification`` throw for it: throws, successes, rate), ``mishaps`` and ``mishap_rate``
  (``mishap`` throws in it, per term served in it), ``crisis`` (characters who had a crisis other than a
  failed survival throw, an injury or ageing crisis, while serving it: after a ``survival`` throw in it;
  failed survival throws are counted as mishaps, not crises), and ``last_career`` (credits and debt at
  the end of creation, averaged over the characters whose *last* career it was: what they mustered out
  with, after medical bills were paid from cash);
* overall: characters, mean terms, mean careers, characters with no career, death rate, the age
  distribution and mean, and for such a ruleset the crisis rate and the mean credits and debt over every
  character;
* the ruleset's own outcomes, for a ruleset whose :meth:`lifepath.Ruleset.tallies` declares any (every one
  but Nowhere Yet, whose figures are the ones above): ``outcomes`` and ``by_option``, the per-option
  tables (:mod:`lifepath.batches.outcomes`). A report without them has neither key.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from lifepath.batches.outcomes import OutcomeTally, check, read
from lifepath.batches.seeds import derive_seed
from lifepath.errors import BatchError as BatchError
from lifepath.errors import LifepathError

if TYPE_CHECKING:
    from concurrent.futures import Future

    from lifepath.character import Character
    from lifepath.engine.tallies import Outcome
    from lifepath.host.registry import Registry

R = TypeVar("R")

#: the throw kinds a ruleset's throws need for the detailed per-career figures
DETAIL_KINDS = frozenset({"qualification", "survival", "mishap"})
#: characters per chunk handed to a worker
CHUNK = 250


# -- batches ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Batch:
    """What every character of a batch shares: ruleset id, resolved house rules, creation options, the
    batch's seed, data-only content folders to load and, in a campaign, the plugins it enables.
    Picklable, so it travels to workers."""

    ruleset: str
    seed: int
    rules: Mapping[str, Any]
    options: Mapping[str, Any] = field(default_factory=dict)
    content: tuple[str, ...] = ()
    #: in a campaign, the only plugins (and the replacements) to use: the ones it enables
    plugins: tuple[str, ...] | None = None
    replacements: tuple[str, ...] = ()

    def seed_of(self, index: int) -> int:
        """The seed of character ``index`` (its provenance seed)."""
        return derive_seed(self.seed, index)

    def character(self, registry: Registry, index: int) -> Character:
        """Make character ``index`` with the NPC policy (a :class:`BatchError` names the index on a mistake)."""
        from lifepath.creation import create
        from lifepath.decisions import PolicyChooser

        seed = self.seed_of(index)
        try:
            return create(
                registry, self.ruleset, seed=seed, rules=self.rules, chooser=PolicyChooser(seed), options=self.options
            )
        except BatchError:
            raise
        except LifepathError as exc:
            raise BatchError(f"character {index} of the batch (seed {seed}): {exc.paragraph()}") from None

    def registry(self) -> Registry:
        """This process's registry, with the batch's content folders loaded."""
        from lifepath.host.manager import get_manager

        manager = get_manager()
        for folder in self.content:
            manager.add_content(folder)
        if self.plugins is not None:
            return manager.restricted(self.plugins, self.replacements).registry()
        return manager.registry()


ChunkFunction = Callable[[Batch, "Registry", int, int], R]

_worker_registry: Registry | None = None


def _worker_call(func: ChunkFunction[R], batch: Batch, start: int, stop: int) -> R:
    """Run ``func`` on one chunk inside a worker, with the worker's own registry (built once)."""
    global _worker_registry
    if _worker_registry is None:
        _worker_registry = batch.registry()
    try:
        return func(batch, _worker_registry, start, stop)
    except LifepathError as exc:  # re-raised as plain text: every LifepathError subclass then pickles
        raise BatchError(exc.paragraph()) from None


def chunks(count: int, size: int = CHUNK) -> Iterator[tuple[int, int]]:
    """``(start, stop)`` index ranges covering ``range(count)``."""
    for start in range(0, count, size):
        yield start, min(start + size, count)


def run_chunks(
    func: ChunkFunction[R],
    batch: Batch,
    count: int,
    *,
    workers: int = 1,
    size: int = CHUNK,
    in_flight: int | None = None,
    leftovers: Sequence[str] = (),
    registry: Registry | None = None,
) -> Iterator[R]:
    """``func(batch, registry, start, stop)`` for each chunk of ``range(count)``, yielded in index order.

    With ``workers <= 1`` it runs here, on this process's registry (or ``registry``, when given). Otherwise the
    chunks go to ``workers`` ``spawn`` processes, at most ``in_flight`` (default ``2 * workers``) submitted and
    not yet yielded, so a slow consumer (a disk, a database) holds memory bounded however large ``count`` is.
    ``func`` must be a module-level function (or a ``functools.partial`` of one) so it can be sent to the
    workers. The workers are :func:`lifepath.support.workers.pool`'s: they exit (removing ``leftovers``) if this process
    dies, and are terminated at once when the consumer stops early or an error is raised.
    """
    if workers <= 1:
        if registry is None:
            registry = batch.registry()
        for start, stop in chunks(count, size):
            yield func(batch, registry, start, stop)
        return
    from lifepath.support.workers import pool as worker_pool

    limit = max(1, in_flight or 2 * workers)
    pending: deque[Future[R]] = deque()
    ranges = chunks(count, size)
    with worker_pool(workers, leftovers) as pool:
        try:
            for start, stop in ranges:
                pending.append(pool.submit(_worker_call, func, batch, start, stop))
                if len(pending) >= limit:
                    yield pending.popleft().result()
            while pending:
                yield pending.popleft().result()
        finally:
            for future in pending:
                future.cancel()


# -- the tally ------------------------------------------------------------------------------------------


@dataclass
class CareerTally:
    """Counts and sums for one career (merged across chunks by adding)."""

    entered: int = 0
    terms: int = 0
    rank_sum: int = 0
    ranks: Counter[int] = field(default_factory=Counter)
    died_in: int = 0
    tried: int = 0
    qualification_throws: int = 0
    qualification_successes: int = 0
    mishaps: int = 0
    crisis_characters: int = 0
    last: int = 0
    last_credits: int = 0
    last_debt: int = 0

    def merge(self, other: CareerTally) -> None:
        for name in self.__dataclass_fields__:
            mine = getattr(self, name)
            if isinstance(mine, Counter):
                mine.update(getattr(other, name))
            else:
                setattr(self, name, mine + getattr(other, name))


@dataclass
class Tally:
    """Everything counted over a batch of characters; :meth:`report` turns it into plain data."""

    detailed: bool
    characters: int = 0
    terms: int = 0
    careers_served: int = 0
    no_career: int = 0
    dead: int = 0
    crisis_characters: int = 0
    credits: int = 0
    debt: int = 0
    ages: Counter[int] = field(default_factory=Counter)
    careers: dict[str, CareerTally] = field(default_factory=dict)
    #: what the ruleset's own tallies (``Ruleset.tallies``) counted
    outcomes: OutcomeTally = field(default_factory=OutcomeTally)

    def career(self, name: str) -> CareerTally:
        found = self.careers.get(name)
        if found is None:
            found = self.careers[name] = CareerTally()
        return found

    def merge(self, other: Tally) -> None:
        """Add another tally (of other characters) into this one."""
        for name in ("characters", "terms", "careers_served", "no_career", "dead", "crisis_characters"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.credits += other.credits
        self.debt += other.debt
        self.ages.update(other.ages)
        for name, tally in other.careers.items():
            self.career(name).merge(tally)
        self.outcomes.merge(other.outcomes)

    # -- reading one character ----------------------------------------------------------------------

    def add(self, character: Character, career_names: Mapping[str, str], outcomes: Sequence[Outcome] = ()) -> None:
        """Count one character. ``career_names`` maps career ids to names (for ``career`` decisions);
        ``outcomes`` are the ruleset's own tallies (:mod:`lifepath.batches.outcomes`)."""
        if outcomes:
            self.outcomes.add(read(outcomes, character))
        sheet = character.sheet
        self.characters += 1
        self.terms += sheet.total_terms
        self.ages[sheet.age] += 1
        dead = sheet.status == "dead"
        self.dead += dead
        served: dict[str, tuple[int, int]] = {}
        for record in sheet.careers:
            terms, rank = served.get(record.name, (0, 0))
            served[record.name] = (terms + record.terms, max(rank, record.rank))
        self.careers_served += len(served)
        if not served:
            self.no_career += 1
        for name, (terms, rank) in served.items():
            tally = self.career(name)
            tally.entered += 1
            tally.terms += terms
            tally.rank_sum += rank
            tally.ranks[rank] += 1
        if dead and sheet.careers:
            self.career(sheet.careers[-1].name).died_in += 1
        if self.detailed:
            self._add_detail(character, career_names)

    def _add_detail(self, character: Character, career_names: Mapping[str, str]) -> None:
        sheet = character.sheet
        debt = sheet.total_debt
        self.credits += sheet.credits
        self.debt += debt
        if sheet.careers:
            last = self.career(sheet.careers[-1].name)
            last.last += 1
            last.last_credits += sheet.credits
            last.last_debt += debt
        tried: set[str] = set()
        first_throw: dict[str, bool] = {}
        crises: set[str] = set()
        serving: str | None = None  # the career of the latest survival throw
        for event, tag in zip(character.history, character.tags(), strict=True):
            kind = event.get("type")
            if kind == "throw":
                if tag.career is None:
                    continue
                career = career_names.get(tag.career, tag.career)
                if tag.kind == "qualification":
                    first_throw.setdefault(career, bool(event.get("success")))
                elif tag.kind == "survival":
                    serving = career
                elif tag.kind == "mishap":
                    self.career(career).mishaps += 1
            elif kind == "decision" and event.get("key") == "career":
                answer = str(event.get("answer"))
                if answer in career_names:
                    tried.add(career_names[answer])
            elif kind == "crisis" and event.get("kind") != "survival":
                crises.add(serving or "")
        for name in tried:
            self.career(name).tried += 1
        for name, success in first_throw.items():
            tally = self.career(name)
            tally.qualification_throws += 1
            tally.qualification_successes += success
        if crises:
            self.crisis_characters += 1
            for name in crises - {""}:
                self.career(name).crisis_characters += 1

    # -- the report -----------------------------------------------------------------------------------

    def report(self, outcomes: Sequence[Outcome] = ()) -> dict[str, Any]:
        """The tally as JSON-ready data (see the module docstring for what each figure means), with
        ``outcomes`` and ``by_option`` when the ruleset declares tallies (``outcomes``, the same it was
        counted with)."""
        n = self.characters
        detailed = self.detailed
        summary: dict[str, Any] = {
            "characters": n,
            "mean_terms": _ratio(self.terms, n),
            "mean_careers": _ratio(self.careers_served, n),
            "no_career": self.no_career,
            "death_rate": _ratio(self.dead, n),
            "mean_age": _ratio(sum(a * k for a, k in self.ages.items()), n),
            "crisis_rate": _ratio(self.crisis_characters, n) if detailed else None,
            "mean_credits": _ratio(self.credits, n) if detailed else None,
            "mean_debt": _ratio(self.debt, n) if detailed else None,
        }
        careers = [self._career_report(name, self.careers[name]) for name in sorted(self.careers)]
        report = {
            "detailed": detailed,
            "summary": summary,
            "careers": careers,
            "age": {
                "mean": summary["mean_age"],
                "distribution": {str(age): self.ages[age] for age in sorted(self.ages)},
            },
        }
        if outcomes:
            report.update(self.outcomes.report(outcomes))
        return report

    def _career_report(self, name: str, t: CareerTally) -> dict[str, Any]:
        out: dict[str, Any] = {
            "career": name,
            "entered": t.entered,
            "terms": t.terms,
            "mean_terms": _ratio(t.terms, t.entered),
            "rank": {
                "mean": _ratio(t.rank_sum, t.entered),
                "distribution": {str(r): t.ranks[r] for r in sorted(t.ranks)},
            },
            "died_in": t.died_in,
        }
        if not self.detailed:
            return out
        out["tried"] = t.tried
        out["qualification"] = (
            {
                "throws": t.qualification_throws,
                "successes": t.qualification_successes,
                "rate": _ratio(t.qualification_successes, t.qualification_throws),
            }
            if t.qualification_throws
            else None
        )
        out["mishaps"] = t.mishaps
        out["mishap_rate"] = _ratio(t.mishaps, t.terms)
        out["crisis"] = {"characters": t.crisis_characters, "rate": _ratio(t.crisis_characters, t.entered)}
        out["last_career"] = {
            "characters": t.last,
            "mean_credits": _ratio(t.last_credits, t.last),
            "mean_debt": _ratio(t.last_debt, t.last),
        }
        return out


def _ratio(a: int, b: int) -> float | None:
    return a / b if b else None


def tally_chunk(batch: Batch, registry: Registry, start: int, stop: int) -> Tally:
    """Make characters ``start`` to ``stop - 1`` of ``batch`` and count them (a :func:`run_chunks` function)."""
    names = {cid: c.name for cid, c in registry.careers(batch.ruleset).items()}
    ruleset = registry.ruleset(batch.ruleset)
    outcomes = tallies_of(registry, batch.ruleset)
    tally = Tally(detailed=set(ruleset.throw_kinds) >= DETAIL_KINDS)
    for index in range(start, stop):
        character = batch.character(registry, index)
        try:
            tally.add(character, names, outcomes)
        except BatchError:
            raise
        except LifepathError as exc:
            raise BatchError(
                f"character {index} of the batch (seed {batch.seed_of(index)}): {exc.paragraph()}"
            ) from None
    return tally


def tallies_of(registry: Registry, ruleset: str) -> tuple[Outcome, ...]:
    """The ruleset's own tallies (``Ruleset.tallies``), their keys checked."""
    outcomes = tuple(registry.ruleset(ruleset).tallies())
    check(outcomes, ruleset)
    return outcomes


def compute_odds(
    batch: Batch,
    count: int,
    *,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    registry: Registry | None = None,
) -> dict[str, Any]:
    """Make ``count`` characters of ``batch`` and report the odds (see the module docstring).

    The result is the same for any ``workers``; ``progress`` is called with the number of characters
    each finished chunk held. ``registry``, for one worker, is the registry to make them with instead of
    the batch's own (``lifepath serve`` builds one per campaign with content folders).
    """
    if count < 1:
        raise LifepathError("the odds need at least one character", hint="give --count 1 or more")
    total: Tally | None = None
    for part in run_chunks(tally_chunk, batch, count, workers=workers, registry=registry):
        if total is None:
            total = part
        else:
            total.merge(part)
        if progress is not None:
            progress(part.characters)
    assert total is not None  # count >= 1 makes at least one chunk
    outcomes = tallies_of(registry if registry is not None else batch.registry(), batch.ruleset)
    return {
        "ruleset": batch.ruleset,
        "count": count,
        "seed": batch.seed,
        "rules": dict(batch.rules),
        "options": dict(batch.options),
        **total.report(outcomes),
    }


__all__ = [
    "CHUNK",
    "DETAIL_KINDS",
    "Batch",
    "BatchError",
    "Tally",
    "chunks",
    "compute_odds",
    "run_chunks",
    "tallies_of",
    "tally_chunk",
]
