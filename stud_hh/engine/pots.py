"""Pots from contributions, and awarding them: high, hi/lo split, razz, odd chips, rake.

Side pots are cut at each all-in player's total contribution, smallest first (rule book
6). Each pot is split on its own (TDA rule 21). Odd chips go one at a time to the tied
winners ordered by their highest card by suit (rule book 8, ``odd_chip_cards``); in
Hi/Lo the odd chip of the split goes to the high half (to the low one where the rules
say so: ``RuleSet.split_odd_chip``). Rake is the site's number, taken
from the main pot first, then from the side pots in order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stud_hh.events import Game
from stud_hh.rules import OddChipCards

from . import _evaluators as ev
from .types import Half, Pot, PotAward, Share

_RAZZ = Game.RAZZ
_STUD8 = Game.STUD8
_WHOLE = Half.WHOLE
_HIGH = Half.HIGH
_LOW = Half.LOW


def build_pots(
    contributions: Sequence[int], live: Sequence[bool], all_in: Sequence[bool]
) -> tuple[Pot, ...]:
    """Main pot then side pots.

    A live player who put in less than the others (all-in, or, in a history forced past a
    breach, one who checked a bet he faced) can win only what he matched: the pots are cut
    at his total, as at an all-in.

    >>> build_pots([10, 30, 30, 5], [True, True, True, False], [True, False, False, False])
    (Pot(amount=35, eligible=(0, 1, 2)), Pot(amount=40, eligible=(1, 2)))
    """
    n = len(contributions)
    live_top = max([contributions[p] for p in range(n) if live[p]], default=0)
    capped = [contributions[p] for p in range(n)
              if live[p] and (all_in[p] or contributions[p] < live_top)]
    if not capped and contributions and min(contributions) >= 0 and any(live):
        # the common case, nobody live is all-in: one pot (the loop below, unrolled) for
        # the live players, who all put in the most (a folded player's dead money above
        # theirs goes in it too)
        top = live_top
        amount = sum(contributions)
        if not amount:
            return ()
        return (Pot(amount, tuple([p for p in range(n) if live[p] and contributions[p] >= top])),)
    caps = sorted(set(capped))
    top = max(contributions, default=0)
    if not caps or caps[-1] < top:
        caps.append(top)
    pots: list[Pot] = []
    prev = 0
    for cap in caps:
        amount = 0
        for c in contributions:
            if c > prev:
                amount += (c if c < cap else cap) - prev
        eligible = tuple(p for p in range(n) if live[p] and contributions[p] >= cap)
        if amount:
            if not eligible and pots:
                # chips nobody live matched (only after forced, illegal histories)
                last = pots[-1]
                pots[-1] = Pot(last.amount + amount, last.eligible)
            else:
                pots.append(Pot(amount, eligible))
        prev = cap
    return tuple(pots)


def take_rake(pots: Sequence[Pot], rake: int) -> list[int]:
    """Rake per pot, main pot first."""
    out = []
    left = rake
    for pot in pots:
        r = min(left, pot.amount)
        out.append(r)
        left -= r
    return out


def odd_chip_card(cards: Sequence[int], half: Half, game: Game, which: OddChipCards) -> int:
    """The key ordering tied winners for odd chips (greater first): highest card by suit.

    Lows (razz, the low half of stud8) rank their cards the razz way (ace lowest).
    """
    low = half is Half.LOW or game is _RAZZ
    if which is OddChipCards.ALL_CARDS:
        return ev.odd_chip_key(cards, ace_low=low)
    if game is _RAZZ:
        five: Sequence[int] | None = ev.razz_five(cards)
    elif half is Half.LOW:
        five = ev.low8_five(cards)
    else:
        five = ev.high_five(cards)
    return ev.odd_chip_key(five or cards, ace_low=low)


def _split(
    amount: int,
    winners: Sequence[int],
    half: Half,
    order: Callable[[int], int],
) -> list[Share]:
    k = len(winners)
    if k == 1:
        return [Share(winners[0], amount, half)]
    each, odd = divmod(amount, k)
    ranked = sorted(winners, key=order, reverse=True) if odd else winners
    return [Share(p, each + (1 if i < odd else 0), half) for i, p in enumerate(ranked)]


def _best(values: dict[int, int], smaller: bool) -> list[int]:
    if len(values) == 1:
        return list(values)
    target = min(values.values()) if smaller else max(values.values())
    return [p for p, v in values.items() if v == target]


def award_pots(
    pots: Sequence[Pot],
    rake: int,
    hands: dict[int, tuple[int, ...]],
    game: Game,
    odd_chip_cards: OddChipCards,
    fallback_order: Sequence[int] | Callable[[], Sequence[int]],
    odd_chip_to_low: bool = False,
) -> tuple[PotAward, ...]:
    """Award every pot among the eligible players whose full hands are in ``hands``.

    A pot with a single eligible player goes to him unseen. A pot none of whose eligible
    players has a known hand is split among them (odd chips in ``fallback_order``): a
    history that hides the winner's cards still balances. ``fallback_order`` may be a
    callable, evaluated only when such a pot needs it.
    """
    rakes = take_rake(pots, rake) if rake else [0] * len(pots)
    judge = _Judge(hands, game, odd_chip_cards, odd_chip_to_low)
    out: list[PotAward] = []
    for i, pot in enumerate(pots):
        pot_rake = rakes[i]
        amount = pot.amount - pot_rake
        eligible = pot.eligible
        if len(eligible) == 1:
            shares: Sequence[Share] = (Share(eligible[0], amount, _WHOLE),)
        else:
            contenders = [p for p in eligible if p in hands]
            if contenders:
                shares = judge.shares(amount, contenders)
            else:
                shares = _unseen_shares(amount, eligible, fallback_order)
        out.append(PotAward(i, amount, pot_rake, eligible, tuple(shares)))
    return tuple(out)


def _unseen_shares(
    amount: int, eligible: tuple[int, ...],
    fallback_order: Sequence[int] | Callable[[], Sequence[int]],
) -> list[Share]:
    """A pot none of whose players showed: split among them, odd chips in
    ``fallback_order`` (to its first player when nobody is eligible)."""
    order_ = list(fallback_order() if callable(fallback_order) else fallback_order)
    pos = {p: k for k, p in enumerate(order_)}
    claim = list(eligible) if eligible else order_[:1]

    def by_position(p: int) -> int:
        return -pos.get(p, p)

    return _split(amount, claim, _WHOLE, by_position)


class _Judge:
    """Who wins a pot among its contenders, and the split: the best high, the best razz
    low, or in stud/8 the high half and the qualifying low half. Each player's hand
    values are worked out once, however many pots he contends for."""

    __slots__ = ("_highs", "_lows", "game", "hands", "odd_chip_cards", "odd_chip_to_low")

    def __init__(self, hands: dict[int, tuple[int, ...]], game: Game,
                 odd_chip_cards: OddChipCards, odd_chip_to_low: bool) -> None:
        self.hands = hands
        self.game = game
        self.odd_chip_cards = odd_chip_cards
        self.odd_chip_to_low = odd_chip_to_low
        self._highs: dict[int, int] = {}
        self._lows: dict[int, int | None] = {}

    def shares(self, amount: int, contenders: list[int]) -> list[Share]:
        hands = self.hands
        if self.game is _RAZZ:
            razz = {p: ev.razz_value(hands[p]) for p in contenders}
            return _split(amount, _best(razz, True), _WHOLE, self._order(_LOW))
        hi_win = _best({p: self._high(p) for p in contenders}, False)
        lows: dict[int, int] = {}
        if self.game is _STUD8:
            for p in contenders:
                low = self._low8(p)
                if low is not None:
                    lows[p] = low
        if not lows:
            return _split(amount, hi_win, _WHOLE, self._order(_HIGH))
        lo_win = _best(lows, True)
        low_half = (amount + 1) // 2 if self.odd_chip_to_low else amount // 2
        return (_split(amount - low_half, hi_win, _HIGH, self._order(_HIGH))
                + _split(low_half, lo_win, _LOW, self._order(_LOW)))

    def _high(self, p: int) -> int:
        value = self._highs.get(p)
        if value is None:
            value = self._highs[p] = ev.high_value(self.hands[p])
        return value

    def _low8(self, p: int) -> int | None:
        if p in self._lows:
            return self._lows[p]
        value = self._lows[p] = ev.low8_value(self.hands[p])
        return value

    def _order(self, half: Half) -> Callable[[int], int]:
        """Tied winners' order for the odd chips of ``half`` (``odd_chip_card``)."""
        hands, game, which = self.hands, self.game, self.odd_chip_cards
        return lambda p: odd_chip_card(hands[p], half, game, which)
