"""The named ``verify_x`` / ``can_x`` / ``x`` triples (a mixin of ``StudState``).

Each is the generic ``verify``/``apply`` with the action kind filled in, in PokerKit's
style, so callers can write ``state.call("Bob")`` or ``state.verify_raise_to(2, 16)``.
"""

from __future__ import annotations

from ._consts import (
    _BET,
    _BRING_IN,
    _CALL,
    _CHECK,
    _COMPLETE,
    _FOLD,
    _RAISE,
)
from .types import Action, IllegalAction, IllegalInfo


class NamedTriples:
    """One verify/can/do triple per action kind."""

    __slots__ = ()

    # ------------------------------------------------------------------ named triples
    def verify_bring_in(self, player: int | str, amount: int | None = None) -> IllegalAction | None:
        return _v(self._check(_BRING_IN, player, amount)[0])

    def can_bring_in(self, player: int | str, amount: int | None = None) -> bool:
        return self._check(_BRING_IN, player, amount)[0] is None

    def bring_in(self, player: int | str, amount: int | None = None) -> Action:
        return self._do(_BRING_IN, player, amount)

    def verify_complete(self, player: int | str, to: int | None = None) -> IllegalAction | None:
        return _v(self._check(_COMPLETE, player, to)[0])

    def can_complete(self, player: int | str, to: int | None = None) -> bool:
        return self._check(_COMPLETE, player, to)[0] is None

    def complete(self, player: int | str, to: int | None = None) -> Action:
        return self._do(_COMPLETE, player, to)

    def verify_bet(self, player: int | str, amount: int | None = None) -> IllegalAction | None:
        return _v(self._check(_BET, player, amount)[0])

    def can_bet(self, player: int | str, amount: int | None = None) -> bool:
        return self._check(_BET, player, amount)[0] is None

    def bet(self, player: int | str, amount: int | None = None) -> Action:
        return self._do(_BET, player, amount)

    def verify_raise_to(self, player: int | str, to: int | None = None) -> IllegalAction | None:
        return _v(self._check(_RAISE, player, to)[0])

    def can_raise_to(self, player: int | str, to: int | None = None) -> bool:
        return self._check(_RAISE, player, to)[0] is None

    def raise_to(self, player: int | str, to: int | None = None) -> Action:
        return self._do(_RAISE, player, to)

    def verify_call(self, player: int | str, amount: int | None = None) -> IllegalAction | None:
        return _v(self._check(_CALL, player, amount)[0])

    def can_call(self, player: int | str, amount: int | None = None) -> bool:
        return self._check(_CALL, player, amount)[0] is None

    def call(self, player: int | str, amount: int | None = None) -> Action:
        return self._do(_CALL, player, amount)

    def verify_check(self, player: int | str) -> IllegalAction | None:
        return _v(self._check(_CHECK, player, None)[0])

    def can_check(self, player: int | str) -> bool:
        return self._check(_CHECK, player, None)[0] is None

    def check(self, player: int | str) -> Action:
        return self._do(_CHECK, player, None)

    def verify_fold(self, player: int | str) -> IllegalAction | None:
        return _v(self._check(_FOLD, player, None)[0])

    def can_fold(self, player: int | str) -> bool:
        return self._check(_FOLD, player, None)[0] is None

    def fold(self, player: int | str) -> Action:
        return self._do(_FOLD, player, None)


def _v(info: IllegalInfo | None) -> IllegalAction | None:
    return IllegalAction(info) if info else None
