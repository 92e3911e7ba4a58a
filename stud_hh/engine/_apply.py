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
    _COMPLETE,
    _FOLD,
    _RAISE,
    _THIRD,
)
from .types import Action, ActionKind, IllegalAction

#: Actions the engine hands back (a normalised call carries its size): frozen values, so
#: the few that recur are built once; bounded, since amounts differ by stakes.
_ACTIONS: dict[tuple[ActionKind, int, int], Action] = {}


def _remember(key: tuple[ActionKind, int, int]) -> Action:
    if len(_ACTIONS) > 4096:
        _ACTIONS.clear()
    action = _ACTIONS[key] = Action(*key)
    return action


class FastApply:
    """``apply`` and its fast paths (``_applied``)."""

    __slots__ = ()

    def apply(self, action: Action) -> Action:
        """Applies a legal action (normalised and returned) or raises ``IllegalAction``."""
        kind = action.kind
        p = action.player
        amount = action.amount
        done = self._applied(kind, p, amount)
        if done is not None:
            if amount is not None or kind is _CHECK or kind is _FOLD:
                return action
            if kind is _CALL:
                key = (_CALL, p, done)
                return _ACTIONS.get(key) or _remember(key)
            return Action(kind, p, done)
        info, kind, p, amt = self._check(kind, p, amount)
        if info is not None:
            raise IllegalAction(info)
        self._act(kind, p, amt)
        if kind is action.kind and p is action.player and amt == action.amount:
            return action
        return Action(kind, p, amt)

    def _applied(self, kind: ActionKind, p: int, amount: int | None) -> int | None:
        """The fast paths of ``apply``: the amount applied, or None when none was taken.

        An action in its parts, so that a replay, which has them, builds no ``Action``
        (nor looks one up) for the usual legal action. None leaves the state untouched:
        ``apply`` then checks the action in full (``_check``), as for anything unusual.
        """
        # ``is``: the player indices are CPython's cached small ints, so this is "the same
        # int as to_act" in one test (a bool, float or name takes the general path)
        if p is self.to_act and not self._bring_in_due and p is not None:
            # fast path for the common passive actions (the invariants make it legal)
            if kind is _CALL:
                bets = self._bets
                facing = self.bet_level - bets[p]
                if facing <= 0:
                    return None
                stacks = self._stacks
                stack = stacks[p]
                due = facing if facing < stack else stack
                if amount is not None and amount != due:
                    return None
                self._first_done = True
                stacks[p] = stack - due
                self._contrib[p] += due
                bets[p] += due
                self._acted_full[p] = self._full_level
            elif kind is _CHECK:
                if self._bets[p] != self.bet_level:
                    return None
                self._first_done = True
                self._acted_full[p] = self._full_level
                due = 0
            elif kind is _FOLD:
                self._first_done = True
                folded = self._folded
                folded[p] = True
                live = self._live
                live.remove(p)
                if len(live) < 2:
                    self._pending[p] = False
                    self._end_round()
                    return 0
                due = 0
            elif (
                kind is not _BRING_IN
                and self.phase is _BETTING
                and not self._folded[p]
                and self._stacks[p] > 0
                and kind is (
                    _COMPLETE if self.street == _THIRD and not self.completed
                    else _BET if self.bet_level == 0 else _RAISE
                )
            ):  # a completion, bet or raise already named as ``_check`` would name it:
                # what ``_check`` verifies next, in short
                _, targets, closed = self._aggressive(p)
                to = (targets[0] if targets else self.bet_level) if amount is None else amount
                if closed is None and to in targets and to - self._bets[p] <= self._stacks[p]:
                    self._act(kind, p, to)
                    return to
                return None
            else:
                return None
            # a call, check or fold: ``_pass_turn`` in line (a call to it costs about as
            # much as its loop): the next player clockwise still to act, or the round ends
            pend = self._pending
            pend[p] = False
            for q in self._clockwise[p]:
                if pend[q]:
                    self.to_act = q
                    return due
            self._end_round()
            return due
        if (
            p == self.to_act
            and kind is _BRING_IN
            and p.__class__ is int
            and self.phase is _BETTING
            and not self._folded[p]
        ):
            stack = self._stacks[p]
            due = self.stakes.bring_in
            if stack < due:
                due = stack
            if stack > 0 and (amount is None or amount == due):
                self._bring_in(p, due)
                return due
        return None
