"""Eight-or-better and razz lows: against brute force over every five-card subset, known lows."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_hh.cards import low_rank, parse_cards, str_cards
from stud_hh.evaluate import (
    low8_five,
    low8_value,
    low_description,
    low_ranks,
    razz_five,
    razz_value,
)

hands = st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True)


def reference_low8(cards: list[int]) -> tuple[int, ...] | None:
    """Five distinct ranks of eight or lower, compared from the highest down; None if none."""
    lows = [
        tuple(sorted((low_rank(c) for c in five), reverse=True))
        for five in itertools.combinations(cards, 5)
    ]
    qualifying = [lo for lo in lows if len(set(lo)) == 5 and lo[0] <= 8]
    return min(qualifying) if qualifying else None


def _razz5(five: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    counts = Counter(low_rank(c) for c in five)
    shape = sorted(counts.values(), reverse=True)
    category = {
        (1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5,
    }[tuple(shape)]
    grouped = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return category, tuple(r for r, n in grouped for _ in range(n))


def reference_razz(cards: list[int]) -> tuple[int, tuple[int, ...]]:
    return min(_razz5(five) for five in itertools.combinations(cards, 5))


@settings(max_examples=400, deadline=None)
@given(hands, hands)
def test_low8_agrees_with_brute_force(a: list[int], b: list[int]) -> None:
    ra, rb = reference_low8(a), reference_low8(b)
    va, vb = low8_value(a), low8_value(b)
    assert (va is None) == (ra is None) and (vb is None) == (rb is None)
    if va is not None and vb is not None:
        assert (va < vb) == (ra < rb) and (va == vb) == (ra == rb)  # type: ignore[operator]
        assert low_ranks(va) == ra


@settings(max_examples=400, deadline=None)
@given(hands, hands)
def test_razz_agrees_with_brute_force(a: list[int], b: list[int]) -> None:
    ra, rb = reference_razz(a), reference_razz(b)
    va, vb = razz_value(a), razz_value(b)
    assert (va < vb) == (ra < rb) and (va == vb) == (ra == rb)
    assert va >> 20 == ra[0] and low_ranks(va) == ra[1]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=0, max_size=7, unique=True))
def test_low_qualifies_iff_five_distinct_ranks_eight_or_lower(cards: list[int]) -> None:
    distinct_low = {low_rank(c) for c in cards if low_rank(c) <= 8}
    assert (low8_value(cards) is not None) == (len(distinct_low) >= 5)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True),
       st.randoms(use_true_random=False))
def test_lows_ignore_order_and_improve_with_cards(cards: list[int], rnd: random.Random) -> None:
    shuffled = cards.copy()
    rnd.shuffle(shuffled)
    assert razz_value(shuffled) == razz_value(cards)
    assert low8_value(shuffled) == low8_value(cards)
    razz = [razz_value(cards[:n]) for n in range(5, 8)]
    assert razz == sorted(razz, reverse=True)
    low8 = [v for v in (low8_value(cards[:n]) for n in range(5, 8)) if v is not None]
    assert low8 == sorted(low8, reverse=True)


@settings(max_examples=300, deadline=None)
@given(hands)
def test_the_five_low_cards_are_held_and_make_the_value(cards: list[int]) -> None:
    five = razz_five(cards)
    assert len(five) == 5 and set(five) <= set(cards) and razz_value(five) == razz_value(cards)
    five8 = low8_five(cards)
    if five8 is None:
        assert low8_value(cards) is None
    else:
        assert set(five8) <= set(cards) and low8_value(five8) == low8_value(cards)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("5h 4h 3h 2h Ah", "6c 4d 3h 2s Ac"),  # the wheel, suited, is the best low
        ("6c 4d 3h 2s Ac", "6c 5d 3h 2s Ac"),  # Stars: 6,4,3,2,A beat 6,5,3,2,A
        ("6c 5d 3h 2s Ac", "7c 5d 3h 2s Ac"),
        ("8c 6d 4h 3s 2c", "8c 7d 4h 3s 2c"),  # compare from the highest card down
        ("8c 7d 5h 4s 2c", "8c 7d 6h 2s Ac"),
    ],
)
def test_known_low_orderings(better: str, worse: str) -> None:
    b, w = low8_value(parse_cards(better)), low8_value(parse_cards(worse))
    assert b is not None and w is not None and b < w
    assert razz_value(parse_cards(better)) < razz_value(parse_cards(worse))


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("2d 4s 9d 7c Ts 5s Tc", "6h 8h 3d Ad Ac Kh 8c"),  # Stars: 9,7,5,4,2 beat K,8,6,3,A
        ("Kc Qd Jh Ts 9c", "Ac Ad 2h 3s 4c"),  # any no-pair beats a pair
        ("Ac Ad 2h 3s 4c", "Ac Ad 2h 2s 3c"),  # a pair beats two pair
        ("Ac Ad 2h 3s Kc", "2c 2d Ah 3s 4c"),  # pair of aces is the lowest pair
        ("Kc Kd Ks 2h 2c", "Kc Kd Ks Kh 2c"),
    ],
)
def test_known_razz_orderings(better: str, worse: str) -> None:
    assert razz_value(parse_cards(better)) < razz_value(parse_cards(worse))


@pytest.mark.parametrize(
    ("text", "low8", "razz"),
    [
        ("7h 2h 4c Jc 5h 7s 8c", "8,7,5,4,2", "8,7,5,4,2"),
        ("7c 3s 5h Qc Kc 6d 4d", "7,6,5,4,3", "7,6,5,4,3"),
        ("Ac Qd 6s 7h 2h 3h 4c", "6,4,3,2,A", "6,4,3,2,A"),
        ("6h 8h 3d Ad Ac Kh 8c", None, "K,8,6,3,A"),
        ("2d 4s 9d 7c Ts 5s Tc", None, "9,7,5,4,2"),
        ("3d 3s 5h 4h", None, "3,3,5,4"),
        ("Ac Ad Ah 2c 2d 3s 3h", None, "2,2,A,A,3"),
        ("Th Tc 9d Js", None, "T,T,J,9"),
    ],
)
def test_low_descriptions(text: str, low8: str | None, razz: str) -> None:
    cards = parse_cards(text)
    v8 = low8_value(cards)
    assert (None if v8 is None else low_description(v8)) == low8
    assert low_description(razz_value(cards)) == razz


def test_straights_and_flushes_do_not_spoil_a_low() -> None:
    assert low8_value(parse_cards("5h 4h 3h 2h Ah")) == low8_value(parse_cards("5c 4d 3h 2s Ac"))
    assert str_cards(razz_five(parse_cards("Ks 5h 4h 3h 2h Ah Qd"))) == "5h 4h 3h 2h Ah"


def test_nine_low_does_not_qualify_but_is_a_razz_low() -> None:
    cards = parse_cards("9c 7d 5h 3s 2c Kd Kh")
    assert low8_value(cards) is None
    assert low_description(razz_value(cards)) == "9,7,5,3,2"
