"""What a hand's history says about each player, read in one pass over its events.

Everything that stores or counts a hand (the table rows in ``pipelines.rows``, the stats
facts in ``stud_hh.facts``) starts from a ``Recap``, so every event type is read in exactly
one place: its reader here (``Recap.dealt``, ``Recap.anted``, ...). ``reader_of`` says
which reader takes each event type; mypy checks that it covers every member of ``Event``
(each branch narrows the type, and ``assert_never`` is a type error while one is left),
and an object of any other type stops ``recap`` with an error, never silently dropped.
The betting comes out as ``Action`` tuples, each with its ``ActionKind`` (how a decision
counts, as data), in betting rounds, for the consumers that replay it.

Why a table of readers by type rather than a ``match`` over the event: a class pattern is
an ``isinstance`` check, and for a class with a metaclass (every msgspec ``Struct``) each
miss takes CPython's slow path; a ``match`` over the 24 event types cost ~22 µs a hand
against ~5 µs for one look-up by type (the recap reads ~40 events a hand, at every import).

>>> from stud_hh.events import *
>>> from datetime import datetime, UTC
>>> h = Hand(
...     header=Header(site="PokerStars", hand_id="1", game=Game.STUD, small_bet=4,
...                   big_bet=8, started_at=datetime(2024, 1, 1, tzinfo=UTC), table="T"),
...     seats=(Seat(1, "Ann", 100), Seat(2, "Bob", 100)),
...     events=(Ante("Ann", 1), Ante("Bob", 1), StreetStart(Street.THIRD),
...             Deal(Street.THIRD, "Ann", (None, None, 0), (False, False, True)),
...             Deal(Street.THIRD, "Bob", (None, None, 44), (False, False, True)),
...             BringIn("Ann", 2), Complete("Bob", 4), Fold("Ann"),
...             UncalledReturn("Bob", 2), Collect("Bob", 5), Summary(5, 0)))
>>> r = recap(h)
>>> r.bring_in, r.door, r.contributed, r.returned, r.collected, r.last_street
('Ann', {'Ann': 0, 'Bob': 44}, {'Ann': 3, 'Bob': 5}, {'Bob': 2}, {'Bob': 5}, <Street.THIRD: 3>)
>>> [(player, kind.name, amount, raise_to) for _, player, kind, amount, raise_to, _ in r.actions()]
[('Ann', 'bring_in', 2, None), ('Bob', 'complete', 4, 4), ('Ann', 'fold', None, None)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import chain
from typing import Any, TypeGuard, TypeVar, assert_never

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
    Hand,
    Muck,
    NoLowHand,
    NoShow,
    Raise,
    SeatResult,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    TableNote,
    UncalledReturn,
)

# Enum members read per event, as module constants: reading an enum member's attribute
# costs ~15 times a global in CPython 3.11.
_THIRD, _FOURTH = Street.THIRD, Street.FOURTH


@dataclass(frozen=True, slots=True)
class ActionKind:
    """A kind of betting decision and how it counts (rules as data, one record a kind)."""

    name: str  # as stored in ``actions.kind``
    voluntary: bool = False  # chips in by choice (VPIP): call, complete, bet, raise
    aggressive: bool = False  # complete, bet, raise
    bets: bool = False  # bet or raise: a bet or raise on 4th..7th, a re-raise on 3rd
    calls: bool = False
    checks: bool = False
    folds: bool = False
    bring_in: bool = False
    moves_chips: bool = True  # puts chips in (a check or fold never does)


BRING_IN = ActionKind("bring_in", bring_in=True)
COMPLETE = ActionKind("complete", voluntary=True, aggressive=True)
BET = ActionKind("bet", voluntary=True, aggressive=True, bets=True)
RAISE = ActionKind("raise", voluntary=True, aggressive=True, bets=True)
CALL = ActionKind("call", voluntary=True, calls=True)
CHECK = ActionKind("check", checks=True, moves_chips=False)
FOLD = ActionKind("fold", folds=True, moves_chips=False)

#: One decision: ``(street, player, kind, amount, raise_to, all_in)``. ``amount``: the
#: chips it put in (None for a check or fold); ``raise_to``: the street total a completion
#: or raise names (else None). A plain tuple: a hand has dozens, and a tuple costs a
#: tenth of a record to make.
Action = tuple[Street, str, ActionKind, int | None, int | None, bool]
#: A betting round: the street a ``StreetStart`` opened and the decisions after it.
Round = tuple[Street, list[Action]]


class Recap:
    """One hand's events, gathered per player. Money in the hand's smallest unit."""

    __slots__ = ("all_in", "antes", "bring_in", "cards", "collected", "contributed", "decisions",
                 "door", "folded_on", "fourth_up", "involved", "last_street", "on_street",
                 "open_pair_printed", "returned", "rounds", "showdown", "shows", "summary",
                 "third")

    def __init__(self) -> None:
        self.involved: set[str] = set()  # antes, cards or decisions
        #: someone went all-in (an ante, the bring-in or a decision): the one hand in many
        #: whose all-in EV is worth a look (``stud_hh.equity.all_in_ev``)
        self.all_in = False
        self.antes: dict[str, int] = {}
        #: antes and what the betting left in front of each player street by street (a
        #: completion or raise counts the total it names), before uncalled bets come back
        self.contributed: dict[str, int] = {}
        self.returned: dict[str, int] = {}  # uncalled bets given back
        self.collected: dict[str, int] = {}
        #: every card the history shows a player held, in the order seen, repeats and all
        #: (``None``: a hidden card dealt)
        self.cards: dict[str, list[int | None]] = {}
        #: the door card: the first known card dealt face up on 3rd street
        self.door: dict[str, int] = {}
        #: the three cards dealt on 3rd street, when the history shows all of them
        self.third: dict[str, tuple[int, ...]] = {}
        self.fourth_up: dict[str, int] = {}  # the last upcard dealt on 4th street
        self.folded_on: dict[str, Street] = {}  # street of the (last) fold
        self.shows: list[Show] = []
        self.showdown = False  # the history has a showdown
        self.open_pair_printed = False  # the site printed that a double bet is allowed
        self.bring_in: str | None = None  # whoever made the first decision on 3rd street
        self.summary: Summary | None = None  # the last one
        self.last_street: Street = _THIRD
        #: the betting rounds in order; the first holds whatever came before any street
        #: start (a history starts 3rd street first: it is empty but for a broken one)
        self.rounds: list[Round] = [(_THIRD, [])]
        self.decisions: list[Action] = self.rounds[0][1]  # the last round's
        self.on_street: dict[str, int] = {}  # what each has in front, this street

    def actions(self) -> Iterator[Action]:
        """The decisions alone, in order (``action_index`` counts these)."""
        return chain.from_iterable(actions for _, actions in self.rounds)

    def saw(self, player: str, cards: Iterable[int | None]) -> None:
        held = self.cards.get(player)
        if held is None:
            self.cards[player] = list(cards)
        else:
            held.extend(cards)

    def dealt(self, deal: Deal) -> None:
        player = deal.player
        cards = deal.cards
        self.involved.add(player)
        held = self.cards.get(player)
        if held is None:
            self.cards[player] = list(cards)
        else:
            held += cards
        if deal.street is _THIRD:
            if len(cards) == 3 and _all_known(cards):
                self.third[player] = cards
            else:  # (a second 3rd-street deal replaces the first)
                self.third.pop(player, None)
            if player not in self.door:
                door = first_upcard(deal)
                if door is not None:
                    self.door[player] = door
        elif deal.street is _FOURTH:
            up = last_upcard(deal)
            if up is not None:
                self.fourth_up[player] = up

    def decided(self, player: str, kind: ActionKind, chips: int | None, raise_to: int | None,
                all_in: bool) -> None:
        """A decision; ``chips`` is what it adds (for a completion or raise, the total it
        names less what the player had in front already)."""
        self.involved.add(player)
        if self.bring_in is None and self.last_street is _THIRD:
            self.bring_in = player
        if raise_to is not None:
            chips = raise_to - self.on_street.get(player, 0)
            self.on_street[player] = raise_to
        elif chips is not None:  # (a check or fold moves no chips: nothing to look up)
            self.on_street[player] = self.on_street.get(player, 0) + chips
        if chips is not None:  # what is in front at a street's end, added as it goes in
            self.contributed[player] = self.contributed.get(player, 0) + chips
        self.decisions.append((self.last_street, player, kind, chips, raise_to, all_in))
        if all_in:
            self.all_in = True

    def street_starts(self, start: StreetStart) -> None:
        self.on_street.clear()
        self.decisions = []
        self.rounds.append((start.street, self.decisions))
        self.last_street = start.street

    # the readers of the other event types

    def anted(self, ante: Ante) -> None:
        player = ante.player
        self.involved.add(player)
        self.antes[player] = self.antes.get(player, 0) + ante.amount
        self.contributed[player] = self.contributed.get(player, 0) + ante.amount
        if ante.all_in:
            self.all_in = True

    def summed_up(self, result: SeatResult) -> None:
        if result.cards:
            self.saw(result.player, result.cards)

    def folded(self, fold: Fold) -> None:
        self.decided(fold.player, FOLD, None, None, False)
        self.folded_on[fold.player] = self.last_street
        if fold.cards:
            self.saw(fold.player, fold.cards)

    def called(self, call: Call) -> None:
        self.decided(call.player, CALL, call.amount, None, call.all_in)

    def checked(self, check: Check) -> None:
        self.decided(check.player, CHECK, None, None, False)

    def bet(self, bet: Bet) -> None:
        self.decided(bet.player, BET, bet.amount, None, bet.all_in)

    def brought_in(self, bring_in: BringIn) -> None:
        self.decided(bring_in.player, BRING_IN, bring_in.amount, None, bring_in.all_in)

    def completed(self, complete: Complete) -> None:
        self.decided(complete.player, COMPLETE, None, complete.to, complete.all_in)

    def raised(self, raise_: Raise) -> None:
        self.decided(raise_.player, RAISE, None, raise_.to, raise_.all_in)

    def took(self, collect: Collect) -> None:
        self.collected[collect.player] = self.collected.get(collect.player, 0) + collect.amount

    def got_back(self, uncalled: UncalledReturn) -> None:
        self.returned[uncalled.player] = self.returned.get(uncalled.player, 0) + uncalled.amount

    def summarised(self, summary: Summary) -> None:
        self.summary = summary

    def showed(self, show: Show) -> None:
        self.shows.append(show)
        if show.cards:
            self.saw(show.player, show.cards)

    def mucked(self, muck: Muck) -> None:
        if muck.cards:
            self.saw(muck.player, muck.cards)

    def showdown_starts(self, _: ShowdownStart) -> None:
        self.showdown = True

    def double_bet_allowed(self, _: DoubleBetAllowed) -> None:
        self.open_pair_printed = True

    def noted(self, _: TableNote | Chat | NoShow | BettingCapped | BoardCard | NoLowHand,
              ) -> None:
        """Nothing any table or fact records (table talk, a board card, ...)."""


def _all_known(cards: tuple[int | None, ...]) -> TypeGuard[tuple[int, ...]]:
    return None not in cards


def first_upcard(deal: Deal) -> int | None:
    """The first card of a deal that is face up and known (a 3rd-street deal's door card);
    None if there is none.

    Found with ``tuple.index`` rather than a loop over the cards: at ~18 deals a hand, a
    ``zip`` cost as much as the rest of the recap's reading of deals.
    """
    cards = deal.cards
    up = deal.up[:len(cards)]
    if True not in up:
        return None
    i = up.index(True)
    if cards[i] is not None:
        return cards[i]
    return next((c for c, u in zip(cards[i + 1:], up[i + 1:], strict=False)
                 if u and c is not None), None)


def last_upcard(deal: Deal) -> int | None:
    """The last card of a deal that is face up; None if that card is unknown or none is up."""
    cards = deal.cards
    up = deal.up[:len(cards)]
    if True not in up:
        return None
    return cards[len(up) - 1 - up[::-1].index(True)]


E = TypeVar("E", bound=Event)
Reader = Callable[[Recap, Any], None]


def _reads(kind: type[E], reader: Callable[[Recap, E], None]) -> Reader:
    """``reader``, checked by mypy to take events of type ``kind``."""
    return reader


def reader_of(kind: type[Event]) -> Reader:
    """The ``Recap`` method that reads events of type ``kind``.

    Every member of ``Event`` has a branch; mypy rejects this function (``assert_never``)
    while one has none.
    """
    if issubclass(kind, Deal):
        return _reads(kind, Recap.dealt)
    if issubclass(kind, Ante):
        return _reads(kind, Recap.anted)
    if issubclass(kind, SeatResult):
        return _reads(kind, Recap.summed_up)
    if issubclass(kind, StreetStart):
        return _reads(kind, Recap.street_starts)
    if issubclass(kind, Fold):
        return _reads(kind, Recap.folded)
    if issubclass(kind, Call):
        return _reads(kind, Recap.called)
    if issubclass(kind, Check):
        return _reads(kind, Recap.checked)
    if issubclass(kind, Bet):
        return _reads(kind, Recap.bet)
    if issubclass(kind, BringIn):
        return _reads(kind, Recap.brought_in)
    if issubclass(kind, Complete):
        return _reads(kind, Recap.completed)
    if issubclass(kind, Raise):
        return _reads(kind, Recap.raised)
    if issubclass(kind, Collect):
        return _reads(kind, Recap.took)
    if issubclass(kind, UncalledReturn):
        return _reads(kind, Recap.got_back)
    if issubclass(kind, Summary):
        return _reads(kind, Recap.summarised)
    if issubclass(kind, Show):
        return _reads(kind, Recap.showed)
    if issubclass(kind, Muck):
        return _reads(kind, Recap.mucked)
    if issubclass(kind, ShowdownStart):
        return _reads(kind, Recap.showdown_starts)
    if issubclass(kind, DoubleBetAllowed):
        return _reads(kind, Recap.double_bet_allowed)
    if issubclass(kind, TableNote | Chat | NoShow | BettingCapped | BoardCard | NoLowHand):
        return _reads(kind, Recap.noted)
    assert_never(kind)


#: Event type -> its reader, for every member of ``Event`` (``EVENT_TYPES``).
READERS: dict[type, Reader] = {kind: reader_of(kind) for kind in EVENT_TYPES}


def recap(hand: Hand) -> Recap:
    """The hand's ``Recap``: each event read by the reader of its type."""
    r = Recap()
    readers = READERS
    try:
        for event in hand.events:
            readers[type(event)](r, event)
    except KeyError as exc:
        if exc.args and exc.args[0] not in readers:
            raise TypeError(f"no reader for the event type {exc.args[0]!r}: an event type "
                            "stud_hh.events.Event does not list") from None
        raise
    return r
