"""Showdown and awards: showing, mucking and splitting the pots (a mixin of ``StudState``)."""

from __future__ import annotations

from collections.abc import Sequence

from ._consts import (
    _OVER,
    _SHOWDOWN,
)
from .pots import award_pots, build_pots
from .types import Code, HandResult, IllegalAction, IllegalInfo


class ShowdownSteps:
    """``show``, ``muck`` and ``award``."""

    __slots__ = ()

    # ------------------------------------------------------------------ showdown
    def show(self, player: int | str, cards: Sequence[int]) -> None:
        """Reveals a player's whole hand (7 cards, or 6 with a community card).

        Rule book 8: more cards than a stud hand holds make the hand dead (it can win
        nothing); a hand missing only its 7th card plays with the six it has.
        """
        p = self.index(player)
        cards = tuple(cards)
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
        live = [not f for f in self._folded]
        all_in = [stacks[p] == 0 and live[p] for p in range(self.n)]
        pots = build_pots(self._contrib, live, all_in)
        hands: dict[int, tuple[int, ...]] = {}
        board = self._board
        mucked = self._mucked
        for p, hole in enumerate(self._hole):
            if live[p] and not mucked[p]:
                if not board and len(hole) == 7 and None not in hole:
                    hands[p] = tuple(hole)  # the common case of _full_hand
                    continue
                h = self._full_hand(p)
                if h is not None:
                    hands[p] = h
        total = sum(self._contrib)
        rake = max(0, min(rake, total))
        awards = award_pots(pots, rake, hands, self.game, self.rules.odd_chip_cards,
                            lambda: self.showdown_order or self.live)
        collected = [0] * self.n
        for a in awards:
            for s in a.shares:
                collected[s.player] += s.amount
        for p in range(self.n):
            self._stacks[p] += collected[p]
        self.result = HandResult(
            pots=awards,
            rake=rake,
            total_pot=total,
            contributions=tuple(self._contrib),
            collected=tuple(collected),
            stacks=tuple(self._stacks),
            uncalled=tuple(self._uncalled),
        )
        self.phase = _OVER
        return self.result


