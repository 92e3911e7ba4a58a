"""The events of one stud hand, in order, with the cards a history hides put in place.

Every site prints a stud hand the same way in substance: each player's cards as they are
dealt (all of them for the hero, the upcards for everybody else), and later, at a showdown
or in the summary, the whole hands some players show. A ``StudHand`` collects the events a
dialect reads, line by line, and completes the ``Deal`` events from what was shown:

* 3rd street: every player gets one ``Deal`` of three cards, ``up=(False, False, True)``;
  a player whose hole cards are hidden gets ``(None, None, door card)``.
* 4th to 6th street: one new card, face up.
* River: the card is dealt face down. Every player still in (dealt on 6th street and not
  folded since) gets a ``Deal`` of one hidden (``None``) card right after the river's
  ``StreetStart``, in 6th-street order; a player whose own river card the history prints
  (the hero) takes that place. When the deck ran out, one ``BoardCard`` replaces them.
* Cards revealed later fill the hidden cards: a shown hand lists its cards in the order they
  were dealt, so its first two are the hole cards and its seventh the river card. They only
  fill a 3rd-street ``Deal`` whose door card is the shown third card.

The header's ante and bring-in are what was posted (sites never print them): the largest
ante posted in full, and the first bring-in that was not all-in.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from stud_hh.events import (
    Ante,
    BoardCard,
    BringIn,
    Deal,
    Event,
    Fold,
    SeatResult,
    Street,
    StreetStart,
    Summary,
)

#: one ``StreetStart`` per street, shared by every hand (events are immutable)
STREET_STARTS = {street: StreetStart(street) for street in Street}
#: how 3rd-street cards lie: two down, the door card up
UP_THIRD = (False, False, True)
_UP = (True,)
_DOWN = (False,)
_HIDDEN: tuple[int | None, ...] = (None,)
_THIRD, _SIXTH, _SEVENTH = Street.THIRD, Street.SIXTH, Street.SEVENTH
_is_fold = Fold.__instancecheck__
_player = attrgetter("player")


class DealError(ValueError):
    """Cards dealt in numbers stud does not deal (the grammar cannot count them)."""


def third_street_deal(player: str, cards: tuple[int, ...]) -> Deal:
    """A 3rd-street ``Deal``: the hero's three cards, or an opponent's door card alone."""
    if len(cards) == 3:
        return Deal(_THIRD, player, cards, UP_THIRD)
    if len(cards) == 1:
        return Deal(_THIRD, player, (None, None, cards[0]), UP_THIRD)
    raise DealError(f"{len(cards)} cards dealt on 3rd street")


def up_card_deal(street: Street, player: str, cards: tuple[int, ...]) -> Deal:
    """A 4th to 6th street ``Deal``: one card, face up."""
    if len(cards) != 1:
        raise DealError(f"{len(cards)} new cards on one street")
    return Deal(street, player, cards, _UP)


class StudHand:
    """The events of one hand so far, and what placing hidden cards needs to know."""

    __slots__ = (
        "ante", "bring_in", "events", "folded", "revealed", "river_slots", "sixth_street",
        "street", "third_slots",
    )

    def __init__(self) -> None:
        self.events: list[Event] = []
        self.street = _THIRD
        self.third_slots: dict[str, int] = {}  # player -> index of his 3rd-street Deal
        self.river_slots: dict[str, int] = {}  # player -> index of his river Deal
        self.sixth_street: list[str] = []  # players dealt on 6th street, in order
        self.folded: set[str] = set()
        self.revealed: list[tuple[str, tuple[int, ...]]] = []  # (player, cards shown)
        self.ante: int | None = None  # the largest ante posted in full
        self.bring_in: int | None = None  # the first bring-in that was not all-in

    def add(self, event: Event) -> None:
        """An event that changes nothing else (table noise, a collect, a showdown line)."""
        self.events.append(event)

    # --- forced bets and betting ---------------------------------------------------------------

    def antes(self, antes: Sequence[Ante]) -> None:
        self.events += antes
        amounts = [ante.amount for ante in antes if not ante.all_in]
        if amounts and (self.ante is None or max(amounts) > self.ante):
            self.ante = max(amounts)

    def actions(self, actions: list[Event]) -> None:
        """A run of betting decisions: who folds matters for the river's hidden cards."""
        self.events += actions
        self.folded.update(map(_player, filter(_is_fold, actions)))  # in C: ~30 actions a hand
        if self.bring_in is None:
            for action in actions:
                if type(action) is BringIn and not action.all_in:
                    self.bring_in = action.amount
                    break

    # --- streets and dealing -------------------------------------------------------------------

    def start_street(self, street: Street) -> None:
        self.street = street
        self.events.append(STREET_STARTS[street])

    def deal_third(self, deals: list[Deal]) -> None:
        """3rd-street ``Deal`` events (see ``third_street_deal``)."""
        events, slots = self.events, self.third_slots
        for deal in deals:
            slots[deal.player] = len(events)
            events.append(deal)

    def deal_up(self, deals: list[Deal]) -> None:
        """4th to 6th-street ``Deal`` events (see ``up_card_deal``)."""
        self.events += deals
        if self.street is _SIXTH:
            self.sixth_street += [deal.player for deal in deals]

    def deal(self, player: str, cards: tuple[int, ...]) -> None:
        """The card(s) dealt to ``player`` on the current street, as the history shows them."""
        street = self.street
        if street is _THIRD:
            self.deal_third([third_street_deal(player, cards)])
            return
        if street is not _SEVENTH:
            self.deal_up([up_card_deal(street, player, cards)])
            return
        if len(cards) != 1:
            raise DealError(f"{len(cards)} new cards on one street")
        events = self.events
        event = Deal(street, player, cards, _DOWN)
        slot = self.river_slots.get(player)
        if slot is not None and events[slot].cards == _HIDDEN:  # type: ignore[union-attr]
            events[slot] = event  # the hidden river card the banner gave him, now known
            return
        self.river_slots[player] = len(events)
        events.append(event)

    def deal_river(self, board_card: int | None) -> None:
        """Right after the river's banner: the community card, or a hidden card for each
        player still in."""
        events = self.events
        if board_card is not None:
            events.append(BoardCard(board_card))
            return
        for player in self.sixth_street:
            if player not in self.folded:
                self.river_slots[player] = len(events)
                events.append(Deal(_SEVENTH, player, _HIDDEN, _DOWN))

    # --- showdown and summary ------------------------------------------------------------------

    def reveal(self, player: str, cards: tuple[int, ...]) -> None:
        """Cards ``player`` showed or mucked face up: they fill his hidden cards at the end."""
        self.revealed.append((player, cards))

    def seat_results(self, results: list[SeatResult]) -> None:
        """The summary's line per seat; a hand shown or mucked face up there is revealed."""
        self.events += results
        self.revealed += [(result.player, result.cards) for result in results if result.cards]

    def board(self, cards: tuple[int, ...]) -> None:
        """The summary's board: it completes the last ``Summary``."""
        events = self.events
        for i in range(len(events) - 1, -1, -1):
            summary = events[i]
            if type(summary) is Summary:
                events[i] = Summary(summary.total_pot, summary.rake, summary.main_pot,
                                    summary.side_pots, cards)
                return

    def finish(self) -> tuple[Event, ...]:
        """The events, with hidden hole and river cards filled from the revealed hands."""
        for player, shown in self.revealed:
            if len(shown) >= 2:
                self._fill(player, shown)
        return tuple(self.events)

    def _fill(self, player: str, shown: tuple[int, ...]) -> None:
        events = self.events
        slot = self.third_slots.get(player)
        if slot is None:
            return
        cards = _cards_of(events[slot])
        if len(shown) > 2 and shown[2] != cards[2]:
            return
        if cards[0] is None:
            events[slot] = Deal(_THIRD, player, (shown[0], shown[1], cards[2]), UP_THIRD)
        # (an all-in player may show his first three cards early and all seven at the end)
        river = self.river_slots.get(player)
        if len(shown) == 7 and river is not None and _cards_of(events[river]) == _HIDDEN:
            events[river] = Deal(_SEVENTH, player, (shown[6],), _DOWN)


def _cards_of(event: Event) -> tuple[int | None, ...]:
    """The cards of a ``Deal`` (the slots this builder records always hold one)."""
    assert type(event) is Deal
    return event.cards


__all__ = ["STREET_STARTS", "UP_THIRD", "DealError", "StudHand", "third_street_deal",
           "up_card_deal"]
