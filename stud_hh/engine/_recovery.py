"""Recovery: apply what a hand history says happened even when it breaks a rule.

A layer of ``StudState`` (see ``_table``). The validator replays histories: after a breach
it reports the refusal and must go on from the state the history implies, so that the
legal actions after it are judged as they stand:

* the chips move as the history says: a player who puts in more than his stack had them
  (the stack was written too small, by an unknown amount: he is not made all-in by it);
  a folded or all-in player's chips are dead money in
  the pot and change nothing else (no bet to face, no turn, no dealing);
* the turn goes on from the player who actually acted;
* an action after the engine closed a round that the history still shows on that street
  reopens the round; the next street's cards dealt while a round is open close it (what
  was owed stays unpaid, and the refusal says who was to act);
* cards the history never prints are dealt as unknown.
"""

from __future__ import annotations

from stud_hh.events import Street

from ._consts import (
    _ANTES,
    _BET,
    _BETTING,
    _BRING_IN,
    _CALL,
    _CHECK,
    _COMPLETE,
    _DEALING,
    _DOWN,
    _FOLD,
    _OVER,
    _RAISE,
    _SEVENTH,
    _SHOWDOWN,
    _THIRD,
    _UP,
    _UP3,
)
from ._showdown import _Showdown
from .types import Action, ActionKind, IllegalAction


class _Recovery(_Showdown):
    """``force`` and what it needs."""

    __slots__ = ()

    def force(self, action: Action, street: Street | None = None) -> tuple[IllegalAction, ...]:
        """Applies what a history says happened, legal or not; returns what was wrong.

        ``street``: the street the history puts the action on. When the engine already
        closed that round (and no card of the next street is out), the round is reopened;
        when the history is on a later street than the engine, the cards it skipped are
        dealt as unknown.
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
        if self._folded[p] or self._stacks[p] == 0:
            self._dead_money(action.kind, p, amt)
            return rec
        if street is not None and self._closed(street):
            self._reopen(street)
        if self.phase is _ANTES or (
            self.phase is _DEALING and (street is None or street >= self.street)
        ):
            self._fill_dealing()
        if self.phase is not _BETTING:
            return rec
        kind = self._normalise(action.kind)
        if kind is _FOLD:
            self.to_act = p
            self._act(_FOLD, p, 0)
            return rec
        bets = self._bets[p]
        if kind is _CALL or kind is _BRING_IN:
            chips = amt
        elif kind is _CHECK:
            chips = 0
        else:
            chips = amt - bets
        if chips > self._stacks[p]:
            # he had the chips the history says he put in (his stack was written too
            # small); how many more is unknown, so they do not make him all-in
            self._stacks[p] = chips + max(self.starting_stacks)
        self.to_act = p
        if (kind is _BET or kind is _RAISE or kind is _COMPLETE) and amt <= self.bet_level:
            kind = _CALL
            amt = max(0, self.bet_level - bets) if amt > bets else 0
            amt = min(amt, self._stacks[p])
        self._act(kind, p, amt, forced=True)
        return rec

    def _dead_money(self, kind: ActionKind, p: int, amt: int) -> None:
        """A folded or all-in player's chips go into the pot and change nothing else."""
        if kind is _CALL or kind is _BRING_IN:
            chips = amt
        elif kind is _BET or kind is _RAISE or kind is _COMPLETE:
            chips = amt - self._bets[p]
        else:
            return
        if chips > 0 and self.phase is not _OVER:
            self._stacks[p] = max(self._stacks[p], chips)
            self._move(p, chips, street=False)

    def _closed(self, street: Street) -> bool:
        """Whether the engine closed ``street``'s round while the history still shows
        action on it (no card of the next street out, or the river closed)."""
        if self.phase is _DEALING:
            return street == self.street - 1 and all(
                len(h) <= _cards_before(self.street) for h in self._hole
            )
        return self.phase is _SHOWDOWN and street == self.street and len(self._live) > 1

    def _reopen(self, street: Street) -> None:
        """Back to ``street``'s betting: the history shows action the engine did not expect.

        Nobody is due to act but the player the history names; his action decides who
        must answer it (a raise reopens the betting for the others, a call closes it)."""
        if street != self.street:
            if self._plan != "community" and self._burnt:
                self._stub += 1
                self._burns -= 1
            self.street = street
            self._bets = self._prev_bets
            self._pat = _UP3 if street == 3 else _DOWN if street == 7 else _UP
        self._units_memo = None
        self.phase = _BETTING
        self._community_due = False
        self._deal_pending = []
        if self._uncalled and self._uncalled[-1].street == street:
            back = self._uncalled.pop()
            self._stacks[back.player] -= back.amount
            self._contrib[back.player] += back.amount
            self._bets[back.player] += back.amount
        self.bet_level = self._full_level = max(self._bets)
        self._first_done = True
        self._pending = [False] * self.n

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
