"""``apply``: the generic action entry point, with fast paths for the common actions.

A mixin of ``StudState``. Replays (the validator) and simulations send almost every action
through ``apply``; most are calls, checks, folds, the bring-in and opening bets made in
turn, which the state's invariants make legal after a few comparisons. Those are applied
here directly (no ``IllegalInfo`` built); anything else goes through
``_check`` and ``_act`` (``_legality``, ``state``) exactly as before, so behaviour is the
same either way (tests/test_engine_*.py, tests/test_pokerkit_diff.py).
"""

from __future__ import annotations

from ._consts import (
    _BET,
    _BETTING,
    _BRING_IN,
    _CALL,
    _CHECK,
    _FOLD,
    _THIRD,
)
from .types import Action, IllegalAction


class FastApply:
    """``apply`` and its fast paths."""

    __slots__ = ()

    def apply(self, action: Action) -> Action:
        """Applies a legal action (normalised and returned) or raises ``IllegalAction``."""
        p = action.player
        if p == self.to_act and p.__class__ is int and not self._bring_in_due:
            # fast path for the common passive actions (the invariants make it legal)
            kind = action.kind
            if kind is _CALL:
                amount = action.amount
                stacks = self._stacks
                stack = stacks[p]
                bets = self._bets
                facing = self.bet_level - bets[p]
                due = facing if facing < stack else stack
                if facing > 0 and (amount is None or amount == due):
                    self._first_done = True
                    stack -= due
                    stacks[p] = stack
                    self._contrib[p] += due
                    bets[p] += due
                    self._pending[p] = False
                    self._acted_full[p] = self._full_level
                    self._pass_turn(p)
                    return action if amount is not None else Action(kind, p, due)
            elif kind is _CHECK:
                if self._bets[p] == self.bet_level:
                    self._first_done = True
                    self._pending[p] = False
                    self._acted_full[p] = self._full_level
                    self._pass_turn(p)
                    return action
            elif kind is _FOLD:
                self._first_done = True
                folded = self._folded
                folded[p] = True
                self._pending[p] = False
                if folded.count(False) > 1:
                    self._pass_turn(p)
                else:
                    self._end_round()
                return action
            elif (
                kind is _BET
                and self.bet_level == 0
                and self.street != _THIRD
                and self.phase is _BETTING
                and not self._folded[p]
                and self._stacks[p] > 0
            ):  # an opening bet from 4th street: what ``_check`` would verify, in short
                _, targets, closed = self._aggressive(p)
                amount = action.amount
                to = (targets[0] if targets else 0) if amount is None else amount
                if closed is None and to in targets and to - self._bets[p] <= self._stacks[p]:
                    self._act(_BET, p, to)
                    return action if amount is not None else Action(_BET, p, to)
        elif (
            p == self.to_act
            and action.kind is _BRING_IN
            and p.__class__ is int
            and self.phase is _BETTING
            and not self._folded[p]
        ):
            stack = self._stacks[p]
            due = self.stakes.bring_in
            if stack < due:
                due = stack
            amount = action.amount
            if stack > 0 and (amount is None or amount == due):
                self._act(_BRING_IN, p, due)
                return action if amount is not None else Action(_BRING_IN, p, due)
        info, kind, p, amt = self._check(action.kind, action.player, action.amount)
        if info is not None:
            raise IllegalAction(info)
        self._act(kind, p, amt)
        if kind is action.kind and p is action.player and amt == action.amount:
            return action
        return Action(kind, p, amt)
