"""Legality: what ``to_act`` may do now and the first rule an action breaks.

A layer of ``StudState`` (see ``_table``): ``legal_actions`` lists every allowed action
with its amounts, ``_check`` returns the first rule an action breaks (with the rule-book
section and a sentence a player understands) and the normalised action (a PokerStars
``raises D to X`` over the bring-in is a completion). The rules are checked in the order a
floor person would: is he in the hand, is betting open, is it his turn, is it the action
due (the bring-in), then the amount.
"""

from __future__ import annotations

from functools import lru_cache

from stud_hh.rules import RaiseAfterShortAllIn

from ._consts import (
    _ANTES,
    _BET,
    _BETTING,
    _BRING_IN,
    _CALL,
    _CHECK,
    _COMPLETE,
    _DEALING,
    _FOLD,
    _FOURTH,
    _OVER,
    _RAISE,
    _SHOWDOWN,
    _THIRD,
    R_ALL_IN,
    R_BRING_IN,
    R_CAP,
    R_COMPLETE,
    R_FIRST,
    R_OPEN_PAIR,
    R_ORDER,
    R_ROUND,
    R_SIZE,
)
from ._dealing_steps import _Dealing
from .types import ActionKind, Code, IllegalInfo, LegalAction

_OVER_ALL_IN = RaiseAfterShortAllIn.OVER_ALL_IN


