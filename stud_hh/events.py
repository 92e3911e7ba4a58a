"""Typed, immutable events: the one shape every layer after the parser consumes.

A ``Hand`` is what a site's text says happened, faithfully and in order; it does not judge.
The engine and validator decide what was legal; the pipelines flatten hands into columns.
Events mirror the lines of a hand history (one action line, one event) so that every line
can be accounted for and a fault can be injected by editing events.

Design choices, each for a reason:

* ``msgspec.Struct(frozen=True, gc=False)``: slotted, hashable, cheap to build, and not
  tracked by the garbage collector, which otherwise slows parsing of many kept hands ~1.8x
  (performance notes). ``tag=True`` lets a hand round-trip through JSON.
* Money is an ``int`` count of the smallest unit: cents for cash games with a currency,
  chips in tournaments and play money. Never a float.
* Cards are ``int`` (see ``stud_hh.cards``); an unknown hidden card is ``None``.
* Street boundaries are explicit ``StreetStart`` events, so actions need no street field and
  the event list reads like the history. ``Hand.actions_by_street()`` pairs them up.

>>> from stud_hh.events import Bet, Check
>>> Bet("Hero", 8) == Bet("Hero", 8), hash(Check("Hero")) == hash(Check("Hero"))
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from enum import IntEnum, StrEnum
from typing import get_args

import msgspec


class Game(StrEnum):
    STUD = "stud"
    STUD8 = "stud8"
    RAZZ = "razz"


class Street(IntEnum):
    """Stud streets by the number of cards a player holds after the deal."""

    THIRD = 3
    FOURTH = 4
    FIFTH = 5
    SIXTH = 6
    SEVENTH = 7  # the river

    @property
    def label(self) -> str:
        return "River" if self is Street.SEVENTH else f"{self.value}th Street".replace(
            "3th", "3rd"
        )


class Limit(StrEnum):
    FIXED = "fixed"
    SPREAD = "spread"
    POT = "pot"
    NO_LIMIT = "no_limit"


class _Frozen(msgspec.Struct, frozen=True, gc=False):
    pass


class _Event(msgspec.Struct, frozen=True, gc=False, tag=True):
    pass


class PlayerAction(_Event, frozen=True):
    """A player's betting decision: the events the engine judges and ``action_index`` counts.

    Every decision names its player first, so ``Bet("Hero", 8)`` and ``Fold("Hero")`` read
    alike; consumers branch on the concrete class (a ``match`` over ``Event``, checked
    exhaustive by mypy), never on a name or an integer code of their own.
    """

    player: str


class Wager(PlayerAction, frozen=True):
    """A decision that puts chips in the pot (all but check and fold); each ends with
    ``all_in``, after its amounts (a field with a default cannot precede them)."""


# --- header and seats -----------------------------------------------------------------------


class Header(_Frozen, frozen=True, kw_only=True):
    site: str
    hand_id: str
    game: Game
    small_bet: int
    big_bet: int
    started_at: datetime  # aware; the site's zone converted from the printed label
    table: str
    limit: Limit = Limit.FIXED
    ante: int | None = None
    bring_in: int | None = None
    currency: str | None = None  # "USD", "EUR", ...; None for chips and play money
    play_money: bool = False
    max_seats: int | None = None
    tournament_id: str | None = None
    level: str | None = None  # "IV" from "Level IV (50/100)"
    buy_in: str | None = None  # as printed: "$10+$1 USD", "Freeroll"
    mixed: str | None = None  # "HORSE", "8-Game", "HOSE", "Triple Stud", ...
    button_seat: int | None = None  # stud has none; kept for dialects that print one


class Seat(_Frozen, frozen=True):
    seat: int
    player: str
    stack: int
    sitting_out: bool = False
    out_of_hand: bool = False


# --- forced bets and dealing ----------------------------------------------------------------


class StreetStart(_Event, frozen=True):
    street: Street


class Ante(_Event, frozen=True):
    player: str
    amount: int
    all_in: bool = False


class Deal(_Event, frozen=True):
    """Cards a player received on ``street`` as the history shows them.

    ``cards[i]`` is ``None`` for a hidden card the history does not reveal; ``up[i]`` says
    whether it was dealt face up. Cards already held from earlier streets are not repeated.
    """

    street: Street
    player: str
    cards: tuple[int | None, ...]
    up: tuple[bool, ...]


class BoardCard(_Event, frozen=True):
    """The community card dealt when the deck runs out (rule book section 7)."""

    card: int


# --- betting ----------------------------------------------------------------------------------


class BringIn(Wager, frozen=True):
    amount: int
    all_in: bool = False


class Complete(Wager, frozen=True):
    """``completes it to X``: raising the bring-in to the full small bet; not a raise."""

    to: int
    all_in: bool = False


class Bet(Wager, frozen=True):
    amount: int
    all_in: bool = False


class Raise(Wager, frozen=True):
    """``raises BY to TO``. Over a bring-in this may be a completion; the engine decides."""

    by: int
    to: int
    all_in: bool = False


class Call(Wager, frozen=True):
    amount: int
    all_in: bool = False


class Check(PlayerAction, frozen=True):
    pass


class Fold(PlayerAction, frozen=True):
    cards: tuple[int, ...] = ()  # some sites print the folded hand


class BettingCapped(_Event, frozen=True):
    pass


class DoubleBetAllowed(_Event, frozen=True):
    """PokerStars' ``Pair on board - a double bet is allowed`` on 4th street."""


