"""The ledger: a hand's money and cards, counted as an accountant reads the history.

One pass over the events, in order, with no rules engine: who took part, the antes, what
each player put in on each street and what came back uncalled, the pot, what was collected,
every card dealt, shown or turned on the board, and the showdown. The record checks
(``consistency``) judge it; the replay (``replay``) takes the hand's set-up from it (who is
dealt in, the antes, the bring-in).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from stud_hh.events import (
    Ante,
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
    Header,
    Muck,
    NoLowHand,
    NoShow,
    PlayerAction,
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
from stud_hh.events import Bet as BetEvent
from stud_hh.validate.dispatch import every_event

_THIRD = Street.THIRD  # an enum member read per deal: looked up once

#: One betting street: what each player put in on it, and the uncalled bets returned.
StreetMoney = tuple[Street, dict[str, int], list[UncalledReturn]]
#: The first action that took a player's chips past his stack:
#: ``(player, street, action_index, put, behind)`` (street and index None for an ante).
OverStack = tuple[str, Street | None, int | None, int, int]


def ante_of(antes: list[Ante], header: Header) -> int | None:
    """The ante most players posted in full; the header's only when nobody posted one.

    PokerStars prints no ante in its header, and its parser fills ``Header.ante`` from the
    posted antes, so the header cannot be the reference: the majority is.
    """
    first = None
    same = True
    for a in antes:
        if not a.all_in:
            if first is None:
                first = a.amount
            elif a.amount != first:
                same = False
                break
    if first is None:
        return header.ante
    if same:
        return first  # all equal: the usual case
    return Counter([a.amount for a in antes if not a.all_in]).most_common(1)[0][0]


class Ledger:
    """Everything the record checks and the replay's set-up need, from one pass.

    ``streets`` holds, for each betting street, what each player put in on it and the
    uncalled bets returned on it; ``total`` is the pot (every chip put in, less the uncalled
    bets returned); ``over_stack`` lists, per player, the first action that took his chips
    past his stack; ``table_ante`` is the ante most players posted (``ante_of``);
    ``all_in_wager`` whether any bet, raise or call was all-in.
    ``revealed`` is every ``(player, cards)`` a history shows (folds,
    shows, mucks, summary lines); ``showdown`` the shows and mucks after the showdown
    starts; ``last_round`` the betting actions of the last street with any.
    """

    __slots__ = (
        "_action_index",
        "_behind",
        "_dealing",
        "_in_showdown",
        "_round",
        "_street_in",
        "_street_returns",
        "all_in_wager",
        "ante_returns",
        "antes",
        "board",
        "bring_in",
        "collects",
        "dealt",
        "folded",
        "last_round",
        "last_street",
        "over_stack",
        "oversized_deals",
        "revealed",
        "revealed_held",
        "seat_stacks",
        "showdown",
        "streets",
        "summary",
        "table_ante",
        "took_part",
        "total",
    )

    def __init__(self, hand: Hand) -> None:
        self.antes: list[Ante] = []
        self.took_part: set[str] = set()
        self.dealt: dict[str, list[int | None]] = {}
        self.oversized_deals: list[Deal] = []
        self.board: list[int] = []
        self.folded: set[str] = set()
        self.bring_in: BringIn | None = None
        self.streets: list[StreetMoney] = []
        self.over_stack: list[OverStack] = []
        self.all_in_wager = False  # a bet, raise or call put a player all-in
        self.total = 0
        self.collects: list[Collect] = []
        self.summary: Summary | None = None
        self.showdown: list[Show | Muck] = []
        self.revealed: list[tuple[str, tuple[int, ...]]] = []
        #: for each reveal, the cards its player had been dealt then (an all-in player may
        #: show his first three on 3rd street, Full Tilt, and all seven at the showdown)
        self.revealed_held: list[int] = []
        #: returns printed before the cards are dealt: the unmatched part of an ante when
        #: every other player is all-in for less (Full Tilt returns it, others pot it)
        self.ante_returns: list[UncalledReturn] = []
        self._dealing = False
        self.last_round: list[PlayerAction] = []
        self.last_street = _THIRD
        #: each seated player's stack as the hand starts (a name on two seats: the last)
        self.seat_stacks = {s.player: s.stack for s in hand.seats}
        self._behind = self.seat_stacks.copy()  # chips behind, as put in
        self._street_in: dict[str, int] = {}
        self._street_returns: list[UncalledReturn] = []
        self._round: list[PlayerAction] = []
        self._action_index = -1
        self._in_showdown = False
        self._read(hand.events)
        self._close_street()
        took_part = self.took_part
        took_part.update(self.dealt)
        for ante in self.antes:  # (a loop reads the events' fields faster than attrgetter)
            took_part.add(ante.player)
        self.table_ante = ante_of(self.antes, hand.header)

    # ------------------------------------------------------------------ the events
    def _read(self, events: tuple[Event, ...]) -> None:
        """Each event by its reader (``_READERS``); a deal, a quarter of a hand's events, is
        read in the loop itself: each player's cards in the order dealt, and a deal of
        more than a street's cards noted."""
        readers = _READERS
        dealt = self.dealt
        for event in events:
            if type(event) is not Deal:
                readers[type(event)](self, event)  # type: ignore[misc]  # None for Deal only
                continue
            self._dealing = True
            player = event.player
            cards = event.cards
            held = dealt.get(player)
            if held is None:
                dealt[player] = list(cards)
            else:
                held.extend(cards)
            if len(cards) > 1 and (len(cards) > 3 or event.street is not _THIRD):
                self.oversized_deals.append(event)

    def _bring_in(self, event: BringIn) -> None:
        if self.bring_in is None:
            self.bring_in = event
        self._wager(event)

    def _action(self, event: PlayerAction) -> None:
        self._action_index += 1
        self._round.append(event)

    def _fold(self, event: Fold) -> None:
        self._action_index += 1
        self._round.append(event)
        self.folded.add(event.player)
        if event.cards:
            self._reveal(event.player, event.cards)

    def _street(self, event: StreetStart) -> None:
        self._dealing = True
        self._close_street()
        self.last_street = event.street

    def _ante(self, event: Ante) -> None:
        self.antes.append(event)
        self._put(event.player, event.amount, None, None)

    def _shown(self, event: Show | Muck) -> None:
        if event.cards:
            self._reveal(event.player, event.cards)
        if self._in_showdown and (event.cards or type(event) is Muck):
            self.showdown.append(event)

    def _seat_result(self, event: SeatResult) -> None:
        if event.cards:
            self._reveal(event.player, event.cards)

    def _reveal(self, player: str, cards: tuple[int, ...]) -> None:
        """Cards shown, and how many the player had been dealt when he showed them."""
        self.revealed.append((player, cards))
        self.revealed_held.append(len(self.dealt.get(player, ())))

    def _returned(self, event: UncalledReturn) -> None:
        if self._dealing:
            self._street_returns.append(event)
        else:
            self.ante_returns.append(event)
        self.total -= event.amount
        behind = self._behind
        if event.player in behind:
            behind[event.player] += event.amount

    def _collect(self, event: Collect) -> None:
        self.collects.append(event)

    def _summary(self, event: Summary) -> None:
        self.summary = event
        self._turn_up(event.board)

    def _showdown_starts(self, event: ShowdownStart) -> None:
        self._in_showdown = True

    def _board_card(self, event: BoardCard) -> None:
        self._turn_up((event.card,))

    def _nothing(self, event: Event) -> None:
        """Table notes, chat and the site's remarks: nothing to count."""

    # ------------------------------------------------------------------ chips and streets
    def _wager(self, event: BetEvent | Call | BringIn | Raise | Complete) -> None:
        """A betting action putting chips in, the next action of the street: a bet, call
        or bring-in adds its amount; a raise or completion names the street total."""
        player = event.player
        street_in = self._street_in
        before = street_in.get(player, 0)
        if type(event) is Raise or type(event) is Complete:
            put = event.to - before
            street_in[player] = event.to
        else:
            put = event.amount  # type: ignore[union-attr]  # a bet, call or bring-in
            street_in[player] = before + put
        self._action_index += 1
        self._round.append(event)
        if event.all_in:
            self.all_in_wager = True
        self._put(player, put, self.last_street, self._action_index)

    def _put(self, player: str, put: int, street: Street | None, index: int | None) -> None:
        """Chips into the pot; the first time a player's chips pass his stack is noted (an
        ante with street and index None)."""
        self.total += put
        try:  # (a subscript: a seated player is the rule, and ``get`` is a method call)
            behind = self._behind[player]
        except KeyError:
            return  # no seat: ``UNKNOWN_PLAYER`` is the replay's
        self._behind[player] = behind - put
        if behind < put and all(o[0] != player for o in self.over_stack):
            self.over_stack.append((player, street, index, put, behind))

    def _close_street(self) -> None:
        """A street ends: its money is booked; its actions may be the last round's."""
        if self._street_in or self._street_returns:
            self.streets.append((self.last_street, self._street_in, self._street_returns))
        round_ = self._round
        if round_:
            self.last_round = round_
            took_part = self.took_part
            for event in round_:
                took_part.add(event.player)
        self._street_in, self._street_returns, self._round = {}, [], []

    def _turn_up(self, cards: tuple[int, ...]) -> None:
        for card in cards:
            if card not in self.board:
                self.board.append(card)


#: What the ledger does with each event type (every one: ``every_event`` checks).
_READERS: dict[type[Event], Callable[[Ledger, Any], None] | None] = every_event("the ledger", {
    Deal: None,  # read by ``Ledger._read`` itself
    BringIn: Ledger._bring_in,
    BetEvent: Ledger._wager,
    Call: Ledger._wager,
    Raise: Ledger._wager,
    Complete: Ledger._wager,
    Check: Ledger._action,
    Fold: Ledger._fold,
    StreetStart: Ledger._street,
    Ante: Ledger._ante,
    Show: Ledger._shown,
    Muck: Ledger._shown,
    SeatResult: Ledger._seat_result,
    UncalledReturn: Ledger._returned,
    Collect: Ledger._collect,
    Summary: Ledger._summary,
    ShowdownStart: Ledger._showdown_starts,
    BoardCard: Ledger._board_card,
    BettingCapped: Ledger._nothing,
    DoubleBetAllowed: Ledger._nothing,
    NoShow: Ledger._nothing,
    NoLowHand: Ledger._nothing,
    TableNote: Ledger._nothing,
    Chat: Ledger._nothing,
})
