"""High-hand evaluator: against an independent brute-force reference, eval7, and known hands."""

from __future__ import annotations

import itertools
import random
import warnings
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_hh.cards import parse_cards, str_cards
from stud_hh.evaluate import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    high_category,
    high_five,
    high_hand,
    high_ranks,
    high_value,
)

# --- an independent, obviously-correct reference: score every five-card subset -------------


def _ref5(five: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks) of exactly five cards, written the textbook way."""
    ranks = sorted(((c >> 2) + 2 for c in five), reverse=True)
    counts = Counter(ranks)
    flush = len({c & 3 for c in five}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_top = 0
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        straight_top = distinct[0]
    elif distinct == [14, 5, 4, 3, 2]:
        straight_top = 5
    grouped = tuple(r for r, _ in sorted(counts.items(), key=lambda rc: (rc[1], rc[0]),
                                         reverse=True))
    shape = sorted(counts.values(), reverse=True)
    if straight_top and flush:
        return STRAIGHT_FLUSH, (straight_top,)
    if shape[0] == 4:
        return QUADS, grouped
    if shape == [3, 2]:
        return FULL_HOUSE, grouped
    if flush:
        return FLUSH, tuple(ranks)
    if straight_top:
        return STRAIGHT, (straight_top,)
    if shape[0] == 3:
        return TRIPS, grouped
    if shape[:2] == [2, 2]:
        return TWO_PAIR, grouped
    if shape[0] == 2:
        return PAIR, grouped
    return HIGH_CARD, tuple(ranks)


def reference_high(cards: list[int]) -> tuple[int, tuple[int, ...]]:
    return max(_ref5(five) for five in itertools.combinations(cards, 5))


hands7 = st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True)
hands5to7 = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


@settings(max_examples=400, deadline=None)
@given(hands5to7, hands5to7)
def test_order_and_category_agree_with_brute_force(a: list[int], b: list[int]) -> None:
    ra, rb = reference_high(a), reference_high(b)
    va, vb = high_value(a), high_value(b)
    assert high_category(va) == ra[0]
    assert high_category(vb) == rb[0]
    assert (va > vb) == (ra > rb)
    assert (va == vb) == (ra == rb)


@settings(max_examples=300, deadline=None)
@given(hands7, st.randoms(use_true_random=False))
def test_permutation_invariance(cards: list[int], rnd: random.Random) -> None:
    shuffled = cards.copy()
    rnd.shuffle(shuffled)
    assert high_value(shuffled) == high_value(cards)
    assert high_hand(tuple(shuffled)) == high_hand(cards)


@settings(max_examples=300, deadline=None)
@given(hands7)
def test_more_cards_never_hurt(cards: list[int]) -> None:
    values = [high_value(cards[:n]) for n in range(1, 8)]
    assert values == sorted(values)


@settings(max_examples=300, deadline=None)
@given(hands5to7)
def test_the_five_cards_are_held_and_make_the_value(cards: list[int]) -> None:
    hand = high_hand(cards)
    assert len(hand.five) == 5 and set(hand.five) <= set(cards)
    assert high_value(hand.five) == hand.value == high_value(cards)
    assert tuple((c >> 2) + 2 for c in hand.five) == high_ranks(hand.value)
    assert high_five(cards) == hand.five


@pytest.mark.parametrize(
    ("text", "category", "description"),
    [
        ("As Ks Qs Js Ts 2c 3d", STRAIGHT_FLUSH, "a Royal Flush"),
        ("9h 8h 7h 6h 5h Ah Kh", STRAIGHT_FLUSH, "a straight flush, Five to Nine"),
        ("Ad 2d 3d 4d 5d 6c Kd", STRAIGHT_FLUSH, "a straight flush, Ace to Five"),
        ("9c 9d 9h 9s Ac Ad Ah", QUADS, "four of a kind, Nines"),
        ("9c 9d 9h 7s 7c 7d 2h", FULL_HOUSE, "a full house, Nines full of Sevens"),
        ("5h 5c 2s As 5d Ah 4d", FULL_HOUSE, "a full house, Fives full of Aces"),
        ("Qs 3s Js 6s Ad 4s 2s", FLUSH, "a flush, Queen high"),
        ("7c 3s 5h Qc Kc 6d 4d", STRAIGHT, "a straight, Three to Seven"),
        ("Ac 2d 3h 4s 5c Kd Kh", STRAIGHT, "a straight, Ace to Five"),
        ("Jc 2h Qd Ad 5h Td Ks", STRAIGHT, "a straight, Ten to Ace"),
        ("2c 3d 4h 5s 6c Kd Qh", STRAIGHT, "a straight, Deuce to Six"),
        ("6h Ah 5d 4d 3h 5s 5c", TRIPS, "three of a kind, Fives"),
        ("7s Qs 6c 7h 3s Qh", TWO_PAIR, "two pair, Queens and Sevens"),
        ("Qd Ad 2s As 2h 8d 6c", TWO_PAIR, "two pair, Aces and Deuces"),
        ("As Ac 2c 4d Jh 7c 3c", PAIR, "a pair of Aces"),
        ("4c 6d Ts 5c 6h Jh 9c", PAIR, "a pair of Sixes"),
        ("As 8s 6h 3s Jh Tc Qs", HIGH_CARD, "high card Ace"),
        ("3d 3s 5h 4h", PAIR, "a pair of Threes"),
    ],
)
def test_known_hands(text: str, category: int, description: str) -> None:
    hand = high_hand(parse_cards(text))
    assert (hand.category, hand.description) == (category, description)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("2c 3c 4c 5c 6c", "Ac Ad Ah As Kc"),  # the lowest straight flush beats quads
        ("Ac 2d 3h 4s 5c", "Kc Kd Kh Qs Jc"),  # the wheel beats trips
        ("2c 3d 4h 5s 6c", "Ac 2d 3h 4s 5c"),  # six-high straight beats the wheel
        ("Ac Ad Kh Ks 3c", "Ac Ad Qh Qs Kc"),  # higher second pair beats a better kicker
        ("Ac Ad Kh Ks 3c", "Ac Ad Kh Ks 2c"),  # two pair: the kicker decides
        ("3c 3d 3h 2s 2c", "Ac Ad Kh Qs Jc"),
        ("7c 7d 7h 2s 2c", "6c 6d 6h As Ac"),  # full house: the trips decide first
        ("Ac Kc Qc Jc 9c", "Ad Kd Qd Jd 8d"),  # flush compared card by card
    ],
)
def test_known_orderings(better: str, worse: str) -> None:
    assert high_value(parse_cards(better)) > high_value(parse_cards(worse))


def test_suits_never_decide() -> None:
    assert high_value(parse_cards("Ac Kd Qh Js 9c")) == high_value(parse_cards("As Kh Qd Jc 9s"))


def test_kicker_held_twice_uses_the_highest_suit() -> None:
    hand = high_hand(parse_cards("Ac Ad Kc Kd Qc Qs 2h"))
    assert str_cards(hand.five) == "Ad Ac Kd Kc Qs"


def test_flush_five_come_from_the_flush_suit() -> None:
    hand = high_hand(parse_cards("Ah 9h 7h 4h 2h As Ac"))
    assert hand.category == FLUSH and str_cards(hand.five) == "Ah 9h 7h 4h 2h"


def test_impossible_input_is_refused() -> None:
    with pytest.raises(ValueError, match="at most 7"):
        high_hand(list(range(8)))
    with pytest.raises(ValueError, match="not distinct"):
        high_hand([4, 4, 9])


# --- eval7 (C) on a million random seven-card hands ------------------------------------------

EVAL7_HANDS = 1_000_000


def _random_hands(n: int, seed: int) -> list[list[int]]:
    """``n`` random seven-card hands, generated in bulk (random.sample would take seconds)."""
    rng = np.random.default_rng(seed)
    rows = rng.integers(0, 52, size=(int(n * 1.7) + 1000, 7), dtype=np.int8)
    s = np.sort(rows, axis=1)
    rows = rows[(s[:, 1:] != s[:, :-1]).all(axis=1)][:n]
    assert len(rows) == n
    return rows.tolist()


@pytest.mark.slow  # over ~5 s: run by CI's slow step
def test_ordering_agrees_with_eval7_on_a_million_hands() -> None:
    """The map from our value to eval7's must be strictly increasing: same order, same ties."""
    with warnings.catch_warnings():  # eval7 still calls deprecated pyparsing names
        warnings.simplefilter("ignore", DeprecationWarning)
        import eval7

    cards7 = [eval7.Card(str_cards([c])) for c in range(52)]
    evaluate = eval7.evaluate
    pairs: set[tuple[int, int]] = set()
    for chunk in range(5):
        hands = _random_hands(EVAL7_HANDS // 5, seed=chunk)
        ours = map(high_value, hands)
        theirs = (evaluate([cards7[c] for c in h]) for h in hands)
        pairs.update(zip(ours, theirs, strict=True))
    ordered = sorted(pairs)
    assert all(a[0] < b[0] and a[1] < b[1] for a, b in itertools.pairwise(ordered))
    # Every category shows up, and the bulk of the distinct classes do.
    assert {v >> 20 for v, _ in ordered} == set(range(9))
    assert len(ordered) > 4000
