"""Cheap hand-strength estimates for the simulated players' decisions (not the evaluator).

Why not ``stud_hh.evaluate``: a decision needs a rough "how good is this, 0..1" for the
player's own cards *and* for what each opponent shows, hundreds of times per hand, and
only the order of magnitude matters. Rank and suit counts give that in a few
microseconds; the evaluator stays the single authority on who wins (the engine uses it).

Scale (stud high): high card ~0.1, a pair 0.25-0.45, two pair 0.52-0.64, trips 0.70-0.78,
straight 0.82, flush 0.87, full house 0.93, quads 0.98; draws to a flush or straight count
as a medium pair while cards are to come. Razz: a made low scores by its top card
(5-low 1.0, 8-low 0.76, king-low 0.36); a draw by its share of distinct low cards.
Eight-or-better takes the better of its high and low prospects, plus a bonus when it has
both (a scoop chance).

>>> from stud_hh.cards import parse_cards
>>> from stud_hh.events import Game
>>> two_pair, one_pair = parse_cards("Ah Ad Kc Ks 2d"), parse_cards("Ah Ad Kc 7s 2d")
>>> strength(Game.STUD, two_pair) > strength(Game.STUD, one_pair)
True
>>> wheel, rough = parse_cards("Ah 2d 3c 4s 5d"), parse_cards("Kh Qd 3c 4s 5d")
>>> strength(Game.RAZZ, wheel) > strength(Game.RAZZ, rough)
True
>>> kings_up, queens = parse_cards("Kh Kd"), parse_cards("2c 7d Qh Qs")
>>> board_strength(Game.STUD, kings_up) > strength(Game.STUD, queens)
True
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from math import comb

from stud_hh.events import Game

__all__ = [
    "FLUSH_CLASS",
    "MEMO_LIMIT",
    "RANK_KEY",
    "SUIT_KEY",
    "board_memo",
    "board_strength",
    "board_strength_keyed",
    "high_strength",
    "high_strength_keyed",
    "own_memo",
    "strength",
    "strength_keyed",
]


#: the 3-bit rank fields of a rank key: bit 0 of each field, and the ace's field
_FIELDS = sum(1 << 3 * rank for rank in range(13))
_ACE_FIELD = 1 << 36


def high_strength(cards: tuple[int, ...] | list[int], board_only: bool = False) -> float:
    """0..1 estimate of a high hand; ``board_only`` counts just pairs/trips/quads and tops.

    Reads the cards' rank key and longest suit (``high_strength_keyed``).
    """
    key = 0
    suits = [0, 0, 0, 0]
    for c in cards:
        key += RANK_KEY[c]
        suits[c & 3] += 1
    return high_strength_keyed(key, max(suits), len(cards), board_only)


def high_strength_keyed(key: int, top_suit: int, n_cards: int, board_only: bool = False) -> float:
    """``high_strength`` of ``n_cards`` cards whose ``RANK_KEY`` sum is ``key`` and whose
    longest suit has ``top_suit`` cards.

    Why a rank key: a decision runs this for every player on every street, so the rank
    counts arrive as one integer (a 3-bit count per rank) and the masks of ranks held at
    least once, twice and three times are read off its bits: no loop, no sorting. Masks
    keep a rank in the lowest bit of its 3-bit field (rank r at bit 3r).
    """
    b0 = key & _FIELDS
    b1 = (key >> 1) & _FIELDS
    if (key >> 2) & _FIELDS:  # a count of four
        return 0.98
    thrice = b0 & b1
    pairs = b1 & ~thrice
    if thrice and (pairs or thrice & (thrice - 1)):
        return 0.93
    once = b0 | b1
    if not board_only:
        if top_suit >= 5:
            return 0.87
        if n_cards >= 5:
            m = (once << 3) | (1 if once & _ACE_FIELD else 0)  # the ace plays low too
            if m & (m >> 3) & (m >> 6) & (m >> 9) & (m >> 12):
                return 0.82
    if thrice:
        return 0.70 + 0.08 * ((thrice.bit_length() - 1) // 3) / 12
    if pairs:
        if pairs & (pairs - 1):
            value = 0.52 + 0.12 * ((pairs.bit_length() - 1) // 3) / 12
        else:
            value = 0.25 + 0.20 * ((pairs.bit_length() - 1) // 3) / 12
    else:
        value = 0.02 + 0.10 * ((once.bit_length() - 1) // 3) / 12
    if not board_only and n_cards < 7:
        if top_suit == 4:
            return value if value > 0.45 else 0.45
        if n_cards >= 4:
            a = (once << 3) | (1 if once & _ACE_FIELD else 0)
            b, c, d, e = a >> 3, a >> 6, a >> 9, a >> 12
            if (a & b & c & d) | (a & b & c & e) | (a & b & d & e) | (a & c & d & e) | (
                b & c & d & e
            ):
                return value if value > 0.38 else 0.38
    return value


def low_strength(cards: tuple[int, ...] | list[int], qualifier: int = 13) -> float:
    """0..1 estimate of an ace-to-five low; ``qualifier`` 8 for eight-or-better."""
    lows = sorted({1 if (c >> 2) == 12 else (c >> 2) + 2 for c in cards})
    good = [r for r in lows if r <= qualifier]
    if len(good) >= 5:
        fifth = good[4]
        return 1.0 - (fifth - 5) * 0.08
    n_cards = len(cards)
    if n_cards >= 7:
        return 0.03
    small = sum(1 for r in good if r <= 8)
    need = min(n_cards, 5)
    return 0.05 + 0.36 * small / need - 0.05 * (n_cards - len(lows))


def strength(game: Game, cards: tuple[int, ...] | list[int]) -> float:
    """The player's own prospects with these (known) cards."""
    if game is Game.STUD:
        return high_strength(cards)
    if game is Game.RAZZ:
        return low_strength(cards)
    high = high_strength(cards)
    low = low_strength(cards, 8)
    return max(high, low) + 0.15 * min(high, low)


