"""Forced decisions: bring-in card, first actor on a board, suit tie-breaks, odd-chip card."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_hh.cards import card, low_rank, parse_cards
from stud_hh.evaluate import (
    bring_in_key,
    odd_chip_key,
    showing_description,
    showing_high_key,
    showing_low_key,
    showing_suit_key,
)


def _first(keyed: dict[str, int]) -> str:
    """The board (or card) whose key is greatest: the one that acts (or brings in)."""
    return max(keyed, key=keyed.__getitem__)


def _high(board: str) -> int:
    return showing_high_key(parse_cards(board))


def _low(board: str) -> int:
    return showing_low_key(parse_cards(board))


def test_rule_book_example_trips_beat_pair_beat_high_cards() -> None:
    assert _high("3c 3d 3h") > _high("7c 7d 8h") > _high("Ac Kd Qh")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("2c 2d 2h 2s", "Ac Ad Ah Ks"),  # quads over trips
        ("3c 3d 2h 2s", "Ac Ad Kh Qs"),  # two pair over one pair
        ("7c 7d Kh", "7h 7s Qc"),  # same pair: the kicker
        ("Ac 3d", "Kc Qd"),
        ("Ac Kd 4h", "Ac Kd 3h"),
        ("2h 5d", "2c"),  # more cards shown: only compared like with like, but consistent
        ("Ac 3d 4s 6h", "2h 5h 7h 9h"),  # four to a flush counts for nothing
        ("Ac Ad 2c 3d 4h", "5c 6d 7h 8s 9c"),  # nor does a straight (community-card board)
        ("9c 9d 9h 8s 8c", "Ac Ad Ah Kc Qd"),  # five upcards: a full house shows
    ],
)
def test_showing_high_order(first: str, second: str) -> None:
    assert _high(first) > _high(second)


def test_showing_high_ignores_suits() -> None:
    assert _high("7c 7d Kh") == _high("7h 7s Kc")


def _board_reference(ranks: list[int]) -> tuple[int, tuple[int, ...]]:
    """(category, ranks matched first then from the highest): how a board is read aloud."""
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    # quads 4, trips 3, two pair 2, pair 1, nothing 0
    category = shape[0] if shape[0] >= 3 else 2 if shape[:2] == [2, 2] else shape[0] - 1
    grouped = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    return category, tuple(r for r, n in grouped for _ in range(n))


same_size_boards = st.integers(1, 4).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True),
    st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)))


@settings(max_examples=300, deadline=None)
@given(same_size_boards)
def test_showing_high_agrees_with_a_reference(boards: tuple[list[int], list[int]]) -> None:
    a, b = boards
    ra = _board_reference([(c >> 2) + 2 for c in a])
    rb = _board_reference([(c >> 2) + 2 for c in b])
    ka, kb = showing_high_key(a), showing_high_key(b)
    assert (ka > kb) == (ra > rb) and (ka == kb) == (ra == rb)


@settings(max_examples=300, deadline=None)
@given(same_size_boards)
def test_showing_low_agrees_with_a_reference(boards: tuple[list[int], list[int]]) -> None:
    """Razz: the lower board (ace low, pairs bad) has the greater key."""
    a, b = boards
    ra = _board_reference([low_rank(c) for c in a])
    rb = _board_reference([low_rank(c) for c in b])
    ka, kb = showing_low_key(a), showing_low_key(b)
    assert (ka > kb) == (ra < rb) and (ka == kb) == (ra == rb)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("7c 4d 2h", "8c 3d 2h"),  # the highest card compares first
        ("Ac 2d 3h", "2c 3d 4h"),  # the ace is low
        ("Ac Kd", "2c Kd"),
        ("8c 7d 6h", "2c 2d 3h"),  # a pair is bad
        ("Kc Qd", "Ac Ad"),
        ("2c 2d 3h 3s", "Kc Kd Ks 2h"),
    ],
)
def test_razz_lowest_board_acts_first(first: str, second: str) -> None:
    assert _low(first) > _low(second)


@pytest.mark.parametrize(
    ("game", "upcards", "brings_in"),
    [
        ("stud", "2d 2c 3s", "2c"),  # the deuce of clubs is the lowest card
        ("stud", "3h 2s 4c", "2s"),
        ("stud", "Ac Kd", "Kd"),  # the ace is high for the bring-in
        ("stud8", "Ac 2h 2d", "2d"),
        ("razz", "Ks Kh Qc", "Ks"),  # king highest; suit breaks the tie, highest suit
        ("razz", "Kc As", "Kc"),  # the ace is the lowest card in razz
        ("razz", "Ac 2c", "2c"),
        ("razz", "8c 8d 7s", "8d"),
    ],
)
def test_bring_in(game: str, upcards: str, brings_in: str) -> None:
    keyed = {c: bring_in_key(card(c), game) for c in upcards.split()}
    assert _first(keyed) == brings_in


def test_bring_in_keys_are_distinct_over_the_deck() -> None:
    for game in ("stud", "stud8", "razz"):
        assert len({bring_in_key(c, game) for c in range(52)}) == 52
    assert max(range(52), key=lambda c: bring_in_key(c, "stud")) == card("2c")
    assert max(range(52), key=lambda c: bring_in_key(c, "razz")) == card("Ks")
    assert min(range(52), key=lambda c: bring_in_key(c, "razz")) == card("Ac")


def test_suit_tie_break_on_equal_boards() -> None:
    boards = {"spades": parse_cards("Ks 7c 7d"), "hearts": parse_cards("Kh 7h 7s")}
    assert showing_high_key(boards["spades"]) == showing_high_key(boards["hearts"])
    assert _first({k: showing_suit_key(b) for k, b in boards.items()}) == "spades"
    razz = {"a": parse_cards("7h 4c 2c"), "b": parse_cards("7s 4d 2d")}
    assert _first({k: showing_suit_key(b, "razz") for k, b in razz.items()}) == "b"
    # In razz the ace is the lowest card, so the three is the highest of A-2-3.
    razz_aces = {"a": parse_cards("As 2c 3c"), "b": parse_cards("Ac 2d 3d")}
    assert _first({k: showing_suit_key(b, "razz") for k, b in razz_aces.items()}) == "b"


def test_odd_chip_goes_to_the_highest_card_by_suit() -> None:
    hands = {"a": parse_cards("As Kd Qh Jc 9c"), "b": parse_cards("Ah Ks Qd Js 9s")}
    assert _first({k: odd_chip_key(h) for k, h in hands.items()}) == "a"
    lows = {"a": parse_cards("5c 4c 3c 2c As"), "b": parse_cards("5d 4d 3d 2d Ac")}
    assert _first({k: odd_chip_key(h) for k, h in lows.items()}) == "a"
    assert _first({k: odd_chip_key(h, ace_low=True) for k, h in lows.items()}) == "b"


@pytest.mark.parametrize(
    ("board", "game", "text"),
    [
        ("Jc Jd 4h", "stud", "a pair of Jacks"),
        ("Jc Jd 4h 4c", "stud8", "two pair, Jacks and Fours"),
        ("Ac Kd", "stud", "high card Ace"),
        ("2c 7d 4h", "razz", "7,4,2 low"),
    ],
)
def test_showing_description(board: str, game: str, text: str) -> None:
    assert showing_description(parse_cards(board), game) == text
