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

from stud_hh.events import Game

__all__ = ["board_strength", "strength"]


_ACE = 1 << 12


def _four_straight(mask: int) -> bool:
    """Four of some five consecutive ranks: at most one of the five shifted masks misses.

    >>> _four_straight(0b1011100), _four_straight(0b1010100)
    (True, False)
    """
    a, b, c, d, e = mask, mask >> 1, mask >> 2, mask >> 3, mask >> 4
    return bool((a & b & c & d) | (a & b & c & e) | (a & b & d & e) | (a & c & d & e)
                | (b & c & d & e))


def _straight_mask(ranks: int) -> int:
    """Rank bits 0..12 (2..A) -> bits 1..13, with the ace also at bit 0 (it plays low)."""
    return (ranks << 1) | (1 if ranks & _ACE else 0)


def high_strength(cards: tuple[int, ...] | list[int], board_only: bool = False) -> float:
    """0..1 estimate of a high hand; ``board_only`` counts just pairs/trips/quads and tops.

    Why bit masks: this runs for every player on every street, so the rank counts are
    kept as four masks (ranks seen at least once, twice, three and four times) built in
    one pass, and pairs, trips and straights are read off them without sorting.
    """
    once = twice = thrice = four = 0
    suits = [0, 0, 0, 0]
    for c in cards:
        bit = 1 << (c >> 2)
        if once & bit:
            if twice & bit:
                if thrice & bit:
                    four |= bit
                else:
                    thrice |= bit
            else:
                twice |= bit
        else:
            once |= bit
        suits[c & 3] += 1
    if four:
        return 0.98
    trips_mask = thrice
    pairs_mask = twice & ~thrice
    if trips_mask and (pairs_mask or trips_mask.bit_count() > 1):
        return 0.93
    n_cards = len(cards)
    if not board_only:
        if max(suits) >= 5:
            return 0.87
        if n_cards >= 5:
            mask = _straight_mask(once)
            if mask & (mask >> 1) & (mask >> 2) & (mask >> 3) & (mask >> 4):
                return 0.82
    if trips_mask:
        return 0.70 + 0.08 * (trips_mask.bit_length() - 1) / 12
    if pairs_mask:
        if pairs_mask.bit_count() >= 2:
            value = 0.52 + 0.12 * (pairs_mask.bit_length() - 1) / 12
        else:
            value = 0.25 + 0.20 * (pairs_mask.bit_length() - 1) / 12
    else:
        value = 0.02 + 0.10 * (once.bit_length() - 1) / 12
    if not board_only and n_cards < 7:
        if max(suits) == 4:
            value = max(value, 0.45)
        elif n_cards >= 4 and _four_straight(_straight_mask(once)):
            value = max(value, 0.38)
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
