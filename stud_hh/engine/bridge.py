"""From history events to engine actions: one mapping, so every caller reads amounts alike.

``Raise.to``, ``Complete.to`` and ``Bet.amount`` are street totals ("to"); ``Call.amount``
and ``BringIn.amount`` are chips added: exactly ``Action.amount``'s semantics. The engine
itself decides whether a ``Raise`` over the bring-in is a completion.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stud_hh.events import Bet, BringIn, Call, Check, Complete, Fold, Raise

from .types import Action, ActionKind

if TYPE_CHECKING:
    from .state import StudState


def action_from_event(event: object, state: StudState | None = None) -> Action | None:
    """The engine action for a betting event (player by index if ``state`` is given).

    Without ``state`` the player stays a name in ``Action.player``; pass the state to get
    an index. Non-betting events give None.
    """
    t = type(event)
    if t is Call:
        kind, amount = ActionKind.CALL, event.amount  # type: ignore[attr-defined]
    elif t is Check:
        kind, amount = ActionKind.CHECK, None
    elif t is Fold:
        kind, amount = ActionKind.FOLD, None
    elif t is Raise:
        kind, amount = ActionKind.RAISE, event.to  # type: ignore[attr-defined]
    elif t is Bet:
        kind, amount = ActionKind.BET, event.amount  # type: ignore[attr-defined]
    elif t is Complete:
        kind, amount = ActionKind.COMPLETE, event.to  # type: ignore[attr-defined]
    elif t is BringIn:
        kind, amount = ActionKind.BRING_IN, event.amount  # type: ignore[attr-defined]
    else:
        return None
    name = event.player  # type: ignore[attr-defined]
    player = state.index(name) if state is not None and name in state.players else name
    return Action(kind, player, amount)
