"""Showdown and awards: who shows first, showing, mucking and splitting the pots.

A layer of ``StudState`` (see ``_table``); the pots and their splitting are ``pots``.
"""

from __future__ import annotations

from collections.abc import Sequence

from stud_hh.events import Game
from stud_hh.rules import SplitOddChip

from ._consts import _OVER, _SEVENTH, _SHOWDOWN
from ._dealing_steps import _in_deck
from ._evaluators import high_value, razz_value
from ._legality import _Legality
from .pots import award_pots, build_pots
from .types import Code, Half, HandResult, IllegalAction, IllegalInfo, Pot, PotAward, Share

_STUD8 = Game.STUD8
_RAZZ = Game.RAZZ
_WHOLE = Half.WHOLE


class _Showdown(_Legality):
    """``showdown_order``, ``show``, ``muck`` and ``award``."""

    __slots__ = ()

    @property
    def showdown_order(self) -> tuple[int, ...]:
        """Who shows first: the last bettor or raiser on 7th street, else the first actor."""
        if self.phase not in (_SHOWDOWN, _OVER):
            return ()
        live = self.live
        if len(live) < 2:
            return ()
        start = self._last_aggressor
        if start is None or self._folded[start]:
            start = self._first_by_street.get(_SEVENTH, -1)
            if start < 0 or self._folded[start]:
                start = self._showing_first(live)
        n = self.n
        return tuple(q for i in range(n) if not self._folded[q := (start + i) % n])

    def show(self, player: int | str, cards: Sequence[int]) -> None:
        """Reveals a player's whole hand (7 cards, or 6 with a community card).

        Rule book 8: more cards than a stud hand holds make the hand dead (it can win
        nothing); a hand missing only its 7th card plays with the six it has.
        """
        p = self.index(player)
        cards = tuple(cards)
        _in_deck(cards)
        if len(cards) + len(self._board) > 7:
            self._mucked[p] = True  # dead hand
            return
        hole = self._hole[p]
        if len(cards) == len(hole):
            self._hole[p] = list(cards)
        else:
            extra = [c for c in cards if c not in hole]
            it = iter(extra)
            self._hole[p] = [c if c is not None else next(it, None) for c in hole]
        for c in cards:
            self._seen.add(c)
        self._shown[p] = cards

    def muck(self, player: int | str) -> None:
        """Gives up the player's claim to every pot."""
        self._mucked[self.index(player)] = True

    def _full_hand(self, p: int) -> tuple[int, ...] | None:
        cards = [c for c in self._hole[p] if c is not None] + self._board
        if len(cards) == 7:
            return tuple(cards)
        shown = self._shown.get(p)
        if shown is not None and len(cards) == 6 and len(shown) + len(self._board) == 6:
            return tuple(cards)  # missing 7th card: the hand plays with six
        return None

    def award(self, rake: int = 0) -> HandResult:
        """Splits every pot among the best hands (rake from the main pot first)."""
        if self.phase is not _SHOWDOWN:
            if self.phase is _OVER and self.result is not None:
                return self.result
            raise IllegalAction(
                IllegalInfo(Code.NOT_BETTING, "8 showdown", "the hand is not at showdown")
            )
        stacks = self._stacks
        n = self.n
        contrib = self._contrib
        total = sum(contrib)
        live_put = [contrib[p] for p in self._live]
        top = max(live_put)
        if 0 not in stacks and min(contrib) >= 0 and live_put.count(top) == len(live_put):
            # nobody is all-in and every live player put in as much: one pot, as
            # ``build_pots`` makes it, without its lists (a folded player's dead money
            # above theirs goes in it too)
            pots: tuple[Pot, ...] = (
                (Pot(total, tuple(self._live)),) if total else ()
            )
        else:
            live = [not f for f in self._folded]
            all_in = [s == 0 and f for s, f in zip(stacks, live)]  # noqa: B905
            pots = build_pots(contrib, live, all_in)
        hands: dict[int, tuple[int, ...]] = {}
        for pot in pots:
            if len(pot.eligible) > 1:  # else nobody needs a hand valued
                for p in self._live:
                    if not self._mucked[p]:
                        h = self._full_hand(p)
                        if h is not None:
                            hands[p] = h
                break
        rake = rake if rake < total else total  # max(0, min(rake, total)), without two
        if rake < 0:  # builtin calls that each parse their keyword arguments
            rake = 0
        awards = _one_pot(pots, rake, hands, self.game) or award_pots(
            pots, rake, hands, self.game, self.rules.odd_chip_cards,
            lambda: self.showdown_order or self.live,
            self.rules.split_odd_chip is SplitOddChip.LOW,
        )
        collected = [0] * n
        for a in awards:
            for s in a.shares:
                p = s.player
                collected[p] += s.amount
                stacks[p] += s.amount
        self.result = HandResult(
            awards, rake, total, tuple(self._contrib), tuple(collected), tuple(stacks),
            tuple(self._uncalled),
        )
        self.phase = _OVER
        return self.result


def _one_pot(
    pots: tuple[Pot, ...], rake: int, hands: dict[int, tuple[int, ...]], game: Game
) -> tuple[PotAward, ...] | None:
    """``award_pots`` for the usual end of a hand, or None to let it answer.

    The usual ends: one pot won uncontested, or one stud or razz pot (no hi/lo split)
    with a single best hand. Anything else (side pots, split pots and their odd chips, hi/lo, razz,
    unknown hands) goes to ``award_pots``, which gives these two the same result.
    """
    if len(pots) != 1:
        return None
    pot = pots[0]
    total = pot.amount
    pot_rake = rake if rake < total else total
    amount = total - pot_rake
    eligible = pot.eligible
    if len(eligible) == 1:
        winner = eligible[0]
    elif game is not _STUD8:
        # stud: the greatest high value wins; razz: the smallest razz value (negated here)
        value, sign = (razz_value, -1) if game is _RAZZ else (high_value, 1)
        best = 0
        winner = -1
        for p in eligible:
            hand = hands.get(p)
            if hand is None:
                return None
            v = sign * value(hand)
            if winner < 0 or v > best:
                best, winner = v, p
            elif v == best:
                return None  # a split: odd chips by card
    else:
        return None
    return (PotAward(0, amount, pot_rake, eligible, (Share(winner, amount, _WHOLE),)),)

