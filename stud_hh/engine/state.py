"""The stud state machine: antes, dealing, betting rounds, showdown and awards.

One ``StudState`` is one hand. It is deterministic, keeps no global state and raises
``IllegalAction`` with a stable code rather than guessing; ``force`` applies what a hand
history says happened anyway, so a replay can go on after a breach. Sizes come from a
pluggable ``BettingStructure``; every rule-book option from ``RuleSet``. See
docs/engine-api.md for the contract and the conventions (index 0 = dealer's left).

The class is built in layers, one module each (``_table`` says which); this last one holds
the betting actions, each a ``verify_x`` / ``can_x`` / ``x`` triple in PokerKit's style,
and their generic forms ``verify`` / ``can`` / ``apply`` taking an ``Action``.
"""

from __future__ import annotations

from collections.abc import Sequence

from stud_hh.events import Game
from stud_hh.rules import POKERSTARS, RuleSet

from ._consts import _BET, _BRING_IN, _CALL, _CHECK, _COMPLETE, _FOLD, _RAISE, _THIRD
from ._recovery import _Recovery
from .structure import BettingStructure
from .types import Action, ActionKind, IllegalAction, IllegalInfo, Stakes, named_action


class StudState(_Recovery):
    """One hand of stud, stud8 or razz. Read the attributes; act through the methods.

    >>> from stud_hh.engine import Stakes
    >>> st = StudState(Game.STUD, Stakes(1, 2, 4, 8), (50, 50), players=("Ann", "Bob"))
    >>> st.post_antes(); st.phase.value
    'dealing'
    >>> from stud_hh.cards import parse_cards
    >>> st.deal_street([("Ann", parse_cards("As Ks 2c")), ("Bob", parse_cards("Qd Qh 9h"))])
    >>> st.to_act, st.first_actor_reason
    (0, 'lowest door card 2c')
    >>> st.bring_in("Ann").amount, st.to_act
    (2, 1)
    >>> st.verify_check("Bob").code.value
    'CHECK_FACING_BET'
    """

    __slots__ = ()

    def __init__(
        self,
        game: Game | str,
        stakes: Stakes,
        stacks: Sequence[int],
        rules: RuleSet = POKERSTARS,
        players: Sequence[str] | None = None,
        structure: BettingStructure | None = None,
    ) -> None:
        super().__init__(game, stakes, stacks, rules, players, structure)
        if stakes.ante <= 0:
            self._start_street(_THIRD)  # no antes to wait for: 3rd street's cards are due

    # ------------------------------------------------------------------ generic forms
    def verify(self, action: Action) -> IllegalAction | None:
        """The first rule ``action`` breaks, or None. Never raises, never changes state."""
        info = self._check(action.kind, action.player, action.amount)[0]
        return IllegalAction(info) if info else None

    def can(self, action: Action) -> bool:
        return self._check(action.kind, action.player, action.amount)[0] is None

    def apply(self, action: Action) -> Action:
        """Applies a legal action and returns it as the rules name it (a PokerStars
        ``raises`` over the bring-in comes back a ``COMPLETE``, an omitted amount filled in);
        raises ``IllegalAction``, the state untouched, if it breaks a rule. An action the
        rules name as it was given comes back itself, its player by index or by name."""
        player = action.player
        info, kind, p, amount = self._check(action.kind, player, action.amount)
        if info is not None:
            raise IllegalAction(info)
        self._act(kind, p, amount)
        named = None if kind is _CHECK or kind is _FOLD else amount
        if kind is action.kind and named == action.amount:
            return action  # (a legal player is the one named: by his name or his index)
        return named_action(kind, p, named)

    def _do(
        self, kind: ActionKind, player: int | str, amount: int | None
    ) -> tuple[ActionKind, int, int]:
        info, kind, p, amt = self._check(kind, player, amount)
        if info is not None:
            raise IllegalAction(info)
        self._act(kind, p, amt)
        return kind, p, amt

    def _named(self, kind: ActionKind, player: int | str, amount: int | None) -> Action:
        return named_action(*self._do(kind, player, amount))

    def _refusal(
        self, kind: ActionKind, player: int | str, amount: int | None
    ) -> IllegalAction | None:
        info: IllegalInfo | None = self._check(kind, player, amount)[0]
        return IllegalAction(info) if info else None

    # ------------------------------------------------------------------ the named triples
    def verify_bring_in(self, player: int | str, amount: int | None = None) -> IllegalAction | None:
        return self._refusal(_BRING_IN, player, amount)

    def can_bring_in(self, player: int | str, amount: int | None = None) -> bool:
        return self._refusal(_BRING_IN, player, amount) is None

    def bring_in(self, player: int | str, amount: int | None = None) -> Action:
        """Posts the bring-in (``amount`` None: the table's, or the stack when short)."""
        return self._named(_BRING_IN, player, amount)

    def verify_complete(self, player: int | str, to: int | None = None) -> IllegalAction | None:
        return self._refusal(_COMPLETE, player, to)

    def can_complete(self, player: int | str, to: int | None = None) -> bool:
        return self._refusal(_COMPLETE, player, to) is None

    def complete(self, player: int | str, to: int | None = None) -> Action:
        """Completes the bring-in to the small bet (``to``: the street total)."""
        return self._named(_COMPLETE, player, to)

    def verify_bet(self, player: int | str, amount: int | None = None) -> IllegalAction | None:
        return self._refusal(_BET, player, amount)

    def can_bet(self, player: int | str, amount: int | None = None) -> bool:
        return self._refusal(_BET, player, amount) is None

    def bet(self, player: int | str, amount: int | None = None) -> Action:
        """Opens the betting of a street (``amount``: the street total)."""
        return self._named(_BET, player, amount)

    def verify_raise_to(self, player: int | str, to: int | None = None) -> IllegalAction | None:
        return self._refusal(_RAISE, player, to)

    def can_raise_to(self, player: int | str, to: int | None = None) -> bool:
        return self._refusal(_RAISE, player, to) is None

    def raise_to(self, player: int | str, to: int | None = None) -> Action:
        """Raises to ``to``, the player's street total after the raise."""
        return self._named(_RAISE, player, to)

    def verify_call(self, player: int | str, amount: int | None = None) -> IllegalAction | None:
        return self._refusal(_CALL, player, amount)

    def can_call(self, player: int | str, amount: int | None = None) -> bool:
        return self._refusal(_CALL, player, amount) is None

    def call(self, player: int | str, amount: int | None = None) -> Action:
        """Calls (``amount``: the chips added; None: what is owed, or the stack if short)."""
        return self._named(_CALL, player, amount)

    def verify_check(self, player: int | str) -> IllegalAction | None:
        return self._refusal(_CHECK, player, None)

    def can_check(self, player: int | str) -> bool:
        return self._refusal(_CHECK, player, None) is None

    def check(self, player: int | str) -> Action:
        return named_action(_CHECK, self._do(_CHECK, player, None)[1])

    def verify_fold(self, player: int | str) -> IllegalAction | None:
        return self._refusal(_FOLD, player, None)

    def can_fold(self, player: int | str) -> bool:
        return self._refusal(_FOLD, player, None) is None

    def fold(self, player: int | str) -> Action:
        return named_action(_FOLD, self._do(_FOLD, player, None)[1])
