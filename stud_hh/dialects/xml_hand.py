"""One stud hand of an XML site (iPoker, Merge) built from its elements: the betting, the
cards, the money, as the events of every other site.

XML sites print no line per event as text sites do: they list each player's cards per
street, the decisions with an amount whose meaning the site's code says (chips added, or
the street total), and each winner's total. ``XmlStudHand`` takes them in that form and
keeps what the events need: the street's bet level (``StreetBets``, so that ``Raise`` gets
both ``by`` and ``to``), stacks (a wager that leaves none is all-in), bets nobody called (no
XML site prints their return: the winner's total holds them, ``stud_hh.dialects.uncalled``),
and the rake (what the pot keeps of the winners' totals).
"""

from __future__ import annotations

from stud_hh.dialects.stud_hand import StudHand, third_street_deal, up_card_deal
from stud_hh.dialects.uncalled import street_return, take_from_wins
from stud_hh.dialects.wagers import StreetBets
from stud_hh.dialects.xml_stream import Element, line_of
from stud_hh.events import (
    Ante,
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Event,
    Fold,
    Muck,
    PlayerAction,
    Raise,
    Seat,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    Summary,
    TableNote,
)
from stud_hh.reader import RawHand


class HandError(ValueError):
    """An element the parser read whose content makes no sense: ``where`` is it (its line
    is looked up only now), or a line of the hand."""

    def __init__(self, message: str, where: Element | int) -> None:
        super().__init__(message)
        self.where = where

    def line(self, raw: RawHand, found: list[Element]) -> int:
        return self.where if isinstance(self.where, int) else line_of(raw.text, found,
                                                                      self.where)