class _Legality(_Dealing):
    """``legal_actions``, ``_check`` and their helpers."""

    __slots__ = ()

    def _aggressive(
        self, p: int, explain: bool = True
    ) -> tuple[ActionKind | None, tuple[int, ...], IllegalInfo | None]:
        """The bet/complete/raise kind open to ``p``, its 'to' totals, or why it is closed.

        With ``explain=False`` a closed option comes back as ``_CLOSED`` rather than a
        sentence (``legal_actions`` only needs to know, and builds no message).
        """
        bets_p = self._bets[p]
        total = bets_p + self._stacks[p]
        level = self.bet_level
        full: tuple[int, ...]
        if self.street == _THIRD and not self.completed:
            kind = _COMPLETE
            full = (self.structure.completion(),)
        elif level == 0:
            kind = _BET
            full = self._units()
        else:
            kind = _RAISE
            base = self._full_level
            if self.rules.raise_after_short_all_in is _OVER_ALL_IN:
                base = level
            units = self._units()
            if len(units) == 1:  # fixed limit's usual answer, without a generator
                t = base + units[0]
                full = (t if t > level else level + units[0],)
            else:
                full = tuple([t if t > level else level + u
                              for u in units for t in (base + u,)])
        if total <= level:
            return kind, (), IllegalInfo(
                Code.BET_EXCEEDS_STACK, R_ALL_IN,
                f"{self.players[p]} has no chips left to {kind.value} beyond a call", p,
            ) if explain else _CLOSED
        bring_in_due = self._bring_in_due
        if not bring_in_due and not _has_opponent(self._folded, self._stacks, p):
            return kind, (), IllegalInfo(
                Code.NO_OPPONENT, R_ALL_IN,
                f"{self.players[p]} cannot {kind.value}: every opponent is all-in", p,
            ) if explain else _CLOSED
        if kind is _RAISE and self._cap_active and self.raises >= (self.rules.raise_cap or 0):
            return kind, (), IllegalInfo(
                Code.RAISE_CAP_EXCEEDED, R_CAP,
                f"{self.players[p]} raised after betting was capped at a bet and "
                f"{self.rules.raise_cap} raises", p,
            ) if explain else _CLOSED
        if self._acted_full[p] == self._full_level and level > bets_p and not bring_in_due:
            return kind, (), IllegalInfo(
                Code.RAISE_NOT_REOPENED, R_ALL_IN,
                f"{self.players[p]} may only call or fold: the short all-in did not reopen "
                "the betting", p,
            ) if explain else _CLOSED
        if len(full) == 1:  # fixed limit: one size, except on 4th street with an open pair
            t = full[0]
            return kind, ((t if t <= total else total),), None
        targets = tuple(dict.fromkeys(t if t <= total else total for t in full))
        return kind, targets, None

    def legal_actions(self) -> tuple[LegalAction, ...]:
        """Every action ``to_act`` may take now, with its allowed amounts."""
        p = self.to_act
        if p is None or self.phase is not _BETTING:
            return ()
        kind, targets, closed = self._aggressive(p, False)
        if not self._bring_in_due:
            # fold, check or call, and the bet or raise when open: the same few tuples
            # recur all hand long, so they are built once (``LegalAction`` is frozen)
            facing = self.bet_level - self._bets[p]
            call = -1
            if facing > 0:
                stack = self._stacks[p]
                call = facing if facing < stack else stack
            if closed is None and targets:
                return _legal(call, kind, targets)
            return _legal(call, None, ())
        out = [LegalAction(_BRING_IN, (min(self.stakes.bring_in, self._stacks[p]),))]
        if closed is None and targets:
            out.append(LegalAction(_COMPLETE, targets))
        if not self._bring_in_forced:
            out.append(LegalAction(_FOLD))
        return tuple(out)

    def _normalise(self, kind: ActionKind) -> ActionKind:
        """The action as the rules name it: over the bring-in any increase is the
        completion (PokerStars writes ``raises D to X`` or ``bets X``), a completion after
        3rd street is a bet or raise, a raise of nothing is a bet."""
        if self.street == _THIRD and not self.completed and self.phase is _BETTING:
            if kind is _BET or kind is _RAISE:
                return _COMPLETE
        elif kind is _COMPLETE:
            return _BET if self.bet_level == 0 else _RAISE
        if kind is _RAISE and self.bet_level == 0:
            return _BET
        return kind

    def _check(
        self, kind: ActionKind, player: int | str, amount: int | None
    ) -> tuple[IllegalInfo | None, ActionKind, int, int]:
        """(first rule broken or None, normalised kind, player, resolved amount).

        In the order a floor person asks: is he dealt in, is he still in the hand (not
        folded, not all-in), is betting open, is it his turn and the action due, then the
        amount.
        """
        if player.__class__ is str:
            p = self._index.get(player, -1)
        elif player.__class__ is int and 0 <= player < self.n:
            p = player
        else:
            p = -1
        if p < 0:
            return IllegalInfo(Code.UNKNOWN_PLAYER, R_ORDER, f"{player} is not dealt in"), \
                kind, -1, amount or 0
        if self._folded[p] or not self._stacks[p]:
            return self._gone(p), kind, p, amount or 0
        if self.phase is not _BETTING:
            return self._not_betting(p), kind, p, amount or 0
        orig = kind
        if kind is _BET or kind is _RAISE or kind is _COMPLETE:
            kind = self._normalise(kind)
        if p != self.to_act or self._bring_in_due:
            info = self._turn_breach(kind, p)  # not simply his turn: which rule says no
            if info is not None:
                return info, kind, p, amount or 0
        if kind is _FOLD:
            return None, kind, p, 0
        if kind is _CHECK:
            if self.bet_level > self._bets[p]:
                return self._check_breach(p), kind, p, 0
            return None, kind, p, 0
        if kind is _CALL:
            facing = self.bet_level - self._bets[p]
            stack = self._stacks[p]
            due = facing if facing < stack else stack
            amt = due if amount is None else amount
            if facing > 0 and amt == due:
                return None, kind, p, amt  # the usual call: what is owed, or all-in
            return self._call_breach(p, amt, facing, due), kind, p, amt
        if kind is _BRING_IN:
            return self._bring_in_breach(p, amount)
        return self._raise_breach(orig, kind, p, amount)

    def _gone(self, p: int) -> IllegalInfo:
        """``p`` has no decision left in this hand: he folded, or he is all-in."""
        name = self.players[p]
        if self._folded[p]:
            return IllegalInfo(Code.ACTION_AFTER_FOLD, R_ORDER, f"{name} acted after folding", p)
        return IllegalInfo(
            Code.ACTION_BY_ALL_IN_PLAYER, R_ALL_IN, f"{name} acted while all-in", p
        )

    def _not_betting(self, p: int) -> IllegalInfo:
        what = {
            _ANTES: "before the antes were in",
            _DEALING: f"while {self.street.label} cards were due",
            _SHOWDOWN: "after the betting was over",
            _OVER: "after the hand was over",
        }[self.phase]
        return IllegalInfo(Code.NOT_BETTING, R_ROUND, f"{self.players[p]} acted {what}", p)

    def _turn_breach(self, kind: ActionKind, p: int) -> IllegalInfo | None:
        """Whether ``p`` (still in, with chips) may act now: in turn, and the action due
        (the bring-in, its completion, or a fold when the bring-in is optional)."""
        name = self.players[p]
        expected = self.to_act
        if p != expected:
            assert expected is not None
            ename = self.players[expected]
            why = self.first_actor_reason
            if self._bring_in_due:
                return IllegalInfo(
                    Code.WRONG_BRING_IN_PLAYER, R_BRING_IN,
                    f"{name} acted first on 3rd Street: expected {ename} ({why}) to bring in",
                    p, expected,
                )
            if not self._first_done and self.street > _THIRD:
                return IllegalInfo(
                    Code.WRONG_FIRST_ACTOR, R_FIRST,
                    f"acted first on {self.street.label} out of turn: expected {ename} "
                    f"({why}) but {name} acted", p, expected,
                )
            return IllegalInfo(
                Code.OUT_OF_TURN, R_ORDER,
                f"acted out of turn: expected {ename} but {name} acted", p, expected,
            )
        if (
            self._bring_in_due
            and kind is not _BRING_IN
            and kind is not _COMPLETE
            and not (kind is _FOLD and not self._bring_in_forced)
        ):
            return IllegalInfo(
                Code.BRING_IN_EXPECTED, R_BRING_IN,
                f"{name} must bring in or complete, not {kind.value}", p,
            )
        return None

    def _check_breach(self, p: int) -> IllegalInfo | None:
        facing = self.bet_level - self._bets[p]
        if facing > 0:  # (a check with nothing owed is the usual case: None)
            return IllegalInfo(
                Code.CHECK_FACING_BET, R_ROUND,
                f"{self.players[p]} checked facing a bet of {facing}", p,
            )
        return None

    def _call_breach(self, p: int, amt: int, facing: int, due: int) -> IllegalInfo:
        """Why a call of ``amt`` is not the call (``due``: what is owed, or the whole stack
        when short, all-in; ``_check`` takes the usual call without asking here)."""
        stack = self._stacks[p]
        name = self.players[p]
        if facing <= 0:
            info = IllegalInfo(
                Code.NOTHING_TO_CALL, R_ROUND, f"{name} called with nothing to call", p
            )
        elif amt > stack:
            info = IllegalInfo(
                Code.BET_EXCEEDS_STACK, R_ALL_IN, f"{name} called {amt} with only {stack} behind",
                p,
            )
        else:
            info = IllegalInfo(
                Code.CALL_AMOUNT, R_ROUND, f"{name} called {amt}; the call was {due}", p
            )
        return info

    def _bring_in_breach(
        self, p: int, amount: int | None
    ) -> tuple[IllegalInfo | None, ActionKind, int, int]:
        """The bring-in is the table's, or the whole stack when short (rule book 4.3, 6)."""
        stack = self._stacks[p]
        bring_in = self.stakes.bring_in
        due = bring_in if bring_in < stack else stack
        amt = due if amount is None else amount
        name = self.players[p]
        info = None
        if not self._bring_in_due:
            info = IllegalInfo(
                Code.BRING_IN_NOT_DUE, R_BRING_IN, f"{name} posted a bring-in not due", p
            )
        elif amt > stack:
            info = IllegalInfo(
                Code.BET_EXCEEDS_STACK, R_ALL_IN,
                f"{name} brought in {amt} with only {stack} behind", p,
            )
        elif amt != due:
            info = IllegalInfo(
                Code.WRONG_BRING_IN_AMOUNT, R_BRING_IN,
                f"{name} brought in for {amt}; the bring-in is {due}", p,
            )
        return info, _BRING_IN, p, amt

    def _raise_breach(
        self, orig: ActionKind, kind: ActionKind, p: int, amount: int | None
    ) -> tuple[IllegalInfo | None, ActionKind, int, int]:
        """A bet, completion or raise: ``amount`` is the street total ("to")."""
        name = self.players[p]
        if kind is _BET and self.bet_level > 0:
            return IllegalInfo(
                Code.BET_FACING_BET, R_ROUND,
                f"{name} bet facing a bet of {self.bet_level - self._bets[p]}: that is a "
                "call or a raise", p,
            ), kind, p, amount or 0
        _, targets, closed = self._aggressive(p)
        to = (targets[0] if targets else self.bet_level) if amount is None else amount
        stack = self._stacks[p]
        if to - self._bets[p] > stack:
            return IllegalInfo(
                Code.BET_EXCEEDS_STACK, R_ALL_IN,
                f"{name} {_verb(kind)} to {to} with only {stack} behind", p,
            ), kind, p, to
        if closed is not None:
            return closed, kind, p, to
        if to not in targets:
            return self._size_error(orig, kind, p, to, targets), kind, p, to
        return None, kind, p, to

    def _size_error(
        self, orig: ActionKind, kind: ActionKind, p: int, to: int, targets: tuple[int, ...]
    ) -> IllegalInfo:
        name = self.players[p]
        sb, bb = self.stakes.small_bet, self.stakes.big_bet
        allowed = " or ".join(str(t) for t in targets)
        if (
            orig is _RAISE
            and kind is _COMPLETE
            and to > self.structure.completion()
        ):
            return IllegalInfo(
                Code.RAISE_BEFORE_COMPLETION, R_COMPLETE,
                f"{name} raised to {to} before anyone completed to "
                f"{self.structure.completion()}", p,
            )
        if self.street == _FOURTH and sb != bb:
            inc = to - (self._full_level if kind is _RAISE else 0)
            if inc == bb and not self.open_pair:
                return IllegalInfo(
                    Code.BIG_BET_WITHOUT_OPEN_PAIR, R_OPEN_PAIR,
                    f"{name} made a big {kind.value} of {bb} on 4th Street with no open pair",
                    p,
                )
            if inc == sb and self.big_bet_made:
                return IllegalInfo(
                    Code.SMALL_RAISE_AFTER_BIG_BET, R_OPEN_PAIR,
                    f"{name} made a small {kind.value} after the big bet on 4th Street", p,
                )
        return IllegalInfo(
            Code.BET_SIZE, R_SIZE,
            f"{name} {_verb(kind)} to {to}; allowed: {allowed}", p,
        )



