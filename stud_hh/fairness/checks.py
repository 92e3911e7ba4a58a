"""The tests of a fair deal, each a goodness-of-fit count against exact probabilities.

Every test compares counts with what a uniformly shuffled deck gives (``exact``) by
Pearson's chi-square (SciPy's distributions), after merging cells a fair deal fills fewer
than five times (the approximation needs it). Each also says what it could have found:
the smallest excess of one named cell it detects with 80 % power at the corrected level
(the non-central chi-square), which is what "no evidence" is worth.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
from scipy import optimize, stats

from stud_hh.cards import rank, suit
from stud_hh.evaluate import bring_in_key
from stud_hh.fairness.exact import (
    NEIGHBOUR_CLASSES,
    NEIGHBOUR_PROBABILITIES,
    SHARED_CLASSES,
    SHARED_PROBABILITIES,
    START_CATEGORIES,
    START_PROBABILITIES,
    start_category,
)
from stud_hh.fairness.model import Category, DealHand, DealTest

#: A cell a fair deal fills fewer times than this is merged with its neighbour.
MIN_EXPECTED = 5.0
#: Power the "could detect" statements are made at.
POWER = 0.8
RANK_NAMES = {r: n for r, n in zip(range(2, 15), ("deuces", "threes", "fours", "fives", "sixes",
                                                    "sevens", "eights", "nines", "tens",
                                                    "jacks", "queens", "kings", "aces"),
                                     strict=True)}


@dataclass(frozen=True, slots=True)
class _Cells:
    """Counts against a fair deal: per group (table size, say) observed and probabilities."""

    labels: tuple[str, ...]
    observed: tuple[np.ndarray, ...]
    shares: tuple[np.ndarray, ...]

    @property
    def n(self) -> int:
        return int(sum(o.sum() for o in self.observed))


def _merge(labels: list[str], observed: np.ndarray, shares: np.ndarray, n: int
           ) -> tuple[list[str], np.ndarray, np.ndarray]:
    """Merge cells expected fewer than ``MIN_EXPECTED`` times into the next (or last) one."""
    out_l: list[str] = []
    out_o: list[float] = []
    out_s: list[float] = []
    pending: tuple[list[str], float, float] = ([], 0.0, 0.0)
    for label, o, s in zip(labels, observed, shares, strict=True):
        names, po, ps = pending
        pending = ([*names, label], po + o, ps + s)
        if pending[2] * n >= MIN_EXPECTED:
            out_l.append(" + ".join(pending[0]))
            out_o.append(pending[1])
            out_s.append(pending[2])
            pending = ([], 0.0, 0.0)
    if pending[0]:
        if out_l:
            out_l[-1] += " + " + " + ".join(pending[0])
            out_o[-1] += pending[1]
            out_s[-1] += pending[2]
        else:
            out_l, out_o, out_s = [" + ".join(pending[0])], [pending[1]], [pending[2]]
    return out_l, np.array(out_o), np.array(out_s)


def detectable_excess(groups: Sequence[tuple[int, np.ndarray]], focus: int, df: int,
                      alpha: float) -> float | None:
    """The relative excess of cell ``focus`` a chi-square test at ``alpha`` detects with
    ``POWER``: that cell ``1 + d`` times as likely, the others scaled down alike. ``None``
    when even a certain cell would not reach that power."""
    if df < 1 or not groups:
        return None
    critical = stats.chi2.isf(alpha, df)

    def shortfall(d: float) -> float:
        lam = 0.0
        for n, p0 in groups:
            p1 = p0 * (1 - p0[focus] * (1 + d)) / (1 - p0[focus])
            p1[focus] = p0[focus] * (1 + d)
            lam += n * float(((p1 - p0) ** 2 / p0).sum())
        return float(stats.ncx2.sf(critical, df, lam)) - POWER

    most = min(1 / float(p0[focus]) for _, p0 in groups) - 1
    if most <= 0 or shortfall(most) < 0:
        return None
    return float(optimize.brentq(shortfall, 1e-9, most))


def _excess_words(d: float | None, what: str) -> str:
    if d is None:
        return ""
    if d >= 1:
        return f"{1 + d:.1f} times the fair rate of {what}"
    return f"a {max(d, 0.005):.0%} excess of {what}"


def chi_square(name: str, title: str, observations: str, cells: _Cells, focus: str,
               focus_words: str, alpha: float, note: str = "",
               min_n: int = 20) -> DealTest:
    """Pearson's test of ``cells`` (summed over its groups), with the power statement."""
    n = cells.n
    total_obs = np.sum(cells.observed, axis=0) if cells.observed else np.zeros(0)
    total_exp = (np.sum([o.sum() * s for o, s in zip(cells.observed, cells.shares,
                                                      strict=True)], axis=0)
                 if cells.observed else np.zeros(0))
    share = total_exp / n if n else total_exp
    categories = tuple(Category(label, int(o), float(e), float(s)) for label, o, e, s in
                       zip(cells.labels, total_obs, total_exp, share, strict=True))
    if n < min_n:
        return DealTest(name, title, observations, n, categories, None, 0, None,
                        note=note or f"{n} observations, fewer than {min_n}")
    statistic, df, groups, focus_at = 0.0, 0, [], None
    for obs, shares in zip(cells.observed, cells.shares, strict=True):
        size = int(obs.sum())
        held = shares > 0  # a table size's seats (the others cannot bring in)
        labels, o, s = _merge([x for x, k in zip(cells.labels, held, strict=True) if k],
                              obs[held].astype(float), shares[held], size)
        if len(labels) < 2:
            continue
        statistic += float(((o - size * s) ** 2 / (size * s)).sum())
        df += len(labels) - 1
        at = next(i for i, label in enumerate(labels) if focus in label.split(" + "))
        groups.append((size, s))
        focus_at = at if focus_at is None else focus_at
    if df == 0 or focus_at is None:
        return DealTest(name, title, observations, n, categories, None, 0, None,
                        note=note or "too few observations to compare")
    p = float(stats.chi2.sf(statistic, df))
    d = detectable_excess(groups, focus_at, df, alpha)
    return DealTest(name, title, observations, n, categories, statistic, df, p,
                    detectable=_excess_words(d, focus_words), note=note)


