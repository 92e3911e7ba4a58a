"""From history events to engine actions: the one mapping, so every caller reads amounts alike.

``Raise.to``, ``Complete.to`` and ``Bet.amount`` are street totals ("to"); ``Call.amount``
and ``BringIn.amount`` are chips added: exactly ``Action.amount``'s semantics. The engine
itself decides whether a ``Raise`` over the bring-in is a completion. Every event type is
named here (``_reading``, an ``issubclass`` chain mypy checks exhaustive): a new event is a
decision, never silently skipped.

A replay maps every betting line of every hand, so the mapping is a table by the event's
exact type (a ``match`` pays a slow ``isinstance`` through msgspec's metaclass for every
case that fails), and ``betting_action`` builds each distinct line's ``Action`` once.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, assert_never

from stud_hh.events import (
    EVENT_TYPES,
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

from .types import Action, ActionKind, named_action

if TYPE_CHECKING:
    from .state import StudState

#: The events that are a player's betting decision (``stud_hh.events.PlayerAction``), as a
#: union a ``match`` can be checked against.
BettingEvent = BringIn | Complete | Bet | Raise | Call | Check | Fold

#: How a betting event reads as an action: its kind and the field holding ``Action.amount``
#: (``None``: no amount).
Reading = tuple[ActionKind, str | None]


def _reading(kind: type[Event]) -> Reading | None:
    """What an event of type ``kind`` is to the engine (None: not a betting decision)."""
    if issubclass(kind, Call):
        return ActionKind.CALL, "amount"
    if issubclass(kind, Check):
        return ActionKind.CHECK, None
    if issubclass(kind, Fold):
        return ActionKind.FOLD, None
    if issubclass(kind, Bet):
        return ActionKind.BET, "amount"
    if issubclass(kind, Raise):
        return ActionKind.RAISE, "to"
    if issubclass(kind, Complete):
        return ActionKind.COMPLETE, "to"
    if issubclass(kind, BringIn):
        return ActionKind.BRING_IN, "amount"
    if issubclass(
        kind,
        StreetStart | Ante | Deal | BoardCard | BettingCapped | DoubleBetAllowed
        | UncalledReturn | ShowdownStart | Show | Muck | NoShow | Collect | NoLowHand
        | Summary | SeatResult | TableNote | Chat,
    ):
        return None
    assert_never(kind)


#: Every event type's reading, by exact type.
READINGS: dict[type[Event], Reading | None] = {t: _reading(t) for t in EVENT_TYPES}

def action_from_event(event: Event, state: StudState | None = None) -> Action | None:
    """The engine action for a betting event; None for any other event.

    With ``state`` the player becomes his index (a name the state does not know stays a
    name, which the engine refuses as ``UNKNOWN_PLAYER``); without, he stays a name.

    >>> action_from_event(Raise("Bob", by=4, to=8))
    Action(kind=<ActionKind.RAISE: 'raise'>, player='Bob', amount=8)
    """
    reading = READINGS[type(event)]
    if reading is None:
        return None
    kind, field = reading
    player: str = event.player  # type: ignore[union-attr]  # every betting event has one
    amount: int | None = None if field is None else getattr(event, field)
    if state is None:
        return named_action(kind, player, amount)
    return named_action(kind, state.player_index.get(player, player), amount)


@lru_cache(maxsize=65_536)  # amounts differ by stakes: keep the memo bounded
def betting_action(event: BettingEvent) -> Action:
    """The engine action for a betting event, the player by name (the engine looks him
    up), built once per distinct line.

    Events are frozen values and a session repeats its lines (the same player calling the
    same amount); a replay maps every betting line of every hand, and a line seen before
    is one look-up here.

    >>> betting_action(Call("Bob", 4)) is betting_action(Call("Bob", 4))
    True
    """
    action = action_from_event(event)
    assert action is not None  # a betting event
    return action
