"""Who brings in, who acts first, who gets the odd chip: comparisons on single cards and boards.

Every key here is **greater-first**: the caller takes the maximum, whatever the game.

>>> from stud_hh.cards import card, parse_cards
>>> keys = [showing_high_key(parse_cards(b)) for b in ("3c 3d 3h", "7c 7d 8h", "Ac Kd Qh")]
>>> keys == sorted(keys, reverse=True)
True
>>> max(parse_cards("2d 2c 3s"), key=lambda c: bring_in_key(c, "stud")) == card("2c")
True
>>> max(parse_cards("Ks Kh As"), key=lambda c: bring_in_key(c, "razz")) == card("Ks")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from stud_hh.evaluate import _tables as T
from stud_hh.evaluate.high import high_description
from stud_hh.evaluate.low import low_description, razz_value

_weight = T.WEIGHT.__getitem__
_HIGH = T.HIGH
assert (T.LOW_SHIFT, T.LOW_MASK, T.HIGH_SHIFT) == (12, 0x1FFFF, 29)  # showing_tables
WEIGHT = T.WEIGHT

RAZZ = "razz"


def _low_order(c: int) -> int:
    """Card order with the ace as the lowest rank and the king highest; suits break ties."""
    r = c >> 2
    return (0 if r == 12 else r + 1) * 4 + (c & 3)


def showing_high_key(upcards: Sequence[int]) -> int:
    """Board strength for the first actor in stud and stud8; greater acts first.

    Only matched ranks and high cards count (rule book section 4.6): quads > trips > two
    pair > pair > high cards, then the ranks from the most significant down. Straights
    and flushes on board do not count. Suits never enter: ties are the
    ``showing_tie_break`` option's business (see :func:`showing_suit_key`).
    """
    if len(upcards) <= 4:  # four cards cannot hold a straight or flush: the table is exact
        try:
            return _HIGH[T.slot(sum(map(_weight, upcards)))]
        except IndexError:
            T.build()
            return _HIGH[T.slot(sum(map(_weight, upcards)))]
    counts: dict[int, int] = {}
    for c in upcards:
        r = (c >> 2) + 2
        counts[r] = counts.get(r, 0) + 1
    order = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in order]
    if shape[0] >= 4:
        category = T.QUADS
    elif shape[0] == 3:
        category = T.FULL_HOUSE if len(shape) > 1 and shape[1] >= 2 else T.TRIPS
    elif shape[0] == 2:
        category = T.TWO_PAIR if len(shape) > 1 and shape[1] == 2 else T.PAIR
    else:
        category = T.HIGH_CARD
    return T.pack(category, [r for r, n in order for _ in range(n)][:5])


def showing_tables() -> tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int]]:
    """``(LOW_OFFSET, HIGH_INDEX, HIGH, RAZZ)``, built: the showing keys unrolled.

    For a caller that values many boards in a loop (the engine's first actor on every
    street): with ``w`` the sum of ``WEIGHT[c]`` and ``s = LOW_OFFSET[(w >> 12) & 0x1FFFF]
    + HIGH_INDEX[w >> 29]``, ``HIGH[s]`` is ``showing_high_key`` for at most four cards
    (four cannot hold a straight or flush) and ``-RAZZ[s]`` is ``showing_low_key``,
    without a call per board.
    """
    if not _HIGH:
        T.build()
    return T.LOW_OFFSET, T.HIGH_INDEX, _HIGH, T.RAZZ


def showing_low_key(upcards: Sequence[int]) -> int:
    """Board lowness for the first actor in razz; greater (that is, lower board) acts first.

    Aces are low, pairs are bad, the highest card compares first: 7-4-2 acts before 8-3-2.
    """
    return -razz_value(upcards)


def showing_suit_key(upcards: Sequence[int], game: str = "stud") -> int:
    """Tie-break between equal boards when ``showing_tie_break`` is ``suit``; greater first.

    The highest suit of the highest card decides (rule book 4.6): in stud and stud8 the
    highest card with the ace high, in razz with the ace low and the king high.
    """
    if game == RAZZ:
        return max(map(_low_order, upcards))
    return max(upcards)


def bring_in_key(upcard: int, game: str) -> int:
    """Who must bring in on 3rd street; greater brings in.

    Stud and stud8: the lowest upcard, the deuce of clubs lowest of all (the ace is high).
    Razz: the highest upcard, king highest and ace lowest, the highest suit on a tie.
    """
    if game == RAZZ:
        return _low_order(upcard)
    return 51 - upcard


def odd_chip_key(cards: Sequence[int], ace_low: bool = False) -> int:
    """The highest card by suit among ``cards``; the greater key takes an odd chip.

    Pass the five-card hands (``high_five``/``low8_five``/``razz_five``) for the TDA rule or
    all the cards for Robert's Rules. ``ace_low`` ranks the ace below the deuce, for callers
    that rank a low hand's cards the razz way.
    """
    if ace_low:
        return max(map(_low_order, cards))
    return max(cards)


def showing_description(upcards: Sequence[int], game: str = "stud") -> str:
    """A board in a player's words, for messages: ``"a pair of Jacks"``, ``"7,4,2 low"``."""
    if not upcards:
        return "no upcards"
    if game == RAZZ:
        return f"{low_description(razz_value(upcards))} low"
    return high_description(showing_high_key(upcards))