class UncalledReturn(_Event, frozen=True):
    player: str
    amount: int


# --- showdown ---------------------------------------------------------------------------------


class ShowdownStart(_Event, frozen=True):
    pass


class Show(_Event, frozen=True):
    player: str
    cards: tuple[int, ...]
    description: str | None = None  # "two pair, Queens and Sevens" or "HI: ...; LO: ..."


class Muck(_Event, frozen=True):
    player: str
    cards: tuple[int, ...] = ()


class NoShow(_Event, frozen=True):
    """``doesn't show hand``: a winner nobody called need not show (section 8)."""

    player: str


class Collect(_Event, frozen=True):
    player: str
    amount: int
    pot: str = "pot"  # "pot", "main pot", "side pot", "side pot-1", ...


class NoLowHand(_Event, frozen=True):
    pass


# --- summary ----------------------------------------------------------------------------------


class Summary(_Event, frozen=True):
    total_pot: int
    rake: int
    main_pot: int | None = None
    side_pots: tuple[int, ...] = ()
    board: tuple[int, ...] = ()


class SeatResult(_Event, frozen=True):
    """A ``Seat N: NAME ...`` line of the summary, kept so that every line is accounted for.

    ``outcome`` is one of ``folded``, ``showed``, ``mucked``, ``collected``, ``sat``.
    """

    seat: int
    player: str
    outcome: str
    won: int | None = None
    cards: tuple[int, ...] = ()
    street: Street | None = None  # where a folder folded
    didnt_bet: bool = False
    description: str | None = None


# --- table noise ------------------------------------------------------------------------------


class TableNote(_Event, frozen=True):
    """Non-game lines: joins, leaves, (dis)connects, sitting out, time-outs, removals."""

    kind: str  # "joins", "leaves", "connected", "disconnected", "sitting_out", ...
    player: str
    text: str


class Chat(_Event, frozen=True):
    player: str
    message: str


Event = (
    StreetStart | Ante | Deal | BoardCard | BringIn | Complete | Bet | Raise | Call | Check
    | Fold | BettingCapped | DoubleBetAllowed | UncalledReturn | ShowdownStart | Show | Muck
    | NoShow | Collect | NoLowHand | Summary | SeatResult | TableNote | Chat
)

#: Every concrete event class, in the order of ``Event`` (tests check each consumer maps all).
EVENT_TYPES: tuple[type[Event], ...] = get_args(Event)
#: Events that are a player's betting decision (the validator's ``action_index`` counts these):
#: exactly the ``PlayerAction`` subclasses.
PLAYER_ACTIONS = (BringIn, Complete, Bet, Raise, Call, Check, Fold)
#: Events that put chips in the pot.
CHIP_EVENTS = (Ante, BringIn, Complete, Bet, Raise, Call)


class Source(_Frozen, frozen=True):
    """Where the hand's text came from: file (None for in-memory text) and 1-based line."""

    path: str | None
    line: int


class Hand(_Frozen, frozen=True, kw_only=True):
    header: Header
    seats: tuple[Seat, ...]
    events: tuple[Event, ...]
    source: Source | None = None

    @property
    def hand_id(self) -> str:
        return self.header.hand_id

    def players(self) -> tuple[str, ...]:
        return tuple(s.player for s in self.seats)

    def player_actions(self) -> Iterator[tuple[Street, int, Event]]:
        """``(street, action_index, event)`` for every betting decision, in order."""
        street = Street.THIRD
        index = 0
        for event in self.events:
            if type(event) is StreetStart:
                street = event.street
            elif isinstance(event, PLAYER_ACTIONS):
                yield street, index, event
                index += 1


class ParseError(_Frozen, frozen=True, kw_only=True):
    """A hand the parser could not read. Nothing is lost: the text travels with the error."""

    message: str
    path: str | None
    line: int  # 1-based line in the file of the offending line
    column: int | None = None
    hand_id: str | None = None
    expected: tuple[str, ...] = ()
    text: str = ""
    #: the text stops before the hand does (no summary yet): at the end of a file, the client
    #: may still be writing it, so an importer must read it again rather than resume after it
    incomplete: bool = False

    def __str__(self) -> str:
        where = f"{self.path or '<text>'}:{self.line}"
        if self.column is not None:
            where += f":{self.column}"
        hand = f" (hand {self.hand_id})" if self.hand_id else ""
        return f"{where}{hand}: {self.message}"


class OtherGame(_Frozen, frozen=True, kw_only=True):
    """A hand of a game stud_hh does not read, recognised from its header and skipped.

    Mixed-game files (HORSE, HOSE, 8-Game, Home Games) interleave stud hands with hold'em,
    Omaha and draw hands; those are neither errors nor lost: they are counted per game
    ("other games") and their text is not stored. ``game`` is the header's own wording
    ("Hold'em Limit", "Triple Draw 2-7 Lowball Limit").
    """

    site: str
    game: str
    path: str | None
    line: int
    hand_id: str | None = None


#: What a dialect makes of one hand's text.
Parsed = Hand | ParseError | OtherGame


def to_json(obj: Hand | ParseError) -> bytes:
    return msgspec.json.encode(obj)


def hand_from_json(data: bytes | str) -> Hand:
    return msgspec.json.decode(data, type=Hand)
