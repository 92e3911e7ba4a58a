"""What the builders of Everleaf, OnGame, Absolute and KingsClub share: street by street
betting with each player's stack followed (an action that empties it is all-in, printed so
or not), bets nobody called given back where the site prints no return, completions told
from raises, and the cards shown put back in the deals.

Each site's builder reads its own lines (``grammars/<site>.lark``) and calls these steps;
none of these sites prints an uncalled bet's return, so the excess of a street's biggest
bet over the next one goes back at the end of the street's betting (``uncalled``), out of
what its owner collects.

>>> base = SiteHand({}, chips)
>>> base.seats_read([Seat(1, "Ann", 100), Seat(2, "Bob", 30)])
>>> base.start_street(Street.THIRD)
>>> base.wager("Ann", "bring_in", 5), base.wager("Bob", "raise_to", 30)
(BringIn(player='Ann', amount=5, all_in=False), Complete(player='Bob', to=30, all_in=True))
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import ClassVar

from stud_hh.dialects.line_parser import FIELD_ERRORS, LineError
from stud_hh.dialects.money import MEMO_SIZE, chips
from stud_hh.dialects.shown_cards import arrange_shown
from stud_hh.dialects.shown_deals import put_shown_deals
from stud_hh.dialects.stud_hand import UP_THIRD, DealError, StudHand
from stud_hh.dialects.uncalled import street_return, take_from_wins
from stud_hh.dialects.wagers import StreetBets, as_all_in
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Deal,
    Event,
    Fold,
    Raise,
    Seat,
    Show,
    ShowdownStart,
    Street,
)

Fields = dict[str, str | None]
_THIRD, _SIXTH, _SEVENTH = Street.THIRD, Street.SIXTH, Street.SEVENTH
_QUIET: dict[str, Callable[[str], Event]] = {"folds": Fold, "checks": Check, "Folds": Fold,
                                             "Checks": Check}


class SiteHand:
    """One hand's events so far, its betting and its stacks (a ``HandBuilder`` base)."""

    readers: ClassVar[dict[str, Callable[..., None]]]
    #: whether what a winner collects includes his bet nobody called (PartyPoker's way)
    wins_include_returns: ClassVar[bool] = False

    def __init__(self, fields: Fields, money: Callable[[str], int]) -> None:
        self.fields = fields
        self.money = money
        self.hand = StudHand()
        self.bets = StreetBets()
        self.seats: list[Seat] = []
        self.stacks: dict[str, int] = {}
        self.banners: list[int] = []  # where each street's StreetStart is in the events
        self.returned: dict[str, int] = {}  # bets nobody called, by player
        self.pot = 0  # what the antes and the streets closed so far put in
        self.brought_in = 0  # this street's bring-in
        self.betting = True
        self.showdown = False
        #: each player's cards so far, as dealt (None where hidden)
        self.dealt: dict[str, list[int | None]] = {}

    # --- seats and stacks -----------------------------------------------------------------------

    def seats_read(self, seats: list[Seat]) -> None:
        self.seats = seats
        self.stacks = {seat.player: seat.stack for seat in seats}

    def pay(self, name: str, amount: int) -> bool:
        """``name`` puts ``amount`` in; whether that was all he had left."""
        left = self.stacks.get(name)
        if left is None:
            return False
        self.stacks[name] = left - amount
        return left - amount <= 0 < amount

    # --- streets ---------------------------------------------------------------------------------

    def start_street(self, street: Street) -> None:
        self.close_street()
        self.banners.append(len(self.hand.events))
        self.hand.start_street(street)
        self.bets.new_street()
        self.brought_in = 0
        if street is Street.SEVENTH:
            hand = self.hand
            hand.deal_river(None)
            for player in hand.sixth_street:
                if player not in hand.folded:
                    self.dealt.setdefault(player, []).append(None)

    def close_street(self) -> None:
        """A street's betting is over: a bet nobody called goes back."""
        put = self.bets.put
        back, total = street_return(put) if put else (None, 0)
        self.pot += total
        if back is not None:
            self.pot -= back.amount
            self.hand.add(back)
            self.returned[back.player] = self.returned.get(back.player, 0) + back.amount
            self.stacks[back.player] = self.stacks.get(back.player, 0) + back.amount
        self.bets.new_street()

    def end_betting(self) -> None:
        """The showdown or the summary: the last street's betting is over."""
        if self.betting:
            self.close_street()
            self.betting = False

    def start_showdown(self) -> None:
        self.end_betting()
        if not self.showdown:
            self.showdown = True
            self.hand.add(ShowdownStart())

    # --- cards ---------------------------------------------------------------------------------

    def deal(self, name: str, dealt: tuple[int | None, ...]) -> None:
        """The card(s) ``name`` gets on the current street, ``None`` where hidden: 3rd
        street's three (or the door card alone), one a street after; a hidden river card
        is the one the river's banner gave him already."""
        hand = self.hand
        street = hand.street
        if street is _THIRD:
            if len(dealt) == 1:
                dealt = (None, None, dealt[0])
            if len(dealt) != 3:
                raise DealError(f"{len(dealt)} cards dealt on 3rd street")
            hand.deal_third([Deal(street, name, dealt, UP_THIRD)])
            self.dealt[name] = list(dealt)
            return
        if len(dealt) != 1:
            raise DealError(f"{len(dealt)} new cards on one street")
        card = dealt[0]
        known = self.dealt.get(name)
        if known is None:
            known = self.dealt[name] = []
        if street is _SEVENTH:
            if card is None:
                return
            hand.deal(name, (card,))
            if len(known) == 7 and known[6] is None:
                known[6] = card
                return
        elif card is None:
            raise DealError(f"a hidden upcard on {street.name.lower()} street")
        else:
            hand.events.append(_upcard(street, name, card))
            if street is _SIXTH:
                hand.sixth_street.append(name)
        known.append(card)

    def show(self, name: str, shown: tuple[int, ...], description: str | None) -> None:
        """``name`` shows his hand: its cards put in the order they were dealt."""
        shown = arrange_shown(self.dealt.get(name, []), shown)
        self.hand.reveal(name, shown)
        self.hand.add(Show(name, shown, description))

    # --- betting ---------------------------------------------------------------------------------

    def wager(self, name: str, verb: str, amount: int) -> Event:
        """A betting line: ``verb`` says what ``amount`` is.

        ``bring_in``, ``bet``, ``call`` (chips added), ``call_to`` (the street total),
        ``raise_to`` (the street total), ``raise_added`` (chips added), ``complete_to``,
        ``all_in`` (chips added: a bet, a call or a raise by what it faces). A bet or a
        raise over the bring-in alone is the completion; a bet where a bet stands is a
        raise to its amount.
        """
        bets = self.bets
        put = bets.put
        before = put.get(name, 0)
        level = bets.level
        if verb == "all_in":
            verb = "bet" if not level else "call" if before + amount <= level else "raise_added"
        event: Event
        if verb == "call":
            event = Call(name, amount)
            to = before + amount
        elif verb == "call_to":
            event = Call(name, amount - before)
            to = amount
        else:
            to = before + amount if verb == "raise_added" else amount
            if verb == "bet" and not level:
                event = Bet(name, amount)
            elif verb == "bring_in":
                event = BringIn(name, amount)
                self.brought_in = amount
            elif verb == "complete_to" or (self.brought_in and level == self.brought_in):
                event = Complete(name, to)
            else:
                event = Raise(name, to - level, to)
            if to > level:
                bets.level = to
        put[name] = to
        left = self.stacks.get(name)
        if left is not None:
            left -= to - before
            self.stacks[name] = left
            if left <= 0 < to - before:
                event = as_all_in(event)
        return event

    def read_actions(self, text: str,
                     action: Callable[[str], tuple[str, str, str]]) -> None:
        """A run of betting lines, each read by ``action`` into (player, what the amount
        is, the amount as printed); ``folds`` and ``checks`` (any case) need no amount."""
        self.read_action_lines(text.split("\n"), action)

    def read_street(self, street: Street, text: str, banner: int,
                    card_lines: Callable[[list[str]], None],
                    action: Callable[[str], tuple[str, str, str]]) -> None:
        """A street as one token: its ``banner`` lines, then runs of card lines (read by
        ``card_lines``) and of betting lines (read by ``action``), each run in one pass; a
        line error names its line within the street."""
        self.start_street(street)
        lines = text.split("\n")
        for start, end, cards in bracket_runs(lines, banner):
            try:
                if cards:
                    card_lines(lines[start:end])
                else:
                    self.read_action_lines(lines[start:end], action)
            except LineError as exc:
                raise LineError(str(exc), exc.offset + start) from None

    def read_action_lines(self, lines: list[str],
                          action: Callable[[str], tuple[str, str, str]]) -> None:
        """``read_actions`` on a run already split into its lines."""
        events: list[Event] = []
        append, money, wager = events.append, self.money, self.wager
        line = ""
        try:
            for line in lines:
                name, verb, amount = action(line)
                quiet = _QUIET.get(verb)
                append(quiet(name) if quiet is not None else wager(name, verb, money(amount)))
        except FIELD_ERRORS as exc:
            raise LineError(str(exc) or type(exc).__name__, lines.index(line)) from None
        self.hand.actions(events)

    # --- the end ---------------------------------------------------------------------------------

    def events(self) -> list[Event]:
        """The events, hidden cards filled from the shown hands, returns out of the wins."""
        hand = self.hand
        hand.finish()
        events = hand.events
        if hand.revealed:
            put_shown_deals(events, hand.revealed, self.banners,
                            hand.third_slots.keys() | hand.folded)
        if self.wins_include_returns:
            take_from_wins(events, self.returned)
        return events

    def put_in(self) -> int:
        """What every line put in the pot, bets given back taken off (once the betting
        is over)."""
        return self.pot

    def antes(self, antes: list[Ante]) -> None:
        self.hand.antes(antes)
        self.pot += sum([ante.amount for ante in antes])


