"""What a hand's history says about each player, read in one pass over its events.

Everything that stores or counts a hand (the table rows in ``pipelines.rows``, the stats
facts in ``stud_hh.facts``) starts from a ``Recap``, so every event type is read in exactly
one place: the ``match`` in ``recap``. A new event type is a type error there
(``assert_never``) until it is given a meaning, never silently dropped. The betting comes
out as ``Action`` tuples, each with its ``ActionKind`` (how a decision counts, as data),
in betting rounds, for the consumers that replay it.

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

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain
from typing import TypeGuard, assert_never

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


BRING_IN = ActionKind("bring_in", bring_in=True)
COMPLETE = ActionKind("complete", voluntary=True, aggressive=True)
BET = ActionKind("bet", voluntary=True, aggressive=True, bets=True)
RAISE = ActionKind("raise", voluntary=True, aggressive=True, bets=True)
CALL = ActionKind("call", voluntary=True, calls=True)
CHECK = ActionKind("check", checks=True)
FOLD = ActionKind("fold", folds=True)

#: One decision: ``(street, player, kind, amount, raise_to, all_in)``. ``amount``: the
#: chips it put in (None for a check or fold); ``raise_to``: the street total a completion
#: or raise names (else None). A plain tuple: a hand has dozens, and a tuple costs a
#: tenth of a record to make.
Action = tuple[Street, str, ActionKind, int | None, int | None, bool]
#: A betting round: the street a ``StreetStart`` opened and the decisions after it.
Round = tuple[Street, list[Action]]


class Recap:
    """One hand's events, gathered per player. Money in the hand's smallest unit."""

    __slots__ = ("antes", "bring_in", "cards", "collected", "contributed", "door", "folded_on",
                 "fourth_up", "involved", "last_street", "on_street", "open_pair_printed",
                 "returned", "rounds", "showdown", "shows", "summary", "third")

    def __init__(self) -> None:
        self.involved: set[str] = set()  # antes, cards or decisions
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
        self.involved.add(player)
        held = self.cards.get(player)
        if held is None:
            self.cards[player] = list(deal.cards)
        else:
            held += deal.cards
        if deal.street is _THIRD:
            if len(deal.cards) == 3 and _all_known(deal.cards):
                self.third[player] = deal.cards
            else:  # (a second 3rd-street deal replaces the first)
                self.third.pop(player, None)
            if player not in self.door:
                for card, face_up in zip(deal.cards, deal.up, strict=False):
                    if face_up and card is not None:  # the first known upcard
                        self.door[player] = card
                        break
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
        in_front = self.on_street.get(player, 0)
        if raise_to is not None:
            chips = raise_to - in_front
            self.on_street[player] = raise_to
        elif chips is not None:
            self.on_street[player] = in_front + chips
        self.rounds[-1][1].append((self.last_street, player, kind, chips, raise_to, all_in))

    def street_starts(self, start: StreetStart) -> None:
        self.end_of_street()
        self.rounds.append((start.street, []))
        self.last_street = start.street

    def end_of_street(self) -> None:
        contributed = self.contributed
        for player, amount in self.on_street.items():
            contributed[player] = contributed.get(player, 0) + amount
        self.on_street.clear()


def _all_known(cards: tuple[int | None, ...]) -> TypeGuard[tuple[int, ...]]:
    return None not in cards


def last_upcard(deal: Deal) -> int | None:
    """The last card of a deal that is face up; None if that card is unknown or none is up."""
    for i in range(min(len(deal.cards), len(deal.up)) - 1, -1, -1):
        if deal.up[i]:
            return deal.cards[i]
    return None


def recap(hand: Hand) -> Recap:
    """The hand's ``Recap``.

    Cases are in the order of how often each event type comes (deals, antes and seat
    results first): a ``match`` tries them in turn, and a miss costs more than a hit.
    """
    r = Recap()
    for event in hand.events:
        match event:
            case Deal():
                r.dealt(event)
            case Ante():
                p = event.player
                r.involved.add(p)
                r.antes[p] = r.antes.get(p, 0) + event.amount
                r.contributed[p] = r.contributed.get(p, 0) + event.amount
            case SeatResult():
                if event.cards:
                    r.saw(event.player, event.cards)
            case Fold():
                r.decided(event.player, FOLD, None, None, False)
                r.folded_on[event.player] = r.last_street
                if event.cards:
                    r.saw(event.player, event.cards)
            case StreetStart():
                r.street_starts(event)
            case Call():
                r.decided(event.player, CALL, event.amount, None, event.all_in)
            case Check():
                r.decided(event.player, CHECK, None, None, False)
            case Bet():
                r.decided(event.player, BET, event.amount, None, event.all_in)
            case Collect():
                r.collected[event.player] = r.collected.get(event.player, 0) + event.amount
            case Summary():
                r.summary = event
            case BringIn():
                r.decided(event.player, BRING_IN, event.amount, None, event.all_in)
            case UncalledReturn():
                r.returned[event.player] = r.returned.get(event.player, 0) + event.amount
            case Complete():
                r.decided(event.player, COMPLETE, None, event.to, event.all_in)
            case Show():
                r.shows.append(event)
                if event.cards:
                    r.saw(event.player, event.cards)
            case ShowdownStart():
                r.showdown = True
            case Muck():
                if event.cards:
                    r.saw(event.player, event.cards)
            case Raise():
                r.decided(event.player, RAISE, None, event.to, event.all_in)
            case DoubleBetAllowed():
                r.open_pair_printed = True
            case TableNote() | Chat() | NoShow() | BettingCapped() | BoardCard() | NoLowHand():
                pass  # nothing any table or fact records
            case _:
                assert_never(event)
    r.end_of_street()
    return r