def board_strength(game: Game, upcards: tuple[int, ...] | list[int]) -> float:
    """What an opponent's upcards alone prove: the floor of his hand."""
    if not upcards:
        return 0.0
    if game is Game.STUD:
        return high_strength(upcards, board_only=True)
    lows = sorted({1 if (c >> 2) == 12 else (c >> 2) + 2 for c in upcards})
    small = [r for r in lows if r <= 8]
    low = 0.0
    if len(small) >= 3:
        fifth = max(small[-1], 5 + 4 - len(small))
        low = (1.0 - (fifth - 5) * 0.06) * (0.55 + 0.1 * len(small))
    if game is Game.RAZZ:
        return low
    return max(low, high_strength(upcards, board_only=True))


# --- keyed look-ups: the same values, read from a memo instead of recomputed ---------------
#
# Why: every value above is a function of the cards' rank multiset (and, for the player's
# own high hand, of the longest suit: five or more, exactly four, fewer). Summed as
# integer keys (``RANK_KEY``, ``SUIT_KEY``), they make a decision's estimate one dict
# look-up in ``own_memo`` / ``board_memo``; the functions above run once per new key.

#: card -> its rank counted in a 3-bit field; the sum over cards keys their rank multiset
RANK_KEY: tuple[int, ...] = tuple(1 << 3 * (c >> 2) for c in range(52))
#: card -> its suit counted in a 3-bit field (a hand holds at most 7 cards of a suit)
SUIT_KEY: tuple[int, ...] = tuple(1 << 3 * (c & 3) for c in range(52))
#: summed suit key -> what ``high_strength`` reads of the suits, as a key bit field
FLUSH_CLASS: tuple[int, ...] = tuple(
    (5 if top >= 5 else 4 if top == 4 else 0) << 39
    for top in (max((k >> 3 * s) & 7 for s in range(4)) for k in range(1 << 12))
)
#: every 4-card key (a rank multiset, four suited or not), built in full by ``own_memo``
_FOUR_KEYS = 2 * comb(13, 4) + (comb(16, 4) - comb(13, 4))
#: keys kept per game: the 4th-street table, then the first 5- to 7-card hands met; the
#: memo then stops growing, so memory stays flat however long a run is (a 6- or 7-card
#: key rarely repeats anyway: there are tens of thousands of them)
MEMO_LIMIT = _FOUR_KEYS + 1024