def _one_group(labels: Sequence[str], counts: Counter[str], shares: Sequence[float]
               ) -> _Cells:
    return _Cells(tuple(labels), (np.array([counts[label] for label in labels], float),),
                  (np.array(shares, float),))


# --- the tests -----------------------------------------------------------------------------


def starting_hands(hands: Sequence[DealHand], alpha: float) -> DealTest:
    starts = [h.hero_start for h in hands if h.hero_start is not None]
    counts = Counter(start_category(s) for s in starts)
    shares = [float(START_PROBABILITIES[c]) for c in START_CATEGORIES]
    return chi_square(
        "starting_hands", "the hero's starting hands",
        f"{len(starts):,} starts of the player whose downcards are logged (two downcards "
        "and the door card)", _one_group(START_CATEGORIES, counts, shares), "pair", "pairs",
        alpha)


def _doors(hands: Sequence[DealHand]) -> list[int]:
    return [d for h in hands for d in h.doors if d is not None]


def door_ranks(hands: Sequence[DealHand], alpha: float) -> DealTest:
    doors = _doors(hands)
    labels = [RANK_NAMES[r] for r in range(2, 15)]
    counts = Counter(RANK_NAMES[rank(d)] for d in doors)
    return chi_square("door_ranks", "door card ranks",
                      f"{len(doors):,} door cards, every player's", _one_group(
                          labels, counts, [1 / 13] * 13), "aces", "any one rank", alpha,
                      note="door cards of one hand are dealt without replacement, which "
                           "makes this test slightly conservative")


def door_suits(hands: Sequence[DealHand], alpha: float) -> DealTest:
    doors = _doors(hands)
    labels = ["clubs", "diamonds", "hearts", "spades"]
    counts = Counter(labels[suit(d)] for d in doors)
    return chi_square("door_suits", "door card suits", f"{len(doors):,} door cards",
                      _one_group(labels, counts, [0.25] * 4), "clubs", "any one suit", alpha)


def bring_in_seat(hands: Sequence[DealHand], alpha: float) -> DealTest:
    """Who must bring in, by seat in dealing order: every seat alike on a fair deal."""
    by_size: dict[int, Counter[int]] = {}
    for h in hands:
        if len(h.doors) < 2 or None in h.doors:
            continue
        doors = [d for d in h.doors if d is not None]
        first = max(range(len(doors)), key=lambda i: bring_in_key(doors[i], h.game.value))
        by_size.setdefault(len(doors), Counter())[first] += 1
    labels = tuple(f"seat {i + 1}" for i in range(max(by_size, default=2)))
    observed, shares = [], []
    for size, counts in sorted(by_size.items()):
        observed.append(np.array([counts[i] if i < size else 0 for i in range(len(labels))],
                                 float))
        shares.append(np.array([1 / size if i < size else 0.0 for i in range(len(labels))]))
    cells = _Cells(labels, tuple(observed), tuple(shares))
    return chi_square(
        "bring_in_seat", "the bring-in by seat",
        f"{cells.n:,} hands with every door card known; seat k is the k-th dealt-in player "
        "from the dealer's left, one table size at a time", cells, "seat 1",
        "bring-ins in one seat", alpha)