def bracket_runs(lines: list[str], start: int) -> list[tuple[int, int, bool]]:
    """The runs of ``lines`` from ``start`` on, as (first, past the last, whether they end
    with a bracket): a street's card lines end with their cards' bracket (``Hero - Pocket
    [As Ad 9h]``, ``Dealing to Hero: [7h]``), its betting lines never do.

    >>> bracket_runs(["*** 3rd STREET ***", "A - Pocket [H H Kc]", "B - Pocket [H H 2d]",
    ...               "B - Bring-In $0.50", "A - Folds"], 1)
    [(1, 3, True), (3, 5, False)]
    """
    ends = [line[-1:] == "]" for line in lines]
    count = len(lines)
    runs: list[tuple[int, int, bool]] = []
    while start < count:
        bracket = ends[start]
        try:
            end = ends.index(not bracket, start)
        except ValueError:
            end = count
        runs.append((start, end, bracket))
        start = end
    return runs


@lru_cache(maxsize=MEMO_SIZE)
def _upcard(street: Street, name: str, card: int) -> Deal:
    """A 4th to 6th-street upcard (a session deals the same few thousand again and again)."""
    return Deal(street, name, (card,), _UP)


_UP = (True,)


__all__ = ["Fields", "SiteHand", "bracket_runs", "chips"]