#: ``_aggressive(..., explain=False)``'s answer for a closed option: no sentence built.
_CLOSED = IllegalInfo(Code.BET_EXCEEDS_STACK, R_ALL_IN, "closed")

_FOLD_OPTION = LegalAction(_FOLD)
_CHECK_OPTION = LegalAction(_CHECK)


@lru_cache(maxsize=4096)
def _legal(call: int, kind: ActionKind | None, targets: tuple[int, ...]) -> tuple[LegalAction, ...]:
    """Fold, check or call (``call`` -1: nothing to call), then the bet, completion or raise
    when open (``kind``): the same few tuples recur all hand long (``LegalAction`` is frozen)."""
    out = [_FOLD_OPTION, LegalAction(_CALL, (call,)) if call >= 0 else _CHECK_OPTION]
    if kind is not None:
        out.append(LegalAction(kind, targets))
    return tuple(out)


def _has_opponent(folded: list[bool], stacks: list[int], p: int) -> bool:
    """Whether a player other than ``p`` is still in and has chips (can face a bet)."""
    for q, f in enumerate(folded):  # noqa: SIM110 (a loop beats any() over a genexpr)
        if not f and q != p and stacks[q] > 0:
            return True
    return False


def _verb(kind: ActionKind) -> str:
    return {_BET: "bet", _RAISE: "raised", _COMPLETE: "completed"}.get(kind, kind.value)
