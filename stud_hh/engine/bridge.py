"""From history events to engine actions: the one mapping, so every caller reads amounts alike.

``Raise.to``, ``Complete.to`` and ``Bet.amount`` are street totals ("to"); ``Call.amount``
and ``BringIn.amount`` are chips added: exactly ``Action.amount``'s semantics. The engine
itself decides whether a ``Raise`` over the bring-in is a completion. Every event type is
named here (mypy checks the ``match`` is exhaustive): a new event is a decision, never
silently skipped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, assert_never

from stud_hh.events import (
    Ante,
    Bet,
    BettingCapped,
    BoardCard,
    BringIn,
    Call,
    Chat,
    Check,
    Collect,
    Complete,
    Deal,
    DoubleBetAllowed,
    Event,
    Fold,
    Muck,
    NoLowHand,
    NoShow,
    Raise,
    SeatResult,
    Show,
    ShowdownStart,
    StreetStart,
    Summary,
    TableNote,
    UncalledReturn,
)

from .types import Action, ActionKind

if TYPE_CHECKING:
    from .state import StudState

#: The events that are a player's betting decision (``stud_hh.events.PlayerAction``), as a
#: union a ``match`` can be checked against.
BettingEvent = BringIn | Complete | Bet | Raise | Call | Check | Fold


def action_from_event(event: Event, state: StudState | None = None) -> Action | None:
    """The engine action for a betting event; None for any other event.

    With ``state`` the player becomes his index (a name the state does not know stays a
    name, which the engine refuses as ``UNKNOWN_PLAYER``); without, he stays a name.

    >>> action_from_event(Raise("Bob", by=4, to=8))
    Action(kind=<ActionKind.RAISE: 'raise'>, player='Bob', amount=8)
    """
    player: str
    amount: int | None
    match event:
        case Call(player=player, amount=amount):
            kind = ActionKind.CALL
        case Check(player=player):
            kind, amount = ActionKind.CHECK, None
        case Fold(player=player):
            kind, amount = ActionKind.FOLD, None
        case Bet(player=player, amount=amount):
            kind = ActionKind.BET
        case Raise(player=player, to=amount):
            kind = ActionKind.RAISE
        case Complete(player=player, to=amount):
            kind = ActionKind.COMPLETE
        case BringIn(player=player, amount=amount):
            kind = ActionKind.BRING_IN
        case (
            StreetStart() | Ante() | Deal() | BoardCard() | BettingCapped() | DoubleBetAllowed()
            | UncalledReturn() | ShowdownStart() | Show() | Muck() | NoShow() | Collect()
            | NoLowHand() | Summary() | SeatResult() | TableNote() | Chat()
        ):
            return None
        case _:
            assert_never(event)
    if state is None:
        return Action(kind, player, amount)
    return Action(kind, state.player_index.get(player, player), amount)
