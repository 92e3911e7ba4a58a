"""High hands: the best five of up to seven cards, as a number and as PokerStars words.

>>> from stud_hh.cards import parse_cards, str_cards
>>> high_hand(parse_cards("5h 5c 2s As 5d Ah 4d")).description
'a full house, Fives full of Aces'
>>> high_value(parse_cards("As Ks Qs Js Ts 2c 3d")) > high_value(parse_cards("9c 9d 9h 9s Ac"))
True
>>> str_cards(high_hand(parse_cards("7c 3s 5h Qc Kc 6d 4d")).five)
'7c 6d 5h 4d 3s'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple, TypeVar

from stud_hh.cards import RANK_NAMES, RANK_PLURALS
from stud_hh.evaluate import _tables as T
from stud_hh.evaluate._tables import (
    FLUSH,
    FULL_HOUSE,
    HIGH_CARD,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
)

CATEGORY_NAMES = (
    "high card", "one pair", "two pair", "three of a kind", "straight", "flush",
    "full house", "four of a kind", "straight flush",
)
"""Category number (``value >> 20``) -> plain name, for stats and messages."""

_R = TypeVar("_R")
_weight = T.WEIGHT.__getitem__
_FLUSH_SUIT = T.FLUSH_SUIT
_HIGH = T.HIGH
_FLUSH_HIGH = T.FLUSH_HIGH
_OFFSET = T.LOW_OFFSET
_INDEX = T.HIGH_INDEX
assert (T.SUIT_MASK, T.LOW_SHIFT, T.LOW_MASK, T.HIGH_SHIFT) == (0xFFF, 12, 0x1FFFF, 29)  # inlined


class HighHand(NamedTuple):
    """A high hand: ``value`` orders hands (greater wins, equal splits)."""

    category: int
    value: int
    five: tuple[int, ...]
    description: str


def high_value(cards: Sequence[int]) -> int:
    """Value of the best five-card high hand among ``cards``; greater is better.

    ``cards``: a sequence of 0..7 distinct card ints. Not checked here, for speed (more
    cards or repeats give a meaningless value); :func:`high_hand` checks.

    The value is ``category << 20`` plus the five playing ranks, so equal values are exactly
    the hands that split a pot (suits never decide).
    """
    key = sum(map(_weight, cards))
    try:
        value = _HIGH[_OFFSET[(key >> 12) & 0x1FFFF] + _INDEX[key >> 29]]
    except IndexError:
        return _rebuild_and(high_value, cards)
    suit = _FLUSH_SUIT[key & 0xFFF]
    if suit < 0:
        return value
    mask = 0
    for c in cards:
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    flush = _FLUSH_HIGH[mask]
    return flush if flush > value else value


def _rebuild_and(fn: Callable[[Sequence[int]], _R], cards: Sequence[int]) -> _R:
    """First call: build the tables, then answer; a later miss means impossible input."""
    if T.HIGH:
        check_cards(cards)
        raise ValueError(f"cannot evaluate {list(cards)}")  # pragma: no cover
    T.build()
    return fn(cards)


def check_cards(cards: Sequence[int]) -> None:
    """Refuse what the fast evaluators silently misvalue: more than 7 cards, repeats."""
    cards = list(cards)
    if len(cards) > T.MAX_CARDS:
        raise ValueError(f"at most {T.MAX_CARDS} cards are evaluated, got {len(cards)}")
    if any(not 0 <= c < 52 for c in cards) or len(set(cards)) != len(cards):
        raise ValueError(f"not distinct cards 0..51: {cards}")


def high_category(value: int) -> int:
    """The category (``HIGH_CARD`` .. ``STRAIGHT_FLUSH``) of a high value."""
    return value >> 20


def high_ranks(value: int) -> tuple[int, ...]:
    """The playing ranks (2..14) of a high value, in comparison order."""
    return T.unpack(value)[1]


def high_five(cards: Sequence[int]) -> tuple[int, ...]:
    """The cards of the best five-card high hand, in comparison order.

    Where a rank could be taken from several suits (a kicker held twice), the highest suit
    is used: the choice never changes the value, only the TDA odd-chip card.
    """
    return _five(cards, high_value(cards))


def _five(cards: Sequence[int], value: int) -> tuple[int, ...]:
    category, ranks = T.unpack(value)
    pool = sorted(cards, reverse=True)  # highest suit first within a rank
    if category in (FLUSH, STRAIGHT_FLUSH):
        key = sum(map(_weight, cards))
        suit = _FLUSH_SUIT[key & 0xFFF]
        pool = [c for c in pool if c & 3 == suit]
    five: list[int] = []
    for r in ranks:
        c = next(c for c in pool if (c >> 2) + 2 == r)
        pool.remove(c)
        five.append(c)
    return tuple(five)


def high_description(value: int) -> str:
    """PokerStars' words for a high value, as printed in ``shows [...] (...)`` lines."""
    category, ranks = T.unpack(value)
    if not ranks:
        return "no hand"
    top = ranks[0]
    if category == STRAIGHT_FLUSH:
        if top == 14:
            return "a Royal Flush"
        return f"a straight flush, {_straight_words(top)}"
    if category == QUADS:
        return f"four of a kind, {RANK_PLURALS[top]}"
    if category == FULL_HOUSE:
        return f"a full house, {RANK_PLURALS[top]} full of {RANK_PLURALS[ranks[3]]}"
    if category == FLUSH:
        return f"a flush, {RANK_NAMES[top]} high"
    if category == STRAIGHT:
        return f"a straight, {_straight_words(top)}"
    if category == TRIPS:
        return f"three of a kind, {RANK_PLURALS[top]}"
    if category == TWO_PAIR:
        return f"two pair, {RANK_PLURALS[top]} and {RANK_PLURALS[ranks[2]]}"
    if category == PAIR:
        return f"a pair of {RANK_PLURALS[top]}"
    assert category == HIGH_CARD
    return f"high card {RANK_NAMES[top]}"


def _straight_words(top: int) -> str:
    low = 14 if top == 5 else top - 4
    return f"{RANK_NAMES[low]} to {RANK_NAMES[top]}"


def high_hand(cards: Sequence[int]) -> HighHand:
    """Everything about a high hand: category, value, the five cards and the description.

    Unlike the bare :func:`high_value`, this checks its input (``ValueError``).
    """
    check_cards(cards)
    value = high_value(cards)
    return HighHand(value >> 20, value, _five(cards, value), high_description(value))