class XmlStudHand:
    """The events of one hand so far (see the module docstring)."""

    def __init__(self, seats: list[Seat], bring_in: int | None = None) -> None:
        #: the bring-in the stakes call for, when known before the betting (an all-in first
        #: decision above it completes, short)
        self.expected_bring_in = bring_in
        self.seats = sorted(seats, key=lambda s: s.seat)
        self.stacks = {s.player: s.stack for s in seats}
        self.hand = StudHand()
        self.bets = StreetBets()
        self.in_hand: set[str] = set()
        self.pot = 0  # chips in, less what went back
        self.returned: dict[str, int] = {}
        self.brought_in = 0
        self.dealt: dict[str, list[int | None]] = {}  # every card each player was dealt
        self.small: int | None = None  # the stakes, as the betting shows them
        self.big: int | None = None

    # --- forced bets, streets, cards -----------------------------------------------------------

    def ante(self, player: str, amount: int) -> None:
        self.pot += amount
        self.hand.antes([Ante(player, amount, self._pay(player, amount))])

    def street(self, street: Street) -> None:
        self.close_street()
        self.hand.start_street(street)
        self.bets.new_street()
        if street is Street.SEVENTH:
            self.hand.deal_river(None)

    def deal(self, player: str, cards: tuple[int | None, ...]) -> None:
        """The card(s) ``player`` got on this street (``None``: not shown)."""
        street = self.hand.street
        self.in_hand.add(player)
        if street is Street.THIRD:
            if len(cards) != 3:
                raise ValueError(f"{len(cards)} cards dealt to {player} on 3rd street")
            if cards[0] is None or cards[1] is None:
                if cards[2] is None:
                    raise ValueError(f"no door card for {player}")
                deal = third_street_deal(player, (cards[2],))
            else:
                deal = third_street_deal(player, cards)  # type: ignore[arg-type]
            self.hand.deal_third([deal])
        elif len(cards) != 1:
            raise ValueError(f"{len(cards)} new cards for {player} on one street")
        elif street is Street.SEVENTH:
            if cards[0] is not None:
                self.hand.deal(player, (cards[0],))
        elif cards[0] is None:
            raise ValueError(f"a hidden upcard for {player}")
        else:
            self.hand.deal_up([up_card_deal(street, player, (cards[0],))])
        self.dealt.setdefault(player, []).extend(cards)

    # --- betting -------------------------------------------------------------------------------

    def _pay(self, player: str, amount: int) -> bool:
        """``player`` puts ``amount`` in; whether it was all he had left."""
        self.in_hand.add(player)
        left = self.stacks.get(player)
        if left is None:
            raise ValueError(f"{player} is not seated")
        self.stacks[player] = left - amount
        return left == amount and amount > 0

    def act(self, player: str, kind: str, amount: int = 0) -> None:
        """A decision: ``kind`` is ``fold``, ``check``, ``bring-in``, ``call`` (chips added),
        ``bet`` or ``complete`` or ``raise`` (the street total it makes), ``all-in`` (chips
        added; what it faces says whether it calls, bets, completes or raises)."""
        bets = self.bets
        before = bets.put.get(player, 0)
        event: Event
        if kind == "fold":
            self.in_hand.add(player)
            self.hand.actions([Fold(player)])
            return
        if kind == "check":
            self.in_hand.add(player)
            self.hand.actions([Check(player)])
            return
        if kind == "all-in":
            kind, amount = self._all_in_kind(player, amount)
        added = amount if kind in ("bring-in", "call") else amount - before
        if added < 0 or (added == 0 and kind != "call"):
            raise ValueError(f"{kind} to {amount}: no more than he has in")
        if kind in ("complete", "raise") and amount <= bets.level:
            raise ValueError(f"{kind} to {amount}: not above the bet of {bets.level}")
        all_in = self._pay(player, added)
        if kind == "bring-in":
            event = BringIn(player, amount, all_in)
            self.brought_in = amount
        elif kind == "call":
            event = Call(player, amount, all_in)
        elif kind == "complete" or (kind in ("bet", "raise") and self._completes()):
            event = Complete(player, amount, all_in)
            if not all_in:
                self._stakes(amount, small=True)
        elif kind == "bet" and bets.level == 0:
            event = Bet(player, amount, all_in)
            if not all_in:
                self._stakes(amount, small=self.hand.street is Street.FOURTH)
        elif kind in ("bet", "raise"):
            event = bets.raise_to(player, amount, all_in)
            self.hand.actions([event])
            return
        else:
            raise ValueError(f"unknown action {kind!r}")
        bets.add(event)
        self.hand.actions([event])

    def _completes(self) -> bool:
        """On 3rd street, nothing but the bring-in is in yet (a bet now completes)."""
        return self.hand.street is Street.THIRD and self.bets.level <= self.brought_in

    def _all_in_kind(self, player: str, added: int) -> tuple[str, int]:
        """An all-in of ``added`` chips, as the decision it is."""
        bets = self.bets
        to = bets.put.get(player, 0) + added
        if self.hand.street is Street.THIRD and bets.level == 0:
            expected = self.expected_bring_in
            return ("complete", to) if expected and added > expected else ("bring-in", added)
        if added <= bets.owed(player) or to <= bets.level:
            return "call", added
        if bets.level == 0:
            return "bet", to
        return "raise", to

    def _stakes(self, to: int, small: bool) -> None:
        """The first completion or 4th-street bet names the small bet, the first bet from
        5th street the big bet (when the header does not say)."""
        if small and self.small is None:
            self.small = to
        elif not small and self.big is None and self.hand.street > Street.FOURTH:
            self.big = to

    def close_street(self) -> None:
        """A street's betting is over: its chips are in the pot, less a bet nobody called."""
        put = self.bets.put
        if not put:
            return
        back, total = street_return(put)
        self.pot += total
        if back is not None:
            self.hand.add(back)
            self.pot -= back.amount
            self.returned[back.player] = self.returned.get(back.player, 0) + back.amount
        self.bets.new_street()

    def note(self, kind: str, player: str, text: str) -> None:
        self.hand.add(TableNote(kind, player, text))

    # --- the end -------------------------------------------------------------------------------

    def folded(self) -> set[str]:
        return self.hand.folded

    def showdown(self, shows: list[tuple[str, tuple[int, ...] | None]]) -> None:
        """The players still in at the end show ``cards`` (None: they muck unseen)."""
        self.close_street()
        if not shows:
            return
        self.hand.add(ShowdownStart())
        for player, cards in self._show_order(shows):
            if cards:
                self.hand.reveal(player, cards)
                self.hand.add(Show(player, cards))
            else:
                self.hand.add(Muck(player))

    def _show_order(self, shows: list[tuple[str, tuple[int, ...] | None]]
                    ) -> list[tuple[str, tuple[int, ...] | None]]:
        """Shows in the order the rules table them: the last to bet or raise on the last
        round first (else its first to act), then round the table by seat."""
        events = self.hand.events
        last = max((i for i, e in enumerate(events) if type(e) is StreetStart), default=0)
        acts = [e for e in events[last:] if isinstance(e, PlayerAction)]
        aggressive = [e.player for e in acts if isinstance(e, Bet | Raise | Complete)]
        first = aggressive[-1] if aggressive else (acts[0].player if acts else "")
        seat = {s.player: s.seat for s in self.seats}
        start = seat.get(first, 0)
        return sorted(shows, key=lambda show: (seat.get(show[0], 0) - start) % 1000)

    def finish(self, wins: list[tuple[str, int, str]], raked: bool) -> tuple[tuple[Event, ...],
                                                                          tuple[Seat, ...]]:
        """The events and seats, with each winner's ``(player, total, pot)`` collected (his
        bets nobody called taken out) and the pot and rake summed up."""
        self.close_street()
        events = self.hand.events
        start = len(events)
        for player, amount, pot in wins:
            if amount > 0:
                events.append(Collect(player, amount, pot))
        collected = sum(e.amount for e in events[start:] if type(e) is Collect)
        collected -= take_from_wins(events, self.returned)
        events[start:] = [e for e in events[start:] if type(e) is not Collect or e.amount > 0]
        rake = max(self.pot - collected, 0) if raked else 0
        events.append(Summary(self.pot, rake))
        self.hand.finish()
        seats = tuple(s if s.player in self.in_hand else Seat(s.seat, s.player, s.stack, True)
                      for s in self.seats)
        return tuple(events), seats


__all__ = ["XmlStudHand"]
