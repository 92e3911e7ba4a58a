"""Exhaustive checks: every seven-card rank multiset (default run) and every hand (slow)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from test_evaluate_high import reference_high
from test_evaluate_low import reference_low8, reference_razz

from stud_hh.evaluate import high_value, low8_value, razz_value

pytestmark = pytest.mark.slow  # exhaustive: CI's slow step


def rank_multisets(size: int) -> list[list[int]]:
    """One hand per multiset of ``size`` ranks, suits dealt in rotation so none is a flush."""
    hands = []
    for ranks in itertools.combinations_with_replacement(range(13), size):
        if max(Counter(ranks).values()) <= 4:
            hands.append([r * 4 + i % 4 for i, r in enumerate(ranks)])
    return hands


SEVEN = rank_multisets(7)


def _same_order(pairs: set[tuple[object, object]], reverse_second: bool = False) -> bool:
    """True when sorting by the first element sorts strictly by the second as well."""
    ordered = sorted(pairs)
    if reverse_second:
        return all(a[0] < b[0] and a[1] > b[1] for a, b in itertools.pairwise(ordered))
    return all(a[0] < b[0] and a[1] < b[1] for a, b in itertools.pairwise(ordered))


def test_every_rank_multiset_high() -> None:
    assert len(SEVEN) == 49_205
    pairs = {(high_value(h), reference_high(h)) for h in SEVEN}
    assert _same_order(pairs)  # type: ignore[arg-type]
    # Without flushes: every straight, quads, full house, trips, two pair, pair, no pair.
    assert len(pairs) == 4824 - 10 - 1277


def test_every_rank_multiset_lows() -> None:
    low8 = {(low8_value(h), reference_low8(h)) for h in SEVEN}
    assert {v is None for v, _ in low8} == {True, False}
    assert all((v is None) == (r is None) for v, r in low8)
    assert _same_order({p for p in low8 if p[0] is not None})  # type: ignore[arg-type]
    assert len(low8) == 56 + 1  # C(8, 5) eight-or-better lows, and no low
    razz = {(razz_value(h), reference_razz(h)) for h in SEVEN}
    assert _same_order(razz)  # type: ignore[arg-type]


# Seven-card category totals over all C(52, 7) hands, and distinct hand classes per category.
CATEGORY_TOTALS = [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644,
                   3_473_184, 224_848, 41_584]
CATEGORY_CLASSES = [407, 1470, 763, 575, 10, 1277, 156, 156, 10]


@pytest.mark.slow
def test_all_133784560_seven_card_hands() -> None:
    """Every seven-card hand: category totals and the 4,824 distinct classes (minutes)."""
    counts: Counter[int] = Counter(map(high_value, itertools.combinations(range(52), 7)))
    assert sum(counts.values()) == 133_784_560
    totals, classes = [0] * 9, [0] * 9
    for value, n in counts.items():
        totals[value >> 20] += n
        classes[value >> 20] += 1
    assert totals == CATEGORY_TOTALS
    assert classes == CATEGORY_CLASSES