def door_neighbours(hands: Sequence[DealHand], alpha: float) -> DealTest:
    """Door cards of neighbouring seats (1-2, 3-4, ...): a badly shuffled deck, dealt round
    the table, leaves cards that were together still together."""
    counts: Counter[str] = Counter()
    for h in hands:
        for a, b in zip(h.doors[0::2], h.doors[1::2], strict=False):
            if a is None or b is None:
                continue
            counts["same rank" if a >> 2 == b >> 2 else "same suit" if a & 3 == b & 3
                   else "neither"] += 1
    shares = [float(NEIGHBOUR_PROBABILITIES[c]) for c in NEIGHBOUR_CLASSES]
    return chi_square("door_neighbours", "deck order: neighbouring door cards",
                      f"{sum(counts.values()):,} pairs of door cards of seats 1-2, 3-4, ...",
                      _one_group(NEIGHBOUR_CLASSES, counts, shares), "same suit",
                      "same-suit neighbours", alpha)


def repeated_starts(hands: Sequence[DealHand], alpha: float) -> DealTest:
    """The hero's start against his start in the previous hand at the same table: a deck
    not shuffled between hands deals the same cards again."""
    previous: dict[str, tuple[int, int, int]] = {}
    counts: Counter[str] = Counter()
    for h in hands:
        if h.hero_start is None:
            continue
        before = previous.get(h.table)
        if before is not None:
            shared = len(set(before) & set(h.hero_start))
            counts[SHARED_CLASSES[min(shared, 2)]] += 1
        previous[h.table] = h.hero_start
    shares = [float(SHARED_PROBABILITIES[c]) for c in SHARED_CLASSES]
    return chi_square("repeated_starts", "deck order: consecutive hands",
                      f"{sum(counts.values()):,} pairs of the hero's consecutive starts at "
                      "one table", _one_group(SHARED_CLASSES, counts, shares), "one shared",
                      "starts sharing a card with the previous one", alpha)


def later_upcards(hands: Sequence[DealHand], alpha: float) -> DealTest:
    """Ranks of 4th to 6th street upcards against the unseen cards of the moment."""
    observed = [0] * 13
    expected = [0.0] * 13
    for h in hands:
        seen = {d for d in h.doors if d is not None}
        if h.hero_start is not None:
            seen.update(h.hero_start[:2])
        ranks = [0] * 13  # seen cards per rank (rank index = card >> 2)
        for c in seen:
            ranks[c >> 2] += 1
        for street in range(1, 4):  # upcards[0] is the door card
            dealt = [up[street] for up in h.upcards if len(up) > street]
            if not dealt:
                break
            weight = len(dealt) / (52 - len(seen))
            for r in range(13):
                expected[r] += weight * (4 - ranks[r])
            for c in dealt:
                observed[c >> 2] += 1
                if c not in seen:
                    seen.add(c)
                    ranks[c >> 2] += 1
    n = sum(observed)
    shares = np.array(expected) / n if n else np.full(13, 1 / 13)
    cells = _Cells(tuple(RANK_NAMES[r] for r in range(2, 15)), (np.array(observed, float),),
                   (shares,))
    return chi_square(
        "later_upcards", "ranks of 4th-6th street upcards",
        f"{n:,} upcards of 4th to 6th street, each against the cards unseen when it was "
        "dealt", cells, "aces", "any one rank", alpha,
        note="only players still in receive them: who stays in depends on his hidden "
             "cards, which shifts the odds of his next card slightly (undetectable at "
             "ordinary sample sizes)")


def duplicates(hands: Sequence[DealHand]) -> DealTest:
    """A card shown twice in one hand: never on a real deck."""
    bad = sum(1 for h in hands if len(set(h.cards)) != len(h.cards))
    return DealTest("duplicate_cards", "duplicate cards", f"{len(hands):,} hands",
                    len(hands), (Category("hands with a card seen twice", bad, 0.0, 0.0),),
                    None, 0, 0.0 if bad else 1.0,
                    detectable="any card seen twice" if hands else "",
                    note="one is proof of a broken deck or a corrupt history")


def all_tests(hands: Sequence[DealHand], alpha: float) -> Iterator[DealTest]:
    """Each test; ``alpha`` here is the level the power statements are made at."""
    yield starting_hands(hands, alpha)
    yield door_ranks(hands, alpha)
    yield door_suits(hands, alpha)
    yield bring_in_seat(hands, alpha)
    yield door_neighbours(hands, alpha)
    yield repeated_starts(hands, alpha)
    yield later_upcards(hands, alpha)
    yield duplicates(hands)