@cache
def own_memo(game: Game) -> dict[int, float]:
    """(rank key + flush class) -> ``strength`` in ``game``, read directly by ``HandView``:
    every 4-card hand (2,535 keys, built on the first call per game in a few milliseconds,
    so that each 4th-street estimate is a hit), then the hands met, up to ``MEMO_LIMIT``."""
    memo: dict[int, float] = {}
    for ranks in combinations_with_replacement(range(13), 4):
        variants = [[4 * rank + i for i, rank in enumerate(ranks)]]  # four suits
        if len(set(ranks)) == 4:
            variants.append([4 * rank for rank in ranks])  # one suit
        for cards in variants:
            key = sum(RANK_KEY[c] for c in cards) + FLUSH_CLASS[
                sum(SUIT_KEY[c] for c in cards)]
            memo[key] = strength(game, cards)
    return memo


_MAX_UPCARDS = 4  # door card and 4th to 6th street: the 7th is down, the board shared


@cache
def board_memo(game: Game) -> dict[int, float]:
    """Upcards' rank key -> ``board_strength`` in ``game``, read directly by ``HandView``:
    every rank multiset of up to four upcards (2,380 keys, built on the first call per game
    in a few milliseconds).

    Why complete rather than filled as met: an upcard key is met again and again, and a
    table built once never grows while a long simulation runs.
    """
    memo: dict[int, float] = {}
    for size in range(_MAX_UPCARDS + 1):
        for ranks in combinations_with_replacement(range(13), size):
            # a card per rank, suits by repetition (only the ranks count here)
            cards = [4 * rank + ranks[:i].count(rank) for i, rank in enumerate(ranks)]
            key = sum(RANK_KEY[c] for c in cards)
            if key not in memo:
                memo[key] = (board_strength(game, cards) if cards else 0.0)
    return memo


def strength_keyed(game: Game, rank_key: int, suit_key: int,
                   cards: tuple[int, ...] | list[int]) -> float:
    """``strength(game, cards)`` where ``rank_key`` and ``suit_key`` are the sums of
    ``RANK_KEY`` and ``SUIT_KEY`` over ``cards`` (kept by the caller as cards are dealt).

    >>> from stud_hh.cards import parse_cards
    >>> cards = parse_cards("Ah Kh 2h 7h Ad")
    >>> keys = sum(RANK_KEY[c] for c in cards), sum(SUIT_KEY[c] for c in cards)
    >>> strength_keyed(Game.STUD8, *keys, cards) == strength(Game.STUD8, cards)
    True
    """
    flush = FLUSH_CLASS[suit_key]
    memo = own_memo(game)
    value = memo.get(rank_key + flush)
    if value is None:
        if game is Game.STUD:
            value = high_strength_keyed(rank_key, flush >> 39, len(cards))
        else:
            value = strength(game, cards)
        if len(memo) < MEMO_LIMIT:
            memo[rank_key + flush] = value
    return value


def board_strength_keyed(game: Game, key: int, upcards: tuple[int, ...] | list[int]) -> float:
    """``board_strength(game, upcards)`` where ``key`` is the sum of ``RANK_KEY`` over them."""
    memo = board_memo(game)
    value = memo.get(key)
    if value is None:
        if game is Game.STUD:
            value = high_strength_keyed(key, 0, len(upcards), board_only=True) if upcards else 0.0
        else:
            value = board_strength(game, upcards)
        if len(memo) < MEMO_LIMIT:
            memo[key] = value
    return value
