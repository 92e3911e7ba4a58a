"""Recovery: apply what a hand history says happened even when it breaks a rule.

A layer of ``StudState`` (see ``_table``). The validator replays histories: after a breach
it reports the refusal and must follow the history, so ``force`` moves the chips and the
turn as printed,
reopens a round the engine had closed, and deals unknown cards that were never printed.
"""

from __future__ import annotations

from stud_hh.events import Street

from ._consts import (
    _ANTES,
    _BET,
    _BETTING,
    _BRING_IN,
    _CALL,
    _COMPLETE,
    _DEALING,
    _DOWN,
    _FOLD,
    _RAISE,
    _SEVENTH,
    _THIRD,
    _UP,
    _UP3,
)
from ._showdown import _Showdown
from .types import Action, IllegalAction


class _Recovery(_Showdown):
    """``force`` and what it needs."""

    __slots__ = ()

    def force(self, action: Action, street: Street | None = None) -> tuple[IllegalAction, ...]:
        """Applies what a history says happened, legal or not; returns what was wrong.

        ``street``: the street the history puts the action on; when the engine already
        closed that round (the history shows more action), the round is reopened.
        """
        if (
            self.phase is _DEALING
            and not self._community_due
            and self.street == _SEVENTH
            and (street is None or street == _SEVENTH)
        ):
            self.deal_unknown()  # river cards are dealt face down: histories omit them
        info, kind, p, amt = self._check(action.kind, action.player, action.amount)
        if info is None:
            self._act(kind, p, amt)
            return ()
        rec = (IllegalAction(info),)
        if p < 0:
            return rec
        if (
            self.phase is _DEALING
            and street is not None
            and street == self.street - 1
            and all(len(h) <= _cards_before(self.street) for h in self._hole)
        ):
            self._reopen(Street(street))
        if self.phase in (_ANTES, _DEALING):
            self._fill_dealing()
        if self.phase is not _BETTING:
            return rec
        kind = self._normalise(action.kind)
        stack = self._stacks[p]
        if kind is _FOLD:
            if not self._folded[p]:
                self.to_act = p
                self._act(_FOLD, p, 0)
            return rec
        if self._folded[p] or stack == 0:
            chips = 0
            if kind in (_CALL, _BRING_IN):
                chips = min(amt, stack)
            elif kind in (_BET, _RAISE, _COMPLETE):
                chips = max(0, min(amt - self._bets[p], stack))
            if chips:
                self._move(p, chips)
                if self._bets[p] > self.bet_level:
                    self.bet_level = self._full_level = self._bets[p]
            return rec
        self.to_act = p
        if kind is _CALL or kind is _BRING_IN:
            amt = min(amt, stack)
        elif kind in (_BET, _RAISE, _COMPLETE):
            amt = min(amt, self._bets[p] + stack)
            if amt <= self.bet_level:
                kind = _CALL
                amt = max(0, self.bet_level - self._bets[p]) if amt > self._bets[p] else 0
                amt = min(amt, stack)
        self._act(kind, p, amt, forced=True)
        return rec

    def _reopen(self, street: Street) -> None:
        """Back to ``street``'s betting: the history shows action the engine did not expect."""
        if self._plan != "community" and self._burnt:
            self._stub += 1
            self._burns -= 1
        self.street = street
        self._units_memo = None
        self._pat = _UP3 if street == 3 else _DOWN if street == 7 else _UP
        self.phase = _BETTING
        self._community_due = False
        self._deal_pending = []
        self._bets = self._prev_bets
        if self._uncalled and self._uncalled[-1].street == street:
            back = self._uncalled.pop()
            self._stacks[back.player] -= back.amount
            self._contrib[back.player] += back.amount
            self._bets[back.player] += back.amount
        self.bet_level = self._full_level = max(self._bets)
        self._first_done = True
        self._pending = [not self._folded[p] and self._stacks[p] > 0 for p in range(self.n)]

    def _fill_dealing(self) -> None:
        if self.phase is _ANTES:
            self._close_antes()
        guard = 0
        while self.phase is _DEALING and guard < 10:
            guard += 1
            if self._community_due:
                self._give_community(None)
            else:
                self.deal_unknown()


def _cards_before(street: Street) -> int:
    return 0 if street == _THIRD else int(street) - 1
